package referee

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

// The format of a player's mails. "format accessible" shows each game in
// words instead of a board, for a screen reader or large print: one
// sentence for the last move, the pieces listed by square, no diagram and
// no picture; "moves" lists the legal moves as ever. "format standard"
// goes back to the board.

const (
	formatAccessible = "accessible" // record.Player.Format: the games in words
	formatStandard   = "standard"   // the command's word for the board ("" in the record)
)

// FormatVerb is the registry's entry of "format".
func FormatVerb() VerbSpec {
	return VerbSpec{Verb: VerbFormat, Words: []string{"format"}, Authority: Sender, Suggest: true, Topic: "format",
		Usage: "format accessible / format standard\n\teach game in words, no board (for screen readers\n\tand large print), or the board again",
		Parse: parseFormat, Run: formatRun}
}

// parseFormat reads "format [accessible|standard]".
func parseFormat(c *Command, l LineWords) {
	switch w := strings.Join(l.Low, " "); w {
	case "":
	case formatAccessible, "words", "text", "screen reader", "blind":
		c.Format = formatAccessible
	case formatStandard, "board", "normal", "default":
		c.Format = formatStandard
	default:
		c.Err = fmt.Sprintf(`"format %s": write "format accessible" (each game in words) or "format standard" (the board).`, w)
	}
}

// formatRun answers "format": it sets the format of the sender's mails,
// or says it.
func formatRun(h *Handling, c Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	switch c.Format {
	case formatAccessible:
		p.Format = formatAccessible
		h.MarkChanged(h.From)
	case formatStandard:
		p.Format = ""
		h.MarkChanged(h.From)
	}
	say := `your mails show each game as a board (text and picture). "format accessible" shows it in words instead.`
	if p.Format == formatAccessible {
		say = `your mails show each game in words: the last move in a sentence and the pieces by square, no board. "moves" lists the legal moves; "format standard" brings the board back.`
	}
	if c.Format != "" {
		return "Done: " + say, nil
	}
	return "Now " + say, nil
}

// view is how one reader sees a game in a mail: in their time zone, their
// side (or the side they chose) at the bottom, and as a board or in words.
type view struct {
	loc    *time.Location
	bottom rules.Side
	words  bool // format accessible: no board, the game in words
}

// viewOf is the view of reader, whose record is p (nil if none or
// unreadable), of lg.
func viewOf(lg *LiveGame, reader string, p *record.Player) view {
	v := view{loc: time.UTC, bottom: bottomOf(lg, reader, p)}
	if p != nil {
		v.loc, v.words = p.Location(), p.Format == formatAccessible
	}
	return v
}

// viewFor is viewOf with reader's record read in the change.
func (c *Change) viewFor(lg *LiveGame, reader string) view {
	p, err := c.Player(reader)
	if err != nil {
		p = nil
	}
	return viewOf(lg, reader, p)
}

// inWords is lg in words for a reader of format accessible: the last move
// in a sentence, the end if it has ended, and the pieces by square (whose
// move it is follows in the status block).
func inWords(lg *LiveGame, reader string) []document.Block {
	d, ok := lg.Kit.Notation.(notation.Describer)
	if !ok {
		return []document.Block{document.Laid(lg.Kit.Notation.Board(lg.G.Position()))} // a game with no words for its board
	}
	var out []document.Block
	if k := len(lg.G.Moves); k > 0 {
		before := lg.G.Positions[k-1]
		mover := before.ToMove()
		out = append(out, document.Para(fmt.Sprintf("Last move, %d: %s %s.", k,
			Capitalise(SideThenPlayer(lg.Rec, mover, reader)), d.Said(before, lg.G.Moves[k-1]))))
	}
	if status := lg.gameStatus(); status != "" {
		out = append(out, document.Para(status))
	}
	return append(out, document.Para("The pieces: "+strings.TrimSpace(d.Pieces(lg.G.Position()))))
}
