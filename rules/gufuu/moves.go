package gufuu

import (
	"math/bits"
	"slices"

	"github.com/windpost/windpost/rules"
)

// MoveKind is what a move does.
type MoveKind uint8

// The kinds of move. A capture is a Step onto a general.
const (
	Drop   MoveKind = 1
	Step   MoveKind = 2
	Rotate MoveKind = 3
)

// MaxMoves bounds the number of legal moves in any position.
const MaxMoves = 64

// NewMove encodes a move: kind, piece, destination (for a rotation the
// piece's own square) and the facing after the move. The encoding is
// kind | piece<<2 | square<<4 | facing<<7 and is never 0.
func NewMove(k MoveKind, pc Piece, to Square, f Facing) rules.Move {
	return rules.Move(uint32(k) | uint32(pc)<<2 | uint32(to)<<4 | uint32(f&3)<<7)
}

func mv(kind, pc, to, f uint32) rules.Move { return rules.Move(kind | pc<<2 | to<<4 | f<<7) }

// DecodeMove splits a move into its parts; ok is false for a value that is
// no Gufuu move.
func DecodeMove(m rules.Move) (k MoveKind, pc Piece, to Square, f Facing, ok bool) {
	k, pc, to, f = MoveKind(m&3), Piece(m>>2&3), Square(m>>4&7), Facing(m>>7&3)
	ok = k != 0 && to < NumSquares && m>>9 == 0
	return
}

// AppendMoves appends the legal moves of p to ms and returns the extended
// slice. The order is fixed: drops, then the king's moves, its rotation,
// then the generals' moves and rotations.
func (p Pos) AppendMoves(ms []rules.Move) []rules.Move {
	side := uint32(p>>20) & 1
	var fs [NumPieces]uint32
	var occ uint32
	for i := range fs {
		fs[i] = uint32(p) >> (fieldBits * uint(i)) & fieldMask
		if fs[i] < inHand {
			occ |= 1 << (fs[i] >> 2)
		}
	}
	bk, wk := fs[BlackKing], fs[WhiteKing]
	if bk == inHand {
		for sq := uint32(0); sq < NumSquares; sq++ {
			for f := uint32(0); f < 4; f++ {
				ms = append(ms, mv(uint32(Drop), uint32(BlackKing), sq, f))
			}
		}
		return ms
	}
	if wk == inHand {
		for m := kingDrops(bk, occ); m != 0; m &= m - 1 {
			v := uint32(trailing(m))
			ms = append(ms, mv(uint32(Drop), uint32(WhiteKing), v>>2, v&3))
		}
		return ms
	}
	own, opp := fs[side], fs[side^1]
	if p&openingBit != 0 {
		g := uint32(Wind) + side
		return appendDrops(ms, g, occ, own, opp)
	}
	cm := p.checkMask()
	if cm == 0 {
		for g := uint32(Wind); g <= uint32(Storm); g++ {
			if fs[g] == inHand {
				ms = appendDrops(ms, g, occ, own, opp)
			}
		}
	}
	// The king: steps and captures (never onto a king, never onto a
	// checking general, never staying in a checker's attack), rotation
	// when not in check; never face to face.
	osq := own >> 2
	nf := (own + 1) & 3
	kingsMask := uint32(1)<<osq | uint32(1)<<(opp>>2)
	var attacked uint32 // squares the checking generals attack
	var checkerSq uint32
	for g := uint32(Wind); g <= uint32(Storm); g++ {
		if cm&(1<<g) != 0 {
			attacked |= uint32(attacks[g-1][fs[g]>>2][fs[g]&3])
			checkerSq |= 1 << (fs[g] >> 2)
		}
	}
	t := uint32(attacks[0][osq][0]) &^ kingsMask &^ checkerSq &^ attacked
	for t != 0 {
		to := uint32(trailing(t))
		t &= t - 1
		if !faceToFace(to*4+nf, opp) {
			ms = append(ms, mv(uint32(Step), side, to, nf))
		}
	}
	if cm == 0 {
		if !faceToFace(osq*4+nf, opp) {
			ms = append(ms, mv(uint32(Rotate), side, osq, nf))
		}
		for g := uint32(Wind); g <= uint32(Storm); g++ {
			v := fs[g]
			if v == inHand {
				continue
			}
			gf := (v + 1) & 3
			t := uint32(attacks[g-1][v>>2][v&3]) &^ kingsMask
			for t != 0 {
				to := uint32(trailing(t))
				t &= t - 1
				ms = append(ms, mv(uint32(Step), g, to, gf))
			}
			ms = append(ms, mv(uint32(Rotate), g, v>>2, gf))
		}
		return ms
	}
	// In check by one general: the other general may capture it.
	if cm == 1<<Wind || cm == 1<<Storm {
		c := uint32(Wind)
		if cm == 1<<Storm {
			c = uint32(Storm)
		}
		o := c ^ 1 // Wind=2, Storm=3
		if v := fs[o]; v != inHand && attacks[o-1][v>>2][v&3]&(1<<(fs[c]>>2)) != 0 {
			ms = append(ms, mv(uint32(Step), o, fs[c]>>2, (v+1)&3))
		}
	}
	return ms
}

