package julgonu

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

var _ notation.Describer = Notation{}

// Pieces lists p's pieces in words: each side's count and points.
func (Notation) Pieces(p rules.Position) string {
	return notation.FormatAs(p, func(pos jg.Position) string {
		return notation.SideLines(func(s rules.Side) string {
			mask := pos.Black()
			if s == rules.White {
				mask = pos.White()
			}
			switch n := bits.OnesCount16(mask); n {
			case 0:
				return "no pieces."
			case 1:
				return "one piece, on " + pointList(mask) + "."
			default:
				return fmt.Sprintf("%d pieces, on %s.", n, strings.ReplaceAll(pointList(mask), " ", ", "))
			}
		})
	})
}

// Said is move m of p in words: the step and the pieces it took.
func (Notation) Said(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(pos jg.Position) string {
		from, to, ok := jg.MoveSquares(m)
		if !ok {
			return "made a move that cannot be read"
		}
		s := fmt.Sprintf("moved a piece from %s to %s", jg.SquareName(from), jg.SquareName(to))
		if _, caps := pos.After(m); caps != 0 {
			if bits.OnesCount16(caps) == 1 {
				s += " and took the piece on " + pointList(caps)
			} else {
				s += " and took the pieces on " + strings.ReplaceAll(pointList(caps), " ", " and ")
			}
		}
		return s
	})
}
