package referee

import (
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// boardRef is the BoardRef of lg as it stands, drawn with bottom's side at
// the bottom.
func boardRef(lg *LiveGame, bottom rules.Side) *BoardRef {
	n := lg.Kit.Notation
	ref := &BoardRef{Variant: lg.Kit.Rules.Name(), Position: n.FormatPosition(lg.Game.Position()), Status: lg.gameStatus()}
	if bottom == rules.White {
		ref.Bottom = "white"
	}
	if k := len(lg.Game.Moves); k > 0 {
		before := lg.Game.Positions[len(lg.Game.Positions)-2]
		ref.Before, ref.Move = n.FormatPosition(before), n.FormatMove(before, lg.Game.Moves[k-1])
	}
	return ref
}

// The side at the bottom of the board a mail shows (the text board and
// the picture alike). Each player sees their own side at the bottom; a
// mail to anyone else (and the web view) shows Black's, as shogi diagrams
// are printed. "board black", "board white" and "board mine" choose for
// one answer; "board always black" (or white) is the player's lasting
// choice, kept on their record, and "board always mine" goes back to the
// default.

// Board sides as the board command and the player record write them.
const (
	BoardMine  = "mine"
	BoardBlack = "black"
	BoardWhite = "white"
)

// bottomOf is the side at the bottom of lg's board in a mail to reader,
// whose record is p (nil if none): p's lasting choice, else reader's own
// side in lg, else Black's.
func bottomOf(lg *LiveGame, reader string, p *record.Player) rules.Side {
	if p != nil {
		if s, ok := rules.ParseSide(p.Board); ok {
			return s
		}
	}
	if s, ok := lg.Rec.SideOf(reader); ok {
		return s
	}
	return rules.Black
}

// bottomFor is bottomOf with reader's record read in the change; a record
// that cannot be read counts as no choice (the error surfaces where it is
// written).
func (c *Change) bottomFor(lg *LiveGame, reader string) rules.Side {
	p, err := c.Player(reader)
	if err != nil {
		p = nil
	}
	return bottomOf(lg, reader, p)
}

// chosenBottom is the side at the bottom of lg's board in the answer to
// the mail: the side its last "board" line chose, or bottomFor.
func chosenBottom(h *Handling, lg *LiveGame) rules.Side {
	switch h.Answer.Shown {
	case BoardBlack:
		return rules.Black
	case BoardWhite:
		return rules.White
	case BoardMine:
		return bottomOf(lg, h.From, nil)
	}
	return h.bottomFor(lg, h.From)
}

// withBottom has a mail's picture drawn with side's player at the bottom.
func withBottom(side rules.Side) func(*Mail) {
	return func(m *Mail) {
		if m.Board != nil {
			m.Board.Bottom = ""
			if side == rules.White {
				m.Board.Bottom = BoardWhite
			}
		}
	}
}
