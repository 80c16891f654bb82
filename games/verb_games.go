package games

import (
	"fmt"
	"slices"
	"strings"
)

// maxListedEnded is how many finished games "games" lists.
const maxListedEnded = 10

// listGames answers "games": every game in progress or waiting, and the
// last finished ones.
func listGames(h *handling, _ Command) (string, error) {
	p, err := h.player(h.From)
	if err != nil {
		return "", err
	}
	mine, err := h.playerGames(h.From)
	if err != nil {
		return "", err
	}
	if len(p.Games) == 0 {
		return fmt.Sprintf("You have no games yet. Write \"new %s\" to play the bot, or \"challenge <address> %s\" to play a friend.",
			firstVariant(h), firstVariant(h)), nil
	}
	var list []*liveGame
	ended := 0
	for i := len(mine) - 1; i >= 0; i-- {
		lg := mine[i]
		if lg.rec.State == stateOver || lg.rec.State == stateDeclined || lg.rec.State == stateCancelled {
			ended++
			if ended > maxListedEnded {
				continue
			}
		}
		list = append(list, lg)
	}
	slices.Reverse(list)
	var b strings.Builder
	b.WriteString("Your games:")
	if ended > maxListedEnded {
		fmt.Fprintf(&b, " (the last %d of %d finished ones)", maxListedEnded, ended)
	}
	for _, lg := range list {
		listGame(h, &b, lg)
	}
	for _, id := range p.Games {
		if _, bad := h.unreadable[id]; bad {
			fmt.Fprintf(&b, "\n%s  cannot be read on this server at the moment (the admin can see why in the log)", id)
		}
	}
	return b.String(), nil
}

// listGame writes the line of lg in the sender's list of games.
func listGame(h *handling, b *strings.Builder, lg *liveGame) {
	rec := lg.rec
	loc := h.locationOf(h.From)
	side, _ := rec.sideOf(h.From)
	opp := rec.Players[side.Opponent()].shown()
	fmt.Fprintf(b, "\n%s  %-12s you (%s) vs. %s: ", rec.ID, rec.Variant, side, opp)
	switch rec.State {
	case stateInvited:
		if rec.Challenger == h.From {
			fmt.Fprintf(b, "waiting for them to accept (until %s)", formatTimeIn(rec.Deadline, loc))
		} else {
			fmt.Fprintf(b, "they challenge you: accept or decline by %s", formatTimeIn(rec.Deadline, loc))
		}
	case statePlaying:
		if lg.toMove() == side {
			b.WriteString("your move")
		} else {
			b.WriteString("their move")
		}
		fmt.Fprintf(b, " (#%d)", len(rec.Moves)+1)
		if !rec.Deadline.IsZero() {
			fmt.Fprintf(b, ", deadline %s", formatTimeIn(rec.Deadline, loc))
		}
	default:
		b.WriteString(lg.resultFor(h.From))
	}
}

// firstVariant is the name of the catalog's first game, for examples.
func firstVariant(h *handling) string {
	if ks := h.srv.catalog.Kits(); len(ks) > 0 {
		return ks[0].Rules.Name()
	}
	return "<game>"
}
