package web

import (
	"bytes"
	"embed"
	"html/template"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

// GameSource is where the games' pages come from: *games.Store.
type GameSource interface {
	GamePage(id, token string) (games.GamePage, error)
	PublicGames(variant string, limit int) ([]games.PublicGame, error)
	Standings(variant string, now time.Time) ([]games.Standing, error)
}

// DefaultNotFoundDelay is Handler.NotFoundDelay's default: well above
// the time a game's record takes to read (about 0.4 ms), so that a
// private game's "not found" takes as long as a missing one's.
const DefaultNotFoundDelay = 5 * time.Millisecond

// Handler serves the web view. Games must be set; every other zero field
// means its default, read through one accessor each (as net/http's
// Server). A Handler must not be copied once it served.
type Handler struct {
	// Games is the games' store.
	Games GameSource
	// Tournaments are the tournaments' pages; nil = no tournaments shown.
	Tournaments TournamentSource
	// Catalog names the games and reads their positions for the board
	// picture; nil = variants.Default (rules and notation only are used).
	Catalog *variants.Catalog
	// Now tells the time (the standings' deviations grow with it); nil =
	// time.Now.
	Now func() time.Time
	// Log receives the failures behind a 500; nil = discard.
	Log *slog.Logger
	// BotAddress is the address players write to, which every page's
	// footer shows; "" = the footer names none.
	BotAddress string
	// NotFoundDelay is how long after the request a game page that does
	// not exist, or may not be shown, is answered; 0 = DefaultNotFoundDelay.
	NotFoundDelay time.Duration
	// Unsubscribe runs the one-click unsubscribe of the key an
	// invitation's List-Unsubscribe URL carries (*games.Server); nil = the
	// unsubscribe pages are 404 and take no POST (unsubscribe.go).
	Unsubscribe Unsubscriber
	// UnsubscribesPerMinute is how many one-click POSTs run in a minute,
	// whoever sends them; 0 = DefaultUnsubscribesPerMinute.
	UnsubscribesPerMinute int

	once  sync.Once
	mux   *http.ServeMux
	pages *template.Template
	cat   *variants.Catalog
	posts postBudget // the one-click POSTs of this minute (unsubscribe.go)
}

// publicGamesShown is how many public games the index and a standings
// page list.
const publicGamesShown = 30

//go:embed templates/*.html templates/style.css
var files embed.FS

func (h *Handler) catalog() *variants.Catalog {
	h.init()
	return h.cat
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

func (h *Handler) log() *slog.Logger {
	if h.Log != nil {
		return h.Log
	}
	return slog.New(slog.DiscardHandler)
}

// init builds the routes and parses the pages once.
func (h *Handler) init() {
	h.once.Do(func() {
		h.cat = h.Catalog
		if h.cat == nil {
			h.cat = variants.Default(variants.Options{})
		}
		h.pages = template.Must(template.New("").Funcs(template.FuncMap{
			"when": func(t time.Time) string { return t.UTC().Format("Mon 2 Jan 2006 15:04 MST") },
			"add":  func(a, b int) int { return a + b },
			"publicList": func(root string, list []gameEntry) any {
				return struct {
					Root  string
					Games []gameEntry
				}{root, list}
			},
		}).ParseFS(files, "templates/*.html"))
		mux := http.NewServeMux()
		mux.HandleFunc("GET /{$}", h.index)
		mux.HandleFunc("GET /style.css", h.style)
		mux.HandleFunc("GET /g/{link}", h.game)
		mux.HandleFunc("GET /g/{link}/board.png", h.board)
		mux.HandleFunc("GET /standings/{game}", h.standings)
		mux.HandleFunc("GET /t/{id}", h.tournament)
		mux.HandleFunc("GET /unsubscribe/{key}", h.unsubscribePage)
		mux.HandleFunc("POST /unsubscribe/{key}", h.unsubscribe)
		mux.HandleFunc("GET /", h.notFound)
		h.mux = mux
	})
}

// contentPolicy is every answer's Content-Security-Policy: no script,
// no form (the unsubscribe page's button allows its own, formSelf).
const contentPolicy = "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// ServeHTTP answers GET and HEAD, and POST to an unsubscribe link, with
// the security headers on every answer; any other method is 405.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.init()
	hd := w.Header()
	hd.Set("Content-Security-Policy", contentPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cache-Control", "no-store")
	if allow := h.methods(r.URL.Path); !slices.Contains(allow, r.Method) {
		hd.Set("Allow", strings.Join(allow, ", "))
		why := "this site only shows pages"
		if len(allow) > 2 {
			why = "an unsubscribe link takes GET (a page with a button) and POST (the button's)"
		}
		http.Error(w, "405 method not allowed: "+why, http.StatusMethodNotAllowed)
		return
	}
	h.mux.ServeHTTP(w, r)
}

// page is what every page's template gets.
type page struct {
	Title string
	Root  string // the relative way back to the site's root: "" or "../"
	Body  any
	Bot   string // the address to write to, for the footer (render sets it)
}

// render writes the page named name with status.
func (h *Handler) render(w http.ResponseWriter, status int, name string, p page) {
	var buf bytes.Buffer
	p.Bot = h.BotAddress
	if err := h.pages.ExecuteTemplate(&buf, name, p); err != nil {
		h.fail(w, "render "+name, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// notFound is the one 404 page: it says nothing of why.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request) {
	h.render(w, http.StatusNotFound, "notfound.html", page{Title: "Not found", Root: rootOf(r)})
}

// rootOf is the relative way from r's page back to the site's root ("",
// "../"): every link is relative, so that the site may sit under a path
// behind a proxy.
func rootOf(r *http.Request) string {
	return strings.Repeat("../", max(strings.Count(r.URL.Path, "/")-1, 0))
}

// fail answers 500 for a failure of the store, and logs it.
func (h *Handler) fail(w http.ResponseWriter, what string, err error) {
	h.log().Error("web view: "+what, "err", err)
	http.Error(w, "500 windpost cannot show this page now; try again later", http.StatusInternalServerError)
}

// style serves the one style sheet.
func (h *Handler) style(w http.ResponseWriter, _ *http.Request) {
	css, err := files.ReadFile("templates/style.css")
	if err != nil {
		h.fail(w, "style", err)
		return
	}
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(css)
}

// notFoundDelay is NotFoundDelay or its default.
func (h *Handler) notFoundDelay() time.Duration {
	if h.NotFoundDelay <= 0 {
		return DefaultNotFoundDelay
	}
	return h.NotFoundDelay
}
