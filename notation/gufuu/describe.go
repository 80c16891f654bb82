package gufuu

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
)

var _ notation.Describer = Notation{}

// facingWords names a facing: "facing north".
func facingWords(f engine.Facing) string {
	return "facing " + [4]string{"north", "east", "south", "west"}[f&3]
}

// pieceWords names a piece for any reader: "Black's king", "the Wind".
func pieceWords(pc engine.Piece) string {
	switch {
	case !pc.IsKing():
		return "the " + genName(pc)
	case pc == engine.KingOf(rules.White):
		return "White's king"
	}
	return "Black's king"
}

// Pieces lists p's pieces in words: each on its square with its facing,
// then the shared hand.
func (Notation) Pieces(p rules.Position) string {
	return notation.FormatAs(p, func(x engine.Position) string {
		var on, hand []string
		for _, pc := range []engine.Piece{engine.KingOf(rules.Black), engine.KingOf(rules.White), engine.Wind, engine.Storm} {
			if sq, f, ok := x.P.Where(pc); ok {
				on = append(on, fmt.Sprintf("%s on %s, %s", pieceWords(pc), sq, facingWords(f)))
			} else if !pc.IsKing() {
				hand = append(hand, pieceWords(pc))
			}
		}
		if len(on) == 0 {
			on = []string{"the board is empty"}
		}
		if len(hand) == 0 {
			hand = []string{"nothing"}
		}
		return fmt.Sprintf("On the board: %s.\nIn the shared hand: %s.\n", strings.Join(on, "; "), strings.Join(hand, " and "))
	})
}

// Said is move m of p in words: a drop, a step, a capture or a turn in
// place, the facing it ends with, and a check or mate it gives.
func (Notation) Said(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(x engine.Position) string {
		kind, pc, to, f, ok := engine.DecodeMove(m)
		if !ok {
			return "made a move that cannot be read"
		}
		name := "king"
		if !pc.IsKing() {
			name = genName(pc)
		}
		var s string
		switch kind {
		case engine.Drop:
			s = fmt.Sprintf("dropped the %s on %s, %s", name, to, facingWords(f))
		case engine.Rotate:
			s = fmt.Sprintf("turned the %s in place, now %s", name, facingWords(f))
		default:
			from, _, _ := x.P.Where(pc)
			s = fmt.Sprintf("moved the %s from %s to %s", name, from, to)
			if occ, _, taken := x.P.At(to); taken && !occ.IsKing() {
				s += " and took " + pieceWords(occ)
			}
			s += ", now " + facingWords(f)
		}
		switch markOf(x.P, m) {
		case "X":
			s += ", checkmate"
		case "+":
			s += ", giving check"
		}
		return s
	})
}
