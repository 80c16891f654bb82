package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// The commands by which players end a game in progress or take moves back
// of their own will: resign, draw and undo. handling.playing finds the
// game and picks the way for games against the bot.

// resign answers "resign": the game is lost for the sender.
func resign(h *referee.Handling, lg *referee.LiveGame, side rules.Side) (string, error) {
	rec := lg.Rec
	lg.Finish(rules.WinFor(side.Opponent(), rules.Resignation))
	h.Notify(Notice, rec.OpponentAddress(side), rec.ID, fmt.Sprintf("%s resigned: you win game %s.", h.FromShown(), rec.ID))
	return fmt.Sprintf("Done: you resigned game %s. Game over: %s.", rec.ID, lg.ResultFor(h.From)), nil
}

// draw answers "draw" in a game between people: it offers a draw, or
// accepts the opponent's.
func draw(h *referee.Handling, lg *referee.LiveGame, side rules.Side) (string, error) {
	rec := lg.Rec
	opp := rec.OpponentAddress(side)
	switch rec.DrawOffer {
	case side.Opponent().String():
		lg.Finish(rules.DrawBy(rules.AgreedDraw))
		h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s accepted your draw offer. Game over: %s.", h.FromShown(), lg.ResultFor(opp)))
		return fmt.Sprintf("Done: you accepted the draw. Game over: %s.", lg.ResultFor(h.From)), nil
	case side.String():
		return "Your draw offer stands; your opponent has not answered it yet.", nil
	}
	rec.DrawOffer = side.String()
	h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s offers a draw in game %s. To accept, reply with: draw\nTo decline, reply with: %s%s",
		h.FromShown(), rec.ID, referee.DeclineWords(rec, side.Opponent(), referee.OfferDraw), referee.OrMove(lg, side.Opponent())))
	return "Done: you offered a draw. Your opponent accepts by writing \"draw\", and declines by writing \"decline\" or by playing a move.", nil
}

// drawWithBot answers "draw" in a game against the bot: it accepts only a
// game it sees as drawn or lost for itself.
func drawWithBot(h *referee.Handling, lg *referee.LiveGame, side rules.Side) (string, error) {
	if lg.Kit.Analyst == nil {
		return "", referee.Refused("the bot does not agree to draws in %s;", lg.Kit.Rules.Title()).Instead("play on, or resign.")
	}
	v, ok := h.JudgedValue(lg)
	if !ok {
		if err := h.MayThink(lg, referee.JobDraw); err != nil {
			return "", err
		}
		return "", h.Think(referee.JobDraw, lg, "") // BotWork judges, then runs this again
	}
	botValue := v // for the side to move
	if lg.ToMove() == side {
		botValue = v.Flip()
	}
	if botValue.Kind != solver.Lost && botValue.Kind != solver.Drawn {
		// It does not say how it sees the game: "draw" must not be a
		// way to ask the table mid-game ("analysis" tells after the end).
		// Not a refusal: the offer was understood and answered.
		return "The bot declines your offer of a draw and plays on.", nil
	}
	lg.Finish(rules.DrawBy(rules.AgreedDraw))
	return fmt.Sprintf("Done: the bot accepts the draw. Game over: %s.", lg.ResultFor(h.From)), nil
}

// undo answers "undo" in a game between people: it asks to take back the
// sender's last move, or agrees to the opponent's request.
func undo(h *referee.Handling, lg *referee.LiveGame, side rules.Side) (string, error) {
	rec := lg.Rec
	ply := len(rec.Moves)
	if ply == 0 {
		return "", referee.Refused("there is no move to take back in game %s.", rec.ID).
			Instead(`Write "board %s" to see whose move it is.`, rec.ID)
	}
	opp := rec.OpponentAddress(side)
	last := rec.LastMove()
	if rec.UndoRequest == side.Opponent().String() && rec.UndoPly == ply {
		lg.TakeBack(1)
		rec.UndoRequest, rec.UndoPly, rec.DrawOffer = "", 0, ""
		if err := referee.StartClock(h.Change, lg); err != nil {
			return "", err
		}
		h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s agreed: %s is taken back. It is your move (#%d).", h.FromShown(), last, len(rec.Moves)+1))
		return fmt.Sprintf("Done: you agreed to take back %s. It is your opponent's move.", last), nil
	}
	if lg.Game.Positions[ply-1].ToMove() != side {
		return "", referee.Refused("the last move, %s, was your opponent's;", last).Instead("you can only ask to take back your own last move.")
	}
	if rec.UndoRequest == side.String() {
		return fmt.Sprintf("You already asked to take back %s; your opponent has not answered yet.", last), nil
	}
	rec.UndoRequest, rec.UndoPly = side.String(), ply
	h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s asks to take back their last move, %s. To agree, reply with: undo\nTo refuse, reply with: %s%s",
		h.FromShown(), last, referee.DeclineWords(rec, side.Opponent(), referee.OfferUndo), referee.OrMove(lg, side.Opponent())))
	return fmt.Sprintf("Done: you asked to take back %s. Your opponent agrees by writing \"undo\", and refuses by writing \"decline\" or by playing a move.", last), nil
}

// undoWithBot answers "undo" in a game against the bot: it takes back
// moves until it is the player's turn again and one of their moves is
// gone.
func undoWithBot(_ *referee.Handling, lg *referee.LiveGame, side rules.Side) (string, error) {
	rec := lg.Rec
	if rec.BotThinking {
		return "", referee.ThinkingRefusal(lg)
	}
	ply := len(rec.Moves)
	n, own := 0, false
	for i := ply - 1; i >= 0; i-- {
		mover := lg.Game.Positions[i].ToMove()
		n++
		if mover == side {
			own = true
			break
		}
	}
	if !own {
		return "", referee.Refused("you have made no move to take back in game %s.", rec.ID).
			Instead(`Write "board %s" to see whose move it is.`, rec.ID)
	}
	taken := make([]string, 0, n)
	for i := ply - n; i < ply; i++ {
		taken = append(taken, fmt.Sprintf("%d.%s", i+1, rec.Moves[i].Text))
	}
	lg.TakeBack(n)
	return fmt.Sprintf("Done: taken back %s. It is your move (#%d).", strings.Join(taken, " "), len(rec.Moves)+1), nil
}

// drawHelp is "help draw".
const drawHelp = `"draw" offers a draw; the opponent accepts with "draw" (or "accept
draw") and declines with "decline" (or "no thanks"), at any time, also
when it is not their turn; the offer stands until they answer or move,
and a move declines it too.
The bot accepts only when it sees the game as drawn or
as lost for itself; otherwise it declines, and you play on.`

// undoHelp is "help undo".
const undoHelp = `"undo" asks to take back your last move; your opponent agrees with
"undo" (or "accept undo") and refuses with "decline" or by playing a
move, at any time. Against the bot, "undo" takes back
your last move and its answer at once.`
