package microshogi

import (
	"math/bits"

	"github.com/windpost/windpost/rules"
)

// MaxMoves bounds the number of legal moves of any position (at most 144
// drops and well under 100 board moves), so that callers can generate into
// a fixed array.
const MaxMoves = 256

// Generate appends the legal moves to buf and returns it.
func (p Position) Generate(buf []rules.Move) []rules.Move {
	buf, _ = p.gen(buf, false)
	return buf
}

// GenerateCaptures appends the legal captures to buf and returns it.
func (p Position) GenerateCaptures(buf []rules.Move) []rules.Move {
	buf, _ = p.genMode(buf, false, true)
	return buf
}

// CountMoves returns the number of legal moves (faster than generating
// them).
func (p Position) CountMoves() int {
	_, n := p.gen(nil, true)
	return n
}

// gen generates the legal moves: appended to out unless count is set; it
// returns out and their number.
func (p *Position) gen(out []rules.Move, count bool) ([]rules.Move, int) {
	return p.genMode(out, count, false)
}

// safeMoves adds to n (and to out, unless count) the moves of the piece on
// from to the squares of t after which its king is not attacked: the king
// stands on ksq, or on the destination when it is the piece that moves.
func (p *Position) safeMoves(out []rules.Move, n int, count bool, from, ksq Square, t, occ uint32) ([]rules.Move, int) {
	fb := uint32(1) << from
	for t != 0 {
		to := Square(bits.TrailingZeros32(t))
		t &= t - 1
		tb := uint32(1) << to
		king := ksq
		if from == ksq {
			king = to
		}
		if !p.attacked(king, p.side^1, occ&^fb|tb, ^tb) {
			n++
			if !count {
				out = append(out, NewMove(from, to))
			}
		}
	}
	return out, n
}

// genMode is gen, limited to captures if captures is set.
func (p *Position) genMode(out []rules.Move, count, captures bool) ([]rules.Move, int) {
	s := p.side
	o := s ^ 1
	ksq := p.king[s]
	own := p.occ[s]
	occ := own | p.occ[o]
	checkers := p.attackers(ksq, o, occ, ^uint32(0))
	n := 0

	// King moves: the destination must not be attacked once the king has
	// left its square.
	kbit := uint32(1) << ksq
	t := tables.step[s][King][ksq] &^ own
	if captures {
		t &= p.occ[o]
	}
	out, n = p.safeMoves(out, n, count, ksq, ksq, t, occ)
	if checkers&(checkers-1) != 0 {
		return out, n // double check: only the king can move
	}

	target := ^own & fullBoard
	drops := ^occ & fullBoard
	if captures {
		target, drops = p.occ[o], 0
	}
	if checkers != 0 {
		c := bits.TrailingZeros32(checkers)
		block := tables.between[ksq][c]
		target &= block | checkers
		drops &= block
	}
	pinned := p.pinned(s, ksq, occ)
	pcs := own &^ kbit
	for pcs != 0 {
		from := Square(bits.TrailingZeros32(pcs))
		pcs &= pcs - 1
		t := attacks(s, Face(p.board[from]&15), from, occ) & target
		fb := uint32(1) << from
		switch {
		case pinned&fb != 0:
			out, n = p.safeMoves(out, n, count, from, ksq, t, occ)
		case count:
			n += bits.OnesCount32(t)
		default:
			for t != 0 {
				to := Square(bits.TrailingZeros32(t))
				t &= t - 1
				out = append(out, NewMove(from, to))
			}
		}
	}

	// Drops: either face on any empty square (that blocks a check, if in
	// check). Drops never expose one's own king.
	if drops != 0 {
		for k := 0; k < Pairs; k++ {
			if p.hand[s][k] == 0 {
				continue
			}
			if count {
				n += 2 * bits.OnesCount32(drops)
				continue
			}
			front := Front(k)
			for d := drops; d != 0; d &= d - 1 {
				to := Square(bits.TrailingZeros32(d))
				out = append(out, NewDrop(front, to), NewDrop(front.Flip(), to))
			}
		}
	}
	return out, n
}

// pinned returns side s's pieces that stand alone between their king on
// ksq and an enemy slider that would attack the king without them.
func (p *Position) pinned(s rules.Side, ksq Square, occ uint32) uint32 {
	o := s ^ 1
	rooks, bishops, lances := p.pieces[o][Rook], p.pieces[o][Bishop], p.pieces[o][Lance]
	if rooks|bishops|lances == 0 {
		return 0
	}
	var pinned uint32
	for dir := 0; dir < numDirs; dir++ {
		snipers := bishops
		if dir < 4 {
			snipers = rooks
		}
		if dir == forward[s] {
			snipers |= lances
		}
		if tables.ray[dir][ksq]&snipers == 0 {
			continue
		}
		first := slide(dir, ksq, occ) & occ
		if first&p.occ[s] == 0 {
			continue
		}
		second := slide(dir, Square(bits.TrailingZeros32(first)), occ) & occ
		if second&snipers != 0 {
			pinned |= first
		}
	}
	return pinned
}

// PseudoLegal appends to buf every move the pieces and hand allow, whether
// or not it leaves the mover's king in check, and returns it. Notation uses
// it to explain why a move is refused.
func (p Position) PseudoLegal(buf []rules.Move) []rules.Move {
	s := p.side
	own := p.occ[s]
	occ := own | p.occ[s^1]
	for pcs := own; pcs != 0; pcs &= pcs - 1 {
		from := Square(bits.TrailingZeros32(pcs))
		for t := attacks(s, Face(p.board[from]&15), from, occ) &^ own; t != 0; t &= t - 1 {
			buf = append(buf, NewMove(from, Square(bits.TrailingZeros32(t))))
		}
	}
	for k := 0; k < Pairs; k++ {
		if p.hand[s][k] == 0 {
			continue
		}
		for d := ^occ & fullBoard; d != 0; d &= d - 1 {
			to := Square(bits.TrailingZeros32(d))
			buf = append(buf, NewDrop(Front(k), to), NewDrop(Front(k).Flip(), to))
		}
	}
	return buf
}

// LeavesKingInCheck reports whether pseudo-legal move m would leave the
// mover's own king in check.
func (p Position) LeavesKingInCheck(m rules.Move) bool {
	q := p.After(m)
	return q.attacked(q.king[p.side], q.side, q.occ[0]|q.occ[1], ^uint32(0))
}

// GivesCheck reports whether legal move m puts the opponent in check.
func (p Position) GivesCheck(m rules.Move) bool { return p.After(m).InCheck() }
