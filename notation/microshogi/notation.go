// Package microshogi is Micro-shogi's text layer: Western shogi notation
// for moves, the position string, the ASCII board and the rules in plain
// words.
//
// Moves are written as on shogi play-by-mail servers: the letter of the
// face that moves (K B T G R S L P N), the origin square only when two
// pieces of that face could go to the same square, "-" for a move, "x" for
// a capture, "*" for a drop, the destination: P-1c, Bx4c, G3e-3d, N*2b.
// Output shows the automatic flip of a capturing piece as "=face"
// (Bx4c=T) and marks check "+" and mate "#". Input accepts all of that
// (flip and marks optional, but refused when they are wrong), the
// coordinate form (1d1c, 1d-1c, 1dx1c) and drops without the piece's
// origin (P*1c), in any letter case, with spaces anywhere, and with what
// notation.NormalizeMove reads away (Unicode dashes, invisible characters, a
// move number in front).
//
// Squares are file then rank: files 4..1 from left to right as Black sees
// the board, ranks a (White's side) to e (Black's side).
package microshogi

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// Notation is Micro-shogi's notation.Notation.
type Notation struct{}

var _ notation.Notation = Notation{}

var faceLetters = [engine.NumFaces]byte{0, 'K', 'B', 'T', 'G', 'R', 'S', 'L', 'P', 'N'}

var faceNames = [engine.NumFaces]string{"", "king", "bishop", "tokin", "gold", "rook", "silver", "lance", "pawn", "knight"}

// Letter returns the face's letter (K B T G R S L P N).
func Letter(f engine.Face) string {
	if f == engine.NoFace || f >= engine.NumFaces {
		return "?"
	}
	return string(faceLetters[f])
}

// FaceName returns the face's name in words ("gold").
func FaceName(f engine.Face) string {
	if f == engine.NoFace || f >= engine.NumFaces {
		return "piece"
	}
	return faceNames[f]
}

func faceOf(letter byte) engine.Face {
	for f, l := range faceLetters {
		if l != 0 && l == letter {
			return engine.Face(f)
		}
	}
	return engine.NoFace
}

// Square writes a square as file then rank ("1e").
func Square(s engine.Square) string {
	return fmt.Sprintf("%d%c", s.File(), 'a'+s.Rank()-1)
}

// ParseSquare reads a square such as "1e" (any case).
func ParseSquare(s string) (engine.Square, error) {
	if len(s) == 2 {
		r := s[1] | 0x20
		if sq, ok := engine.SquareAt(int(s[0])-'0', int(r)-'a'+1); ok {
			return sq, nil
		}
	}
	return 0, fmt.Errorf("%q is not a square: files are 1-4, ranks a-e, as in 1e", s)
}

// FormatMove writes legal move m of p: the moving face, the origin if
// another piece of the same face could go to the same square, "-", "x" or
// "*", the destination, the flip of a capturer ("=T") and "+" or "#".
func (Notation) FormatMove(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(q engine.Position) string { return formatMove(q, m, q.Generate(nil)) })
}

func formatMove(p engine.Position, m rules.Move, legal []rules.Move) string {
	mp := engine.Split(m)
	var b strings.Builder
	before, after := p.Mover(m)
	b.WriteString(Letter(before))
	switch {
	case mp.Drop:
		b.WriteByte('*')
	default:
		for _, o := range legal {
			op := engine.Split(o)
			if o != m && !op.Drop && op.To == mp.To && op.From != mp.From {
				if f, _ := p.Mover(o); f == before {
					b.WriteString(Square(mp.From))
					break
				}
			}
		}
		if p.Captured(m) != engine.NoFace {
			b.WriteByte('x')
		} else {
			b.WriteByte('-')
		}
	}
	b.WriteString(Square(mp.To))
	if after != before {
		b.WriteByte('=')
		b.WriteString(Letter(after))
	}
	b.WriteString(checkMark(p.After(m)))
	return b.String()
}

// checkMark is "#" if the side to move in q is mated, "+" if in check.
func checkMark(q engine.Position) string {
	if !q.InCheck() {
		return ""
	}
	if q.CountMoves() == 0 {
		return "#"
	}
	return "+"
}
