package inbound

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

const board = `Jul-Gonu, game g7k3q: alice@example.org (White) vs windpost (Black)
Black played b1-b2. Your move, White.

    a b c d
  4 O O O O
  3 . . . .
  2 . X . .
  1 X . X X

Reply with one move, e.g. a4-a3, or "resign".`

func quote(s string) string {
	return "> " + strings.ReplaceAll(s, "\n", "\n> ")
}

func TestStripQuotes(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"nothing to strip", "b2-b3\n\n  offer draw  \n", []string{"b2-b3", "  offer draw"}},
		{"quoted lines, also indented", "b2-b3\n> a4-a3\n   >> resign\n", []string{"b2-b3"}},
		{"bottom-posted reply", "On Sat, 21 Nov 2026, windpost wrote:\n" + quote(board) + "\n\nb2-b3\n", []string{"b2-b3"}},
		{"Gmail attribution wrapped", "b2-b3\n\nOn Sat, Nov 21, 2026 at 12:00 PM windpost <\nbot@example.test> wrote:\n\n" + quote(board), []string{"b2-b3"}},
		{"German", "b2-b3\nAm 21.11.2026 um 12:00 schrieb windpost <bot@example.test>:\n" + quote(board), []string{"b2-b3"}},
		{"German wrapped", "b2-b3\nAm Sa., 21. Nov. 2026 um 12:00 Uhr schrieb windpost <\nbot@example.test>:\n" + quote(board), []string{"b2-b3"}},
		{"French", "b2-b3\nLe sam. 21 nov. 2026 à 12:00, windpost <bot@example.test> a écrit :\n" + quote(board), []string{"b2-b3"}},
		{"Finnish", "b2-b3\nla 21.11.2026 klo 12.00 windpost (bot@example.test) kirjoitti:\n" + quote(board), []string{"b2-b3"}},
		{"Finnish wrapped", "b2-b3\nla 21.11.2026 klo 12.00 windpost (bot@example.test)\nkirjoitti:\n" + quote(board), []string{"b2-b3"}},
		{"a command above a one-line attribution stays", "b2-b3\nOn Sat, 21 Nov 2026, windpost wrote:\n" + quote(board), []string{"b2-b3"}},
		{"Spanish", "b2-b3\nEl sáb, 21 nov 2026 a las 12:00, windpost (<bot@example.test>) escribió:\n" + quote(board), []string{"b2-b3"}},
		{"attribution with no quote after it", "b2-b3\nOn Sat, 21 Nov 2026, windpost wrote:\n", []string{"b2-b3"}},
		{"attribution then a board without '>'", "b2-b3\n\nOn Sat, 21 Nov 2026, windpost wrote:\n\n" + board, []string{"b2-b3"}},
		{"wrapped attribution then a board without '>'", "b2-b3\nOn Sat, Nov 21, 2026 at 12:00 PM windpost <\nbot@example.test> wrote:\n" + board, []string{"b2-b3"}},
		{"inline replies between quotes", "On Sat, 21 Nov 2026, windpost wrote:\n> Black played b1-b2.\nb2-b3\n> Reply with one move\noffer draw\n", []string{"b2-b3", "offer draw"}},
		{"any line ending in ':' before a quote", "b2-b3\nwindpost <bot@example.test> 님이 작성:\n" + quote(board), []string{"b2-b3"}},
		{"a line ending in ':' without a quote stays", "my move:\nb2-b3\n", []string{"my move:", "b2-b3"}},
		{"signature", "b2-b3\n-- \nAlice\nb1-b2\n", []string{"b2-b3"}},
		{"signature without its space", "b2-b3\n--\nAlice\n", []string{"b2-b3"}},
		{"a dashed line is no signature", "b2-b3\n---\nc2-c3\n", []string{"b2-b3", "---", "c2-c3"}},
		{"Outlook original message", "d1-d2\n\n-----Original Message-----\nFrom: windpost\n\n" + board, []string{"d1-d2"}},
		{"Outlook German", "d1-d2\n-----Ursprüngliche Nachricht-----\n" + board, []string{"d1-d2"}},
		{"Gmail forward", "see this\n---------- Forwarded message ---------\nFrom: windpost <bot@example.test>\n" + board, []string{"see this"}},
		{
			"Outlook header block after underscores",
			"d1-d2\n\n________________________________\nFrom: windpost <bot@example.test>\nSent: Saturday, November 21, 2026 12:00 PM\nTo: Bob <bob@contoso.example>\nSubject: your move\n\n" + board,
			[]string{"d1-d2"},
		},
		{
			"Outlook header block, bold, with Cc",
			"d1-d2\n*From:* windpost <bot@example.test>\n*Sent:* Saturday, November 21, 2026 12:00 PM\n*To:* Bob\n*Cc:* Carol\n*Subject:* your move\n" + board,
			[]string{"d1-d2"},
		},
		{
			"Outlook header block in French",
			"d1-d2\nDe : windpost <bot@example.test>\nEnvoyé : samedi 21 novembre 2026 12:00\nÀ : Bob\nObjet : your move\n" + board,
			[]string{"d1-d2"},
		},
		{
			"Outlook header block in German",
			"d1-d2\nVon: windpost <bot@example.test>\nGesendet: Samstag, 21. November 2026 12:00\nAn: Bob\nBetreff: your move\n" + board,
			[]string{"d1-d2"},
		},
		{"a From: line alone is no header block", "From: the left, b2-b3\nc2-c3\n", []string{"From: the left, b2-b3", "c2-c3"}},
		{"an underscore line alone stays cut-free", "b2-b3\n____\nc2-c3\n", []string{"b2-b3", "____", "c2-c3"}},
		{
			"mobile footers",
			"b2-b3\nSent from my iPhone\nSent from my phone\nGet Outlook for Android\nEnvoyé de mon iPhone\nVon meinem iPhone gesendet\nSent from Mail for Windows\n",
			[]string{"b2-b3"},
		},
		{"CRLF and lone CR", "b2-b3\r\nc2-c3\rd2-d3\r\n", []string{"b2-b3", "c2-c3", "d2-d3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := textLines(tt.text, false, false)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			checkLines(t, got)
		})
	}
}

