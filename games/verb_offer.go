package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
)

// The answers to a draw offer or an undo request. The player it was made
// to may accept or decline it at any time, also when it is not their
// turn: "draw" or "accept draw", "undo" or "accept undo", "decline" (or
// "no", "no thanks"), "decline draw", "decline undo". It stands until
// that player answers or moves.

// parseNo reads "no", "no thanks", "no, thank you", "nope": a decline
// said in words. It reports false for other lines that start with "no".
func parseNo(c *referee.Command, args []string) bool {
	switch strings.Join(args, " ") {
	case "", "thanks", "thank you", "thx":
		c.Verb, c.Words = referee.VerbDecline, true
		return true
	}
	return false
}

// meantGame is the game a command is about when it names none: the one
// the mail made, the one of its reply key, or the one its subject or
// reply address names; nil if none.
func meantGame(h *referee.Handling, c referee.Command) *referee.LiveGame {
	for _, id := range []string{c.Game, h.Created, h.AuthGame, referee.ThreadGame(h)} {
		if id != "" {
			return h.Game(id)
		}
	}
	return nil
}

// answerOffer runs accept and decline (and "no") when they answer an
// offer; ok is false when c is about a challenge instead.
func answerOffer(h *referee.Handling, c referee.Command) (text string, ok bool, err error) {
	if c.Offer == "" {
		lg := meantGame(h, c)
		if !referee.AwaitsAnswer(h, lg) {
			if c.Words && (lg == nil || lg.Rec.State != record.Invited || lg.Rec.Invitee() != h.From) {
				return "", true, h.Server.Verbs.NotUnderstood(c.Line)
			}
			return "", false, nil
		}
	}
	lg, side, err := referee.PlayingGame(h, c)
	if err != nil {
		return "", true, err
	}
	rec := lg.Rec
	standing := referee.OffersTo(rec, side)
	what := c.Offer
	if what == "" {
		if len(standing) > 1 {
			return "", true, referee.Refused("a draw offer and an undo request both stand in game %s;", rec.ID).
				Instead(`write "%s draw" or "%s undo".`, c.Verb, c.Verb)
		}
		what = standing[0]
	}
	if !slices.Contains(standing, what) {
		r := referee.Refused("no %s waits for your answer in game %s.", offerName(what), rec.ID)
		if what == referee.OfferDraw {
			return "", true, r.Instead(`"draw" alone offers one.`)
		}
		return "", true, r.Instead(`"undo" alone asks to take back your own last move.`)
	}
	if c.Verb == referee.VerbAccept {
		if what == referee.OfferDraw {
			text, err = draw(h, lg, side)
		} else {
			text, err = undo(h, lg, side)
		}
		return text, true, err
	}
	return declineOffer(h, lg, side, what), true, nil
}

// offerName is what a player offers, in words.
func offerName(what string) string {
	if what == referee.OfferDraw {
		return "draw offer"
	}
	return "request to take back a move"
}

// declineOffer declines what side's opponent offered in lg.
func declineOffer(h *referee.Handling, lg *referee.LiveGame, side rules.Side, what string) string {
	rec := lg.Rec
	opp := rec.OpponentAddress(side)
	next := "It is your opponent's move."
	if lg.ToMove() == side {
		next = "It is your move."
	}
	if what == referee.OfferDraw {
		rec.DrawOffer = ""
		h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s declined your draw offer in game %s. The game goes on.", h.FromShown(), rec.ID))
		return "Done: you declined the draw offer. The game goes on. " + next
	}
	last := rec.LastMove()
	rec.UndoRequest, rec.UndoPly = "", 0
	h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s refused to take back %s in game %s. The game goes on.", h.FromShown(), last, rec.ID))
	return fmt.Sprintf("Done: you refused to take back %s. %s", last, next)
}
