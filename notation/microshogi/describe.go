package microshogi

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

var _ notation.Describer = Notation{}

// Pieces lists p's pieces in words, each side's king first: "Black: king
// on 1e, bishop on 2e. In hand: a pawn. White: ...".
func (Notation) Pieces(p rules.Position) string {
	return notation.FormatAs(p, func(x engine.Position) string {
		return notation.SideLines(func(s rules.Side) string {
			var on []string
			for f := engine.Face(1); f < engine.NumFaces; f++ { // the king first, then as the faces go
				for sq := engine.Square(0); sq < engine.NumSquares; sq++ {
					if pc, ok := x.At(sq); ok && pc.Side == s && pc.Face == f {
						on = append(on, FaceName(pc.Face)+" on "+Square(sq))
					}
				}
			}
			if len(on) == 0 {
				on = []string{"no piece on the board"}
			}
			return fmt.Sprintf("%s. In hand: %s.", strings.Join(on, ", "), handWords(x, s))
		})
	})
}

// handWords is one side's hand in words: "a pawn and 2 golds", "nothing".
func handWords(p engine.Position, s rules.Side) string {
	var parts []string
	for k := 0; k < engine.Pairs; k++ {
		name := FaceName(engine.Front(k))
		switch n := p.Hand(s, k); n {
		case 0:
		case 1:
			parts = append(parts, "a "+name)
		default:
			parts = append(parts, fmt.Sprintf("%d %ss", n, name))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// Said is move m of p in words: a drop, or a move with what it took and
// how the piece turned over, and a check or mate it gives.
func (Notation) Said(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(x engine.Position) string {
		parts := engine.Split(m)
		before, after := x.Mover(m)
		var s string
		if parts.Drop {
			s = fmt.Sprintf("dropped a %s on %s", FaceName(before), Square(parts.To))
		} else {
			s = fmt.Sprintf("moved the %s from %s to %s", FaceName(before), Square(parts.From), Square(parts.To))
			if took := x.Captured(m); took != engine.NoFace {
				s += " and took the " + FaceName(took)
				if after != before {
					s += fmt.Sprintf(" (the %s turned over: it is now a %s)", FaceName(before), FaceName(after))
				}
			}
		}
		q := x.After(m)
		switch {
		case q.InCheck() && len(q.Moves()) == 0:
			s += ", checkmate"
		case q.InCheck():
			s += ", giving check"
		}
		return s
	})
}
