package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// moveVerb answers a move, "[<game>] [move] <move> [#<n>]": it plays it, lets
// the bot answer in a bot game, and tells the opponent in a human one. A
// line that could not be a move is refused as not a command.
func moveVerb(h *handling, c Command) (string, error) {
	// A first word that has the form of a game id but names no game is
	// more likely a name ("Gunther Smith" signing off).
	noGame := c.Game == "" || !h.st.hasGame(c.Game)
	if !looksLikeMove(c.Move) && noGame && c.Number == 0 && !saysMove(c.Line) {
		return "", h.srv.verbs.notUnderstood(c.Line)
	}
	lg, side, err := playingGame(h, c)
	if err != nil {
		return "", err
	}
	rec := lg.rec
	if rec.IsBotGame() {
		if err := h.mayThink(lg, jobAnswer); err != nil {
			return "", err
		}
	}
	pos := lg.g.Position()
	next := len(rec.Moves) + 1
	if c.Number != 0 && c.Number < next {
		return "", refused("your move is numbered #%d, but move %d was already played (%d.%s); the next move is #%d.",
			c.Number, c.Number, c.Number, rec.Moves[c.Number-1].Text, next).
			instead("This mail may be an old one, or sent twice, so I did not play it.")
	}
	if pos.ToMove() != side {
		yours := ""
		if last := rec.LastMove(); last != "" {
			yours = " Your last move was " + last + "."
		}
		return "", refused("it is not your turn in game %s: %s is to move.%s", rec.ID, sideThenPlayer(rec, side.Opponent(), h.From), yours).
			instead("I will write to you when they have moved.")
	}
	if c.Number > next {
		return "", refused("your move is numbered #%d, but the next move in game %s is #%d.", c.Number, rec.ID, next).
			instead("Write the move with #%d, or without a number.", next)
	}
	m, err := lg.kit.Notation.ParseMove(pos, c.Move)
	var text string
	if err == nil {
		text, err = lg.play(m, h.now)
	}
	if err != nil {
		return "", refused("%q is not a legal move in game %s: %s.", c.Move, rec.ID, rules.Why(err)).
			instead("\nThe legal moves (#%d) are:\n%s", next, legalMoves(lg))
	}
	out := []string{"Done: you played " + text + "."}
	opp := rec.OpponentAddress(side)
	news := []string{fmt.Sprintf("%s played %s.", h.fromShown(), text)}
	if rec.DrawOffer == side.Opponent().String() {
		rec.DrawOffer = ""
		out = append(out, "Your move declines the draw your opponent offered.")
		news = append(news, "That move declines your draw offer.")
	}
	if rec.UndoRequest != "" {
		if rec.UndoRequest == side.Opponent().String() {
			news = append(news, "That move declines your request to take back your move.")
			out = append(out, "Your move declines your opponent's request to take back a move.")
		}
		rec.UndoRequest, rec.UndoPly = "", 0
	}
	cond := conditionalReply(lg, side)
	out, news = append(out, cond.mover...), append(news, cond.owner...)
	if bot, ok := rec.BotSide(); ok && rec.State == record.Playing && lg.toMove() == bot {
		return "", h.think(jobAnswer, lg, strings.Join(out, " ")) // BotWork answers, then says "Game over" if it is
	}
	if rec.State == record.Over {
		out = append(out, "Game over: "+lg.resultFor(h.From)+".")
		news = append(news, "Game over: "+lg.resultFor(opp)+".")
	} else if !rec.IsBotGame() {
		if cond.played {
			out = append(out, "It is your move again.")
		} else {
			news = append(news, "It is your move.")
		}
		if err := startClock(h.change, lg); err != nil {
			return "", err
		}
	}
	h.notify(Notice, opp, rec.ID, strings.Join(news, " "))
	return strings.Join(out, " "), nil
}

// legalMoves lists the legal moves in notation.
func legalMoves(lg *liveGame) string {
	pos := lg.g.Position()
	ms := lg.g.LegalMoves()
	if len(ms) == 0 {
		return "none"
	}
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = lg.kit.Notation.FormatMove(pos, m)
	}
	return wrapList(texts, 72)
}

// wrapList joins items with ", " and breaks lines at about width columns.
func wrapList(items []string, width int) string {
	var b strings.Builder
	col := 0
	for i, it := range items {
		if i > 0 {
			b.WriteString(",")
			col++
			if col+1+len(it) > width {
				b.WriteString("\n")
				col = 0
			} else {
				b.WriteString(" ")
				col++
			}
		}
		b.WriteString(it)
		col += len(it)
	}
	return b.String()
}
