package games

import (
	"fmt"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// acceptOrDecline answers "accept" and "decline" (which also withdraws
// the sender's own challenge); an offer waiting for the sender's answer
// goes first (verb_offer.go).
func acceptOrDecline(h *referee.Handling, c referee.Command) (string, error) {
	if text, ok, err := answerOffer(h, c); ok {
		return text, err
	}
	pick := func(g *record.Game) bool { return g.State == record.Invited && g.Invitee() == h.From }
	if c.Verb == referee.VerbDecline {
		pick = func(g *record.Game) bool { return g.State == record.Invited }
	}
	if c.Game == "" && h.Created == "" && h.AuthGame != "" && !pick(h.Games[h.AuthGame].Rec) {
		// A reply in the thread of another game: the challenge meant is
		// the one waiting, if there is only one.
		waiting, err := referee.PickGames(h, pick)
		if err != nil {
			return "", err
		}
		if len(waiting) == 1 {
			c.Game = waiting[0]
		}
	}
	lg, side, err := referee.GameFor(h, c, true, pick, "challenge waiting for your answer")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if rec.State != record.Invited {
		if rec.State == record.Playing {
			if c.Verb == referee.VerbDecline {
				return "", referee.Refused("game %s has already begun, and no draw offer or undo request waits for your answer.", rec.ID).
					Instead(`Write "%s board" to see the game.`, rec.ID)
			}
			return "", referee.Refused("game %s has already begun: the challenge was accepted.", rec.ID).
				Instead(`Write "%s board" to see the game.`, rec.ID)
		}
		return "", referee.StateRefusal(lg, h.From)
	}
	if c.Verb == referee.VerbDecline {
		return referee.Decline(h, lg), nil
	}
	if h.From == rec.Challenger {
		return "", referee.Refused("you made this challenge;").Instead("%s has to accept it.", rec.Invitee())
	}
	return referee.Begin(h, lg, side, fmt.Sprintf("%s accepted your challenge", h.From))
}
