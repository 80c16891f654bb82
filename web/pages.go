package web

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/rules"
)

// gameView is a game's page.
type gameView struct {
	games.GamePage
	Title      string // the game's title ("Gufuu Shogi")
	Board      string // the picture's address, relative to the page
	Width      int    // the picture's width shown, in CSS pixels
	Status     string // whose move and the deadline, or how it ended
	Moves      []string
	Tournament bool // the tournament's page is shown
}

// gameEntry is a public game in a list.
type gameEntry struct {
	games.PublicGame
	Title string
}

// indexView is the site's first page.
type indexView struct {
	Games       []kitEntry
	Tournaments []Tournament
	Public      []gameEntry
}

// kitEntry is one game windpost plays.
type kitEntry struct{ Name, Title string }

// standingsView is a game's standings.
type standingsView struct {
	Title         string
	Rows          []games.Standing
	ProvisionalRD int
	Public        []gameEntry
}

// index shows the games (each with its standings), the tournaments and
// the public games.
func (h *Handler) index(w http.ResponseWriter, r *http.Request) {
	var v indexView
	for _, kit := range h.catalog().Kits() {
		v.Games = append(v.Games, kitEntry{kit.Rules.Name(), kit.Rules.Title()})
	}
	if h.Tournaments != nil {
		ts, err := h.Tournaments.Tournaments()
		if err != nil {
			h.fail(w, "tournaments", err)
			return
		}
		for _, t := range ts {
			v.Tournaments = append(v.Tournaments, shownTournament(t))
		}
	}
	var err error
	if v.Public, err = h.publicGames(""); err != nil {
		h.fail(w, "public games", err)
		return
	}
	h.render(w, http.StatusOK, "index.html", page{Title: "windpost", Root: rootOf(r), Body: v})
}

// publicGames lists variant's public games ("": every game's).
func (h *Handler) publicGames(variant string) ([]gameEntry, error) {
	list, err := h.Games.PublicGames(variant, publicGamesShown)
	var out []gameEntry
	for _, g := range list {
		out = append(out, gameEntry{g, h.title(g.Variant)})
	}
	return out, err
}

// title is a game's title, or its name if the catalog lacks it.
func (h *Handler) title(variant string) string {
	if kit, ok := h.catalog().Lookup(variant); ok {
		return kit.Rules.Title()
	}
	return variant
}

// gamePage reads the game r's link names; ok is false when it answered
// already (404 or 500).
func (h *Handler) gamePage(w http.ResponseWriter, r *http.Request) (p games.GamePage, ok bool) {
	start := time.Now()
	id, token, dash := strings.Cut(r.PathValue("link"), "-")
	if dash && token == "" {
		h.notFound(w, r)
		return p, false
	}
	p, err := h.Games.GamePage(id, token)
	switch {
	case errors.Is(err, games.ErrNoSuchGame):
		// A private game is read before it is refused, a missing one is
		// not: both answers wait until the same time after the request,
		// so that the time tells no existing id from a missing one.
		select {
		case <-time.After(time.Until(start.Add(h.notFoundDelay()))):
		case <-r.Context().Done():
		}
		h.notFound(w, r)
		return p, false
	case err != nil:
		h.fail(w, "game page", err)
		return p, false
	}
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	return p, true
}

// game shows a game's page.
func (h *Handler) game(w http.ResponseWriter, r *http.Request) {
	p, ok := h.gamePage(w, r)
	if !ok {
		return
	}
	v := gameView{GamePage: p, Title: h.title(p.Variant), Board: r.PathValue("link") + "/board.png", Width: boardShown,
		Status: status(p), Tournament: p.Tournament != "" && h.Tournaments != nil}
	for i, m := range p.Moves {
		v.Moves = append(v.Moves, fmt.Sprintf("%d.%s", i+1, m))
	}
	h.render(w, http.StatusOK, "game.html", page{Title: fmt.Sprintf("%s, game %s", v.Title, p.ID), Root: rootOf(r), Body: v})
}

