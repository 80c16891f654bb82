package games

import (
	"fmt"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// draw answers "draw": it offers a draw, or accepts the opponent's; the
// bot accepts only a game it sees as drawn or lost for itself.
func (h *handling) draw(c Command) (string, error) {
	lg, side, err := h.playingGame(c)
	if err != nil {
		return "", err
	}
	rec := lg.rec
	if rec.isBotGame() {
		return h.drawWithBot(lg, side)
	}
	opp := rec.opponentAddress(side)
	switch rec.DrawOffer {
	case side.Opponent().String():
		lg.finish(rules.DrawBy(rules.AgreedDraw))
		h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s accepted your draw offer. Game over: %s.", h.from, lg.result()))
		return fmt.Sprintf("Done: you accepted the draw. Game over: %s.", lg.result()), nil
	case side.String():
		return "Your draw offer stands; your opponent has not answered it yet.", nil
	}
	rec.DrawOffer = side.String()
	h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s offers a draw in game %s. To accept, reply with: draw\nTo decline, play a move.", h.from, rec.ID))
	return "Done: you offered a draw. Your opponent accepts by writing \"draw\", and declines by playing a move.", nil
}

// drawWithBot offers the bot a draw in lg, where the sender plays side.
func (h *handling) drawWithBot(lg *liveGame, side rules.Side) (string, error) {
	if lg.kit.Analyst == nil {
		return "", refused("the bot does not agree to draws in %s;", lg.kit.Rules.Title()).instead("play on, or resign.")
	}
	v, err := h.evaluate(lg, lg.g.Clone())
	if err != nil {
		return "", fmt.Errorf("game %s: evaluate: %w", lg.rec.ID, err)
	}
	botValue := v // for the side to move
	if lg.toMove() == side {
		botValue = v.Flip()
	}
	if botValue.Kind != solver.Lost && botValue.Kind != solver.Drawn {
		// It does not say how it sees the game: "draw" must not be a
		// way to ask the table mid-game ("analysis" tells after the end).
		return "", refused("the bot declines the draw and plays on.").instead("Play on, or resign.")
	}
	lg.finish(rules.DrawBy(rules.AgreedDraw))
	return fmt.Sprintf("Done: the bot accepts the draw. Game over: %s.", lg.result()), nil
}
