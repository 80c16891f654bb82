package clubplay

import (
	"fmt"
	"slices"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
)

// Players who leave a tournament that has begun: withdrawn by themselves
// or the organiser, or forgotten ("forget me").

// withdrawPlayer takes address out of a started tournament: the games of
// theirs without a result are lost by forfeit (in a round robin also those
// not begun); the ones being played end on the board as resigned, and
// their opponents are told. Then the tournament moves on (advance).
func withdrawPlayer(c *referee.Change, tr *club.Tournament, address, news string) error {
	if err := tr.Pairing.Withdraw(address); err != nil {
		return fmt.Errorf("tournament %s: %w", tr.ID, err)
	}
	for _, ids := range tr.Games {
		for _, id := range ids {
			if id == "" {
				continue
			}
			lg := c.Game(id)
			if lg == nil || lg.Rec.State != record.Playing {
				continue
			}
			side, ok := lg.Rec.SideOf(address)
			if !ok {
				continue
			}
			lg.Finish(rules.WinFor(side.Opponent(), rules.Resignation))
			c.Notify(referee.Notice, lg.Rec.OpponentAddress(side), id, fmt.Sprintf(
				"Your opponent withdrew from %s: game %s ends, and the tournament scores it as your win by forfeit.", tr.Title(), id))
		}
	}
	return advanceTournament(c, tr, []string{news})
}

// ForgetInTournaments takes a forgotten player (forget.go) out of their
// tournaments and writes standIn for their address there: withdrawn from
// those being played (their games without a result lost by forfeit), out
// of those open; a tournament they organise keeps going without its
// organiser's mail.
func ForgetInTournaments(c *referee.Change, address, standIn string) error {
	var ids []string
	err := c.Tx.Club().EachTournament(func(tr *club.Tournament, err error) error {
		if err == nil && tr.State != club.Over && (tr.Organiser == address || slices.Contains(tr.Entrants, address)) {
			ids = append(ids, tr.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		tr, err := c.Tx.Club().Tournament(id)
		if err != nil || tr == nil {
			return err
		}
		if tr.State == club.Open {
			tr.Entrants = slices.DeleteFunc(tr.Entrants, func(a string) bool { return a == address })
		}
		playing := tr.State == club.Playing && slices.Contains(tr.Entrants, address) && !tr.Withdrawn(address)
		renameIn(tr, address, standIn)
		if playing {
			err = withdrawPlayer(c, tr, standIn, fmt.Sprintf("A player left windpost, who is %s from now on: their games without a result are lost by forfeit.", keys.Shown(standIn, "")))
		} else {
			err = c.Tx.Club().PutTournament(tr)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// renameIn writes to for the address from everywhere in tournament tr.
func renameIn(tr *club.Tournament, from, to string) {
	swap := func(a *string) {
		if *a == from {
			*a = to
		}
	}
	swap(&tr.Organiser)
	for i := range tr.Entrants {
		swap(&tr.Entrants[i])
	}
	t := tr.Pairing
	if t == nil {
		return
	}
	for i := range t.Players {
		if t.Players[i].ID == from {
			t.Players[i].ID, t.Players[i].Name = to, keys.Shown(to, "")
		}
	}
	for _, r := range t.Paired {
		for i := range r.Games {
			swap(&r.Games[i].White)
			swap(&r.Games[i].Black)
		}
	}
	if t.Withdrawn[from] {
		delete(t.Withdrawn, from)
		t.Withdrawn[to] = true
	}
}
