// Package browsertest renders pages in headless Chromium (Debian's
// chromium package, driven over the DevTools protocol with chromedp) for
// the tests of windpost's HTML, at a phone's width and a desktop's.
//
// WINDPOST_BROWSER=1 (CI sets it) makes a missing Chromium a failure;
// without it the test skips.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The widths pages are rendered at, in CSS pixels: below Wide, as a phone
// (mobile emulation).
const (
	Phone   int64 = 390
	Desktop int64 = 1200
	Wide    int64 = 600
)

// Chromium finds the browser, or skips or fails t as WINDPOST_BROWSER
// says.
func Chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("WINDPOST_BROWSER") == "1" {
		t.Fatal("WINDPOST_BROWSER=1 but no chromium on PATH (apt-get install chromium)")
	}
	t.Skip("no headless Chromium on PATH: the browser test is skipped (set WINDPOST_BROWSER=1 to make this a failure; .ci/run installs Debian's chromium)")
	return ""
}

// Start starts Chromium with a profile in a temporary directory; it is
// stopped when t ends. The context drives it.
func Start(t *testing.T) context.Context {
	t.Helper()
	path := Chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium refuses root without it (CI containers)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // start the browser, no timeout on this first call
		t.Fatalf("start %s: %v", path, err)
	}
	return ctx
}

// Viewport is the window w CSS pixels wide: a phone's (mobile emulation)
// below Wide.
func Viewport(w int64) chromedp.Action[chromedp.Void] {
	if w < Wide {
		return chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile)
	}
	return chromedp.EmulateViewport(w, 844)
}

// Visit opens url in a window w px wide, within 30 seconds, and measures
// the page with Measure(selector); status is the HTTP status it came with
// (0 for a file: URL).
func Visit(ctx context.Context, w int64, url, selector string) (got Rendered, status int64, err error) {
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(tctx, Viewport(w)); err != nil {
		return got, 0, fmt.Errorf("%s at %d px: %w", url, w, err)
	}
	resp, err := chromedp.RunResponse(tctx, chromedp.Navigate(url))
	if err != nil {
		return got, 0, fmt.Errorf("%s at %d px: %w", url, w, err)
	}
	if resp != nil {
		status = resp.Status
	}
	if got, err = chromedp.Run(tctx, chromedp.Evaluate[Rendered](Measure(selector))); err != nil {
		return got, 0, fmt.Errorf("%s at %d px: %w", url, w, err)
	}
	return got, status, nil
}

// Screenshot writes a screenshot of the whole page shown to file.
func Screenshot(ctx context.Context, file string) error {
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return os.WriteFile(file, png, 0o644)
}

// Rendered is what a page says about itself once laid out (Measure).
type Rendered struct {
	ScrollWidth int      `json:"scrollWidth"`
	InnerWidth  int      `json:"innerWidth"`
	Title       string   `json:"title"`
	Text        string   `json:"text"`
	Blocks      int      `json:"blocks"`
	Pictures    int      `json:"pictures"`
	Links       []string `json:"links"`
	Bad         []string `json:"bad"`
}

// Problems says what is wrong with a page rendered in a window w px
// wide: a viewport that is not the device's (no viewport meta), a
// document wider than the window (it scrolls sideways), no block at all,
// and the blocks not fully visible.
func (r Rendered) Problems(w int64) []string {
	var p []string
	if r.InnerWidth != int(w) {
		p = append(p, fmt.Sprintf("the window is %d px wide (no viewport meta?)", r.InnerWidth))
	}
	if r.ScrollWidth > r.InnerWidth {
		p = append(p, fmt.Sprintf("scrolls sideways: the document is %d px wide", r.ScrollWidth))
	}
	if r.Blocks == 0 || len(r.Bad) > 0 {
		p = append(p, fmt.Sprintf("%d blocks, not fully visible: %q", r.Blocks, r.Bad))
	}
	return p
}

// Measure is the script that fills Rendered: the document's width, its
// title and visible text, the addresses of its links, and every element
// the selector picks that is not fully visible (no size, hidden,
// transparent, smaller than 12px, beyond the window's edges, or with
// content wider than itself), and every picture that does not decode.
func Measure(selector string) string {
	return `((selector) => {
	const bad = [];
	const blocks = [...document.querySelectorAll(selector)];
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
	return {scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, title: document.title,
		text: document.body.innerText, blocks: blocks.length, pictures: pictures,
		links: [...document.links].map(a => a.href), bad: bad};
})(` + "`" + selector + "`" + `)`
}
