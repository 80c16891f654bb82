package mailer

import (
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/internal/browsertest"
	"github.com/windpost/windpost/mailer/mailtest"
)

// The browser test renders the HTML part of every kind of mail windpost
// sends in headless Chromium (Debian's chromium package, driven over the
// DevTools protocol with chromedp) at a phone's width and a desktop's.
//
// WINDPOST_BROWSER=1 (CI sets it) makes a missing Chromium a failure;
// without it the test skips. WINDPOST_BROWSER_SHOTS=<dir> keeps
// screenshots of a few mails at the phone's width there.
// WINDPOST_README_SHOT=1 writes the README's picture of a board mail,
// readmeShot, to ../docs/board-mail.png.

// browserWidths are the widths the mails are rendered at, in CSS pixels.
var browserWidths = []int64{390, 1200}

// shotMails are the mails whose screenshots WINDPOST_BROWSER_SHOTS keeps.
var shotMails = []string{"help-0-answer", "refused-move-0-answer", "new-microshogi-0-answer",
	"new-julgonu-0-answer", "analysis-0-answer", "challenge-1-notice", "games-0-answer", "rules-gufuu-0-answer",
	"history-0-answer", "end-microshogi-checkmate-1-notice", "typo-after-lines-0-answer"}

// readmeShot is the mail the README shows: Bob is told Alice's move in
// their game of Micro-shogi.
const readmeShot = "relay-move-1-notice"

// TestMailsInBrowser renders every kind of mail's HTML part at 390 and
// 1200 px and checks that nothing scrolls sideways (the document is no
// wider than the window), that the viewport is the device's (the viewport
// meta works), that every paragraph, <pre> and table is visible inside the
// window, that no table row wraps (its cells start on one line), that the
// action line (what to write next) is a paragraph of its own, that alt
// texts are at most 120 characters, that the text part is within 78
// columns, that the page shows the mail's whole text, word for word, and
// that a mail about a game shows its picture of the board (its cid: link
// made a data: URL from the related part, as a mail client does).
func TestMailsInBrowser(t *testing.T) {
	ctx := browsertest.Start(t)
	mails := mailKinds(t)
	dir := t.TempDir()
	shots := os.Getenv("WINDPOST_BROWSER_SHOTS")

	for _, m := range mails {
		raw, text := composedText(t, m)
		for _, l := range overWidth(m.mail.Body(), text) {
			t.Errorf("%s: the text part has a line over %d columns: %q", m.name, document.Width, l)
		}
		var page string
		_, parts, related := mailtest.Composed(t, raw)
		for _, p := range parts {
			if p.Type == "text/html" {
				page = withDataURLs(p.Body, related)
			}
		}
		file := filepath.Join(dir, m.name+".html")
		if err := os.WriteFile(file, []byte(page), 0o600); err != nil {
			t.Fatal(err)
		}
		doc := m.mail.Body()
		var actions []string
		for _, b := range doc.Blocks {
			if b.Kind == document.Action {
				actions = append(actions, strings.Join(strings.Fields(b.Text), " "))
			}
		}
		for _, w := range browserWidths {
			got, _, err := browsertest.Visit(ctx, w, "file://"+file, "p, pre, img, table")
			if err != nil {
				t.Fatalf("%s: %v", m.name, err)
			}
			for _, p := range got.Problems(w) {
				t.Errorf("%s at %d px: %s", m.name, w, p)
			}
			blocks, err := chromedp.Run(ctx, chromedp.Evaluate[shownBlocks](measureBlocks))
			if err != nil {
				t.Fatalf("%s at %d px: %v", m.name, w, err)
			}
			for _, p := range blocks.problems(actions) {
				t.Errorf("%s at %d px: %s", m.name, w, p)
			}
			if want := min(len(related), 1); got.Pictures != want || m.mail.Board != nil && want == 0 {
				t.Errorf("%s at %d px: %d pictures shown of %d related parts (a board: %v)", m.name, w, got.Pictures, len(related), m.mail.Board != nil)
			}
			if !slices.Equal(strings.Fields(got.Text), strings.Fields(m.mail.Text)) && !stacked(doc) {
				t.Errorf("%s at %d px: the page shows\n%s\nnot the mail's text\n%s", m.name, w, got.Text, m.mail.Text)
			}
			if shots != "" && w < browsertest.Wide && slices.Contains(shotMails, m.name) {
				if err := browsertest.Screenshot(ctx, filepath.Join(shots, m.name+"-390.png")); err != nil {
					t.Errorf("%s: %v", m.name, err)
				}
			}
			if os.Getenv("WINDPOST_README_SHOT") == "1" && w < browsertest.Wide && m.name == readmeShot {
				readmePicture(t, ctx, w)
			}
		}
	}
}

