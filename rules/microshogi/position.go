package microshogi

import (
	"fmt"
	"slices"

	"github.com/windpost/windpost/rules"
)

// Piece is what stands on a square: a face and its owner.
type Piece struct {
	Face Face
	Side rules.Side
}

// Position is a Micro-shogi position: the board, both hands, the side to
// move and the move number. It is a small value (copying it is cheap) that
// satisfies rules.Position; the solver uses its fast methods (Generate,
// After, Hash) directly.
type Position struct {
	board  [NumSquares]uint8   // face | side<<4, 0 = empty
	pieces [2][NumFaces]uint32 // squares of each face of each side
	occ    [2]uint32           // squares of each side
	hand   [2][Pairs]uint8     // pieces in hand by kind
	king   [2]Square           // each side's king
	hash   uint64              // Zobrist hash of board, hands and side
	side   rules.Side          // to move
	moveNo uint16              // number of the move to be played (1 at the start)
}

// Start returns the starting position: White K4a B3a G2a S1a P4b, Black
// K1e B2e G3e S4e P1d, Black to move.
func Start() Position {
	var b [NumSquares]Piece
	put := func(file, rank int, f Face, s rules.Side) {
		sq, _ := SquareAt(file, rank)
		b[sq] = Piece{f, s}
	}
	put(4, 1, King, rules.White)
	put(3, 1, Bishop, rules.White)
	put(2, 1, Gold, rules.White)
	put(1, 1, Silver, rules.White)
	put(4, 2, Pawn, rules.White)
	put(1, 5, King, rules.Black)
	put(2, 5, Bishop, rules.Black)
	put(3, 5, Gold, rules.Black)
	put(4, 5, Silver, rules.Black)
	put(1, 4, Pawn, rules.Black)
	p, err := New(b, [2][Pairs]int{}, rules.Black, 1)
	if err != nil {
		panic(err)
	}
	return p
}

// New builds a position from its parts: the piece on each square (a zero
// Piece is empty), each side's hand counted by kind (index Face.Pair), the
// side to move and the move number. It refuses what cannot arise in a
// game: a side without exactly one king, more pieces of a kind than the set
// has (two of each), or the side that just moved standing in check.
func New(board [NumSquares]Piece, hands [2][Pairs]int, toMove rules.Side, moveNo int) (Position, error) {
	var p Position
	var kinds [Pairs]int
	kings := [2]int{}
	for sq, pc := range board {
		if pc.Face == NoFace {
			continue
		}
		if pc.Face >= NumFaces || pc.Side > rules.White {
			return Position{}, fmt.Errorf("square %d: no such piece", sq)
		}
		if pc.Face == King {
			kings[pc.Side]++
		} else {
			kinds[pc.Face.Pair()]++
		}
		p.put(pc.Side, pc.Face, Square(sq))
	}
	for s := rules.Black; s <= rules.White; s++ {
		if kings[s] != 1 {
			return Position{}, fmt.Errorf("%s has %d kings; each side has exactly one", s, kings[s])
		}
		for k := 0; k < Pairs; k++ {
			n := hands[s][k]
			if n < 0 || n > 2 {
				return Position{}, fmt.Errorf("%s's hand holds %d of %s; the set has only two", s, n, kindName(k))
			}
			kinds[k] += n
			p.hand[s][k] = uint8(n)
			p.hash ^= tables.zHand[s][k][n]
		}
	}
	for k, n := range kinds {
		if n > 2 {
			return Position{}, fmt.Errorf("%d pieces of %s; the set has only two", n, kindName(k))
		}
	}
	if toMove > rules.White {
		return Position{}, fmt.Errorf("no such side %d", toMove)
	}
	p.side = toMove
	if toMove == rules.White {
		p.hash ^= tables.zSide
	}
	if moveNo < 1 || moveNo > 65535 {
		return Position{}, fmt.Errorf("move number %d is out of range 1..65535", moveNo)
	}
	p.moveNo = uint16(moveNo)
	if p.attacked(p.king[toMove.Opponent()], toMove, p.occ[0]|p.occ[1], ^uint32(0)) {
		return Position{}, fmt.Errorf("%s's king is in check with %s to move", toMove.Opponent(), toMove)
	}
	return p, nil
}

