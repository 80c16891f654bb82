// Package julgonu is Jul-Gonu's notation: moves as "a1-a2" (or "a1a2"),
// written out with the captured points ("b2-b3 x b4 c3"), the position
// string of the rules page ("wwww/4/4/bbbb b"), an ASCII board and the rules
// in plain words.
//
// Reading a move is lenient about case and spaces ("A1 - A2", "a1 a2"), and
// about what notation.NormalizeMove reads away (Unicode dashes such as
// "a1–a2", invisible characters, a move number in front). A
// player may add the captured points after an "x" as the output does; when
// the list does not match what the move captures, the move is refused with
// the true list, so that a player who misread the board finds out before
// the move counts. A bare "x" claims some capture without naming it.
package julgonu

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

// Notation is Jul-Gonu's notation.Notation. Its zero value is ready to use.
type Notation struct{}

var _ notation.Notation = Notation{}

// illegal is a refusal in plain words that still matches rules.ErrIllegal.
type illegal string

// Error is the refusal in plain words.
func (e illegal) Error() string { return string(e) }

// Is makes the refusal match rules.ErrIllegal.
func (e illegal) Is(target error) bool { return target == rules.ErrIllegal }

func refuse(format string, args ...any) error { return illegal(fmt.Sprintf(format, args...)) }

const howToWrite = "write the point the piece leaves and the point it goes to, as a1-a2"

// parsePoint reads a point such as "b3" at the start of s and returns it and
// the rest of s.
func parsePoint(s string) (sq int, rest string, err error) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' || s[1] < '0' || s[1] > '9' {
		return 0, s, errors.New("no point")
	}
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	name := s[:i]
	rank, err := strconv.Atoi(s[1:i])
	if err != nil || s[0] > 'd' || rank < 1 || rank > 4 {
		return 0, s, fmt.Errorf("%s is not a point of the board: files are a to d, ranks 1 to 4", name)
	}
	return jg.Square(int(s[0]-'a'), rank-1), s[i:], nil
}

// ParseMove reads a move of position p.
func (Notation) ParseMove(p rules.Position, text string) (rules.Move, error) {
	pos, err := rules.As[jg.Position](p)
	if err != nil {
		return rules.NoMove, err
	}
	raw := strings.TrimSpace(notation.StripInvisible(text))
	s := strings.Map(func(r rune) rune {
		if r == ' ' || r == ',' {
			return -1
		}
		return r
	}, strings.ToLower(notation.NormalizeMove(text)))
	if s == "" {
		return rules.NoMove, fmt.Errorf("no move given: %s", howToWrite)
	}
	from, rest, err := parsePoint(s)
	if err != nil {
		if err.Error() == "no point" {
			return rules.NoMove, fmt.Errorf("%q is not a move: %s", raw, howToWrite)
		}
		return rules.NoMove, err
	}
	rest = strings.TrimPrefix(rest, "-")
	to, rest, err := parsePoint(rest)
	if err != nil {
		if err.Error() == "no point" {
			return rules.NoMove, fmt.Errorf("%q is not a move: %s", raw, howToWrite)
		}
		return rules.NoMove, err
	}
	// The captured points stated. A bare x states none, so it is not
	// checked, not even on a move that captures nothing.
	var claimed notation.Mark
	if rest != "" {
		if rest[0] != 'x' {
			return rules.NoMove, fmt.Errorf("%q is not a move: %s, optionally followed by the captured points (a1-a2 x b2)", raw, howToWrite)
		}
		for rest = rest[1:]; rest != ""; {
			var sq int
			if sq, rest, err = parsePoint(rest); err != nil {
				if err.Error() == "no point" {
					return rules.NoMove, fmt.Errorf("%q: after x come the captured points, as in b2-b3 x b4 c3", raw)
				}
				return rules.NoMove, err
			}
			claimed.Facts |= 1 << sq
		}
	}
	side := pos.ToMove()
	mv := jg.SquareName(from) + "-" + jg.SquareName(to)
	if pos.Count(side) <= 1 {
		return rules.NoMove, refuse("%s has %s left and cannot move: the game is over", side, pieces(pos.Count(side)))
	}
	switch owner, occupied := pos.At(from); {
	case !occupied:
		return rules.NoMove, refuse("no piece on %s", jg.SquareName(from))
	case owner != side:
		return rules.NoMove, refuse("no piece of yours on %s: it is a %s piece, and %s is to move", jg.SquareName(from), owner, side)
	}
	if from == to {
		return rules.NoMove, refuse("%s: a piece must move to another point", mv)
	}
	if owner, occupied := pos.At(to); occupied {
		whose := "a " + owner.String() + " piece"
		if owner == side {
			whose = "one of your pieces"
		}
		return rules.NoMove, refuse("%s is taken by %s: pieces move to an empty point", jg.SquareName(to), whose)
	}
	if !jg.Adjacent(from, to) {
		return rules.NoMove, refuse("%s: pieces move one step along a line, to the next point up, down, left or right", mv)
	}
	m := jg.NewMove(from, to)
	_, caps := pos.After(m)
	if !claimed.Agrees(notation.Mark{Facts: uint64(caps)}) {
		if caps == 0 {
			return rules.NoMove, refuse("%s captures nothing", mv)
		}
		return rules.NoMove, refuse("%s captures %s, not %s", mv, pointList(caps), orNothing(uint16(claimed.Facts)))
	}
	return m, nil
}

