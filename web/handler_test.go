package web

import (
	"bytes"
	"html"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

// get answers a request with method to path.
func (s *site) get(method, path string) *httptest.ResponseRecorder {
	s.t.Helper()
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, httptest.NewRequest(method, path, nil))
	return w
}

// link is the path of game id's page by its unguessable link.
func (s *site) link(id string) string { return "/g/" + s.store.GameLink(id) }

// TestPages: each page answers 200 with what it must show, and every
// address is shown as "local@...".
func TestPages(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		path string
		want []string
	}{
		{"/", []string{`<a href="standings/gufuu">Gufuu Shogi</a>`, `<a href="t/t2345">t2345: Winter &lt;b&gt;cup&lt;/b&gt;</a>`,
			`<a href="g/` + s.botGame + `">Gufuu Shogi ` + s.botGame + `</a>: alice@... vs. the bot (casual)`, `href="style.css"`}},
		{s.link(s.people), []string{"Micro-shogi, game " + s.people, "alice@... (black) vs. bob@... (white)",
			`<img src="` + s.store.GameLink(s.people) + `/board.png" alt="Micro-shogi board: Black to move" width="360">`,
			"Move #1: black (alice@...) to move.<br>Deadline for this move: Tue 24 Nov 2026 12:00 UTC (3 days per move).",
			"No move yet.", `href="../style.css"`, `<a href="../">windpost</a>`}},
		{s.link(s.botGame), []string{"Gufuu Shogi, game " + s.botGame, `<pre class="record joined">1.K*1b&gt;N 2.`,
			"Move #3: black (alice@...) to move.", "This game is public."}},
		{"/g/" + s.botGame, []string{"Gufuu Shogi, game " + s.botGame, `<img src="` + s.botGame + `/board.png"`}},
		{s.link(s.over), []string{"Game over after 1 move: black wins by resignation.", "<p class=\"paragraph\">The moves:</p>\n<pre class=\"record joined\">1."}},
		{"/standings/microshogi", []string{"Standings of Micro-shogi", "<td>1</td><td>alice@...</td>", "RD 110 or more", "No public games yet"}},
		{"/standings/gufuu", []string{"Nobody has a rating in Gufuu Shogi yet", `<a href="../g/` + s.botGame + `">`}},
		{"/t/t2345", []string{"Winter &lt;b&gt;cup&lt;/b&gt;", "Gufuu Shogi, roundrobin, 7 rounds, 3 days per move, rated: running.",
			"<li>carol@...</li>", "Round robin, 8 players, after round 3 of 7", `<th align="left">Name</th>`, `<td>carol@...</td>`,
			`<table role="presentation" cellpadding="2" cellspacing="0" class="table">`, "<h2>Round 7</h2>",
			`alice@... (white) vs. heidi@... (black): 1-0, <a href="../g/` + s.botGame + `">game ` + s.botGame + `</a>`}},
		{"/t/t3456", []string{"Micro-shogi, swiss, 4 rounds, 2 days per move, unrated: over.", "The final standings:", "The crosstable:",
			`<td>ivan.petrov@...</td>`, "<li>ivan.petrov@...</li>", ": a bye</li>", "5w1: against number 5 with White"}},
	} {
		w := s.get("GET", c.path)
		body := w.Body.String()
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("GET %s: %d %s\n%s", c.path, w.Code, w.Header().Get("Content-Type"), body)
			continue
		}
		for _, want := range c.want {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s lacks %q:\n%s", c.path, want, body)
			}
		}
		if strings.Contains(body, "@players") {
			t.Errorf("GET %s shows a whole address:\n%s", c.path, body)
		}
		// The footer says where to write to play: the bot's address.
		if footer := `to play, write to <a href="mailto:bot@windpost.test?body=help">bot@windpost.test</a> with "help" in the body.`; !strings.Contains(body, footer) {
			t.Errorf("GET %s: the footer does not name the bot's address:\n%s", c.path, body)
		}
	}
	if body := s.get("GET", "/nothing").Body.String(); !strings.Contains(body, "bot@windpost.test") {
		t.Errorf("the 404 page's footer does not name the bot's address:\n%s", body)
	}
}

// TestGamePageSaysWhatTheMailSays: a game's page words its board as the
// mails about the game do (one function makes both): the picture's alt
// text is the mail's, and the text board's status line is the mail's
// picture caption.
func TestGamePageSaysWhatTheMailSays(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		game string
		mail games.Mail
	}{{s.people, s.toBob}, {s.over, s.resigned}} {
		body := s.get("GET", s.link(c.game)).Body.String()
		board := c.mail.Doc.FirstBoard()
		if board == nil || c.mail.Board == nil {
			t.Fatalf("the mail about %s has no board:\n%s", c.game, c.mail.Text)
		}
		if alt := `alt="` + html.EscapeString(board.AltText()) + `"`; !strings.Contains(body, alt) {
			t.Errorf("the page of %s has not the mail's %s:\n%s", c.game, alt, body)
		}
		if status := c.mail.Board.Status; status != "" && !strings.Contains(body, html.EscapeString(status)) {
			t.Errorf("the page of %s does not say %q:\n%s", c.game, status, body)
		}
	}
	if s.resigned.Board.Status == "" {
		t.Error("the mail about a resigned game has no status to compare")
	}
}

