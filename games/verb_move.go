package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
)

// moveVerb answers a move, "[<game>] [move] <move> [#<n>]": it plays it, lets
// the bot answer in a bot game, and tells the opponent in a human one. A
// line that could not be a move is refused as not a command.
func moveVerb(h *referee.Handling, c referee.Command) (string, error) {
	// A first word that has the form of a game id but names no game is
	// more likely a name ("Gunther Smith" signing off).
	noGame := c.Game == "" || !h.Tx.HasGame(c.Game)
	if !referee.LooksLikeMove(c.Move) && noGame && c.Number == 0 && !referee.SaysMove(c.Line) {
		return "", h.Server.Verbs.NotUnderstood(c.Line)
	}
	lg, side, err := referee.PlayingGame(h, c)
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if rec.IsBotGame() {
		if err := h.MayThink(lg, referee.JobAnswer); err != nil {
			return "", err
		}
	}
	pos := lg.Game.Position()
	next := len(rec.Moves) + 1
	if c.Number != 0 && c.Number < next {
		return "", referee.Refused("your move is numbered #%d, but move %d was already played (%d.%s); the next move is #%d.",
			c.Number, c.Number, c.Number, rec.Moves[c.Number-1].Text, next).
			Instead("This mail may be an old one, or sent twice, so I did not play it.")
	}
	if pos.ToMove() != side {
		yours := ""
		if last := rec.LastMove(); last != "" {
			yours = " Your last move was " + last + "."
		}
		return "", referee.Refused("it is not your turn in game %s: %s is to move.%s", rec.ID, referee.SideThenPlayer(rec, side.Opponent(), h.From), yours).
			Instead("I will write to you when they have moved.")
	}
	if c.Number > next {
		return "", referee.Refused("your move is numbered #%d, but the next move in game %s is #%d.", c.Number, rec.ID, next).
			Instead("Write the move with #%d, or without a number.", next)
	}
	m, err := lg.Kit.Notation.ParseMove(pos, c.Move)
	var text string
	if err == nil {
		text, err = lg.Play(m, h.Now)
	}
	if err != nil {
		return "", referee.Refused("%q is not a legal move in game %s: %s.", c.Move, rec.ID, rules.Why(err)).
			Instead("\nThe legal moves (#%d) are:\n%s", next, legalMoves(lg))
	}
	out := []string{"Done: you played " + text + "."}
	opp := rec.OpponentAddress(side)
	news := []string{fmt.Sprintf("%s played %s.", h.FromShown(), text)}
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
	cond := referee.ConditionalReply(lg, side)
	out, news = append(out, cond.Mover...), append(news, cond.Owner...)
	if bot, ok := rec.BotSide(); ok && rec.State == record.Playing && lg.ToMove() == bot {
		return "", h.Think(referee.JobAnswer, lg, strings.Join(out, " ")) // BotWork answers, then says "Game over" if it is
	}
	if rec.State == record.Over {
		out = append(out, "Game over: "+lg.ResultFor(h.From)+".")
		news = append(news, "Game over: "+lg.ResultFor(opp)+".")
	} else if !rec.IsBotGame() {
		if cond.Played {
			out = append(out, "It is your move again.")
		} else {
			news = append(news, "It is your move.")
		}
		if err := referee.StartClock(h.Change, lg); err != nil {
			return "", err
		}
	}
	h.Notify(Notice, opp, rec.ID, strings.Join(news, " "))
	return strings.Join(out, " "), nil
}

// legalMoves lists the legal moves in notation.
func legalMoves(lg *referee.LiveGame) string {
	pos := lg.Game.Position()
	ms := lg.Game.LegalMoves()
	if len(ms) == 0 {
		return "none"
	}
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = lg.Kit.Notation.FormatMove(pos, m)
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