func pieces(n int) string {
	if n == 0 {
		return "no pieces"
	}
	return "one piece"
}

func orNothing(mask uint16) string {
	if mask == 0 {
		return "nothing"
	}
	return pointList(mask)
}

// pointList writes the points of mask in order (a1 a2 ... d4).
func pointList(mask uint16) string {
	var names []string
	for m := mask; m != 0; m &= m - 1 {
		names = append(names, jg.SquareName(bits.TrailingZeros16(m)))
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// FormatMove writes m as "b2-b3", with " x " and the captured points when
// it captures.
func (Notation) FormatMove(p rules.Position, m rules.Move) string {
	return notation.FormatAs(p, func(pos jg.Position) string { return formatMove(pos, m) })
}

func formatMove(pos jg.Position, m rules.Move) string {
	from, to, ok := jg.MoveSquares(m)
	if !ok {
		return fmt.Sprintf("?%#x", uint32(m))
	}
	s := jg.SquareName(from) + "-" + jg.SquareName(to)
	if pos.Legal(m) {
		if _, caps := pos.After(m); caps != 0 {
			s += " x " + pointList(caps)
		}
	}
	return s
}

// ParsePosition reads a position string: ranks 4 down to 1 separated by
// "/", each rank files a to d with "b" for a black piece, "w" for a white
// one and digits for runs of empty points, then the side to move, "b" or
// "w". Case and extra spaces do not matter.
func (Notation) ParsePosition(s string) (rules.Position, error) {
	fields := strings.Fields(strings.ToLower(s))
	if len(fields) != 2 {
		return nil, fmt.Errorf("position %q: want the board and the side to move, as in \"wwww/4/4/bbbb b\"", s)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 4 {
		return nil, fmt.Errorf("position %q: %d ranks, want 4 separated by /", s, len(ranks))
	}
	var black, white uint16
	for i, r := range ranks {
		rank := 3 - i
		file := 0
		for _, c := range r {
			switch {
			case c >= '1' && c <= '4':
				file += int(c - '0')
			case c == 'b' || c == 'w':
				if file < 4 {
					if c == 'b' {
						black |= 1 << jg.Square(file, rank)
					} else {
						white |= 1 << jg.Square(file, rank)
					}
				}
				file++
			default:
				return nil, fmt.Errorf("position %q: rank %d: %q is neither b, w nor a number of empty points (1-4)", s, rank+1, c)
			}
			if file > 4 {
				return nil, fmt.Errorf("position %q: rank %d (%s) has more than 4 points", s, rank+1, r)
			}
		}
		if file != 4 {
			return nil, fmt.Errorf("position %q: rank %d (%s) has %d points, want 4", s, rank+1, r, file)
		}
	}
	side, ok := rules.ParseSide(fields[1])
	if !ok {
		return nil, fmt.Errorf("position %q: the side to move is %q, want b or w", s, fields[1])
	}
	p, err := jg.NewPosition(black, white, side)
	if err != nil {
		return nil, fmt.Errorf("position %q: %w", s, err)
	}
	return p, nil
}

// FormatPosition writes the position string of p.
func (Notation) FormatPosition(p rules.Position) string {
	return notation.FormatAs(p, formatPosition)
}

func formatPosition(pos jg.Position) string {
	var b strings.Builder
	for rank := 3; rank >= 0; rank-- {
		notation.WriteRank(&b, 4, func(file int) string {
			side, occupied := pos.At(jg.Square(file, rank))
			switch {
			case !occupied:
				return ""
			case side == rules.Black:
				return "b"
			}
			return "w"
		})
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if pos.ToMove() == rules.Black {
		b.WriteString(" b")
	} else {
		b.WriteString(" w")
	}
	return b.String()
}

// Board draws p as the grid of lines the game is played on, Black's side
// at the bottom, with the side to move and the pieces each side has.
func (n Notation) Board(p rules.Position) string { return n.BoardFrom(p, rules.Black) }

// BoardFrom draws p from the side of bottom's player: for White the grid
// turned half round (files d to a across, rank 1 at the top, White's
// starting rank 4 at the bottom); for Black it is Board.
func (Notation) BoardFrom(p rules.Position, bottom rules.Side) string {
	return notation.FormatAs(p, func(x jg.Position) string { return boardFrom(x, bottom) })
}

func boardFrom(pos jg.Position, bottom rules.Side) string {
	files := "    a   b   c   d\n"
	if bottom == rules.White {
		files = "    d   c   b   a\n"
	}
	var b strings.Builder
	b.WriteString(files)
	for i := 0; i < 4; i++ {
		rank := 3 - i
		if bottom == rules.White {
			rank = i
		}
		fmt.Fprintf(&b, "%d   ", rank+1)
		for j := 0; j < 4; j++ {
			file := j
			if bottom == rules.White {
				file = 3 - j
			}
			c := byte('+')
			if side, occupied := pos.At(jg.Square(file, rank)); occupied {
				c = 'w'
				if side == rules.Black {
					c = 'b'
				}
			}
			b.WriteByte(c)
			if j < 3 {
				b.WriteString("---")
			}
		}
		fmt.Fprintf(&b, "   %d\n", rank+1)
		if i < 3 {
			b.WriteString("    |   |   |   |\n")
		}
	}
	b.WriteString(files)
	fmt.Fprintf(&b, "%s to move. b = Black (%d), w = White (%d).\n",
		notation.SideName(pos.ToMove()), pos.Count(rules.Black), pos.Count(rules.White))
	return b.String()
}

// Examples lists moves in Jul-Gonu's notation to show the format with
// (notation.Example picks one that is not legal in the position).
func (Notation) Examples() []string {
	return []string{"b2-c2", "a1-a2", "d4-d3", "c3-c4", "a4-b4", "d1-c1"}
}

// Rules explains Jul-Gonu as windpost plays it.
func (Notation) Rules() string {
	return `Jul-Gonu (Korean "four-line Gonu")

The board is a grid of 4 x 4 points. Files a to d run from left to right,
ranks 1 to 4 from Black's side. Each player has 4 pieces: Black starts on
rank 1, White on rank 4. Black moves first.

A turn: move one of your pieces one step along a line (up, down, left or
right) to an empty point. You may not pass.

Capture: after your move, look from the piece you moved along each line.
If the next one or two points hold enemy pieces, with no gap, and the point
right after them holds one of your pieces, those enemy pieces are captured.
You can capture along the row and along the column in the same move. Only
the player who moves captures: a piece that moves between two enemy pieces
is safe.

Repetition: a move may not recreate any earlier position of the game (the
same pieces on the same points with the same player to move), the start
included. Such a move is not legal.

End of the game: you win when your opponent has one piece or none left, or
when your opponent, to move, has no legal move (blocked, or every move would
repeat a position). The game is drawn when both players agree, and (for
correspondence play) when 100 moves in a row (50 each) pass without a
capture.

Notation: write a move as the point the piece leaves and the point it goes
to, a1-a2 (or a1a2). windpost writes captures after an x: b2-b3 x b4 c3.
You may add them too; if they are not what the move captures, the move is
refused and you are told what it would capture.

Position strings (for tools): ranks 4 down to 1 separated by /, b for a
Black piece, w for a White one, digits for empty points, then the side to
move: the start is "wwww/4/4/bbbb b".
`
}
