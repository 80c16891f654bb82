// Package julgonu is the rules engine of Jul-Gonu (Korean "four-line
// Gonu"), as windpost plays it (see the rules page the project keeps):
//
//   - a 4x4 grid of points, files a-d from left to right, ranks 1-4 from
//     Black's side; Black fills rank 1, White rank 4, Black moves first;
//   - a turn moves one own piece one step along a line (orthogonally) to an
//     empty point; passing is not allowed;
//   - custodian capture, made only by the mover: looking from the moved
//     piece along each direction, one or two enemy pieces (no gap) closed by
//     a friendly piece are captured; the row and the column may both capture
//     in the same move; a piece that moves between enemies is safe;
//   - positional superko: a move may not recreate any earlier position of
//     the game (the first position included). Such a move is not legal;
//   - a player wins when the opponent has one piece or none, or when the
//     opponent, to move, has no legal move (blocked, or every move would
//     repeat a position);
//   - windpost's rule for correspondence play: 100 plies in a row without a
//     capture draw the game (draws by agreement are handled by games).
//
// Positions are small values (two 16-bit masks and the side to move). The
// Position type satisfies rules.Position with the rules that look at one
// position alone; Variant applies the rules that need the game's history.
//
// Decisions where the rules page is silent:
//   - A position is the same position as another exactly when the same
//     points hold the same pieces and the same side is to move.
//   - When a move both blocks the opponent and is the 100th capture-free
//     ply, the win counts (as checkmate does in chess).
//   - A position whose side not to move has one piece or none (it cannot
//     arise in play, only be typed) is won by the side to move.
//   - The no-capture count starts at the first position the game knows.
package julgonu

import (
	"fmt"
	"math/bits"

	"github.com/windpost/windpost/rules"
)

// Squares are numbered rank*4 + file, 0 = a1, 3 = d1, 15 = d4. A mask has bit
// s set when square s holds a piece.

// Pieces is how many pieces each side starts with.
const Pieces = 4

// NoCaptureLimit is the number of plies in a row without a capture that
// draws the game.
const NoCaptureLimit = 100

const (
	fileA = 0x1111
	fileD = 0x8888
)

// Position is one Jul-Gonu position: which points hold black and white
// pieces, and whose turn it is. It is a comparable value.
type Position struct {
	black, white uint16
	side         rules.Side
}

// Start is the starting position: Black on rank 1, White on rank 4, Black
// to move.
func Start() Position { return Position{black: 0x000f, white: 0xf000, side: rules.Black} }

// NewPosition returns the position with black and white pieces on the
// points of the masks (bit rank*4+file) and side to move. It refuses masks
// that overlap or a side with more than four pieces.
func NewPosition(black, white uint16, side rules.Side) (Position, error) {
	switch {
	case black&white != 0:
		return Position{}, fmt.Errorf("%s holds both a black and a white piece", SquareName(bits.TrailingZeros16(black&white)))
	case bits.OnesCount16(black) > Pieces:
		return Position{}, fmt.Errorf("black has %d pieces, at most %d", bits.OnesCount16(black), Pieces)
	case bits.OnesCount16(white) > Pieces:
		return Position{}, fmt.Errorf("white has %d pieces, at most %d", bits.OnesCount16(white), Pieces)
	case side > rules.White:
		return Position{}, fmt.Errorf("no such side %d", side)
	}
	return Position{black: black, white: white, side: side}, nil
}

// Black is the mask of black pieces.
func (p Position) Black() uint16 { return p.black }

// White is the mask of white pieces.
func (p Position) White() uint16 { return p.white }

// ToMove is the side whose turn it is.
func (p Position) ToMove() rules.Side { return p.side }

// Own and Opp are the masks of the side to move and of its opponent.
func (p Position) Own() uint16 {
	if p.side == rules.White {
		return p.white
	}
	return p.black
}

// Opp is the mask of the side not to move.
func (p Position) Opp() uint16 {
	if p.side == rules.White {
		return p.black
	}
	return p.white
}

// Count returns how many pieces side s has.
func (p Position) Count(s rules.Side) int {
	if s == rules.White {
		return bits.OnesCount16(p.white)
	}
	return bits.OnesCount16(p.black)
}

