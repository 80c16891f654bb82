package microshogi

// Quiescence, the null move and the tests that guard them: the parts of
// the search that look past its depth or prune below it (search.go has
// the main search).

import (
	"math/bits"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// quiesce searches captures (and every evasion when in check) until the
// position is quiet; with checks, also the drops that give check and lose
// no material by static exchange.
func (s *searcher) quiesce(p *engine.Position, inCheck bool, alpha, beta, ply int, checks bool) int {
	s.nodes++
	s.selDepth = max(s.selDepth, ply)
	s.checkLimits()
	if s.stop {
		return 0
	}
	s.pvLen[ply] = ply
	if ply >= maxPly-1 {
		return evaluate(p)
	}
	var ms []rules.Move
	best := -infinity
	if inCheck {
		ms = p.Generate(s.moveBuf[ply][:0])
		if len(ms) == 0 {
			return -mate + ply
		}
	} else {
		stand := evaluate(p)
		if stand >= beta {
			return stand
		}
		if stand > alpha {
			alpha = stand
		}
		best = stand
		ms = p.GenerateCaptures(s.moveBuf[ply][:0])
		if len(ms) == 0 && p.CountMoves() == 0 {
			return -mate + ply // stalemate loses
		}
		if checks {
			ms = checkingDrops(p, ms)
		}
	}
	scores := s.scoreBuf[ply][:len(ms)]
	s.orderScores(p, ms, scores, rules.NoMove, ply)
	for i := range ms {
		pick(ms, scores, i)
		m := ms[i]
		child := &s.stack[ply+1]
		*child = p.After(m)
		gives := child.InCheck()
		s.push(child, gives)
		s.played[ply] = moveKey(p, m)
		var v int
		if rv, rep := s.repetition(); rep {
			v = -rv
			s.pvLen[ply+1] = ply + 1
		} else {
			v = -s.quiesce(child, gives, -beta, -alpha, ply+1, false)
		}
		s.pop()
		if s.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.updatePV(ply, m)
				if v >= beta {
					return v
				}
			}
		}
	}
	return best
}

// nullMove lets the opponent move twice, at a reduced depth: if the side
// to move (not in check, static evaluation eval at or above beta) still
// holds beta, the node fails high without searching its moves. Deep nodes
// verify this with a reduced search without a null move, which keeps
// zugzwang and drop mates from hiding behind it.
func (s *searcher) nullMove(p *engine.Position, depth, beta, eval, ply int) (int, bool) {
	q, ok := passed(p)
	if !ok {
		return 0, false
	}
	child := &s.stack[ply+1]
	*child = q
	r := 2 + depth/4 + min((eval-beta)/200, 2)
	s.push(child, false)
	s.played[ply] = noKey
	s.path[len(s.path)-1].null = true
	floor := s.floor
	s.floor = len(s.path) - 1
	v := -s.negamax(child, false, depth-1-r, -beta, -beta+1, ply+1)
	s.floor = floor
	s.pop()
	if s.stop || v < beta {
		return 0, false
	}
	if v >= mateBound {
		v = beta // a mate found by passing proves nothing
	}
	if depth < 8 {
		return v, true
	}
	top := &s.path[len(s.path)-1]
	top.null = true
	w := s.negamax(p, false, depth-1-r, beta-1, beta, ply)
	top.null = false
	if s.stop || w < beta {
		return 0, false
	}
	return v, true
}

// passed returns p with the other side to move: the null move.
func passed(p *engine.Position) (engine.Position, bool) {
	var board [engine.NumSquares]engine.Piece
	for sq := range board {
		board[sq], _ = p.At(engine.Square(sq))
	}
	var hands [2][engine.Pairs]int
	for sd := rules.Black; sd <= rules.White; sd++ {
		for k := range hands[sd] {
			hands[sd][k] = p.Hand(sd, k)
		}
	}
	q, err := engine.New(board, hands, p.ToMove().Opponent(), p.MoveNumber())
	return q, err == nil
}

// material counts the pieces of the side to move besides its king, on the
// board and in hand: with fewer than two, zugzwang is likely enough that
// no null move is tried.
func material(p *engine.Position) int {
	side := p.ToMove()
	n := bits.OnesCount32(p.Occupied(side)) - 1
	for k := 0; k < engine.Pairs; k++ {
		n += p.Hand(side, k)
	}
	return n
}

// safeCheck reports whether the check m gave, leading to child, is worth
// an extension: the checking piece stands on a square the side in check
// does not attack, or one its own side defends.
func safeCheck(child *engine.Position, m rules.Move) bool {
	to := engine.Split(m).To
	them := child.ToMove()
	return !child.AttackedBy(to, them) || child.AttackedBy(to, them.Opponent())
}

// checkingDrops appends to ms the drops that give check and lose no
// material by static exchange.
func checkingDrops(p *engine.Position, ms []rules.Move) []rules.Move {
	us := p.ToMove()
	them := us.Opponent()
	ksq := p.KingSquare(them)
	empty := ^(p.Occupied(rules.Black) | p.Occupied(rules.White))
	for k := 0; k < engine.Pairs; k++ {
		if p.Hand(us, k) == 0 {
			continue
		}
		for _, f := range [2]engine.Face{engine.Front(k), engine.Front(k).Flip()} {
			// The squares from which f attacks the king are those f of the
			// other side attacks from the king's square.
			for b := p.Attacks(them, f, ksq) & empty; b != 0; b &= b - 1 {
				sq := engine.Square(bits.TrailingZeros32(b))
				if m := engine.NewDrop(f, sq); see(p, m) >= 0 {
					ms = append(ms, m)
				}
			}
		}
	}
	return ms
}
