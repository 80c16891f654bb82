package web

import (
	"context"
	"maps"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/windpost/windpost/internal/browsertest"
)

// The browser test renders every page of the web view in headless
// Chromium at a phone's width and a desktop's, as mailer's does the
// mails (internal/browsertest: WINDPOST_BROWSER=1 makes a missing
// Chromium a failure). WINDPOST_BROWSER_SHOTS=<dir> keeps screenshots of
// the pages at the phone's width there.

// pageBlocks are the elements that must be fully visible on a page.
const pageBlocks = "p, pre, img, li, th, td, h1, h2, button"

// TestPagesInBrowser renders each page at 390 and 1200 px and checks
// that nothing scrolls sideways, that the viewport is the device's, that
// every block is visible inside the window, that a game's page shows its
// board picture, and that the links work: every link of the index, the
// standings and the tournament leads to a page that is there, and the
// links to games to a game's page with its picture; the footer's mail link
// is the bot's address.
func TestPagesInBrowser(t *testing.T) {
	s, root, unsubscribe, ctx := browsing(t)
	shots := os.Getenv("WINDPOST_BROWSER_SHOTS")

	pages := []struct {
		name, path string
		game       bool
	}{
		{"index", "/", false}, {"people", s.link(s.people), true}, {"bot", s.link(s.botGame), true},
		{"public", "/g/" + s.botGame, true}, {"standings-microshogi", "/standings/microshogi", false},
		{"standings-gufuu", "/standings/gufuu", false}, {"tournament", "/t/t2345", false}, {"notfound", "/g/gzzzz", false},
		{"unsubscribe", unsubscribe, false},
	}
	followed := map[string]bool{}
	for _, p := range pages {
		for _, w := range []int64{browsertest.Phone, browsertest.Desktop} {
			got, status := visit(t, ctx, w, root+p.path)
			if want := map[bool]int64{true: 404}[p.name == "notfound"]; status != max(want, 200) {
				t.Errorf("%s at %d px: HTTP status %d", p.name, w, status)
			}
			for _, problem := range got.Problems(w) {
				t.Errorf("%s at %d px: %s", p.name, w, problem)
			}
			if want := map[bool]int{true: 1}[p.game]; got.Pictures != want {
				t.Errorf("%s at %d px: %d pictures shown, want %d", p.name, w, got.Pictures, want)
			}
			if shots != "" && w == browsertest.Phone {
				if err := browsertest.Screenshot(ctx, filepath.Join(shots, "web-"+p.name+"-390.png")); err != nil {
					t.Error(err)
				}
			}
			if p.name == "index" || strings.HasPrefix(p.name, "standings") || p.name == "tournament" {
				for _, l := range got.Links {
					if strings.HasPrefix(l, "mailto:") { // the footer's: the bot's address, not a page
						if l != "mailto:"+botAddress+"?body=help" {
							t.Errorf("%s: a mail link to %s, want the bot's address %s", p.name, l, botAddress)
						}
						continue
					}
					followed[l] = followed[l] || strings.Contains(l, "/g/")
				}
			}
		}
	}
	games := 0
	for _, l := range slices.Sorted(maps.Keys(followed)) {
		got, status := visit(t, ctx, browsertest.Phone, l)
		if status != 200 || got.Title == "Not found" || got.Title == "" {
			t.Errorf("the link %s leads to no page (%d, %q)", l, status, got.Title)
		}
		if followed[l] {
			games++
			if !strings.Contains(got.Title, ", game g") || got.Pictures != 1 {
				t.Errorf("the link %s: %q with %d pictures, want a game's page with its board", l, got.Title, got.Pictures)
			}
		}
	}
	if games == 0 || len(followed) < 5 {
		t.Errorf("followed %d links, %d to games: %v", len(followed), games, followed)
	}
}

// TestUnsubscribeButtonInBrowser: the button of the unsubscribe page,
// clicked in Chromium at a phone's width and a desktop's, sends the
// one-click POST under the page's Content-Security-Policy: the answer is
// the "Unsubscribed" page, and carol is stopped; opening the page alone
// stopped nobody.
func TestUnsubscribeButtonInBrowser(t *testing.T) {
	s, root, link, ctx := browsing(t)
	for i, w := range []int64{browsertest.Phone, browsertest.Desktop} {
		if _, status := visit(t, ctx, w, root+link); status != 200 {
			t.Fatalf("the page at %d px: HTTP status %d", w, status)
		}
		if i == 0 && s.stopped() {
			t.Fatal("opening the page stopped carol")
		}
		tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		resp, err := chromedp.RunResponse(tctx, chromedp.Click(chromedp.CSS("button")))
		if err != nil {
			cancel()
			t.Fatalf("click at %d px: %v", w, err)
		}
		got, err := chromedp.Run(tctx, chromedp.Evaluate[browsertest.Rendered](browsertest.Measure(pageBlocks)))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if resp.Status != 200 || got.Title != "Unsubscribed" || !strings.Contains(got.Text, "Done: nobody can invite you any more") {
			t.Errorf("after the click at %d px: %d %q\n%s", w, resp.Status, got.Title, got.Text)
		}
		for _, problem := range got.Problems(w) {
			t.Errorf("the answer at %d px: %s", w, problem)
		}
	}
	if !s.stopped() {
		t.Error("carol is not stopped after the click")
	}
}

// browsing serves a site in which carol has an invitation (its one-click
// link is unsubscribe) at root, and starts Chromium.
func browsing(t *testing.T) (s *site, root, unsubscribe string, ctx context.Context) {
	s = newSite(t)
	unsubscribe = s.invite()
	srv := httptest.NewServer(s.h)
	t.Cleanup(srv.Close)
	return s, srv.URL, unsubscribe, browsertest.Start(t)
}

// visit is browsertest.Visit, failing t on an error.
func visit(t *testing.T, ctx context.Context, w int64, url string) (browsertest.Rendered, int64) {
	t.Helper()
	got, status, err := browsertest.Visit(ctx, w, url, pageBlocks)
	if err != nil {
		t.Fatal(err)
	}
	return got, status
}
