package web

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/rating"
)

// gameView is a game's page: its blocks (games.GamePage.Document), the
// picture with the board.
type gameView struct {
	games.GamePage
	Title string        // the game's title ("Gufuu Shogi")
	Doc   template.HTML // the blocks, rendered by document
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

// game shows a game's page: the blocks games makes of it, as a mail
// shows them to someone who does not play in the game, the board's
// picture (board.png) above the text board.
func (h *Handler) game(w http.ResponseWriter, r *http.Request) {
	p, ok := h.gamePage(w, r)
	if !ok {
		return
	}
	kit, found := h.catalog().Lookup(p.Variant)
	if !found {
		h.fail(w, "game page", fmt.Errorf("game %s: unknown game %q", p.ID, p.Variant))
		return
	}
	var tournament string
	if p.Tournament != "" && h.Tournaments != nil {
		tournament = rootOf(r) + "t/" + p.Tournament
	}
	d, err := p.Document(kit, tournament)
	if err != nil {
		h.fail(w, "game page", err)
		return
	}
	// document escapes every text it writes: its HTML is safe as it is.
	pic := &document.Picture{URL: r.PathValue("link") + "/board.png", Width: boardShown}
	v := gameView{GamePage: p, Title: kit.Rules.Title(), Doc: template.HTML(d.Fragment(pic))}
	h.render(w, http.StatusOK, "game.html", page{Title: fmt.Sprintf("%s, game %s", v.Title, p.ID), Root: rootOf(r), Body: v})
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

// tournamentView is a tournament's page: its tables, rendered by
// document, and its pairings by round.
type tournamentView struct {
	Tournament
	Title      string
	Crosstable template.HTML
	ByRound    [][]Pairing // the pairings of each round, from round 1
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
	v.Crosstable = template.HTML(v.Tables.Fragment(nil)) // document escapes every text it writes
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
// (shownAddresses), in its tables' words and cells too: whatever the
// source gives, the web shows no whole address.
func shownTournament(t Tournament) Tournament {
	t.Name = shownAddresses(t.Name)
	t.Players = append([]string(nil), t.Players...)
	for i, p := range t.Players {
		t.Players[i] = shownAddresses(p)
	}
	t.Pairings = append([]Pairing(nil), t.Pairings...)
	for i, p := range t.Pairings {
		t.Pairings[i].White, t.Pairings[i].Black = shownAddresses(p.White), shownAddresses(p.Black)
	}
	t.Tables = shownDocument(t.Tables)
	return t
}

// shownDocument is d, a copy, with the addresses in its blocks' words
// and cells cut (shownAddresses).
func shownDocument(d document.Document) document.Document {
	blocks := make([]document.Block, len(d.Blocks))
	for i, b := range d.Blocks {
		b.Text, b.Example = shownAddresses(b.Text), shownAddresses(b.Example)
		if b.Board != nil {
			board := *b.Board
			board.Diagram, board.Status = shownAddresses(board.Diagram), shownAddresses(board.Status)
			b.Board = &board
		}
		if b.Table != nil {
			table := *b.Table
			table.Columns = slices.Clone(table.Columns)
			for j, c := range table.Columns {
				table.Columns[j].Name = shownAddresses(c.Name)
			}
			table.Rows = make([][]string, len(b.Table.Rows))
			for j, row := range b.Table.Rows {
				table.Rows[j] = make([]string, len(row))
				for k, cell := range row {
					table.Rows[j][k] = shownAddresses(cell)
				}
			}
			b.Table = &table
		}
		blocks[i] = b
	}
	return document.Document{Blocks: blocks}
}

// address is what shownAddresses takes for a mail address.
var address = regexp.MustCompile(`[^\s@<>()\[\]"',;:]+@[^\s@<>()\[\]"',;:]+`)

// shownAddresses is text with each mail address in it written as the
// standings show others ("alice@...").
func shownAddresses(text string) string {
	return address.ReplaceAllStringFunc(text, func(a string) string {
		local, _, _ := strings.Cut(a, "@")
		return local + "@..."
	})
}
