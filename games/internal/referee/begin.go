package referee

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// How a game between people begins: the challenge made (Invite), the
// sides drawn (PickSide), the game begun when it is taken up (Begin).

// Begin starts the challenge lg, which the sender, who plays side, takes
// up: the clock runs, the challenger hears it (news says how, e.g. "bob
// accepted your challenge"), and the text tells the sender. Every game
// between people begins here (accept, join, a rematch asked by both).
func Begin(h *Handling, lg *LiveGame, side rules.Side, news string) (string, error) {
	rec := lg.Rec
	rec.State = record.Playing
	if err := StartClock(h.Change, lg); err != nil {
		return "", err
	}
	toMove := lg.ToMove()
	turn := func(s rules.Side) string {
		if s == toMove {
			return "you have the first move"
		}
		return "your opponent has the first move"
	}
	h.Notify(Notice, rec.Challenger, rec.ID, fmt.Sprintf("%s: game %s has begun. You play %s, and %s. %s",
		news, rec.ID, side.Opponent(), turn(side.Opponent()), RatedWords(rec)))
	return fmt.Sprintf("Done: game %s has begun. You play %s, and %s. %s", rec.ID, side, turn(side), RatedWords(rec)), nil
}

// Invite makes the challenge of challenger, who plays side, to opponent:
// a game of this mail waiting for the opponent's accept, with days per
// move (0: DefaultDaysPerMove), rated or not.
func Invite(h *Handling, kit variants.Kit, challenger string, side rules.Side, opponent string, days int, rated bool) (*LiveGame, error) {
	lg, err := h.NewGame(kit, challenger, side, record.Slot{Address: opponent}, record.Invited)
	if err != nil {
		return nil, err
	}
	if days == 0 {
		days = DefaultDaysPerMove
	}
	h.Created = lg.Rec.ID
	rec := lg.Rec
	rec.Rated = rated
	rec.DaysPerMove = days
	rec.Deadline = h.Now.Add(InvitationDays * 24 * time.Hour)
	h.Answer.Focus = rec.ID
	return lg, nil
}

// PickSide is the side asked for, or one drawn by lot.
func PickSide(h *Handling, s string) rules.Side {
	switch s {
	case "black":
		return rules.Black
	case "white":
		return rules.White
	}
	return rules.Side(h.rng.IntN(2))
}
