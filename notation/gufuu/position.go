package gufuu

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
)

// ParsePosition reads the position string of the rules spec:
// "<row a>/<row b>/<row c> <side>[ o]", each row two cells (file 2, then
// file 1), a cell ".." or a piece (K Black's king, k White's king, W Wind,
// S Storm; the generals in either case) followed by its facing (n, e, s, w,
// either case); side b or w; a trailing "o" while a forced opening drop of
// a general is pending. Example: "kw../Kn../We.. w o".
func (Notation) ParsePosition(s string) (rules.Position, error) {
	p, err := ParsePos(s)
	return notation.Parsed(engine.Position{P: p}, err)
}

// ParsePos is ParsePosition returning the packed position.
func ParsePos(s string) (engine.Pos, error) {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 3 {
		return 0, fmt.Errorf("position %q: want three rows and the side to move, like \"..../..../.... b\" or \"kw../Kn../We.. w o\"", s)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 3 {
		return 0, fmt.Errorf("position %q: want three rows (a, b, c) separated by /, got %d", s, len(rows))
	}
	p := engine.Start
	seen := [engine.NumPieces]bool{}
	for r, row := range rows {
		if len(row) != 4 {
			return 0, fmt.Errorf("position %q: row %c must be two cells of two characters (file 2, then file 1), like \"Kn..\"", s, 'a'+r)
		}
		for c := 0; c < 2; c++ {
			cell := row[2*c : 2*c+2]
			sq := engine.Square(r*2 + c)
			if cell == ".." {
				continue
			}
			var pc engine.Piece
			switch cell[0] {
			case 'K':
				pc = engine.BlackKing
			case 'k':
				pc = engine.WhiteKing
			case 'W', 'w':
				pc = engine.Wind
			case 'S', 's':
				pc = engine.Storm
			default:
				return 0, fmt.Errorf("position %q: square %s holds %q; a cell is \"..\" or K, k, W or S followed by a facing n, e, s or w", s, sq, cell)
			}
			fi := strings.IndexByte("nesw", lower(cell[1]))
			if fi < 0 {
				return 0, fmt.Errorf("position %q: the piece on %s has facing %q; use n, e, s or w", s, sq, cell[1:])
			}
			if seen[pc] {
				return 0, fmt.Errorf("position %q: there is only one %s", s, pc)
			}
			seen[pc] = true
			p = p.Place(pc, sq, engine.Facing(fi))
		}
	}
	switch strings.ToLower(f[1]) {
	case "b":
		p = p.WithSide(rules.Black)
	case "w":
		p = p.WithSide(rules.White)
	default:
		return 0, fmt.Errorf("position %q: the side to move is %q; write b (Black) or w (White)", s, f[1])
	}
	if len(f) == 3 {
		if strings.ToLower(f[2]) != "o" {
			return 0, fmt.Errorf("position %q: after the side to move only \"o\" (a forced opening drop is pending) may follow, not %q", s, f[2])
		}
		p = p.WithOpeningDrop(true)
	}
	if err := p.Valid(); err != nil {
		return 0, fmt.Errorf("position %q: %v", s, err)
	}
	return p, nil
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// FormatPosition writes the position string.
func (Notation) FormatPosition(p rules.Position) string {
	return notation.FormatAs(p, func(x engine.Position) string { return FormatPos(x.P) })
}

// FormatPos is FormatPosition on a packed position.
func FormatPos(p engine.Pos) string {
	var b strings.Builder
	for sq := engine.Square(0); sq < engine.NumSquares; sq++ {
		if sq > 0 && sq%2 == 0 {
			b.WriteByte('/')
		}
		pc, f, ok := p.At(sq)
		if !ok {
			b.WriteString("..")
			continue
		}
		b.WriteByte("KkWS"[pc])
		b.WriteByte("nesw"[f])
	}
	if p.ToMove() == rules.White {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	if p.OpeningDrop() {
		b.WriteString(" o")
	}
	return b.String()
}
