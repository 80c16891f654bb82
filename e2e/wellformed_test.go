package e2e

import (
	"bytes"
	"html"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/mailer/mailtest"
)

// TestAnswerWellFormed looks at an answer as the player's mail server
// delivered it: the RFC 3834 and threading headers, Reply-To, the MIME
// structure (multipart/alternative: UTF-8 text/plain, format=flowed, then
// a multipart/related of text/html with a viewport, the same text in
// paragraphs and <pre> blocks, and beside it the picture of the board, an
// image/png part whose Content-ID the HTML's <img> names: no picture goes
// with the text part),
// transfer encodings, and line lengths.
func TestAnswerWellFormed(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, _, id, g := newBotGame(t, b, "carol", "Partie <1> & café")
		t.Logf("the answer as received:\n%s", g.Raw)
		h := g.Header
		for k, want := range map[string]string{
			"MIME-Version":             "1.0",
			"Auto-Submitted":           "auto-replied",
			"X-Auto-Response-Suppress": "All",
		} {
			if got := h.Get(k); got != want {
				t.Errorf("%s: %q, want %q", k, got, want)
			}
		}
		if h.Get("Date") == "" {
			t.Error("no Date")
		}
		if !strings.HasSuffix(g.MessageID, "@"+b.domain+">") {
			t.Errorf("Message-ID %s is not in the bot's domain", g.MessageID)
		}
		if g.InReplyTo != id {
			t.Errorf("In-Reply-To %q, want %q", g.InReplyTo, id)
		}
		refs, _ := h.MsgIDList("References")
		if len(refs) == 0 || "<"+refs[len(refs)-1]+">" != id {
			t.Errorf("References %q do not end with %s", h.Get("References"), id)
		}
		game := g.game()
		if game == "" {
			t.Fatalf("no game started:\n%s", g.Text)
		}
		if local, domain, _ := strings.Cut(g.ReplyTo, "@"); !strings.HasPrefix(local, "bot+"+game+".") || domain != b.domain {
			t.Errorf("Reply-To %q is not the bot's plus-address for game %s", g.ReplyTo, game)
		}
		if rt, _ := h.AddressList("Reply-To"); len(rt) != 1 || rt[0].Name != "windpost" {
			t.Errorf("Reply-To %q: want one address named windpost", h.Get("Reply-To"))
		}
		if !strings.Contains(g.Subject, "[windpost "+game+" ") {
			t.Errorf("Subject %q: no tag", g.Subject)
		}

		// Line lengths: RFC 5322 says at most 998, should 78; go-mail
		// folds headers, and quoted-printable keeps body lines at 76
		// although the text has longer lines. (The servers' own Received
		// headers may be longer than 78.)
		head, body, _ := bytes.Cut(g.Raw, []byte("\r\n\r\n"))
		for i, l := range bytes.Split(head, []byte("\r\n")) {
			if len(l) > 998 {
				t.Errorf("header line %d is %d bytes long", i+1, len(l))
			}
		}
		for i, l := range bytes.Split(body, []byte("\r\n")) {
			if len(l) > 78 {
				t.Errorf("body line %d is %d bytes (want at most 78): %q", i+1, len(l), l)
			}
		}
		if !strings.Contains(g.Text, "this game has no clock") || !slices.ContainsFunc(strings.Split(g.Text, "\n"), func(l string) bool { return len(l) > 78 }) {
			t.Log("no text line over 78 characters: quoted-printable soft breaks not exercised")
		}

		_, parts, related := mailtest.Composed(t, g.Raw)
		if mt, _, _ := h.ContentType(); mt != "multipart/alternative" || len(related) == 0 {
			t.Errorf("Content-Type %s with %d related parts, want multipart/alternative with the picture beside the HTML", mt, len(related))
		}
		var types []string
		for _, p := range parts {
			mt := p.Type
			types = append(types, mt)
			switch cte := strings.ToLower(p.Header.Get("Content-Transfer-Encoding")); cte {
			case "quoted-printable", "base64", "7bit":
			default:
				t.Errorf("%s: Content-Transfer-Encoding %q", mt, cte)
			}
			if mt == "text/plain" && (p.Params["format"] != "flowed" || p.Params["delsp"] != "no") {
				t.Errorf("text/plain parameters %v, want format=flowed and delsp=no", p.Params)
			}
			if mt != "text/html" {
				continue
			}
			s := p.Body
			low := strings.ToLower(s)
			if !strings.Contains(s, `<meta name="viewport" content="width=device-width, initial-scale=1">`) {
				t.Errorf("HTML part without a viewport:\n%s", s)
			}
			if strings.Count(low, "<pre") == 0 || strings.Contains(low, "<style") || strings.Contains(low, "<script") {
				t.Errorf("HTML part: want a <pre> for the board, and no style block or script:\n%s", s)
			}
			// Every <pre> holds board, record or table lines of the
			// text, escaped; the page shows the whole text, word for word.
			for rest := s; strings.Contains(rest, "<pre"); {
				pre := strings.Index(rest, "<pre")
				start := pre + strings.Index(rest[pre:], ">") + 1
				end := strings.Index(rest, "</pre>")
				if start <= pre || end < start {
					t.Fatalf("HTML part without a closed <pre>:\n%s", s)
				}
				inner := strings.ReplaceAll(rest[start:end], "\r\n", "\n")
				if strings.ContainsAny(strings.ReplaceAll(inner, "&", ""), "<>") {
					t.Errorf("unescaped markup inside <pre>:\n%s", inner)
				}
				for _, l := range strings.Split(html.UnescapeString(inner), "\n") {
					if !slices.Contains(strings.Split(mailtest.Unflowed(g.Text), "\n"), l) {
						t.Errorf("the <pre> line %q is no line of the plain text", l)
					}
				}
				rest = rest[end+len("</pre>"):]
			}
			if got, want := strings.Fields(pageText(s)), strings.Fields(mailtest.Unflowed(g.Text)); !slices.Equal(got, want) {
				t.Errorf("the HTML part shows\n%s\nnot the plain text\n%s", pageText(s), g.Text)
			}
		}
		if strings.Join(types, ",") != "text/plain,text/html" {
			t.Errorf("parts %v, want text/plain then text/html", types)
		}
		checkPicture(t, g.HTML, related)
	})
}