func kindName(k int) string {
	return [Pairs]string{"bishop/tokin", "gold/rook", "silver/lance", "pawn/knight"}[k]
}

func (p *Position) put(s rules.Side, f Face, sq Square) {
	b := uint32(1) << sq
	p.board[sq] = uint8(f) | uint8(s)<<4
	p.pieces[s][f] |= b
	p.occ[s] |= b
	p.hash ^= tables.zPiece[s][f][sq]
	if f == King {
		p.king[s] = sq
	}
}

func (p *Position) remove(s rules.Side, f Face, sq Square) {
	b := uint32(1) << sq
	p.board[sq] = 0
	p.pieces[s][f] &^= b
	p.occ[s] &^= b
	p.hash ^= tables.zPiece[s][f][sq]
}

// At returns the piece on sq and whether there is one.
func (p Position) At(sq Square) (Piece, bool) {
	v := p.board[sq]
	if v == 0 {
		return Piece{}, false
	}
	return Piece{Face(v & 15), rules.Side(v >> 4)}, true
}

// Hand returns how many pieces of kind pair (see Face.Pair) side s holds.
func (p Position) Hand(s rules.Side, pair int) int { return int(p.hand[s][pair]) }

// ToMove is the side whose turn it is.
func (p Position) ToMove() rules.Side { return p.side }

// MoveNumber is the number of the move about to be played (1 at the start).
func (p Position) MoveNumber() int { return int(p.moveNo) }

// Hash is the Zobrist hash of the board, hands and side to move.
func (p Position) Hash() uint64 { return p.hash }

// KingSquare is where side s's king stands.
func (p Position) KingSquare(s rules.Side) Square { return p.king[s] }

// Key identifies the position for repetition: board, hands and side to
// move (not the move number).
func (p Position) Key() string {
	var k [NumSquares + 2*Pairs + 1]byte
	copy(k[:], p.board[:])
	copy(k[NumSquares:], p.hand[0][:])
	copy(k[NumSquares+Pairs:], p.hand[1][:])
	k[len(k)-1] = byte(p.side)
	return string(k[:])
}

// InCheck reports whether the side to move is in check.
func (p Position) InCheck() bool {
	return p.attacked(p.king[p.side], p.side.Opponent(), p.occ[0]|p.occ[1], ^uint32(0))
}

// Pieces returns the squares of side s's pieces showing face f.
func (p Position) Pieces(s rules.Side, f Face) uint32 { return p.pieces[s][f] }

// Occupied returns the squares holding side s's pieces.
func (p Position) Occupied(s rules.Side) uint32 { return p.occ[s] }

// Attacks returns the squares a face f of side s on sq attacks in this
// position.
func (p Position) Attacks(s rules.Side, f Face, sq Square) uint32 {
	return attacks(s, f, sq, p.occ[0]|p.occ[1])
}

// AttackedBy reports whether side a attacks sq.
func (p Position) AttackedBy(sq Square, a rules.Side) bool {
	return p.attacked(sq, a, p.occ[0]|p.occ[1], ^uint32(0))
}

// attackers returns the squares of side a's pieces that attack sq, given
// occupancy occ and considering only a's pieces on keep.
func (p *Position) attackers(sq Square, a rules.Side, occ, keep uint32) uint32 {
	d := a ^ 1 // a's patterns seen backwards are the other side's patterns
	pc := &p.pieces[a]
	t := &tables.step[d]
	x := t[King][sq]&pc[King] |
		t[Gold][sq]&(pc[Gold]|pc[Tokin]) |
		t[Silver][sq]&pc[Silver] |
		t[Pawn][sq]&pc[Pawn] |
		t[Knight][sq]&pc[Knight]
	if pc[Rook]&keep != 0 {
		x |= rookAttacks(sq, occ) & pc[Rook]
	}
	if pc[Bishop]&keep != 0 {
		x |= bishopAttacks(sq, occ) & pc[Bishop]
	}
	if pc[Lance]&keep != 0 {
		x |= slide(forward[d], sq, occ) & pc[Lance]
	}
	return x & keep
}

func (p *Position) attacked(sq Square, a rules.Side, occ, keep uint32) bool {
	return p.attackers(sq, a, occ, keep) != 0
}

// Move encoding: bits 0-4 the destination, bits 5-9 the origin of a board
// move, bit 10 set for a drop, bits 11-14 the dropped face, bit 15 always
// set (so that no move is 0).
const (
	dropBit  = 1 << 10
	validBit = 1 << 15
)