// TestBoardPicture: the board is the picture the mail shows, as a PNG
// 720 pixels wide, under the game's link (and under its id when public).
func TestBoardPicture(t *testing.T) {
	s := newSite(t)
	for _, path := range []string{s.link(s.people) + "/board.png", s.link(s.botGame) + "/board.png", "/g/" + s.botGame + "/board.png"} {
		w := s.get("GET", path)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/png" {
			t.Errorf("GET %s: %d %s", path, w.Code, w.Header().Get("Content-Type"))
			continue
		}
		img, err := png.DecodeConfig(bytes.NewReader(w.Body.Bytes()))
		if err != nil || img.Width != boardWidth {
			t.Errorf("GET %s: %v, %d pixels wide", path, err, img.Width)
		}
	}
}

// TestNotFound: a wrong token, an unknown game, a private game by its id,
// an unknown game or tournament all get the same 404 page, which does not
// tell them apart; the picture too.
func TestNotFound(t *testing.T) {
	s := newSite(t)
	link := s.store.GameLink(s.people)
	wrong := []byte(link)
	wrong[len(wrong)-1] ^= 1
	want := s.get("GET", "/g/gzzzz").Body.String()
	for _, path := range []string{"/g/" + string(wrong), "/g/" + s.people, "/g/" + s.people + "-", "/g/gzzzz-" + link[len(s.people)+1:],
		"/g/" + s.people + "/board.png", "/g/" + string(wrong) + "/board.png", "/g/", "/g/%3Cb%3E", "/nothing", "/standings/chess", "/t/t9999"} {
		w := s.get("GET", path)
		if w.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, w.Code)
			continue
		}
		if strings.HasPrefix(path, "/g/g") && !strings.HasSuffix(path, ".png") && w.Body.String() != want {
			t.Errorf("GET %s: a 404 unlike an unknown game's:\n%s\nwant\n%s", path, w.Body, want)
		}
	}
	s.h = &Handler{Games: s.store} // no tournaments
	if w := s.get("GET", "/t/t2345"); w.Code != http.StatusNotFound {
		t.Errorf("GET /t/t2345 without tournaments: %d", w.Code)
	}
}

// TestMethodsAndHeaders: only GET and HEAD are answered; every answer
// (200, 404, 405) carries the security headers and sets no cookie.
func TestMethodsAndHeaders(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		method, path string
		code         int
	}{
		{"GET", "/", 200}, {"HEAD", "/", 200}, {"HEAD", s.link(s.people), 200}, {"GET", "/style.css", 200},
		{"GET", "/g/gzzzz", 404},
		{"POST", "/", 405}, {"PUT", s.link(s.people), 405}, {"DELETE", "/g/" + s.botGame, 405}, {"PATCH", "/t/t2345", 405},
		{"POST", "/nothing", 405}, {"OPTIONS", "/", 405},
	} {
		w := s.get(c.method, c.path)
		if w.Code != c.code {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, w.Code, c.code)
		}
		if c.code == 405 && w.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q", c.method, c.path, w.Header().Get("Allow"))
		}
		h := w.Header()
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "script-src") {
			t.Errorf("%s %s: Content-Security-Policy %q", c.method, c.path, csp)
		}
		for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"} {
			if h.Get(k) != v {
				t.Errorf("%s %s: %s %q, want %q", c.method, c.path, k, h.Get(k), v)
			}
		}
		if h.Get("Set-Cookie") != "" {
			t.Errorf("%s %s sets a cookie", c.method, c.path)
		}
		if strings.HasPrefix(c.path, "/g/") && c.code == 200 && h.Get("X-Robots-Tag") != "noindex, nofollow" {
			t.Errorf("%s %s: X-Robots-Tag %q", c.method, c.path, h.Get("X-Robots-Tag"))
		}
	}
	// Pages update on reload: no cache keeps them.
	if cc := s.get("GET", s.link(s.people)).Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("a game's page: Cache-Control %q", cc)
	}
	// No page has a form or a script.
	for _, path := range []string{"/", s.link(s.people), "/standings/gufuu", "/t/t2345"} {
		if body := s.get("GET", path).Body.String(); strings.Contains(body, "<form") || strings.Contains(body, "<script") {
			t.Errorf("GET %s has a form or a script:\n%s", path, body)
		}
	}
}