// pageText is the text an HTML page shows, roughly: its tags dropped, a
// line break for <br>, entities unescaped.
func pageText(page string) string {
	_, body, _ := strings.Cut(page, "<body")
	_, body, _ = strings.Cut(body, ">")
	var b strings.Builder
	for {
		i := strings.IndexByte(body, '<')
		if i < 0 {
			b.WriteString(body)
			break
		}
		b.WriteString(body[:i])
		j := strings.IndexByte(body[i:], '>')
		if j < 0 {
			break
		}
		if name := strings.Trim(strings.Fields(body[i+1:i+j] + " x")[0], "/"); name != "strong" && name != "a" {
			b.WriteString(" ") // a block ends; an inline tag (a link, the example in bold) does not break a word
		}
		body = body[i+j+1:]
	}
	return html.UnescapeString(b.String())
}

// checkPicture checks that page, the HTML part of a mail about a game,
// shows one picture, from a cid: link to an image/png part among related
// that decodes.
func checkPicture(t *testing.T, page string, related []mailtest.Part) {
	t.Helper()
	_, link, ok := strings.Cut(page, `<img src="cid:`)
	link, _, _ = strings.Cut(link, `"`)
	if n := strings.Count(page, "<img"); !ok || n != 1 {
		t.Fatalf("the HTML part has %d pictures, want 1 from a cid: link:\n%s", n, page)
	}
	cid := html.UnescapeString(link)
	for _, p := range related {
		if p.ContentID() != cid {
			continue
		}
		if p.Type != "image/png" {
			t.Errorf("the part %s is %s, want image/png", cid, p.Type)
		}
		if _, err := png.Decode(strings.NewReader(p.Body)); err != nil {
			t.Errorf("the picture %s: %v", cid, err)
		}
		return
	}
	t.Errorf("no related part has the Content-ID %s (%d related parts)", cid, len(related))
}
