package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// parseConditionalLine reads "if <move> then <move> ...", its indented
// form (the lines conditional.Join joined to it), "conditional" and
// "conditional clear". An "if" line without "then", or whose first word
// could not be a move, is talk ("if you win, then I owe you a beer"),
// read as a move line.
func parseConditionalLine(c *referee.Command, l referee.LineWords) {
	first, rest, multi := strings.Cut(l.Line, "\n")
	words := strings.Fields(first)
	if c.Game != "" && len(words) > 1 {
		words = words[1:]
	}
	if l.Verb != "if" {
		words = words[1:] // "conditional"; an "if" stays, as the rows read it
	}
	if l.Verb == "if" && len(words) > 1 && (!multi && !conditional.HasWord(l.Low, "then") || !referee.LooksLikeMove(words[1])) {
		c.Verb = referee.VerbMove
		c.ParseMove(strings.Join(l.Words, " "))
		return
	}
	c.Line = strings.ReplaceAll(l.Line, "\n", "\n> ")
	if !multi && len(l.Low) == 0 {
		return // "if" or "conditional" alone: the list
	}
	if !multi && len(l.Low) == 1 {
		switch l.Low[0] {
		case "clear":
			c.Off = true
			return
		case "list", "show":
			return
		}
	}
	c.Tree = strings.Join(words, " ")
	if multi {
		c.Tree += "\n" + rest
	}
}

// conditionalVerb answers "conditional" (list), "conditional clear" and
// conditional moves written with "if": they become the sender's tree in
// the game, replacing the one before.
func conditionalVerb(h *referee.Handling, c referee.Command) (string, error) {
	lg, side, err := referee.PlayingGame(h, c)
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if rec.IsBotGame() {
		return "", referee.Refused("conditional moves are for games between people; the bot answers your moves at once anyway.")
	}
	old := referee.TreeOf(rec, side)
	switch {
	case c.Off:
		if old == nil {
			return fmt.Sprintf("You have no conditional moves in game %s.", rec.ID), nil
		}
		referee.SetTree(rec, side, nil)
		return fmt.Sprintf("Done: your conditional moves in game %s are cleared.", rec.ID), nil
	case strings.TrimSpace(c.Tree) == "":
		if old == nil {
			return fmt.Sprintf("You have no conditional moves in game %s. %s", rec.ID, condExample(lg)), nil
		}
		return fmt.Sprintf("Your conditional moves in game %s (%d %s; only you see them):\n%s",
			rec.ID, conditional.Leaves(old.Lines), referee.Plural(conditional.Leaves(old.Lines), "line", "lines"), old.Text()), nil
	}
	if lg.ToMove() == side {
		if answeredAtOnce(rec) {
			return "", referee.Refused("it is your move again in game %s (#%d): your opponent's conditional move answered yours at once, so these conditional moves no longer fit.", rec.ID, len(rec.Moves)+1).
				Instead("Write them again under your next move.")
		}
		return "", referee.Refused("it is your move in game %s (#%d): conditional moves answer your opponent's next move.", rec.ID, len(rec.Moves)+1).
			Instead("Write your move first, then the conditional moves below it, in the same mail.")
	}
	rows, err := conditional.Read(c.Tree)
	if err != nil {
		return "", referee.Refused("%s.", err).Instead("%s", condExample(lg))
	}
	t, problems := conditional.Build(lg.Kit.Notation, lg.Game, side, rows)
	if len(t.Lines) == 0 {
		kept := "You have no conditional moves in this game."
		if old != nil {
			kept = "Your conditional moves from before stand; \"conditional\" lists them."
		}
		return "", referee.Refused("none of these conditional moves could be taken:\n%s", strings.Join(problems, "\n")).Instead("\n%s", kept)
	}
	referee.SetTree(rec, side, t)
	var b strings.Builder
	fmt.Fprintf(&b, "Done: your conditional moves in game %s, as I read them (%d %s):\n%s",
		rec.ID, conditional.Leaves(t.Lines), referee.Plural(conditional.Leaves(t.Lines), "line", "lines"), t.Text())
	if len(problems) > 0 {
		fmt.Fprintf(&b, "\nNot taken (the lines above stand):\n%s", strings.Join(problems, "\n"))
	}
	b.WriteString("\nWhen your opponent plays a move foreseen, I play your answer at once; any other move clears them. Only you see them; \"conditional clear\" clears them.")
	if old != nil {
		b.WriteString(" They replace the ones you had.")
	}
	return b.String(), nil
}

// condExample shows the form of conditional moves in lg's notation.
func condExample(lg *referee.LiveGame) string {
	return fmt.Sprintf("Write them as \"%s\" (a line per first move of your opponent's; \"help conditional\" tells more).", exampleTree(lg.Rec.Variant))
}

// answeredAtOnce reports whether rec's last move was a conditional move:
// one made at the very time of the move before it, as only
// conditionalReply makes moves.
func answeredAtOnce(rec *record.Game) bool {
	n := len(rec.Moves)
	return n >= 2 && rec.Moves[n-1].At.Equal(rec.Moves[n-2].At)
}

// exampleTree is the example of "help conditional" in variant's notation.
func exampleTree(variant string) string {
	switch variant {
	case "gufuu":
		return "if K*1a>S then W*2c>N if S*1c>W then K-2b>E"
	case "microshogi":
		return "if K-3b then S-3d if B-2b then G-3d"
	case "julgonu":
		return "if a4-a3 then b1-b2 if b4-b3 then c1-c2"
	}
	return "if <their move> then <your move>"
}

// conditionalHelp is "help conditional".
const conditionalHelp = `In a game against a person, you may answer your opponent's next moves
ahead of time: after your move, write lines such as
  if K*1a>S then W*2c>N if S*1c>W then K-2b>E     (Gufuu Shogi)
  if K-3b then S-3d if B-2b then G-3d              (Micro-shogi)
  if a4-a3 then b1-b2 if b4-b3 then c1-c2          (Jul-Gonu)
one line for each move of your opponent's you foresee, or the indented
form, a line per reply and the replies that follow indented under it:
  if a4-a3 then b1-b2
     if b4-b3 then c1-c2
     if c4-c3 then d1-d2
  if b4-b3 then a1-a2
Move numbers ("2.a4-a3") are optional. I check every move in the position
it would arise in and show the tree as I read it; a line with an illegal
move is explained and left out, the others stand. When your opponent
plays a move you foresaw, I play your answer at once (at the time their
move arrived) and keep the rest of that line; any other move, a draw
offer or an undo request of theirs clears your conditional moves, and
you are told. Only you see them: not your opponent, the web page or the
game's record. "conditional" (or "if") lists them, "conditional clear"
clears them, new ones replace them. At most 30 lines of 30 moves.`
