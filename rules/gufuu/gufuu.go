// Package gufuu is the rules engine of Gufuu Shogi, Georg Dunkel's game on a
// board of 2 files by 3 ranks with two kings and two shared generals, the
// Wind and the Storm (the binding rules are ../shared/rules/gufuu.md).
//
// A position is a Pos, a packed integer: for each of the four pieces its
// square and facing (or "in hand"), the side to move, and whether a forced
// opening drop of a general is pending. The hand is what is not on the
// board. Pos is a small value with fast move generation for the solver;
// Position adapts it to rules.Position and Variant is the game for the
// rest of windpost.
//
// Decisions where the rules are silent:
//   - A side to move that has no legal move and is not in check (which the
//     rules say cannot happen and which no position reachable from the start
//     shows) loses by rules.NoLegalMove.
//   - In a single check the king may capture the other general, if that
//     leaves the checking general's attack: the rule is that every checking
//     general must stop checking, and the ban on capturing is about the
//     checking general only.
//
// The package's tables (piece attacks, neighbours) are computed once when the
// package loads and are never changed.
package gufuu

import (
	"fmt"
	"strconv"

	"github.com/windpost/windpost/rules"
)

// Square is one of the six squares, numbered row by row from the top:
// 2a 1a / 2b 1b / 2c 1c.
type Square uint8

// The squares. File 2 is on the left (west), rank a at the top (north).
const (
	Sq2a Square = iota
	Sq1a
	Sq2b
	Sq1b
	Sq2c
	Sq1c
	NumSquares = 6
)

// String writes the square as "2a".
func (s Square) String() string {
	if s >= NumSquares {
		return "??"
	}
	return string([]byte{"21"[s&1], "abc"[s>>1]})
}

// File is 2 (west) or 1 (east); Rank is 'a' (north), 'b' or 'c'.
func (s Square) File() int  { return 2 - int(s&1) }
func (s Square) Rank() byte { return "abc"[s>>1] }

// SquareAt returns the square of file (1 or 2) and rank ('a'..'c').
func SquareAt(file int, rank byte) (Square, bool) {
	if file < 1 || file > 2 || rank < 'a' || rank > 'c' {
		return 0, false
	}
	return Square(int(rank-'a')*2 + 2 - file), true
}

// Facing is the direction a piece faces.
type Facing uint8

// The facings, in clockwise order.
const (
	North Facing = iota
	East
	South
	West
)

// Clockwise is the facing after a quarter turn clockwise.
func (f Facing) Clockwise() Facing { return (f + 1) & 3 }

// Letter is "N", "E", "S" or "W".
func (f Facing) Letter() byte { return "NESW"[f&3] }

// String is the facing's name in words.
func (f Facing) String() string {
	return [...]string{"north", "east", "south", "west"}[f&3]
}

// Piece is one of the four pieces.
type Piece uint8

// The pieces. The kings belong to their sides; the generals are shared.
const (
	BlackKing Piece = iota
	WhiteKing
	Wind
	Storm
	NumPieces = 4
)

// KingOf returns side s's king.
func KingOf(s rules.Side) Piece { return Piece(s) }

// IsKing reports whether p is a king.
func (p Piece) IsKing() bool { return p <= WhiteKing }

// String is the piece's name in words.
func (p Piece) String() string {
	return [...]string{"Black's king", "White's king", "Wind", "Storm"}[p&3]
}

// step[sq][dir] is the square one step from sq in direction dir (0..7:
// N, NE, E, SE, S, SW, W, NW), or -1 off the board.
var step = makeSteps()

// attacks[kind][sq][facing] is the set (bit per square) a piece attacks:
// kind 0 king, 1 wind, 2 storm.
var attacks = makeAttacks()

// neighbours[sq] is the 8-neighbourhood of sq as a bit set.
var neighbours = makeNeighbours()