func TestUnflow(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		delSp bool
		want  []string
	}{
		{"soft break joined", "a long \nline\nnext\n", false, []string{"a long line", "next"}},
		{"DelSp=yes deletes the space", "a lo \nng line\n", true, []string{"a long line"}},
		{"space-stuffing removed", " From here\n >not a quote\n", false, []string{"From here", ">not a quote"}},
		{"quote depth change ends a paragraph", "> quoted \nmine\n", false, []string{"> quoted ", "mine"}},
		{"quoted paragraphs joined", "> one \n> two\n>> three\n", false, []string{"> one two", ">> three"}},
		{"signature separator is not flowed", "b2-b3\n-- \nAlice\n", false, []string{"b2-b3", "-- ", "Alice"}},
		{"trailing soft break", "end \n", false, []string{"end "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := unflow(strings.Split(strings.TrimSuffix(tt.text, "\n"), "\n"), tt.delSp)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	// Through the whole path: a space-stuffed ">" line is text in flowed
	// mail, but no line starting with '>' is ever passed on (the safe side).
	got := textLines("b2-b3 and \nc2-c3\n >not a quote\n> a quote\n", true, false)
	if want := []string{"b2-b3 and c2-c3"}; !slices.Equal(got, want) {
		t.Errorf("textLines flowed = %q, want %q", got, want)
	}
}

func TestHTMLToText(t *testing.T) {
	tests := []htmlCase{
		{"br and div", "<div>b2-b3<br>c2-c3</div><div>d2-d3</div>", []string{"b2-b3", "c2-c3", "d2-d3"}},
		{"white space collapsed", "<p>  offer\n   draw </p>\n<p>a<b>b</b> c</p>", []string{"offer draw", "ab c"}},
		{"entities and nbsp", "<p>a&nbsp;&amp;&nbsp;b &lt;c&gt;</p>", []string{"a & b <c>"}},
		{"pre keeps lines and spaces", "<pre>  a b\n  c  d\n</pre>x", []string{"  a b", "  c  d", "x"}},
		{"head, style, script, title dropped", "<html><head><title>T</title><style>p{}</style></head><body><script>resign()</script>b2-b3</body></html>", []string{"b2-b3"}},
		{"blockquote dropped, nested", "b2-b3<blockquote>x<blockquote>y</blockquote>z</blockquote>c2-c3", []string{"b2-b3", "c2-c3"}},
		{"unclosed blockquote drops the rest", "b2-b3<blockquote>" + board, []string{"b2-b3"}},
		{"stray end tags", "</blockquote></pre>b2-b3", []string{"b2-b3"}},
		{"table cells", "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>", []string{"a b", "c"}},
		{
			"Gmail",
			`<div dir="ltr">c2-c3</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Sat, Nov 21, 2026 at 12:00 PM windpost &lt;<a href="mailto:bot@example.test">bot@example.test</a>&gt; wrote:<br></div><blockquote class="gmail_quote"><pre>` + board + `</pre></blockquote></div>`,
			[]string{"c2-c3"},
		},
		{
			"Thunderbird",
			`<p>a4-a3<br></p><div class="moz-cite-prefix">On 21/11/2026 12:00, windpost wrote:<br></div><blockquote type="cite"><pre class="moz-quote-pre">` + board + `</pre></blockquote>`,
			[]string{"a4-a3"},
		},
		{
			"Outlook web, board not in a blockquote",
			`<div>d1-d2</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> windpost &lt;bot@example.test&gt;<br><b>Sent:</b> Saturday, November 21, 2026 12:00 PM<br><b>To:</b> Bob &lt;bob@contoso.example&gt;<br><b>Subject:</b> your move</font><div>&nbsp;</div></div><div><pre>` + board + `</pre></div>`,
			[]string{"d1-d2"},
		},
		{"quote as entity", "<p>&gt; resign</p><p>b2-b3</p>", []string{"b2-b3"}},
	}
	checkHTML(t, tests)
}

// htmlCase is an HTML body and the lines read from it.
type htmlCase struct {
	name, html string
	want       []string
}

// checkHTML runs each case as a subtest.
func checkHTML(t *testing.T, cases []htmlCase) {
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := textLines(htmlToText(tt.html), false, false)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestHiddenHTMLNotRead: text a mail client does not show is not read as
// commands; what it shows still is.
func TestHiddenHTMLNotRead(t *testing.T) {
	checkHTML(t, []htmlCase{
		{"iframe", `<p>b2-b3</p><iframe>resign</iframe>`, []string{"b2-b3"}},
		{"noscript", `<p>b2-b3</p><noscript>resign</noscript>`, []string{"b2-b3"}},
		{"textarea", `<p>b2-b3</p><textarea>resign</textarea>`, []string{"b2-b3"}},
		{"template", `<p>b2-b3</p><template><p>resign</p></template>`, []string{"b2-b3"}},
		{"noembed, noframes, object", `b2-b3<noembed>resign</noembed><noframes>resign</noframes><object>resign</object>`, []string{"b2-b3"}},
		{"display none", `<div style="display:none">resign</div><div>b2-b3</div>`, []string{"b2-b3"}},
		{"display none important, upper case", `<span STYLE="color:red; DISPLAY: None !important">resign</span>b2-b3`, []string{"b2-b3"}},
		{"visibility hidden", `<p style="visibility:hidden">resign</p><p>b2-b3</p>`, []string{"b2-b3"}},
		{"hidden attribute", `<p hidden>resign</p><p>b2-b3</p>`, []string{"b2-b3"}},
		{"font-size 0", `<span style="font-size:0px">resign</span><p>b2-b3</p>`, []string{"b2-b3"}},
		{"preheader: max-height 0, overflow hidden", `<div style="max-height:0;overflow:hidden;mso-hide:all">resign</div><p>b2-b3</p>`, []string{"b2-b3"}},
		{"mso-hide", `<div style="mso-hide:all">resign</div><p>b2-b3</p>`, []string{"b2-b3"}},
		{"opacity 0", `<div style="opacity:0.0">resign</div><p>b2-b3</p>`, []string{"b2-b3"}},
		{"nested in a hidden element", `<div style="display:none"><div><p>resign</p></div>draw</div><p>b2-b3</p>`, []string{"b2-b3"}},
		{"unclosed hidden element", `<p>b2-b3</p><div style="display:none">resign`, []string{"b2-b3"}},
		{"shown styles stay", `<div style="font-size:12px;overflow:hidden">b2-b3</div><div style="display:block;opacity:1">c2-c3</div>`, []string{"b2-b3", "c2-c3"}},
		{"height without overflow hidden stays", `<div style="height:0">b2-b3</div>`, []string{"b2-b3"}},
		{"after a hidden element", `<div style="display:none">resign</div>b2-b3<div>c2-c3</div>`, []string{"b2-b3", "c2-c3"}},
	})
}

// TestInvisibleCharactersRemoved: zero-width and bidi control characters
// are gone from the lines and the subject before anything reads them.
func TestInvisibleCharactersRemoved(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		want       []string
	}{
		{"zero-width space in a move", "b2\u200b-b3", []string{"b2-b3"}},
		{"zero-width joiner and non-joiner", "re\u200dsi\u200cgn", []string{"resign"}},
		{"byte order mark", "\ufeffhelp", []string{"help"}},
		{"right-to-left override", "\u202eb3-b2\u202c", []string{"b3-b2"}},
		{"isolates and marks", "\u2067draw\u2069 \u200foffer\u200e", []string{"draw offer"}},
		{"a line of only invisible characters", "\u200b\u200b\nhelp", []string{"help"}},
		{"soft hyphen", "res\u00adign", []string{"resign"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			raw := "From: alice@example.test\r\nTo: " + bot + "\r\nSubject: \u202egame\u200b\r\nMessage-ID: <i@x>\r\n" +
				"Content-Type: text/plain; charset=utf-8\r\n\r\n" + tt.body
			m, err := Read(strings.NewReader(raw), 0)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(m.Lines, tt.want) || m.Subject != "game" {
				t.Errorf("lines %q subject %q; want %q, \"game\"", m.Lines, m.Subject, tt.want)
			}
			html := "<p>" + strings.ReplaceAll(tt.body, "\n", "<br>") + "</p>"
			if got := textLines(htmlToText(html), false, false); !slices.Equal(got, tt.want) {
				t.Errorf("as HTML: %q", got)
			}
		})
	}
}

// hiders are the ways a mail hides an element, as an opening and a
// closing tag.
var hiders = [][2]string{
	{`<iframe>`, `</iframe>`}, {`<noscript>`, `</noscript>`}, {`<textarea>`, `</textarea>`},
	{`<template>`, `</template>`}, {`<div style="display:none">`, `</div>`}, {`<span hidden>`, `</span>`},
	{`<p style="visibility: hidden">`, `</p>`}, {`<table><tr><td style="font-size:0">`, `</td></tr></table>`},
	{`<div style="max-height:0px;overflow:hidden">`, `</div>`}, {`<table style="display:none"><tr><td>`, `</td></tr></table>`},
}

const hiddenMarker = "zqhiddenzq"

// tagsBeforeMarker reports whether the tokenizer reads s as ending in the
// start tags that hider opens, in order, then the marker as text.
func tagsBeforeMarker(s, hider string) bool {
	var want []string
	for _, part := range strings.Split(hider, "<")[1:] {
		want = append(want, part[:strings.IndexAny(part, " >")])
	}
	z := html.NewTokenizer(strings.NewReader(s))
	var tags []string // the start tags since the last other token
	for {
		tt := z.Next()
		switch {
		case tt == html.ErrorToken:
			return false
		case tt == html.TextToken && string(z.Text()) == hiddenMarker:
			return len(tags) >= len(want) && slices.Equal(tags[len(tags)-len(want):], want)
		case tt == html.StartTagToken:
			n, _ := z.TagName()
			tags = append(tags, string(n))
		default:
			tags = nil
		}
	}
}

// FuzzHiddenHTML: whatever HTML comes before and after a hidden element,
// the text in it never comes out (unless the HTML around it makes it shown
// text of its own: plaintext, xmp, CDATA or select, skipped).
func FuzzHiddenHTML(f *testing.F) {
	for i := range hiders {
		f.Add("<p>b2-b3", "</p>c2-c3", uint8(i))
	}
	f.Add("<table><tr>", "</tr></table>", uint8(7))
	f.Add("<svg>", "x", uint8(4))
	f.Add("<pre>", "</pre>", uint8(2))
	f.Fuzz(func(t *testing.T, before, after string, kind uint8) {
		around := strings.ToLower(before + after)
		for _, s := range []string{hiddenMarker, "plaintext", "xmp", "cdata", "select", "listing"} {
			if strings.Contains(around, s) {
				return
			}
		}
		h := hiders[int(kind)%len(hiders)]
		if !tagsBeforeMarker(before+h[0]+hiddenMarker, h[0]) {
			return // before ate the hider's tag (an open attribute, comment or tag name)
		}
		out := htmlToText(before + h[0] + hiddenMarker + h[1] + after)
		if strings.Contains(strings.ToLower(out), hiddenMarker) {
			t.Errorf("hidden text read: %q -> %q", before+h[0]+hiddenMarker+h[1]+after, out)
		}
		checkLines(t, textLines(out, false, false))
	})
}
