package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/rules"
)

// undo answers "undo": against the bot it takes back the sender's last
// move and the bot's answer; against a person it asks to take back the
// sender's last move, or agrees to the opponent's request.
func (h *handling) undo(c Command) (string, error) {
	lg, side, err := h.playingGame(c)
	if err != nil {
		return "", err
	}
	rec := lg.rec
	if rec.isBotGame() {
		return undoWithBot(lg, side)
	}
	ply := len(rec.Moves)
	if ply == 0 {
		return "", refused("there is no move to take back in game %s.", rec.ID)
	}
	opp := rec.opponentAddress(side)
	last := rec.lastMove()
	if rec.UndoRequest == side.Opponent().String() && rec.UndoPly == ply {
		lg.takeBack(1)
		rec.UndoRequest, rec.UndoPly, rec.DrawOffer = "", 0, ""
		if err := h.startClock(lg); err != nil {
			return "", err
		}
		h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s agreed: %s is taken back. It is your move (#%d).", h.from, last, len(rec.Moves)+1))
		return fmt.Sprintf("Done: you agreed to take back %s. It is your opponent's move.", last), nil
	}
	if lg.g.Positions[ply-1].ToMove() != side {
		return "", refused("the last move, %s, was your opponent's;", last).instead("you can only ask to take back your own last move.")
	}
	if rec.UndoRequest == side.String() {
		return fmt.Sprintf("You already asked to take back %s; your opponent has not answered yet.", last), nil
	}
	rec.UndoRequest, rec.UndoPly = side.String(), ply
	h.notify(Notice, opp, rec.ID, fmt.Sprintf("%s asks to take back their last move, %s. To agree, reply with: undo\nTo refuse, play your move.", h.from, last))
	return fmt.Sprintf("Done: you asked to take back %s. Your opponent agrees by writing \"undo\"; a move from them refuses.", last), nil
}

// undoWithBot takes back moves until it is the player's turn again and one
// of their moves is gone.
func undoWithBot(lg *liveGame, side rules.Side) (string, error) {
	rec := lg.rec
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
		return "", refused("you have made no move to take back in game %s.", rec.ID)
	}
	taken := make([]string, 0, n)
	for i := ply - n; i < ply; i++ {
		taken = append(taken, fmt.Sprintf("%d.%s", i+1, rec.Moves[i].Text))
	}
	lg.takeBack(n)
	return fmt.Sprintf("Done: taken back %s. It is your move (#%d).", strings.Join(taken, " "), len(rec.Moves)+1), nil
}