func makeSteps() (t [NumSquares][8]int8) {
	dx := [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dy := [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
	for s := 0; s < NumSquares; s++ {
		x, y := s&1, s>>1
		for d := 0; d < 8; d++ {
			nx, ny := x+dx[d], y+dy[d]
			if nx < 0 || nx > 1 || ny < 0 || ny > 2 {
				t[s][d] = -1
			} else {
				t[s][d] = int8(ny*2 + nx)
			}
		}
	}
	return t
}

func makeAttacks() (t [3][NumSquares][4]uint8) {
	steps := makeSteps()
	// Directions relative to the facing, in eighths of a turn clockwise:
	// 0 forward, 1 forward-right, 2 right, 3 back-right, 4 back, ...
	rel := [3][]int{
		{0, 1, 2, 3, 4, 5, 6, 7}, // king
		{0, 3, 5},                // wind: forward, diagonally back
		{0, 1, 2, 6, 7},          // storm: forward, diagonally forward, sideways
	}
	for k := range rel {
		for s := 0; s < NumSquares; s++ {
			for f := 0; f < 4; f++ {
				var m uint8
				for _, r := range rel[k] {
					if to := steps[s][(2*f+r)&7]; to >= 0 {
						m |= 1 << uint(to)
					}
				}
				t[k][s][f] = m
			}
		}
	}
	return t
}

func makeNeighbours() (t [NumSquares]uint8) {
	steps := makeSteps()
	for s := 0; s < NumSquares; s++ {
		for d := 0; d < 8; d++ {
			if to := steps[s][d]; to >= 0 {
				t[s] |= 1 << uint(to)
			}
		}
	}
	return t
}

func kindOf(p Piece) int {
	if p.IsKing() {
		return 0
	}
	return int(p) - 1
}

// Attacks returns the squares (a bit per square) piece p attacks from sq
// facing f.
func Attacks(p Piece, sq Square, f Facing) uint8 { return attacks[kindOf(p)][sq][f&3] }

// Pos is a position packed in 22 bits: for each piece (Black's king, White's
// king, Wind, Storm) 5 bits holding square*4+facing, or 24 when the piece is
// in hand; bit 20 the side to move (1 = White); bit 21 set while a forced
// opening drop of a general is pending. Two equal positions have equal
// values (a piece in hand has no facing).
type Pos uint32

const (
	fieldBits  = 5
	fieldMask  = 1<<fieldBits - 1
	inHand     = 24
	sideBit    = 1 << 20
	openingBit = 1 << 21
	// PosLimit bounds every Pos value.
	PosLimit = 1 << 22
)

// Start is the empty board, Black to drop his king.
const Start Pos = inHand | inHand<<5 | inHand<<10 | inHand<<15

func (p Pos) field(pc Piece) uint32 { return uint32(p) >> (fieldBits * uint(pc)) & fieldMask }

func (p Pos) setField(pc Piece, v uint32) Pos {
	sh := fieldBits * uint(pc)
	return Pos(uint32(p)&^(fieldMask<<sh) | v<<sh)
}

// Place returns p with piece pc on sq facing f.
func (p Pos) Place(pc Piece, sq Square, f Facing) Pos {
	return p.setField(pc, uint32(sq)*4+uint32(f&3))
}

// Remove returns p with piece pc in hand.
func (p Pos) Remove(pc Piece) Pos { return p.setField(pc, inHand) }

// Where returns the square and facing of pc, and false when it is in hand.
func (p Pos) Where(pc Piece) (Square, Facing, bool) {
	v := p.field(pc)
	if v >= inHand {
		return 0, 0, false
	}
	return Square(v >> 2), Facing(v & 3), true
}

// At returns the piece on sq, if any.
func (p Pos) At(sq Square) (Piece, Facing, bool) {
	for pc := Piece(0); pc < NumPieces; pc++ {
		if s, f, ok := p.Where(pc); ok && s == sq {
			return pc, f, true
		}
	}
	return 0, 0, false
}

// ToMove is the side whose turn it is.
func (p Pos) ToMove() rules.Side {
	if p&sideBit != 0 {
		return rules.White
	}
	return rules.Black
}

// WithSide returns p with s to move.
func (p Pos) WithSide(s rules.Side) Pos {
	if s == rules.White {
		return p | sideBit
	}
	return p &^ sideBit
}

// OpeningDrop reports whether a forced opening drop of a general is
// pending (the " o" of the position string).
func (p Pos) OpeningDrop() bool { return p&openingBit != 0 }

// WithOpeningDrop returns p with the pending-opening-drop mark set or not.
func (p Pos) WithOpeningDrop(on bool) Pos {
	if on {
		return p | openingBit
	}
	return p &^ openingBit
}

// Forced returns the piece the side to move must drop in the opening, and
// false in normal play.
func (p Pos) Forced() (Piece, bool) {
	switch {
	case p.field(BlackKing) == inHand:
		return BlackKing, true
	case p.field(WhiteKing) == inHand:
		return WhiteKing, true
	case p.OpeningDrop() && p.ToMove() == rules.Black:
		return Wind, true
	case p.OpeningDrop():
		return Storm, true
	}
	return 0, false
}

// Valid reports whether p is a position the rules allow: the opening
// states in their order, no two pieces on one square, kings not face to
// face. It says why not.
func (p Pos) Valid() error {
	if uint32(p) >= PosLimit {
		return fmt.Errorf("not a Gufuu position")
	}
	var occ uint8
	for pc := Piece(0); pc < NumPieces; pc++ {
		v := p.field(pc)
		if v > inHand {
			return fmt.Errorf("not a Gufuu position")
		}
		if v == inHand {
			continue
		}
		b := uint8(1) << (v >> 2)
		if occ&b != 0 {
			return fmt.Errorf("two pieces on %s", Square(v>>2))
		}
		occ |= b
	}
	bk, wk := p.field(BlackKing) != inHand, p.field(WhiteKing) != inHand
	gens := 0
	for _, g := range []Piece{Wind, Storm} {
		if p.field(g) != inHand {
			gens++
		}
	}
	switch {
	case !bk && (wk || gens > 0 || p.ToMove() != rules.Black || p.OpeningDrop()):
		return fmt.Errorf("while Black's king is in hand the board must be empty, Black to move (the game's start)")
	case bk && !wk && (gens > 0 || p.ToMove() != rules.White || p.OpeningDrop()):
		return fmt.Errorf("while White's king is in hand only Black's king may stand on the board, White to move")
	case p.OpeningDrop() && p.ToMove() == rules.Black && gens != 0:
		return fmt.Errorf("when Black must drop the Wind in the opening, no general may be on the board")
	case p.OpeningDrop() && p.ToMove() == rules.White && (gens != 1 || p.field(Wind) == inHand):
		return fmt.Errorf("when White must drop the Storm in the opening, the Wind must be on the board and the Storm in hand")
	}
	if bk && wk && p.FaceToFace() {
		return fmt.Errorf("the kings stand face to face, which the rules never allow")
	}
	return nil
}

// FaceToFace reports whether the kings stand orthogonally adjacent, each
// facing the other.
func (p Pos) FaceToFace() bool {
	b, w := p.field(BlackKing), p.field(WhiteKing)
	if b >= inHand || w >= inHand {
		return false
	}
	return faceToFace(b, w)
}

// faceToFace takes two king fields (square*4+facing).
func faceToFace(a, b uint32) bool {
	return step[a>>2][2*(a&3)] == int8(b>>2) && step[b>>2][2*(b&3)] == int8(a>>2)
}

// checks reports whether general field g (square*4+facing, kind k) checks
// the king on square own while the other king stands on square other.
func checks(k int, g uint32, own, other uint32) bool {
	return attacks[k][g>>2][g&3]&(1<<own) != 0 && neighbours[g>>2]&(1<<other) != 0
}

// Checkers returns the generals that check the side to move (0, 1 or 2 of
// them, in the order Wind, Storm).
func (p Pos) Checkers() []Piece {
	var cs []Piece
	m := p.checkMask()
	for _, g := range []Piece{Wind, Storm} {
		if m&(1<<g) != 0 {
			cs = append(cs, g)
		}
	}
	return cs
}

// InCheck reports whether the side to move is in check.
func (p Pos) InCheck() bool { return p.checkMask() != 0 }

// checkMask has bit Wind and/or bit Storm set for the checking generals.
func (p Pos) checkMask() uint8 {
	s := uint32(p>>20) & 1
	own, opp := p.field(Piece(s)), p.field(Piece(s^1))
	if own >= inHand || opp >= inHand {
		return 0
	}
	var m uint8
	if w := p.field(Wind); w < inHand && checks(1, w, own>>2, opp>>2) {
		m |= 1 << Wind
	}
	if st := p.field(Storm); st < inHand && checks(2, st, own>>2, opp>>2) {
		m |= 1 << Storm
	}
	return m
}

// Key is the decimal packed value; equal keys are equal positions.
func (p Pos) Key() string { return strconv.FormatUint(uint64(p), 10) }

// halfTurnField maps a piece field to its image when the board is turned
// half a turn (2a <-> 1c, 1a <-> 2c, 2b <-> 1b; facings reversed).
var halfTurnField = makeHalfTurn()

func makeHalfTurn() (t [32]uint32) {
	for v := uint32(0); v < 32; v++ {
		t[v] = v
		if v < inHand {
			t[v] = (5-v>>2)<<2 | (v+2)&3
		}
	}
	return t
}

// HalfTurn returns p with the board turned half a turn. The rules do not
// change under that turn (a mirror image would make clockwise turns
// anticlockwise, so it is no symmetry of the game): a position and its
// half-turned image have corresponding moves and the same value. Only the
// empty board is its own image.
func (p Pos) HalfTurn() Pos {
	v := uint32(p)
	return Pos(v&^(1<<20-1) | halfTurnField[v&31] | halfTurnField[v>>5&31]<<5 | halfTurnField[v>>10&31]<<10 | halfTurnField[v>>15&31]<<15)
}
