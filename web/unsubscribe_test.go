package web

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

const (
	carol    = "carol@players.test"
	webBase  = "https://games.example.org"
	oneClick = "List-Unsubscribe=One-Click"
)

// invite has alice challenge carol (in a reply to her game mail, so at
// once) and returns the path of the one-click link the invitation's
// List-Unsubscribe names, below the site's base URL.
func (s *site) invite() string {
	s.t.Helper()
	inv := s.to(s.write(alice, &s.toAlice, "challenge "+carol+" gufuu"), carol)
	header := inv.Headers["List-Unsubscribe"]
	url, _, ok := strings.Cut(strings.TrimPrefix(header, "<"), ">, <mailto:")
	if !ok || !strings.HasPrefix(url, webBase+"/unsubscribe/") || inv.Headers["List-Unsubscribe-Post"] != oneClick {
		s.t.Fatalf("the invitation's List-Unsubscribe %q, List-Unsubscribe-Post %q", header, inv.Headers["List-Unsubscribe-Post"])
	}
	return strings.TrimPrefix(url, webBase)
}

// send answers a request with method and body, of type contentType, to
// path.
func (s *site) send(method, path, contentType, body string) *httptest.ResponseRecorder {
	s.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, r)
	return w
}

// stopped reports whether carol is on the do-not-mail list, as bob's
// challenge to her finds.
func (s *site) stopped() bool {
	s.t.Helper()
	answer := s.to(s.write(bob, &s.toBob, "challenge "+carol+" gufuu"), bob)
	return strings.Contains(answer.Text, "asked windpost never to write to them")
}

// multipartBody is RFC 8058's body as multipart/form-data, and its type.
func multipartBody(t *testing.T) (contentType, body string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if err := mw.WriteField("List-Unsubscribe", "One-Click"); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return mw.FormDataContentType(), b.String()
}

// TestUnsubscribeLink: the POST of RFC 8058's body to the invitation's
// one-click link stops carol, as "stop" by mail does, and says so; a GET
// or HEAD, another body, another method or a key that proves nobody
// stops nobody, each with its clear answer.
func TestUnsubscribeLink(t *testing.T) {
	const form = "application/x-www-form-urlencoded"
	mpType, mpBody := multipartBody(t)
	for _, c := range []struct {
		name, method, key, contentType, body string
		code                                 int
		want                                 []string
		stopped                              bool
	}{
		{"GET shows the button", "GET", "", "", "", 200, []string{`<form method="post" action="">`,
			`<input type="hidden" name="List-Unsubscribe" value="One-Click">`, "Opening this page changed nothing"}, false},
		{"HEAD", "HEAD", "", "", "", 200, nil, false},
		{"POST, urlencoded", "POST", "", form, oneClick, 200, []string{"<h1>Unsubscribed</h1>",
			"Done: nobody can invite you any more", "I declined the challenges that were waiting for you"}, true},
		{"POST, multipart", "POST", "", mpType, mpBody, 200, []string{"Done: nobody can invite you any more"}, true},
		{"POST, upper-case key", "POST", "upper", form, oneClick, 200, []string{"Done: nobody can invite you any more"}, true},
		{"POST, another value", "POST", "", form, "List-Unsubscribe=Yes", 400, []string{"not a one-click unsubscribe",
			"a POST whose body is List-Unsubscribe=One-Click (RFC 8058)"}, false},
		{"POST, no body", "POST", "", "", "", 400, []string{"not a one-click unsubscribe"}, false},
		{"POST, the form in the query", "POST", "?List-Unsubscribe=One-Click", form, "", 400, []string{"not a one-click unsubscribe"}, false},
		{"POST, too large", "POST", "", form, oneClick + "&x=" + strings.Repeat("a", maxUnsubscribeBody), 413,
			[]string{"larger than 2048 bytes"}, false},
		{"POST, too large, multipart", "POST", "", mpType, strings.Replace(mpBody, "One-Click", "One-Click"+strings.Repeat("a", maxUnsubscribeBody), 1),
			413, []string{"larger than 2048 bytes"}, false},
		{"PUT", "PUT", "", form, oneClick, 405, []string{"an unsubscribe link takes GET"}, false},
		{"POST, a wrong token", "POST", "wrong", form, oneClick, 404, []string{"This link is not valid (any more).",
			`write &#34;stop&#34; to bot@windpost.test from the address`}, false},
		{"POST, no such game", "POST", "/unsubscribe/gzzzz.aaaaaaaaaaaaaaaa", form, oneClick, 404, []string{"This link is not valid (any more)."}, false},
		{"POST, not a key", "POST", "/unsubscribe/%3Cb%3E", form, oneClick, 404, []string{"This link is not valid (any more)."}, false},
		{"GET, not a key", "GET", "/unsubscribe/gzzzz", "", "", 404, []string{"This link is not valid (any more)."}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSite(t)
			path := s.invite()
			switch {
			case c.key == "upper":
				path = strings.ToUpper(path)
				path = strings.Replace(path, "/UNSUBSCRIBE/", "/unsubscribe/", 1)
			case c.key == "wrong":
				b := []byte(path)
				b[len(b)-1] ^= 1
				path = string(b)
			case strings.HasPrefix(c.key, "?"):
				path += c.key
			case c.key != "":
				path = c.key
			}
			w := s.send(c.method, path, c.contentType, c.body)
			body := w.Body.String()
			if w.Code != c.code {
				t.Errorf("%s %s: %d, want %d\n%s", c.method, path, w.Code, c.code, body)
			}
			for _, want := range c.want {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s lacks %q:\n%s", c.method, path, want, body)
				}
			}
			if strings.Contains(body, carol) || strings.Contains(body, "<form") != (c.method != "POST" && c.code == 200) {
				t.Errorf("%s %s: shows the address or a form where it must not:\n%s", c.method, path, body)
			}
			if csp := w.Header().Get("Content-Security-Policy"); strings.Contains(csp, "form-action 'self'") != (c.method != "POST" && c.code == 200) ||
				strings.Contains(csp, "script-src") || !strings.Contains(csp, "default-src 'none'") {
				t.Errorf("%s %s: Content-Security-Policy %q", c.method, path, csp)
			}
			if c.code == 405 && w.Header().Get("Allow") != "GET, HEAD, POST" {
				t.Errorf("%s %s: Allow %q", c.method, path, w.Header().Get("Allow"))
			}
			if w.Header().Get("Set-Cookie") != "" {
				t.Errorf("%s %s sets a cookie", c.method, path)
			}
			if got := s.stopped(); got != c.stopped {
				t.Errorf("after %s %s: carol stopped %v, want %v", c.method, path, got, c.stopped)
			}
		})
	}
}

