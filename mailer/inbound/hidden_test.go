package inbound

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestHiddenHTMLNotRead: text a mail client does not show is not read as
// commands; what it shows still is.
func TestHiddenHTMLNotRead(t *testing.T) {
	for _, tt := range []struct {
		name, html string
		want       []string
	}{
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
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := textLines(htmlToText(tt.html), false, false)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
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
