package microshogi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// ParsePosition reads the position string: "<board> <side> <hand> [<move
// number>]". The board lists ranks a..e separated by "/", each from file 4
// to file 1, with digits for runs of empty squares, upper case for Black's
// pieces and lower case for White's, one letter per face (K B T G R S L P
// N). The side is b or w. The hand is "-" or counts and letters of the
// pieces' front faces (B G S P; upper case Black's, lower case White's),
// e.g. "2Pb". The move number defaults to 1. The start is
// "kbgs/p3/4/3P/SGBK b - 1".
func (Notation) ParsePosition(s string) (rules.Position, error) {
	return notation.Parsed(ParsePosition(s))
}

// ParsePosition is Notation.ParsePosition returning the engine's type.
func ParsePosition(s string) (engine.Position, error) {
	f := strings.Fields(s)
	if len(f) < 3 || len(f) > 4 {
		return engine.Position{}, fmt.Errorf("position %q: want <board> <side> <hand> [<move number>], as in \"kbgs/p3/4/3P/SGBK b - 1\"", s)
	}
	var board [engine.NumSquares]engine.Piece
	ranks := strings.Split(f[0], "/")
	if len(ranks) != engine.Ranks {
		return engine.Position{}, fmt.Errorf("position board %q: want 5 ranks (a to e) separated by /, got %d", f[0], len(ranks))
	}
	for r, row := range ranks {
		file := engine.Files
		for i := 0; i < len(row); i++ {
			c := row[i]
			if c >= '1' && c <= '9' {
				file -= int(c - '0')
				if file < 0 {
					return engine.Position{}, fmt.Errorf("position board: rank %c (%q) has more than 4 squares", 'a'+r, row)
				}
				continue
			}
			side := rules.Black
			if c >= 'a' && c <= 'z' {
				side = rules.White
				c -= 'a' - 'A'
			}
			face := faceOf(c)
			if face == engine.NoFace {
				return engine.Position{}, fmt.Errorf("position board: rank %c: %q is not a piece (K B T G R S L P N, upper case Black, lower case White)", 'a'+r, row[i])
			}
			if file < 1 {
				return engine.Position{}, fmt.Errorf("position board: rank %c (%q) has more than 4 squares", 'a'+r, row)
			}
			sq, _ := engine.SquareAt(file, r+1)
			board[sq] = engine.Piece{Face: face, Side: side}
			file--
		}
		if file != 0 {
			return engine.Position{}, fmt.Errorf("position board: rank %c (%q) has %d squares; each rank has 4", 'a'+r, row, engine.Files-file)
		}
	}
	side, ok := rules.ParseSide(f[1])
	if !ok || len(f[1]) != 1 {
		return engine.Position{}, fmt.Errorf("position side %q: want b (Black to move) or w (White to move)", f[1])
	}
	var hands [2][engine.Pairs]int
	if f[2] != "-" {
		h := f[2]
		for i := 0; i < len(h); i++ {
			n := 1
			if h[i] >= '0' && h[i] <= '9' {
				n = int(h[i] - '0')
				i++
				if i == len(h) {
					return engine.Position{}, fmt.Errorf("position hand %q: a count must be followed by a piece letter", h)
				}
			}
			c := h[i]
			s := rules.Black
			if c >= 'a' && c <= 'z' {
				s = rules.White
				c -= 'a' - 'A'
			}
			face := faceOf(c)
			if face == engine.NoFace || face == engine.King {
				return engine.Position{}, fmt.Errorf("position hand %q: %q is not a piece in hand (B G S P; upper case Black, lower case White)", h, h[i])
			}
			if face != engine.Front(face.Pair()) {
				return engine.Position{}, fmt.Errorf("position hand %q: count a %s in hand as %s (hands use the front face: B G S P)", h, FaceName(face), Letter(engine.Front(face.Pair())))
			}
			if n == 0 {
				return engine.Position{}, fmt.Errorf("position hand %q: a count of 0; leave the piece out", h)
			}
			hands[s][face.Pair()] += n
		}
	}
	moveNo := 1
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 {
			return engine.Position{}, fmt.Errorf("position move number %q: want a whole number from 1", f[3])
		}
		moveNo = n
	}
	p, err := engine.New(board, hands, side, moveNo)
	if err != nil {
		return engine.Position{}, fmt.Errorf("position %q: %w", s, err)
	}
	return p, nil
}

// FormatPosition writes p's position string.
func (Notation) FormatPosition(p rules.Position) string {
	return notation.FormatAs(p, FormatPosition)
}

// FormatPosition is Notation.FormatPosition for the engine's type.
func FormatPosition(p engine.Position) string {
	var b strings.Builder
	for r := 1; r <= engine.Ranks; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		notation.WriteRank(&b, engine.Files, func(i int) string {
			sq, _ := engine.SquareAt(engine.Files-i, r)
			if pc, ok := p.At(sq); ok {
				return pieceLetter(pc)
			}
			return ""
		})
	}
	if p.ToMove() == rules.White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(handString(p))
	fmt.Fprintf(&b, " %d", p.MoveNumber())
	return b.String()
}

func pieceLetter(pc engine.Piece) string {
	l := Letter(pc.Face)
	if pc.Side == rules.White {
		return strings.ToLower(l)
	}
	return l
}

// handString writes both hands for the position string ("2Pb", "-").
func handString(p engine.Position) string {
	var b strings.Builder
	for s := rules.Black; s <= rules.White; s++ {
		for k := 0; k < engine.Pairs; k++ {
			n := p.Hand(s, k)
			if n == 0 {
				continue
			}
			if n > 1 {
				b.WriteByte(byte('0' + n))
			}
			b.WriteString(pieceLetter(engine.Piece{Face: engine.Front(k), Side: s}))
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}