// TestUnsubscribeBudget: beyond UnsubscribesPerMinute POSTs in a minute,
// or two for one key, a POST runs nothing and is answered 429 with
// Retry-After until the next minute; the GET page is not counted.
func TestUnsubscribeBudget(t *testing.T) {
	s := newSite(t)
	s.h.UnsubscribesPerMinute = 3
	s.now = s.now.Add(15 * time.Second)
	link := s.invite()
	const form = "application/x-www-form-urlencoded"
	wrong := func(i int) string { return "/unsubscribe/gzzz" + string(rune('a'+i)) + ".aaaaaaaaaaaaaaaa" }
	for i, step := range []struct {
		path string
		code int
	}{
		{link, 200}, {link, 200}, {link, 429}, {wrong(0), 404}, {wrong(1), 429}, {wrong(2), 429},
	} {
		if i == 3 {
			s.get("GET", link) // not counted
		}
		w := s.send("POST", step.path, form, oneClick)
		if w.Code != step.code {
			t.Fatalf("POST %d %s: %d, want %d\n%s", i+1, step.path, w.Code, step.code, w.Body)
		}
		if w.Code == 429 {
			if ra := w.Header().Get("Retry-After"); ra != "45" || !strings.Contains(w.Body.String(), "Try again in a minute") {
				t.Errorf("POST %d: Retry-After %q:\n%s", i+1, ra, w.Body)
			}
		}
	}
	s.now = s.now.Add(time.Minute)
	for i, path := range []string{wrong(1), wrong(2), link} {
		if w := s.send("POST", path, form, oneClick); w.Code == 429 {
			t.Errorf("the next minute, POST %d %s: %d", i+1, path, w.Code)
		}
	}
}

// failingUnsubscribe is an Unsubscriber whose store fails.
type failingUnsubscribe struct{}

func (failingUnsubscribe) Unsubscribe(context.Context, string) (games.Unsubscribed, error) {
	return games.Unsubscribed{}, errBroken
}

// TestUnsubscribeOff: without an Unsubscriber the link is a 404 and takes
// no POST; a store that fails is a 500 that says nothing of why.
func TestUnsubscribeOff(t *testing.T) {
	s := newSite(t)
	link := s.invite()
	s.h = &Handler{Games: s.store}
	if w := s.get("GET", link); w.Code != 404 || strings.Contains(w.Body.String(), "<form") {
		t.Errorf("GET %s without unsubscribe: %d\n%s", link, w.Code, w.Body)
	}
	if w := s.send("POST", link, "application/x-www-form-urlencoded", oneClick); w.Code != 405 || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST %s without unsubscribe: %d, Allow %q", link, w.Code, w.Header().Get("Allow"))
	}
	s.h = &Handler{Games: s.store, Unsubscribe: failingUnsubscribe{}}
	if w := s.send("POST", link, "application/x-www-form-urlencoded", oneClick); w.Code != 500 || strings.Contains(w.Body.String(), "broken") {
		t.Errorf("POST %s, the store failing: %d\n%s", link, w.Code, w.Body)
	}
	if s.stopped() {
		t.Error("carol was stopped")
	}
}

// TestListUnsubscribeHeader: an invitation names the one-click link only
// when the web view's base URL is https; with none, or plain http, its
// List-Unsubscribe is the keyed mailto alone, without
// List-Unsubscribe-Post.
func TestListUnsubscribeHeader(t *testing.T) {
	for _, c := range []struct {
		base    string
		oneLink bool
	}{{"", false}, {"http://localhost:8080", false}, {webBase + "/", true}} {
		s := newSite(t)
		cat := variants.Default(variants.Options{CacheDir: filepath.Dir(s.store.Path())})
		srv, err := games.NewServer(s.store, cat, games.Config{BotAddress: botAddress, Clock: s, Seed: 1, OutageAfter: -1,
			ErrorAnswersPerHour: 1000, WebBaseURL: c.base})
		if err != nil {
			t.Fatal(err)
		}
		s.srv = srv
		inv := s.to(s.write(alice, &s.toAlice, "challenge "+carol+" gufuu"), carol)
		header, post := inv.Headers["List-Unsubscribe"], inv.Headers["List-Unsubscribe-Post"]
		mailto := "<mailto:" + inv.ReplyTo + "?subject=stop&body=stop>"
		if c.oneLink != strings.HasPrefix(header, "<"+webBase+"/unsubscribe/") || !strings.HasSuffix(header, mailto) ||
			c.oneLink != (post == oneClick) || !c.oneLink && (header != mailto || post != "") {
			t.Errorf("base %q: List-Unsubscribe %q, List-Unsubscribe-Post %q", c.base, header, post)
		}
	}
}
