package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// The answers to a draw offer or an undo request. The player it was made
// to may accept or decline it at any time, also when it is not their
// turn: "draw" or "accept draw", "undo" or "accept undo", "decline" (or
// "no", "no thanks"), "decline draw", "decline undo". It stands until
// that player answers or moves.

// parseNo reads "no", "no thanks", "no, thank you", "nope": a decline
// said in words. It reports false for other lines that start with "no".
func parseNo(c *Command, args []string) bool {
	switch strings.Join(args, " ") {
	case "", "thanks", "thank you", "thx":
		c.Verb, c.Words = VerbDecline, true
		return true
	}
	return false
}

// meantGame is the game a command is about when it names none: the one
// the mail made, the one of its reply key, or the one its subject or
// reply address names; nil if none.
func meantGame(h *handling, c Command) *liveGame {
	for _, id := range []string{c.Game, h.Created, h.AuthGame, threadGame(h)} {
		if id != "" {
			return h.game(id)
		}
	}
	return nil
}

// answerOffer runs accept and decline (and "no") when they answer an
// offer; ok is false when c is about a challenge instead.
func answerOffer(h *handling, c Command) (text string, ok bool, err error) {
	if c.Offer == "" {
		lg := meantGame(h, c)
		if !awaitsAnswer(h, lg) {
			if c.Words && (lg == nil || lg.rec.State != record.Invited || lg.rec.Invitee() != h.From) {
				return "", true, h.srv.verbs.notUnderstood(c.Line)
			}
			return "", false, nil
		}
	}
	lg, side, err := playingGame(h, c)
	if err != nil {
		return "", true, err
	}
	rec := lg.rec
	standing := offersTo(rec, side)
	what := c.Offer
	if what == "" {
		if len(standing) > 1 {
			return "", true, refused("a draw offer and an undo request both stand in game %s;", rec.ID).
				instead(`write "%s draw" or "%s undo".`, c.Verb, c.Verb)
		}
		what = standing[0]
	}
	if !slices.Contains(standing, what) {
		r := refused("no %s waits for your answer in game %s.", offerName(what), rec.ID)
		if what == offerDraw {
			return "", true, r.instead(`"draw" alone offers one.`)
		}
		return "", true, r.instead(`"undo" alone asks to take back your own last move.`)
	}
	if c.Verb == VerbAccept {
		if what == offerDraw {
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
	if what == offerDraw {
		return "draw offer"
	}
	return "request to take back a move"
}

// declineOffer declines what side's opponent offered in lg.
func declineOffer(h *handling, lg *liveGame, side rules.Side, what string) string {
	rec := lg.rec
	opp := rec.OpponentAddress(side)
	next := "It is your opponent's move."
	if lg.toMove() == side {
		next = "It is your move."
	}
	if what == offerDraw {
		rec.DrawOffer = ""
		h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s declined your draw offer in game %s. The game goes on.", h.fromShown(), rec.ID))
		return "Done: you declined the draw offer. The game goes on. " + next
	}
	last := rec.LastMove()
	rec.UndoRequest, rec.UndoPly = "", 0
	h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s refused to take back %s in game %s. The game goes on.", h.fromShown(), last, rec.ID))
	return fmt.Sprintf("Done: you refused to take back %s. %s", last, next)
}
