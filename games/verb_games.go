package games

import (
	"fmt"
	"slices"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// maxListedEnded is how many finished games "games" lists.
const maxListedEnded = 10

// listGames answers "games": every game in progress or waiting, and the
// last finished ones, as a table.
func listGames(h *referee.Handling, _ referee.Command) ([]document.Block, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return nil, err
	}
	mine, err := h.PlayerGames(h.From)
	if err != nil {
		return nil, err
	}
	if len(p.Games) == 0 {
		return referee.Paragraphs(fmt.Sprintf("You have no games yet. Write \"new %s\" to play the bot, or \"challenge <address> %s\" to play a friend.",
			firstVariant(h), firstVariant(h))), nil
	}
	var list []*referee.LiveGame
	ended := 0
	for i := len(mine) - 1; i >= 0; i-- {
		lg := mine[i]
		if lg.Rec.State == record.Over || lg.Rec.State == record.Declined || lg.Rec.State == record.Cancelled {
			ended++
			if ended > maxListedEnded {
				continue
			}
		}
		list = append(list, lg)
	}
	slices.Reverse(list)
	head := "Your games:"
	if ended > maxListedEnded {
		head += fmt.Sprintf(" (the last %d of %d finished ones)", maxListedEnded, ended)
	}
	t := document.TablePart{Columns: []document.Column{{Name: "game"}, {Name: "of"}, {Name: "players"}, {Name: "state"}}}
	for _, lg := range list {
		t.Rows = append(t.Rows, gameRow(h, lg))
	}
	for _, id := range p.Games {
		if _, bad := h.Unreadable[id]; bad {
			t.Rows = append(t.Rows, []string{id, "", "", "cannot be read on this server at the moment (the admin can see why in the log)"})
		}
	}
	return []document.Block{document.Para(head), document.Joined(document.Grid(t))}, nil
}

// gameRow is the row of lg in the sender's table of games: its id, its
// game, the players, and where it stands.
func gameRow(h *referee.Handling, lg *referee.LiveGame) []string {
	rec := lg.Rec
	loc := h.LocationOf(h.From)
	side, _ := rec.SideOf(h.From)
	players := fmt.Sprintf("you (%s) vs. %s", side, referee.ShownSlot(rec.Players[side.Opponent()]))
	var state string
	switch rec.State {
	case record.Invited:
		if rec.Challenger == h.From {
			state = fmt.Sprintf("waiting for them to accept (until %s)", referee.FormatTimeIn(rec.Deadline, loc))
		} else {
			state = fmt.Sprintf("they challenge you: accept or decline by %s", referee.FormatTimeIn(rec.Deadline, loc))
		}
	case record.Playing:
		state = "their move"
		if lg.ToMove() == side {
			state = "your move"
		}
		state += fmt.Sprintf(" (#%d)", len(rec.Moves)+1)
		if !rec.Deadline.IsZero() {
			state += ", deadline " + referee.FormatTimeIn(rec.Deadline, loc)
		}
	default:
		state = lg.ResultFor(h.From)
	}
	return []string{rec.ID, rec.Variant, players, state}
}

// firstVariant is the name of the catalog's first game, for examples.
func firstVariant(h *referee.Handling) string {
	if ks := h.Server.Catalog.Kits(); len(ks) > 0 {
		return ks[0].Rules.Name()
	}
	return "<game>"
}