// NewMove returns the board move from one square to another.
func NewMove(from, to Square) rules.Move {
	return rules.Move(uint32(to) | uint32(from)<<5 | validBit)
}

// NewDrop returns the drop of face f on sq.
func NewDrop(f Face, sq Square) rules.Move {
	return rules.Move(uint32(sq) | dropBit | uint32(f)<<11 | validBit)
}

// MoveParts is a move taken apart.
type MoveParts struct {
	Drop bool
	Face Face   // the face dropped (drops only)
	From Square // the origin (board moves only)
	To   Square
}

// Split takes m apart.
func Split(m rules.Move) MoveParts {
	return MoveParts{
		Drop: m&dropBit != 0,
		Face: Face(m >> 11 & 15),
		From: Square(m >> 5 & 31),
		To:   Square(m & 31),
	}
}

// Mover returns the face that makes legal move m (for a drop, the face put
// up), and the face it shows afterwards (flipped by a capture).
func (p Position) Mover(m rules.Move) (before, after Face) {
	if m&dropBit != 0 {
		f := Face(m >> 11 & 15)
		return f, f
	}
	f := Face(p.board[m>>5&31] & 15)
	if f != King && p.board[m&31] != 0 {
		return f, f.Flip()
	}
	return f, f
}

// Captured returns the face m captures, or NoFace.
func (p Position) Captured(m rules.Move) Face {
	if m&dropBit != 0 {
		return NoFace
	}
	return Face(p.board[m&31] & 15)
}

// After returns the position after move m, which must be legal (or at
// least pseudo-legal); it does not check.
func (p Position) After(m rules.Move) Position {
	p.apply(m)
	return p
}

func (p *Position) apply(m rules.Move) {
	s := p.side
	to := Square(m & 31)
	if m&dropBit != 0 {
		f := Face(m >> 11 & 15)
		k := f.Pair()
		n := p.hand[s][k]
		p.hash ^= tables.zHand[s][k][n] ^ tables.zHand[s][k][n-1]
		p.hand[s][k] = n - 1
		p.put(s, f, to)
	} else {
		from := Square(m >> 5 & 31)
		f := Face(p.board[from] & 15)
		p.remove(s, f, from)
		if v := p.board[to]; v != 0 {
			cf := Face(v & 15)
			p.remove(s^1, cf, to)
			k := cf.Pair()
			n := p.hand[s][k]
			p.hash ^= tables.zHand[s][k][n] ^ tables.zHand[s][k][n+1]
			p.hand[s][k] = n + 1
			f = f.Flip()
		}
		p.put(s, f, to)
	}
	p.side = s ^ 1
	p.hash ^= tables.zSide
	p.moveNo++
}

// Moves returns the legal moves, or nil if there are none.
func (p Position) Moves() []rules.Move {
	var buf [MaxMoves]rules.Move
	ms := p.Generate(buf[:0])
	if len(ms) == 0 {
		return nil
	}
	return append([]rules.Move(nil), ms...)
}

// Play returns the position after m, or an error wrapping rules.ErrIllegal
// if m is not a legal move here.
func (p Position) Play(m rules.Move) (rules.Position, error) {
	if !p.Legal(m) {
		return nil, fmt.Errorf("%w: not a legal move in this position", rules.ErrIllegal)
	}
	return p.After(m), nil
}

// Legal reports whether m is a legal move here.
func (p Position) Legal(m rules.Move) bool {
	var buf [MaxMoves]rules.Move
	return slices.Contains(p.Generate(buf[:0]), m)
}

// Perft counts the leaves of the legal-move tree depth plies deep,
// counting the last ply in bulk.
func (p Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]Position, depth)
	stack[0] = p
	return perft(stack, depth)
}

// perft counts below stack[0], using the rest of stack for the children
// (so that no position escapes to the heap).
func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	if depth == 1 {
		_, n := p.gen(nil, true)
		return uint64(n)
	}
	var buf [MaxMoves]rules.Move
	ms, _ := p.gen(buf[:0], false)
	var n uint64
	for _, m := range ms {
		stack[1] = *p
		stack[1].apply(m)
		n += perft(stack[1:], depth-1)
	}
	return n
}
