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
	FormatAccessible = "accessible" // record.Player.Format: the games in words
	FormatStandard   = "standard"   // the command's word for the board ("" in the record)
)

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
		v.loc, v.words = p.Location(), p.Format == FormatAccessible
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
		return []document.Block{document.Laid(lg.Kit.Notation.Board(lg.Game.Position()))} // a game with no words for its board
	}
	var out []document.Block
	if k := len(lg.Game.Moves); k > 0 {
		before := lg.Game.Positions[k-1]
		mover := before.ToMove()
		out = append(out, document.Para(fmt.Sprintf("Last move, %d: %s %s.", k,
			Capitalise(SideThenPlayer(lg.Rec, mover, reader)), d.Said(before, lg.Game.Moves[k-1]))))
	}
	if status := lg.gameStatus(); status != "" {
		out = append(out, document.Para(status))
	}
	return append(out, document.Para("The pieces: "+strings.TrimSpace(d.Pieces(lg.Game.Position()))))
}