// At returns the side of the piece on square sq and true, or false when the
// point is empty.
func (p Position) At(sq int) (rules.Side, bool) {
	b := uint16(1) << sq
	switch {
	case p.black&b != 0:
		return rules.Black, true
	case p.white&b != 0:
		return rules.White, true
	}
	return rules.Black, false
}

// Key identifies the position for the superko rule.
func (p Position) Key() string { return fmt.Sprintf("%04x%04x%d", p.black, p.white, p.side) }

// FromOwnOpp builds the position whose side to move s has the pieces own and
// whose opponent has opp. It does not check the masks.
func FromOwnOpp(own, opp uint16, s rules.Side) Position {
	if s == rules.White {
		return Position{black: opp, white: own, side: s}
	}
	return Position{black: own, white: opp, side: s}
}

// SquareName writes square sq as "b3".
func SquareName(sq int) string {
	return string([]byte{byte('a' + sq%4), byte('1' + sq/4)})
}

// Square returns the square of file f (0 = a) and rank r (0 = rank 1).
func Square(file, rank int) int { return rank*4 + file }

// NewMove encodes the step from square from to square to. It does not check
// that the step is legal.
func NewMove(from, to int) rules.Move { return rules.Move(0x100 | from<<4 | to) }

// MoveSquares decodes m into its two squares. ok is false when m is not a
// Jul-Gonu move encoding (it may still be illegal in a given position).
func MoveSquares(m rules.Move) (from, to int, ok bool) {
	if m>>8 != 1 {
		return 0, 0, false
	}
	return int(m>>4) & 15, int(m) & 15, true
}

// Adjacent reports whether squares a and b are one step apart along a line.
func Adjacent(a, b int) bool {
	if a < 0 || a > 15 || b < 0 || b > 15 {
		return false
	}
	for _, n := range neighbours[a] {
		if n == b {
			return true
		}
	}
	return false
}

// neighbours lists each square's orthogonal neighbours (-1 = none), in the
// directions north, south, east, west. ray holds, for each square and
// direction, the masks of the first, second and third points in that
// direction (0 off the board). Both are read-only tables.
var neighbours, ray = buildTables()

// adjacent is the mask of each square's neighbours (read-only).
var adjacent = buildAdjacent()

func buildAdjacent() (a [16]uint16) {
	for sq := range a {
		for d := 0; d < 4; d++ {
			a[sq] |= ray[sq][d][0]
		}
	}
	return a
}

func buildTables() (nb [16][4]int, r [16][4][3]uint16) {
	df := [4]int{0, 0, 1, -1}
	dr := [4]int{1, -1, 0, 0}
	for sq := 0; sq < 16; sq++ {
		f, rk := sq%4, sq/4
		for d := 0; d < 4; d++ {
			nb[sq][d] = -1
			for k := 1; k <= 3; k++ {
				nf, nr := f+k*df[d], rk+k*dr[d]
				if nf < 0 || nf > 3 || nr < 0 || nr > 3 {
					break
				}
				if k == 1 {
					nb[sq][d] = Square(nf, nr)
				}
				r[sq][d][k-1] = 1 << Square(nf, nr)
			}
		}
	}
	return nb, r
}

// Neighbours returns the orthogonal neighbours of square sq in the
// directions north, south, east and west (-1 where the board ends).
func Neighbours(sq int) [4]int { return neighbours[sq] }

// Ray returns the masks of the first, second and third points from square sq
// in direction dir (0 north, 1 south, 2 east, 3 west); 0 past the board.
func Ray(sq, dir int) [3]uint16 { return ray[sq][dir] }

// Captures returns the enemy pieces a move to square to captures, given the
// mover's pieces own after the move (the moved piece on to) and the enemy's
// pieces opp.
func Captures(own, opp uint16, to int) uint16 {
	if opp&adjacent[to] == 0 {
		return 0
	}
	var c uint16
	for d := 0; d < 4; d++ {
		m := &ray[to][d]
		if opp&m[0] == 0 {
			continue
		}
		if own&m[1] != 0 {
			c |= m[0]
		} else if opp&m[1] != 0 && own&m[2] != 0 {
			c |= m[0] | m[1]
		}
	}
	return c
}