// shownBlocks is what measureBlocks finds in a page: the rows of its
// tables whose cells do not all start on one line, the tables wider than
// the window, the text of its action lines and the alt texts of its
// pictures.
type shownBlocks struct {
	WrappedRows []string `json:"wrappedRows"`
	WideTables  []string `json:"wideTables"`
	Actions     []string `json:"actions"`
	Alts        []string `json:"alts"`
}

// measureBlocks is the script that fills shownBlocks. An action line is a
// paragraph with a left border (document's style for it).
const measureBlocks = `(() => {
	const wrappedRows = [], wideTables = [];
	for (const t of document.querySelectorAll('table')) {
		const r = t.getBoundingClientRect();
		if (r.left < 0 || r.right > window.innerWidth + 0.5) wideTables.push(t.innerText.slice(0, 60));
		for (const tr of t.rows) {
			const tops = [...tr.cells].map(c => Math.round(c.getBoundingClientRect().top));
			if (new Set(tops).size > 1) wrappedRows.push(tr.innerText.slice(0, 60));
		}
	}
	const actions = [...document.querySelectorAll('p')].filter(p => p.style.borderLeftStyle === 'solid')
		.map(p => p.innerText.split(/\s+/).join(' ').trim());
	const alts = [...document.images].map(img => img.alt);
	return {wrappedRows, wideTables, actions, alts};
})()`

// problems says what is wrong with the blocks of a page that should show
// actions: a table row wrapped, a table wider than the window, an action
// missing, an alt text over 120 characters.
func (s shownBlocks) problems(actions []string) []string {
	var p []string
	for _, r := range s.WrappedRows {
		p = append(p, fmt.Sprintf("a table row wrapped: %q", r))
	}
	for _, r := range s.WideTables {
		p = append(p, fmt.Sprintf("a table wider than the window: %q", r))
	}
	for _, a := range actions {
		if !slices.Contains(s.Actions, a) {
			p = append(p, fmt.Sprintf("no action line %q (shown: %q)", a, s.Actions))
		}
	}
	for _, a := range s.Alts {
		if n := len([]rune(a)); n > 120 || n == 0 {
			p = append(p, fmt.Sprintf("alt text of %d characters: %q", n, a))
		}
	}
	return p
}

// withDataURLs is page with each cid: link to a related part replaced by
// a data: URL of that part.
func withDataURLs(page string, related []mailtest.Part) string {
	for _, p := range related {
		if id := p.ContentID(); id != "" {
			url := "data:" + p.Type + ";base64," + base64.StdEncoding.EncodeToString([]byte(p.Body))
			page = strings.ReplaceAll(page, `"cid:`+html.EscapeString(id)+`"`, `"`+url+`"`)
		}
	}
	return page
}

// readmePicture writes the page shown at width w, at twice the pixels, to
// ../docs/board-mail.png.
func readmePicture(t *testing.T, ctx context.Context, w int64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2))); err != nil {
		t.Fatalf("the README's picture: %v", err)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("the README's picture: %v", err)
	}
	if err := os.WriteFile(filepath.Join("..", "docs", "board-mail.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
