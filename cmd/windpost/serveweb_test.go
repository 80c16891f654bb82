package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
	"github.com/windpost/windpost/variants"
)

// freeAddr is an address on 127.0.0.1 with a port nobody listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// serve -web serves the web view while the daemon runs, on the address
// -web gives rather than the file's [web] listen, its footer naming the
// bot's address, and stops with it.
func TestServeWeb(t *testing.T) {
	dir := t.TempDir()
	srv := mailtest.Server(t, localmail.Options{})
	fileAddr, flagAddr := freeAddr(t), freeAddr(t)
	cfg := checkConfig(t, srv, dir, nil, fmt.Sprintf("[web]\nlisten = %q\nbase_url = \"https://games.example.org\"\n", fileAddr))
	a, _, errb := testApp("")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int)
	go func() { done <- run(ctx, a, []string{"serve", "-config", cfg, "-web", flagAddr}) }()

	var resp *http.Response
	var err error
	for start := time.Now(); time.Since(start) < 15*time.Second; time.Sleep(50 * time.Millisecond) {
		if resp, err = http.Get("http://" + flagAddr + "/"); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("the web view does not answer on %s: %v", flagAddr, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `<a href="standings/gufuu">Gufuu Shogi</a>`) ||
		!strings.Contains(string(body), `write to <a href="mailto:bot@example.test?body=help">bot@example.test</a>`) ||
		resp.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("GET /: %s %q\n%s", resp.Status, resp.Header, body)
	}
	if r, err := http.Get("http://" + flagAddr + "/g/gzzzz"); err != nil || r.StatusCode != 404 {
		t.Errorf("GET /g/gzzzz: %v %v", r, err)
	} else {
		r.Body.Close()
	}
	// The one-click unsubscribe is run by the daemon's games server: a key
	// that proves nobody is its 404 page, not a 405 (no unsubscribe).
	if r, err := http.Post("http://"+flagAddr+"/unsubscribe/gzzzz.aaaaaaaaaaaaaaaa", "application/x-www-form-urlencoded",
		strings.NewReader("List-Unsubscribe=One-Click")); err != nil || r.StatusCode != 404 {
		t.Errorf("POST /unsubscribe/...: %v %v", r, err)
	} else {
		r.Body.Close()
	}
	if c, err := net.Dial("tcp", fileAddr); err == nil {
		c.Close()
		t.Errorf("the file's web.listen %s is served too: -web overrides it", fileAddr)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve: exit status %d\n%s", code, errb)
	}
	if _, err := http.Get("http://" + flagAddr + "/"); err == nil {
		t.Error("the web view still answers after serve stopped")
	}
}

// serve refuses a -web address it could never listen on, before anything
// starts.
func TestServeWebBadAddress(t *testing.T) {
	for _, addr := range []string{"8080", "127.0.0.1", "127.0.0.1:http", "127.0.0.1:70000"} {
		a, _, errb := testApp("")
		if code := run(context.Background(), a, []string{"serve", "-web", addr}); code != 2 || !strings.Contains(errb.String(), "-web: want host:port") {
			t.Errorf("serve -web %s: exit %d\n%s", addr, code, errb)
		}
	}
}

// serve gives the Micro-shogi bot [bot] think_time (twice that when the
// search is in trouble) and [bot] threads, or the mail's defaults: 5 s and
// one thread per core.
func TestServeBotSearchOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bot     string // added to [bot]
		think   time.Duration
		threads int
	}{
		{"defaults", "", config.DefaultThinkTime, min(runtime.NumCPU(), config.MaxThreads)},
		{"set", "\nthink_time = \"3s\"\nthreads = 3", 3 * time.Second, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			srv := mailtest.Server(t, localmail.Options{})
			cfg := checkConfig(t, srv, dir, map[string]string{"bot.address": `"bot@example.test"` + tc.bot}, "")
			a, _, errb := testApp("")
			got := make(chan variants.Options, 1)
			a.catalog = func(o variants.Options) *variants.Catalog {
				got <- o
				return variants.Default(o)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan int)
			go func() { done <- run(ctx, a, []string{"serve", "-config", cfg}) }()
			var o variants.Options
			select {
			case o = <-got:
			case code := <-done:
				t.Fatalf("serve ended (%d) before building the bot:\n%s", code, errb)
			}
			cancel()
			<-done
			if o.MicroThink != tc.think || o.MicroMaxThink != 2*tc.think || o.MicroThreads != tc.threads {
				t.Errorf("the bot's options: think %v, at most %v, threads %d; want %v, %v, %d",
					o.MicroThink, o.MicroMaxThink, o.MicroThreads, tc.think, 2*tc.think, tc.threads)
			}
		})
	}
}
