package mailer

import (
	"context"
	"encoding/base64"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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
	"new-julgonu-0-answer", "analysis-0-answer", "challenge-1-notice", "games-0-answer", "rules-gufuu-0-answer"}

// readmeShot is the mail the README shows: Bob is told Alice's move in
// their game of Micro-shogi.
const readmeShot = "relay-move-1-notice"

// rendered is what the page says about itself once laid out.
type rendered struct {
	ScrollWidth int      `json:"scrollWidth"`
	InnerWidth  int      `json:"innerWidth"`
	Text        string   `json:"text"`
	Blocks      int      `json:"blocks"`
	Pictures    int      `json:"pictures"`
	Bad         []string `json:"bad"`
}

// measure is the script that fills rendered: the document's width, the
// visible text, and every paragraph or <pre> that is not fully visible
// (no size, hidden, transparent, smaller than 12px, beyond the window's
// edges, or with content wider than itself), and every picture that does
// not decode.
const measure = `(() => {
	const bad = [];
	const blocks = [...document.querySelectorAll('p, pre, img')];
	for (const el of blocks) {
		const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
		const why = [];
		if (r.width <= 0 || r.height <= 0) why.push('no size');
		if (cs.visibility !== 'visible' || cs.display === 'none' || parseFloat(cs.opacity) < 1) why.push('hidden');
		if (el.tagName !== 'IMG' && parseFloat(cs.fontSize) < 12) why.push('font ' + cs.fontSize);
		if (el.tagName === 'IMG' && (!el.complete || el.naturalWidth === 0)) why.push('the picture does not decode');
		if (r.left < 0 || r.right > window.innerWidth + 0.5) why.push('beyond the window: ' + r.left + '..' + r.right);
		if (el.scrollWidth > el.clientWidth + 1) why.push('content ' + el.scrollWidth + ' wider than ' + el.clientWidth);
		if (why.length) bad.push(el.tagName + ' ' + why.join(', ') + ': ' + el.textContent.slice(0, 50));
	}
	const pictures = [...document.images].filter(img => img.complete && img.naturalWidth > 0).length;
	return {scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
		text: document.body.innerText, blocks: blocks.length, pictures: pictures, bad: bad};
})()`

// TestMailsInBrowser renders every kind of mail's HTML part at 390 and
// 1200 px and checks that nothing scrolls sideways (the document is no
// wider than the window), that the viewport is the device's (the viewport
// meta works), that every paragraph and <pre> is visible inside the
// window, that the page shows the mail's whole text, word for word, and
// that a mail about a game shows its picture of the board (its cid: link
// made a data: URL from the related part, as a mail client does).
func TestMailsInBrowser(t *testing.T) {
	ctx := browsertest.Start(t)
	mails := mailKinds(t)
	dir := t.TempDir()
	shots := os.Getenv("WINDPOST_BROWSER_SHOTS")

	for _, m := range mails {
		raw, _ := composedText(t, m)
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
		for _, w := range browserWidths {
			tctx, tcancel := context.WithTimeout(ctx, 30*time.Second)
			viewport := chromedp.EmulateViewport(w, 844)
			if w < 600 {
				viewport = chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile)
			}
			if err := chromedp.Do(tctx, viewport, chromedp.Navigate("file://"+file)); err != nil {
				tcancel()
				t.Fatalf("%s at %d px: %v", m.name, w, err)
			}
			got, err := chromedp.Run(tctx, chromedp.Evaluate[rendered](measure))
			if err != nil {
				tcancel()
				t.Fatalf("%s at %d px: %v", m.name, w, err)
			}
			if got.InnerWidth != int(w) {
				t.Errorf("%s at %d px: the window is %d px wide (no viewport meta?)", m.name, w, got.InnerWidth)
			}
			if got.ScrollWidth > got.InnerWidth {
				t.Errorf("%s at %d px: scrolls sideways: the document is %d px wide", m.name, w, got.ScrollWidth)
			}
			if got.Blocks == 0 || len(got.Bad) > 0 {
				t.Errorf("%s at %d px: %d blocks, not fully visible: %q", m.name, w, got.Blocks, got.Bad)
			}
			if want := min(len(related), 1); got.Pictures != want || m.mail.Board != nil && want == 0 {
				t.Errorf("%s at %d px: %d pictures shown of %d related parts (a board: %v)", m.name, w, got.Pictures, len(related), m.mail.Board != nil)
			}
			if !slices.Equal(strings.Fields(got.Text), strings.Fields(m.mail.Text)) {
				t.Errorf("%s at %d px: the page shows\n%s\nnot the mail's text\n%s", m.name, w, got.Text, m.mail.Text)
			}
			if shots != "" && w < 600 && slices.Contains(shotMails, m.name) {
				png, err := chromedp.Run(tctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Errorf("%s: screenshot: %v", m.name, err)
				} else if err := os.WriteFile(filepath.Join(shots, m.name+"-390.png"), png, 0o644); err != nil {
					t.Error(err)
				}
			}
			if os.Getenv("WINDPOST_README_SHOT") == "1" && w < 600 && m.name == readmeShot {
				readmePicture(t, tctx, w)
			}
			tcancel()
		}
	}
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
