package web

import (
	"context"
	"fmt"
	"maps"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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
// every block is visible inside the window, that no table row wraps (its
// height is a single line's), that a game's page shows its board picture
// with an alt text of at most 120 characters and its text board folded
// away under it (shown whole on a click), and that the links work:
// every link of the index, the standings and the tournaments leads to a
// page that is there, and the links to games to a game's page with its
// picture; the footer's mail link is the bot's address.
func TestPagesInBrowser(t *testing.T) {
	s, root, unsubscribe, ctx := browsing(t)
	shots := os.Getenv("WINDPOST_BROWSER_SHOTS")

	pages := []struct {
		name, path string
		game       bool
		rows       int // table rows at least (a tournament's crosstable)
	}{
		{"index", "/", false, 0}, {"people", s.link(s.people), true, 0}, {"bot", s.link(s.botGame), true, 0},
		{"public", "/g/" + s.botGame, true, 0}, {"over", s.link(s.over), true, 0},
		{"standings-microshogi", "/standings/microshogi", false, 1},
		{"standings-gufuu", "/standings/gufuu", false, 0}, {"tournament", "/t/t2345", false, 9}, {"tournament-over", "/t/t3456", false, 20},
		{"notfound", "/g/gzzzz", false, 0}, {"unsubscribe", unsubscribe, false, 0},
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
			rows, err := chromedp.Run(ctx, chromedp.Evaluate[shownRows](measureRows))
			if err != nil {
				t.Fatalf("%s at %d px: %v", p.name, w, err)
			}
			for _, problem := range rows.problems(p.rows) {
				t.Errorf("%s at %d px: %s", p.name, w, problem)
			}
			if p.game {
				board, err := chromedp.Run(ctx, chromedp.Evaluate[foldedBoard](unfoldBoard))
				if err != nil {
					t.Fatalf("%s at %d px: %v", p.name, w, err)
				}
				if !board.Folded || board.Height < 50 || board.Wide {
					t.Errorf("%s at %d px: the text board under the picture: folded %v, then %v px high, wider than the page %v; want it folded away and shown whole on a click",
						p.name, w, board.Folded, board.Height, board.Wide)
				}
			}
			if shots != "" && w == browsertest.Phone {
				if err := browsertest.Screenshot(ctx, filepath.Join(shots, "web-"+p.name+"-390.png")); err != nil {
					t.Error(err)
				}
			}
			if p.name == "index" || strings.HasPrefix(p.name, "standings") || strings.HasPrefix(p.name, "tournament") {
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

// foldedBoard is what unfoldBoard finds of a game page's text board.
type foldedBoard struct {
	Folded bool    `json:"folded"`
	Height float64 `json:"height"`
	Wide   bool    `json:"wide"`
}

// unfoldBoard is the script that finds a game page's text board folded
// away under the picture (a closed <details>), clicks its summary, and
// measures the board then: its height, and whether it is wider than the
// page.
const unfoldBoard = `(() => {
	const d = document.querySelector('.board details');
	if (!d) return {folded: false, height: 0, wide: false};
	const folded = !d.open && !d.querySelector('pre').checkVisibility();
	d.querySelector('summary').click();
	const r = d.querySelector('pre').getBoundingClientRect();
	return {folded, height: r.height, wide: r.right > document.documentElement.clientWidth};
})()`

// shownRows is what measureRows finds in a page: how many table rows it
// has, the rows taller than a single line (a cell wrapped), and the alt
// texts of its pictures.
type shownRows struct {
	Rows    int      `json:"rows"`
	Wrapped []string `json:"wrapped"`
	Alts    []string `json:"alts"`
}

// measureRows is the script that fills shownRows: a row is wrapped when
// a cell's content, its padding taken off, is taller than one and a half
// of its lines.
const measureRows = `(() => {
	const wrapped = [];
	let rows = 0;
	for (const tr of document.querySelectorAll('tr')) {
		rows++;
		for (const c of tr.cells) {
			const cs = getComputedStyle(c);
			let line = parseFloat(cs.lineHeight);
			if (isNaN(line)) line = 1.2 * parseFloat(cs.fontSize);
			const content = c.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
			if (content > 1.5 * line) {
				wrapped.push(tr.innerText.split(/\s+/).join(' ').slice(0, 60) + ' (' + content + ' px, a line ' + line + ' px)');
				break;
			}
		}
	}
	return {rows, wrapped, alts: [...document.images].map(img => img.alt)};
})()`

// problems says what is wrong with the rows and pictures of a page that
// should have at least rows table rows: fewer, a row wrapped, an alt text
// empty or over 120 characters.
func (s shownRows) problems(rows int) []string {
	var p []string
	if s.Rows < rows {
		p = append(p, fmt.Sprintf("%d table rows, want at least %d", s.Rows, rows))
	}
	for _, r := range s.Wrapped {
		p = append(p, fmt.Sprintf("a table row wrapped: %q", r))
	}
	for _, a := range s.Alts {
		if n := utf8.RuneCountInString(a); n > 120 || n == 0 {
			p = append(p, fmt.Sprintf("alt text of %d characters: %q", n, a))
		}
	}
	return p
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
