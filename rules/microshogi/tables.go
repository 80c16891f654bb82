package microshogi

import (
	"math/bits"

	"github.com/windpost/windpost/rules"
)

// Face is one face of a piece: what it moves like now. Every piece but the
// king has two faces, and the faces of one piece are paired as
// Bishop/Tokin, Gold/Rook, Silver/Lance and Pawn/Knight.
type Face uint8

// The faces. NoFace stands for an empty square.
const (
	NoFace Face = iota
	King
	Bishop
	Tokin
	Gold
	Rook
	Silver
	Lance
	Pawn
	Knight
)

// NumFaces is one more than the largest Face.
const NumFaces = 10

// Flip returns the other face of the same piece; the king has only one.
func (f Face) Flip() Face {
	if f <= King {
		return f
	}
	return f ^ 1
}

// Pair is the index (0..3) of f's piece kind in a hand: 0 Bishop/Tokin,
// 1 Gold/Rook, 2 Silver/Lance, 3 Pawn/Knight. It is meaningless for the king.
func (f Face) Pair() int { return int(f-2) / 2 }

// Front is the front face of the piece kind with index pair (Bishop, Gold,
// Silver or Pawn): hands are counted by it.
func Front(pair int) Face { return Face(2 + 2*pair) }

// Pairs is the number of piece kinds a hand can hold.
const Pairs = 4

// The board has 4 files and 5 ranks.
const (
	Files      = 4
	Ranks      = 5
	NumSquares = Files * Ranks
)

// Square is one of the 20 squares, numbered rank by rank from Black's top
// left (4a = 0, 3a = 1, ..., 1a = 3, 4b = 4, ..., 1e = 19).
type Square uint8

// SquareAt returns the square on file (1..4, right to left as Black sees
// the board) and rank (1..5 for a..e). It reports false off the board.
func SquareAt(file, rank int) (Square, bool) {
	if file < 1 || file > Files || rank < 1 || rank > Ranks {
		return 0, false
	}
	return Square((rank-1)*Files + (Files - file)), true
}

// File is the square's file, 1..4.
func (s Square) File() int { return Files - int(s)%Files }

// Rank is the square's rank, 1..5 for a..e.
func (s Square) Rank() int { return int(s)/Files + 1 }

func (s Square) col() int { return int(s) % Files }
func (s Square) row() int { return int(s) / Files }

const fullBoard = uint32(1)<<NumSquares - 1

// Directions of the rays: the first four orthogonal, the last four diagonal.
// "north" is toward rank a.
const (
	north = iota
	south
	west
	east
	northWest
	northEast
	southWest
	southEast
	numDirs
)

var dirDelta = [numDirs][2]int{ // row, col
	north: {-1, 0}, south: {1, 0}, west: {0, -1}, east: {0, 1},
	northWest: {-1, -1}, northEast: {-1, 1}, southWest: {1, -1}, southEast: {1, 1},
}

// forward is each side's forward direction.
var forward = [2]int{rules.Black: north, rules.White: south}

// table holds the precomputed, read-only move and hashing tables.
type table struct {
	// step[side][face][sq]: the squares a stepping face of side attacks from sq.
	step [2][NumFaces][NumSquares]uint32
	// ray[dir][sq]: the squares from sq (exclusive) to the edge in dir.
	ray [numDirs][NumSquares]uint32
	// between[a][b]: the squares strictly between a and b on a line, else 0.
	between [NumSquares][NumSquares]uint32

	zPiece [2][NumFaces][NumSquares]uint64
	zHand  [2][Pairs][3]uint64
	zSide  uint64
}

// tables is computed once when the program starts and never changed.
var tables = buildTables()

func buildTables() *table {
	t := &table{}
	on := func(r, c int) bool { return r >= 0 && r < Ranks && c >= 0 && c < Files }
	bit := func(r, c int) uint32 { return 1 << uint(r*Files+c) }
	type d = [2]int
	shapes := map[Face][]d{
		King:   {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
		Gold:   {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
		Tokin:  {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
		Silver: {{-1, -1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 1}},
		Pawn:   {{-1, 0}},
		Knight: {{-2, -1}, {-2, 1}},
	}
	for side := 0; side < 2; side++ {
		sign := 1
		if side == int(rules.White) {
			sign = -1 // White's forward is toward rank e
		}
		for f, ds := range shapes {
			for sq := 0; sq < NumSquares; sq++ {
				r, c := sq/Files, sq%Files
				for _, dd := range ds {
					nr, nc := r+sign*dd[0], c+sign*dd[1]
					if on(nr, nc) {
						t.step[side][f][sq] |= bit(nr, nc)
					}
				}
			}
		}
	}
	for dir := 0; dir < numDirs; dir++ {
		for sq := 0; sq < NumSquares; sq++ {
			r, c := sq/Files, sq%Files
			for {
				r, c = r+dirDelta[dir][0], c+dirDelta[dir][1]
				if !on(r, c) {
					break
				}
				t.ray[dir][sq] |= bit(r, c)
			}
		}
	}
	for a := 0; a < NumSquares; a++ {
		for dir := 0; dir < numDirs; dir++ {
			r, c := a/Files, a%Files
			var path uint32
			for {
				r, c = r+dirDelta[dir][0], c+dirDelta[dir][1]
				if !on(r, c) {
					break
				}
				t.between[a][r*Files+c] = path
				path |= bit(r, c)
			}
		}
	}
	// Zobrist keys from a fixed-seed splitmix64, so hashes are the same in
	// every run.
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for s := 0; s < 2; s++ {
		for f := 1; f < NumFaces; f++ {
			for sq := 0; sq < NumSquares; sq++ {
				t.zPiece[s][f][sq] = next()
			}
		}
		for k := 0; k < Pairs; k++ {
			for n := 1; n < 3; n++ {
				t.zHand[s][k][n] = next()
			}
		}
	}
	t.zSide = next()
	return t
}

// slide returns the squares a slider on sq attacks in dir, up to and
// including the first occupied square.
func slide(dir int, sq Square, occ uint32) uint32 {
	r := tables.ray[dir][sq]
	b := r & occ
	if b == 0 {
		return r
	}
	var first int
	if dir == south || dir == east || dir == southWest || dir == southEast {
		first = bits.TrailingZeros32(b) // rays toward higher numbers
	} else {
		first = 31 - bits.LeadingZeros32(b)
	}
	return r ^ tables.ray[dir][first]
}

func rookAttacks(sq Square, occ uint32) uint32 {
	return slide(north, sq, occ) | slide(south, sq, occ) | slide(west, sq, occ) | slide(east, sq, occ)
}

func bishopAttacks(sq Square, occ uint32) uint32 {
	return slide(northWest, sq, occ) | slide(northEast, sq, occ) | slide(southWest, sq, occ) | slide(southEast, sq, occ)
}

// attacks returns the squares a face of side s on sq attacks given the
// occupied squares occ.
func attacks(s rules.Side, f Face, sq Square, occ uint32) uint32 {
	switch f {
	case Bishop:
		return bishopAttacks(sq, occ)
	case Rook:
		return rookAttacks(sq, occ)
	case Lance:
		return slide(forward[s], sq, occ)
	}
	return tables.step[s][f][sq]
}