// appendDrops appends the drops of general g (see dropFields).
func appendDrops(ms []rules.Move, g, occ, own, opp uint32) []rules.Move {
	for m := dropFields(g, occ, own, opp); m != 0; m &= m - 1 {
		v := uint32(trailing(m))
		ms = append(ms, mv(uint32(Drop), g, v>>2, v&3))
	}
	return ms
}

// kingDrops is the fields (square*4 + facing, one bit each) where White's
// king may be dropped: the empty squares (not in occ), in every facing
// that does not face Black's king, on field bk, face to face.
func kingDrops(bk, occ uint32) uint32 {
	var m uint32
	for sq := uint32(0); sq < NumSquares; sq++ {
		if occ&(1<<sq) != 0 {
			continue
		}
		for f := uint32(0); f < 4; f++ {
			if !faceToFace(bk, sq*4+f) {
				m |= 1 << (sq*4 + f)
			}
		}
	}
	return m
}

// dropFields is the fields (square*4 + facing, one bit each) where general
// g may be dropped: the empty squares (not in occ), in every facing that
// does not give check (attack the opponent's king opp while standing next
// to the dropper's king own). AppendMoves and AppendChildren both drop
// from it, in the order of its bits.
func dropFields(g, occ, own, opp uint32) uint32 {
	var m uint32
	for sq := uint32(0); sq < NumSquares; sq++ {
		if occ&(1<<sq) != 0 {
			continue
		}
		touching := neighbours[sq]&(1<<(own>>2)) != 0
		for f := uint32(0); f < 4; f++ {
			if !touching || attacks[g-1][sq][f]&(1<<(opp>>2)) == 0 {
				m |= 1 << (sq*4 + f)
			}
		}
	}
	return m
}

func trailing(x uint32) int { return bits.TrailingZeros32(x) }

// Apply returns the position after m, which must be legal in p (Apply does
// not check; see Legal).
func (p Pos) Apply(m rules.Move) Pos {
	kind, pc, to, f := uint32(m)&3, uint32(m)>>2&3, uint32(m)>>4&7, uint32(m)>>7&3
	q := p
	switch MoveKind(kind) {
	case Drop:
		q = q.setField(Piece(pc), to*4+f)
		if Piece(pc) == WhiteKing {
			q |= openingBit
		} else if Piece(pc) == Storm {
			q &^= openingBit
		}
	case Step:
		for g := Wind; g <= Storm; g++ {
			if q.field(g)>>2 == to {
				q = q.setField(g, inHand)
			}
		}
		q = q.setField(Piece(pc), to*4+f)
	case Rotate:
		q = q.setField(Piece(pc), q.field(Piece(pc))&^3|f)
	}
	return q ^ sideBit
}

// Legal reports whether m is a legal move in p.
func (p Pos) Legal(m rules.Move) bool {
	var buf [MaxMoves]rules.Move
	return slices.Contains(p.AppendMoves(buf[:0]), m)
}

// Children appends the positions after each legal move of p.
func (p Pos) Children(dst []Pos) []Pos {
	var buf [MaxMoves]rules.Move
	for _, m := range p.AppendMoves(buf[:0]) {
		dst = append(dst, p.Apply(m))
	}
	return dst
}

// Perft counts the leaves of the legal-move tree depth plies below p, the
// last ply bulk-counted (with AppendChildren; rules.Perft on Position is the
// slow reference).
func (p Pos) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf [MaxMoves]Pos
	cs := p.AppendChildren(buf[:0])
	if depth == 1 {
		return uint64(len(cs))
	}
	var n uint64
	for _, q := range cs {
		n += q.Perft(depth - 1)
	}
	return n
}