// TestPublicPrivate: a game between people is reached by its id only
// after both said "public", and no longer after "private".
func TestPublicPrivate(t *testing.T) {
	s := newSite(t)
	plain := "/g/" + s.people
	for _, step := range []struct {
		from *games.Mail
		line string
		code int
	}{
		{&s.toAlice, "public", 404}, {&s.toBob, "public", 200}, {&s.toBob, "private", 404}, {&s.toBob, "public", 200},
	} {
		s.write(step.from.To, step.from, step.line)
		if w := s.get("GET", plain); w.Code != step.code {
			t.Errorf("after %s says %q: GET %s: %d, want %d", step.from.To, step.line, plain, w.Code, step.code)
		}
		if w := s.get("GET", s.link(s.people)); w.Code != 200 {
			t.Errorf("after %s says %q: the link: %d", step.from.To, step.line, w.Code)
		}
	}
	if body := s.get("GET", "/standings/microshogi").Body.String(); !strings.Contains(body, `href="../g/`+s.people+`"`) {
		t.Errorf("the public game is not listed with its game's standings:\n%s", body)
	}
}

// TestStoreFails: a store that fails gives a 500 that says nothing of
// why.
func TestStoreFails(t *testing.T) {
	s := newSite(t)
	s.h = &Handler{Games: failing{}, Tournaments: failing{}}
	for _, path := range []string{"/", "/g/g2345-abcdefghijklmnop", "/standings/gufuu", "/t/t2345"} {
		w := s.get("GET", path)
		if w.Code != http.StatusInternalServerError || strings.Contains(w.Body.String(), "broken") {
			t.Errorf("GET %s: %d %s", path, w.Code, w.Body)
		}
	}
}

// inRound1 is a GameSource whose games are all of tournament t2345's
// first round (games' tests make such games; here only the page counts).
type inRound1 struct{ GameSource }

func (s inRound1) GamePage(id, token string) (games.GamePage, error) {
	p, err := s.GameSource.GamePage(id, token)
	p.Tournament, p.Round = "t2345", 1
	return p, err
}

// TestGameOfTournament: a tournament's game says its round and
// tournament, linked to the tournament's page when the tournaments are
// shown.
func TestGameOfTournament(t *testing.T) {
	s := newSite(t)
	for _, c := range []struct {
		tournaments TournamentSource
		want        string
	}{
		{memTournaments{s.tournament}, `<p class="link"><a href="../t/t2345">Round 1 of tournament t2345</a></p>`},
		{nil, `<p class="paragraph">Round 1 of tournament t2345.</p>`},
	} {
		s.h = &Handler{Games: inRound1{s.store}, Tournaments: c.tournaments}
		body := s.get("GET", s.link(s.botGame)).Body.String()
		if !strings.Contains(body, c.want) || c.tournaments == nil && strings.Contains(body, "t/t2345") {
			t.Errorf("tournaments shown %v: the page lacks %q (or links a page not shown):\n%s", c.tournaments != nil, c.want, body)
		}
	}
}

// TestNotFoundTakesItsTime: a private game by its plain id and a game that
// does not exist are both "not found", and neither answers before
// NotFoundDelay: the time tells no existing id apart (the private game's
// record is read, the missing one's is not).
func TestNotFoundTakesItsTime(t *testing.T) {
	s := newSite(t)
	s.h.NotFoundDelay = 40 * time.Millisecond
	for _, path := range []string{"/g/" + s.people, "/g/gzzzzz", "/g/" + s.people + "-aaaaaaaaaaaaaaaa"} {
		start := time.Now()
		w := s.get("GET", path)
		if took := time.Since(start); w.Code != http.StatusNotFound || took < s.h.NotFoundDelay {
			t.Errorf("GET %s: %d after %v, want 404 after at least %v", path, w.Code, took, s.h.NotFoundDelay)
		}
	}
}

// BenchmarkNotFound: a private game's "not found" against a missing
// game's, at the default delay: the two take the same time.
func BenchmarkNotFound(b *testing.B) {
	s := newSite(b)
	for _, c := range []struct{ name, path string }{{"private", "/g/" + s.people}, {"missing", "/g/gzzzzz"}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if w := s.get("GET", c.path); w.Code != http.StatusNotFound {
					b.Fatalf("GET %s: %d", c.path, w.Code)
				}
			}
		})
	}
}

// BenchmarkPages: a game's page (its game replayed, its blocks made and
// rendered) and a tournament's (its tables rendered, addresses cut).
func BenchmarkPages(b *testing.B) {
	s := newSite(b)
	for _, c := range []struct{ name, path string }{{"game", s.link(s.botGame)}, {"tournament", "/t/t3456"}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if w := s.get("GET", c.path); w.Code != http.StatusOK {
					b.Fatalf("GET %s: %d", c.path, w.Code)
				}
			}
		})
	}
}
