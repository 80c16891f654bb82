package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// The commands by which players end a game in progress or take moves back
// of their own will: resign, draw and undo. handling.playing finds the
// game and picks the way for games against the bot.

// resign answers "resign": the game is lost for the sender.
func resign(h *handling, lg *liveGame, side rules.Side) (string, error) {
	rec := lg.rec
	lg.finish(rules.WinFor(side.Opponent(), rules.Resignation))
	h.notify(Notice, rec.OpponentAddress(side), rec.ID, fmt.Sprintf("%s resigned: you win game %s.", h.fromShown(), rec.ID))
	return fmt.Sprintf("Done: you resigned game %s. Game over: %s.", rec.ID, lg.resultFor(h.From)), nil
}

// draw answers "draw" in a game between people: it offers a draw, or
// accepts the opponent's.
func draw(h *handling, lg *liveGame, side rules.Side) (string, error) {
	rec := lg.rec
	opp := rec.OpponentAddress(side)
	switch rec.DrawOffer {
	case side.Opponent().String():
		lg.finish(rules.DrawBy(rules.AgreedDraw))
		h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s accepted your draw offer. Game over: %s.", h.fromShown(), lg.resultFor(opp)))
		return fmt.Sprintf("Done: you accepted the draw. Game over: %s.", lg.resultFor(h.From)), nil
	case side.String():
		return "Your draw offer stands; your opponent has not answered it yet.", nil
	}
	rec.DrawOffer = side.String()
	h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s offers a draw in game %s. To accept, reply with: draw\nTo decline, reply with: %s%s",
		h.fromShown(), rec.ID, declineWords(rec, side.Opponent(), offerDraw), orMove(lg, side.Opponent())))
	return "Done: you offered a draw. Your opponent accepts by writing \"draw\", and declines by writing \"decline\" or by playing a move.", nil
}

// drawWithBot answers "draw" in a game against the bot: it accepts only a
// game it sees as drawn or lost for itself.
func drawWithBot(h *handling, lg *liveGame, side rules.Side) (string, error) {
	if lg.kit.Analyst == nil {
		return "", refused("the bot does not agree to draws in %s;", lg.kit.Rules.Title()).instead("play on, or resign.")
	}
	v, ok := h.judgedValue(lg)
	if !ok {
		if err := h.mayThink(lg, jobDraw); err != nil {
			return "", err
		}
		return "", h.think(jobDraw, lg, "") // BotWork judges, then runs this again
	}
	botValue := v // for the side to move
	if lg.toMove() == side {
		botValue = v.Flip()
	}
	if botValue.Kind != solver.Lost && botValue.Kind != solver.Drawn {
		// It does not say how it sees the game: "draw" must not be a
		// way to ask the table mid-game ("analysis" tells after the end).
		// Not a refusal: the offer was understood and answered.
		return "The bot declines your offer of a draw and plays on.", nil
	}
	lg.finish(rules.DrawBy(rules.AgreedDraw))
	return fmt.Sprintf("Done: the bot accepts the draw. Game over: %s.", lg.resultFor(h.From)), nil
}

// undo answers "undo" in a game between people: it asks to take back the
// sender's last move, or agrees to the opponent's request.
func undo(h *handling, lg *liveGame, side rules.Side) (string, error) {
	rec := lg.rec
	ply := len(rec.Moves)
	if ply == 0 {
		return "", refused("there is no move to take back in game %s.", rec.ID).
			instead(`Write "board %s" to see whose move it is.`, rec.ID)
	}
	opp := rec.OpponentAddress(side)
	last := rec.LastMove()
	if rec.UndoRequest == side.Opponent().String() && rec.UndoPly == ply {
		lg.takeBack(1)
		rec.UndoRequest, rec.UndoPly, rec.DrawOffer = "", 0, ""
		if err := startClock(h.change, lg); err != nil {
			return "", err
		}
		h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s agreed: %s is taken back. It is your move (#%d).", h.fromShown(), last, len(rec.Moves)+1))
		return fmt.Sprintf("Done: you agreed to take back %s. It is your opponent's move.", last), nil
	}
	if lg.g.Positions[ply-1].ToMove() != side {
		return "", refused("the last move, %s, was your opponent's;", last).instead("you can only ask to take back your own last move.")
	}
	if rec.UndoRequest == side.String() {
		return fmt.Sprintf("You already asked to take back %s; your opponent has not answered yet.", last), nil
	}
	rec.UndoRequest, rec.UndoPly = side.String(), ply
	h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s asks to take back their last move, %s. To agree, reply with: undo\nTo refuse, reply with: %s%s",
		h.fromShown(), last, declineWords(rec, side.Opponent(), offerUndo), orMove(lg, side.Opponent())))
	return fmt.Sprintf("Done: you asked to take back %s. Your opponent agrees by writing \"undo\", and refuses by writing \"decline\" or by playing a move.", last), nil
}

// undoWithBot answers "undo" in a game against the bot: it takes back
// moves until it is the player's turn again and one of their moves is
// gone.
func undoWithBot(_ *handling, lg *liveGame, side rules.Side) (string, error) {
	rec := lg.rec
	if rec.BotThinking {
		return "", thinkingRefusal(lg)
	}
	ply := len(rec.Moves)
	n, own := 0, false
	for i := ply - 1; i >= 0; i-- {
		mover := lg.g.Positions[i].ToMove()
		n++
		if mover == side {
			own = true
			break
		}
	}
	if !own {
		return "", refused("you have made no move to take back in game %s.", rec.ID).
			instead(`Write "board %s" to see whose move it is.`, rec.ID)
	}
	taken := make([]string, 0, n)
	for i := ply - n; i < ply; i++ {
		taken = append(taken, fmt.Sprintf("%d.%s", i+1, rec.Moves[i].Text))
	}
	lg.takeBack(n)
	return fmt.Sprintf("Done: taken back %s. It is your move (#%d).", strings.Join(taken, " "), len(rec.Moves)+1), nil
}