// CountMoves returns the number of moves of the side with pieces own when
// the other pieces are opp, by the rules of one position (0 when own has one
// piece or none).
func CountMoves(own, opp uint16) int {
	if bits.OnesCount16(own) <= 1 {
		return 0
	}
	empty := ^(own | opp)
	return bits.OnesCount16(own<<4&empty) + bits.OnesCount16(own>>4&empty) +
		bits.OnesCount16((own&^fileD)<<1&empty) + bits.OnesCount16((own&^fileA)>>1&empty)
}

// AppendMoves appends the moves legal in p by the rules of one position.
func (p Position) AppendMoves(dst []rules.Move) []rules.Move {
	own, opp := p.Own(), p.Opp()
	if bits.OnesCount16(own) <= 1 {
		return dst
	}
	empty := ^(own | opp)
	for o := own; o != 0; o &= o - 1 {
		from := bits.TrailingZeros16(o)
		for _, to := range neighbours[from] {
			if to >= 0 && empty&(1<<to) != 0 {
				dst = append(dst, NewMove(from, to))
			}
		}
	}
	return dst
}

// Moves returns the moves legal in p by the rules of this position alone,
// or nil when the side to move has one piece or none, or is blocked.
func (p Position) Moves() []rules.Move {
	ms := p.AppendMoves(nil)
	if len(ms) == 0 {
		return nil
	}
	return ms
}

// Legal reports whether m is a legal move in p by the rules of one
// position.
func (p Position) Legal(m rules.Move) bool {
	from, to, ok := MoveSquares(m)
	if !ok || !Adjacent(from, to) || bits.OnesCount16(p.Own()) <= 1 {
		return false
	}
	return p.Own()&(1<<from) != 0 && (p.black|p.white)&(1<<to) == 0
}

// After returns the position after the legal move m and the mask of the
// pieces it captures. It does not check legality.
func (p Position) After(m rules.Move) (Position, uint16) {
	from, to := int(m>>4)&15, int(m)&15
	own := p.Own()&^(1<<from) | 1<<to
	opp := p.Opp()
	c := Captures(own, opp, to)
	return FromOwnOpp(opp&^c, own, p.side.Opponent()), c
}

// Play returns the position after m. The error wraps rules.ErrIllegal when m
// is not legal in p.
func (p Position) Play(m rules.Move) (rules.Position, error) {
	if !p.Legal(m) {
		return nil, fmt.Errorf("%w: %s", rules.ErrIllegal, describe(p, m))
	}
	q, _ := p.After(m)
	return q, nil
}

func describe(p Position, m rules.Move) string {
	from, to, ok := MoveSquares(m)
	if !ok {
		return fmt.Sprintf("not a Jul-Gonu move (%#x)", uint32(m))
	}
	return fmt.Sprintf("%s-%s is not a legal move here", SquareName(from), SquareName(to))
}

// Perft counts the leaves of the move tree depth plies below p, by the rules
// of one position (no superko).
func (p Position) Perft(depth int) uint64 {
	own, opp := p.Own(), p.Opp()
	return perft(own, opp, depth)
}

func perft(own, opp uint16, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if depth == 1 {
		return uint64(CountMoves(own, opp))
	}
	var n uint64
	steps(own, opp, func(nown, nopp uint16) { n += perft(nopp, nown, depth-1) })
	return n
}

// steps calls f with the pieces after each move of the side with the
// pieces own against opp: nown the mover's, nopp the opponent's after
// captures. A side with one piece or none has no move.
func steps(own, opp uint16, f func(nown, nopp uint16)) {
	if bits.OnesCount16(own) <= 1 {
		return
	}
	empty := ^(own | opp)
	for o := own; o != 0; o &= o - 1 {
		from := bits.TrailingZeros16(o)
		for _, to := range neighbours[from] {
			if to < 0 || empty&(1<<to) == 0 {
				continue
			}
			nown := own&^(1<<from) | 1<<to
			f(nown, opp&^Captures(nown, opp, to))
		}
	}
}
