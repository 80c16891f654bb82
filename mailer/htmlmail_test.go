package mailer

import (
	"html"
	"image/png"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/mailer/mailtest"
)

// preBlock finds the <pre> blocks of a page; tag any tag.
var (
	preBlock = regexp.MustCompile(`(?s)<pre[^>]*>(.*?)</pre>`)
	tag      = regexp.MustCompile(`<[^>]*>`)
)

// TestHTMLBodyOfEveryMail: for every kind of mail, the HTML part has a
// viewport for phones, no style block, script, table or link; its <pre>
// blocks hold only fixed lines (boards, records, tables) of the text; and
// it shows the whole text, word for word, escaped.
func TestHTMLBodyOfEveryMail(t *testing.T) {
	for _, m := range mailKinds(t) {
		page := HTMLBody(m.mail.Text)
		low := strings.ToLower(page)
		if !strings.Contains(page, `<meta name="viewport" content="width=device-width, initial-scale=1">`) {
			t.Errorf("%s: no viewport", m.name)
		}
		for _, bad := range []string{"<style", "<script", "<table", "<link", "class="} {
			if strings.Contains(low, bad) {
				t.Errorf("%s: the page has %s", m.name, bad)
			}
		}
		pres := preBlock.FindAllStringSubmatch(page, -1)
		if strings.Contains(m.mail.Text, "+--") && len(pres) == 0 {
			t.Errorf("%s: a board but no <pre>", m.name)
		}
		lines := trimmedLines(m.mail.Text)
		fixed := fixedLines(lines)
		for _, p := range pres {
			for _, l := range strings.Split(html.UnescapeString(p[1]), "\n") {
				if i := slices.Index(lines, l); i < 0 || !fixed[i] {
					t.Errorf("%s: <pre> line %q is no fixed line of the text", m.name, l)
				}
			}
		}
		_, body, _ := strings.Cut(page, "<body")
		_, body, _ = strings.Cut(body, ">")
		shown := html.UnescapeString(tag.ReplaceAllString(body, " "))
		if !slices.Equal(strings.Fields(shown), strings.Fields(m.mail.Text)) {
			t.Errorf("%s: the page shows\n%s\nnot\n%s", m.name, shown, m.mail.Text)
		}
	}
}

func TestHTMLBodyProse(t *testing.T) {
	long := "Refused: \"K*3a>N\" is not a legal move in game gx99t: there is no square 3a."
	tests := []struct {
		name, text string
		want       []string // in order in the page
	}{
		{"escaped", "Partie <1> & \"café\"\n", []string{"Partie &lt;1&gt; &amp; &#34;café&#34;"}},
		{"a wrapped line joined", long + "\nThe legal moves (#1) are:\nK*2a>N, K*2a>E\n",
			[]string{html.EscapeString(long) + " The legal moves (#1) are:<br>\nK*2a&gt;N, K*2a&gt;E</p>"}},
		{"short lines kept", "To play, reply with: accept\nTo say no, reply with: decline\n",
			[]string{"accept<br>\nTo say no"}},
		{"the echo in grey, on its own", "> help\nCommands:\n", []string{`color: #666666;">&gt; help</p>`, `<p style="margin: 0;">Commands:</p>`}},
		{"a paragraph after a blank line", "One.\n\nTwo.\n", []string{`<p style="margin: 0;">One.</p>`, `<p style="margin: 12px 0 0 0;">Two.</p>`}},
		{"a web page's address a link", "Web page: https://games.example.org/g/g7k3q-abc?x=1&y=2.\nNo link: ftp://x and <b>\n",
			[]string{`Web page: <a href="https://games.example.org/g/g7k3q-abc?x=1&amp;y=2">https://games.example.org/g/g7k3q-abc?x=1&amp;y=2</a>.`, "No link: ftp://x and &lt;b&gt;"}},
		{"a board in a pre", "Game:\n\n     2    1\n a | K^ |\n\nDone.\n", []string{"<p", "Game:", "<pre", "     2    1\n a | K^ |</pre>", "Done."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := HTMLBody(tt.text)
			at := 0
			for _, w := range tt.want {
				i := strings.Index(page[at:], w)
				if i < 0 {
					t.Fatalf("no %q (in order) in\n%s", w, page)
				}
				at += i + len(w)
			}
		})
	}
}