// status says where a game stands: whose move and until when, or how it
// ended.
func status(p games.GamePage) string {
	switch p.State {
	case "invited":
		return "The challenge has not been accepted yet."
	case "declined":
		return fmt.Sprintf("This game never began: %s.", p.Result)
	case "over":
		return fmt.Sprintf("Game over after %d %s: %s.", len(p.Moves), plural(len(p.Moves), "move", "moves"), p.Result)
	}
	side, _ := rules.ParseSide(p.ToMove)
	s := fmt.Sprintf("Move %d: %s (%s) to move.", len(p.Moves)+1, p.ToMove, p.Players[side].Shown)
	if !p.Deadline.IsZero() {
		s += fmt.Sprintf(" Deadline: %s (%d %s per move).", p.Deadline.UTC().Format("Mon 2 Jan 2006 15:04 MST"),
			p.DaysPerMove, plural(p.DaysPerMove, "day", "days"))
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// board serves a game's board picture.
func (h *Handler) board(w http.ResponseWriter, r *http.Request) {
	p, ok := h.gamePage(w, r)
	if !ok {
		return
	}
	png, err := h.boardPNG(p.Board)
	if err != nil {
		h.fail(w, "board of game "+p.ID, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	_, _ = w.Write(png)
}

// standings shows a game's standings and its public games.
func (h *Handler) standings(w http.ResponseWriter, r *http.Request) {
	kit, ok := h.catalog().Lookup(r.PathValue("game"))
	if !ok {
		h.notFound(w, r)
		return
	}
	v := standingsView{Title: kit.Rules.Title(), ProvisionalRD: int(rating.ProvisionalRD)}
	var err error
	if v.Rows, err = h.Games.Standings(kit.Rules.Name(), h.now()); err != nil {
		h.fail(w, "standings", err)
		return
	}
	if v.Public, err = h.publicGames(kit.Rules.Name()); err != nil {
		h.fail(w, "public games", err)
		return
	}
	h.render(w, http.StatusOK, "standings.html", page{Title: "Standings of " + v.Title, Root: rootOf(r), Body: v})
}

// tournamentView is a tournament's page: its pairings by round.
type tournamentView struct {
	Tournament
	Title   string
	ByRound [][]Pairing // the pairings of each round, from round 1
}

// tournament shows a tournament: its terms, players, crosstable and
// pairings, each game linked.
func (h *Handler) tournament(w http.ResponseWriter, r *http.Request) {
	if h.Tournaments == nil {
		h.notFound(w, r)
		return
	}
	t, err := h.Tournaments.Tournament(r.PathValue("id"))
	switch {
	case errors.Is(err, ErrNotFound):
		h.notFound(w, r)
		return
	case err != nil:
		h.fail(w, "tournament", err)
		return
	}
	v := tournamentView{Tournament: shownTournament(t), Title: h.title(t.Variant)}
	for _, p := range v.Pairings {
		for len(v.ByRound) < p.Round {
			v.ByRound = append(v.ByRound, nil)
		}
		if p.Round > 0 {
			v.ByRound[p.Round-1] = append(v.ByRound[p.Round-1], p)
		}
	}
	h.render(w, http.StatusOK, "tournament.html", page{Title: "Tournament " + t.ID, Root: rootOf(r), Body: v})
}

// shownTournament is t with every address in it cut to its local part
// (shownAddresses): whatever the source gives, the web shows no whole
// address.
func shownTournament(t Tournament) Tournament {
	name := func(s string) string { return strings.TrimRight(shownAddresses(s), " ") }
	t.Name, t.Crosstable = name(t.Name), shownAddresses(t.Crosstable)
	t.Players = append([]string(nil), t.Players...)
	for i, p := range t.Players {
		t.Players[i] = name(p)
	}
	t.Pairings = append([]Pairing(nil), t.Pairings...)
	for i, p := range t.Pairings {
		t.Pairings[i].White, t.Pairings[i].Black = name(p.White), name(p.Black)
	}
	return t
}

// address is what shownAddresses takes for a mail address.
var address = regexp.MustCompile(`[^\s@<>()\[\]"',;:]+@[^\s@<>()\[\]"',;:]+`)

// shownAddresses is text with each mail address in it written as the
// standings show others ("alice@..."), padded with spaces to the
// address's width so that the columns of a table stay in line.
func shownAddresses(text string) string {
	return address.ReplaceAllStringFunc(text, func(a string) string {
		local, domain, _ := strings.Cut(a, "@")
		if domain == "..." {
			return a
		}
		s := local + "@..."
		return s + strings.Repeat(" ", max(utf8.RuneCountInString(a)-utf8.RuneCountInString(s), 0))
	})
}