// TestHTMLBodyPicture: a picture of the board goes above the text board
// it shows, with the text board (escaped) as its alt text; the <pre>
// stays for clients that show no pictures.
func TestHTMLBodyPicture(t *testing.T) {
	board := "White in hand: -\n   4  3  2  1\n+------------+\n| vK vB vG vS| a\n+------------+\nBlack in hand: -\n"
	text := "Here is game g7.\n\nAnalysis:\n  W n  a win\n\nMicro-shogi, game g7\n\n" + board + "\nMove #1: black (you) to move.\n"
	page := htmlBody(text, &boardPicture{CID: "board.g7@windpost.test", Board: board})
	img := strings.Index(page, `<img src="cid:board.g7@windpost.test" alt="White in hand: -`+"\n"+`   4  3  2  1`)
	legend := strings.Index(page, "  W n  a win</pre>")
	pre := strings.Index(page, "\">White in hand: -\n   4  3  2  1\n+------------+")
	if img < 0 || legend < 0 || pre < 0 || !(legend < img && img < pre) {
		t.Errorf("want the picture after the legend and above the board's <pre> (%d, %d, %d):\n%s", legend, img, pre, page)
	}
	if strings.Count(page, "<img") != 1 || !strings.Contains(page, "| vK vB vG vS| a\n+------------+\nBlack in hand: -</pre>") {
		t.Errorf("want one picture and the text board kept:\n%s", page)
	}
	sized := htmlBody(text, &boardPicture{CID: "b@w.test", Board: board, Width: 360})
	if !strings.Contains(sized, `<img src="cid:b@w.test" alt="`) || !strings.Contains(sized, `Black in hand: -" width="360" style="`) || strings.Contains(page, "width=\"") {
		t.Errorf("want a width attribute only for a picture given its width:\n%s", sized)
	}
	if p := HTMLBody(text); strings.Contains(p, "<img") {
		t.Errorf("HTMLBody shows a picture it was not given:\n%s", p)
	}
}

// TestMailSizes logs the size of every kind of mail as sent (text and
// HTML parts, headers, quoted-printable, the picture of the board in
// base64) and keeps each under 48 KiB, well under 64 KiB; a mail about a
// game has its picture: one image/png part whose Content-ID the HTML
// part's <img> names.
func TestMailSizes(t *testing.T) {
	for _, m := range mailKinds(t) {
		raw, _ := composedText(t, m)
		_, alts, related := mailtest.Composed(t, raw)
		pictures := 0
		for _, p := range related {
			if p.Type == "image/png" {
				pictures += len(p.Body)
			}
		}
		t.Logf("%-28s %6d octets (text %5d characters, picture %5d octets)", m.name, len(raw), len(m.mail.Text), pictures)
		if len(raw) > 48<<10 {
			t.Errorf("%s: %d octets, over 48 KiB", m.name, len(raw))
		}
		if game := m.mail.Headers["X-Windpost-Game"]; (game != "") != (m.mail.Board != nil) {
			t.Errorf("%s: a mail about game %q with board %+v", m.name, game, m.mail.Board)
		}
		if m.mail.Board == nil {
			if len(related) > 0 {
				t.Errorf("%s: a mail about no game has %d related parts", m.name, len(related))
			}
			continue
		}
		var page string
		for _, p := range alts {
			if p.Type == "text/html" {
				page = p.Body
			}
		}
		if len(related) != 1 || related[0].Type != "image/png" || !strings.Contains(page, `<img src="cid:`+related[0].ContentID()+`"`) {
			t.Errorf("%s: a mail about a game without its picture: %d related parts, the page:\n%s", m.name, len(related), page)
			continue
		}
		if _, err := png.Decode(strings.NewReader(related[0].Body)); err != nil {
			t.Errorf("%s: the picture: %v", m.name, err)
		}
	}
}
