package microshogi

// The root of the search: iterative deepening with aspiration windows,
// what a partly searched iteration may change, and when to stop.

import (
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// aspiration is the half-width of the first window around the last
// iteration's score; it doubles with each failure.
const aspiration = 35

// rootPass is what one pass over the root moves, with one window, found.
type rootPass struct {
	move  rules.Move // the best move found, or NoMove
	score int        // its score: exact, or a lower bound if above
	pv    []rules.Move
	// above: move scored above the window's alpha; only then is it kept.
	above bool
	// firstLow: the first move (the last iteration's best) scored at or
	// below alpha: this iteration refuted it.
	firstLow bool
}

// iterate deepens the search of root, whose legal moves are ms, until o's
// limits; start is when the search began. Moves are tried in ms's order
// at first, then the best first. A helper thread has no limits of its own:
// it goes on until the crew stops, never an iteration behind the first
// thread's.
func (s *searcher) iterate(root *engine.Position, ms []rules.Move, o Options, start time.Time) Result {
	res := Result{Move: ms[0], PV: []rules.Move{ms[0]}}
	scores := make([]int32, len(ms))
	changed := false // the last iteration's best move was not the one before
	for depth := 1; depth <= o.MaxDepth; depth++ {
		if s.helper {
			if depth = max(depth, int(s.crew.depth.Load())+1); depth > o.MaxDepth {
				break
			}
		}
		s.rootDepth = depth
		s.selDepth = 0
		s.trouble = depth > 4 && changed
		s.orderScores(root, ms, scores, res.Move, 0)
		// A stable order: the previous best first, then by score.
		for i := range ms {
			pick(ms, scores, i)
		}
		alpha, beta, delta := -infinity, infinity, aspiration
		if depth >= 5 && abs(res.Score) < mateBound {
			alpha, beta = res.Score-delta, res.Score+delta
		}
		prev := res.Move
		done := false
		for {
			troubleBelow := -infinity
			if depth > 4 {
				troubleBelow = res.Score - troubleDrop
			}
			pass := s.rootPass(root, ms, depth, alpha, beta, troubleBelow, depth > 4)

			res = pass.keep(res)
			if s.stop {
				break
			}
			switch {
			case pass.score <= alpha && alpha > -infinity:
				beta = (alpha + beta) / 2
				alpha = max(pass.score-delta, -infinity)
			case pass.score >= beta && beta < infinity:
				beta = min(pass.score+delta, infinity)
			default:
				done = true
			}
			if done {
				break
			}
			delta *= 2
			if delta > 1000 {
				alpha, beta = -infinity, infinity
			}
			// Try the move that failed high, or the old best, first again.
			for i, m := range ms {
				if m == res.Move {
					copy(ms[1:i+1], ms[:i])
					ms[0] = m
					break
				}
			}
		}
		changed = res.Move != prev
		if done {
			res.Depth = depth
			res.PV = s.fillPV(root, res.PV, depth)
			if s.crew != nil && !s.helper {
				s.crew.depth.Store(int32(depth))
			}
			s.reportLine(res, 1)
			s.otherLines(root, ms, depth, res, o.MultiPV)
		}
		// Move the best to the front for the next iteration.
		for i, m := range ms {
			if m == res.Move {
				copy(ms[1:i+1], ms[:i])
				ms[0] = m
				break
			}
		}
		if s.stop {
			break
		}
		if !s.latest.IsZero() && !s.trouble && !changed && time.Since(start) > o.Time/2 {
			break // the next iteration would likely not end in time
		}
		if res.Score >= mateBound || res.Score <= -mateBound {
			if plies := mate - abs(res.Score); depth > plies+1 {
				break
			}
		}
	}
	return res
}

// keep returns the result after pass, given the result before it: the
// pass's best move if it scored above the window's alpha (exactly, or as
// a lower bound if it failed high or the limits cut its search short),
// else the result before. So a move the iteration refuted is not played
// unless no other was found better, and then not with the pass's score.
func (pass rootPass) keep(before Result) Result {
	if !pass.above {
		return before
	}
	before.Move, before.Score, before.PV = pass.move, pass.score, pass.pv
	return before
}

// fillPV returns pv, a line from root, completed to depth moves from the
// table when a hit in it cut the line short (a table the threads share
// holds exact entries for the line's positions that the thread reporting
// never searched itself). Each move added is the table's for the line's
// last position, legal there; the line stops where the table has none or
// a position of the line comes again.
func (s *searcher) fillPV(root *engine.Position, pv []rules.Move, depth int) []rules.Move {
	if len(pv) == 0 || len(pv) >= depth {
		return pv
	}
	p := *root
	seen := map[uint64]bool{p.Hash(): true}
	for _, m := range pv {
		p = p.After(m)
		seen[p.Hash()] = true
	}
	for len(pv) < depth {
		e, ok := s.tt.probe(p.Hash())
		if !ok || e.move == rules.NoMove || !p.Legal(e.move) {
			break
		}
		p = p.After(e.move)
		if seen[p.Hash()] {
			break
		}
		seen[p.Hash()] = true
		pv = append(pv, e.move)
	}
	return pv
}

// rootPass searches the root moves ms to depth within (alpha, beta), the
// first with the whole window, the others with a null window first. The
// search is in trouble when the first move scores below troubleBelow, or
// fails low and troubleLow is set.
func (s *searcher) rootPass(root *engine.Position, ms []rules.Move, depth, alpha, beta, troubleBelow int, troubleLow bool) rootPass {
	pass := rootPass{move: rules.NoMove, score: -infinity}
	floor := alpha
	for i, m := range ms {
		s.reportRootMove(m, i)
		child := root.After(m)
		gives := child.InCheck()
		s.push(&child, gives)
		s.played[0] = moveKey(root, m)
		ext := 0
		if gives {
			ext = 1
		}
		var v int
		cut := false // the limits cut the full search short; v is a lower bound
		rv, rep := s.repetition()
		switch {
		case rep:
			v = -rv
		case i == 0:
			v = -s.negamax(&child, gives, depth-1+ext, -beta, -alpha, 1)
		default:
			v = -s.negamax(&child, gives, depth-1+ext, -alpha-1, -alpha, 1)
			if v > alpha && !s.stop {
				full := -s.negamax(&child, gives, depth-1+ext, -beta, -alpha, 1)
				if cut = s.stop; !cut {
					v = full
				}
			}
		}
		s.pop()
		if s.stop && !cut {
			break
		}
		if i == 0 {
			pass.firstLow = v <= floor
			if v < troubleBelow || (pass.firstLow && troubleLow) {
				s.trouble = true // the old best fell: look for another
			}
		}
		if v > pass.score {
			pass.move, pass.score = m, v
			pass.pv = append(pass.pv[:0], m)
			if !rep && !cut {
				pass.pv = append(pass.pv, s.pv[1][1:s.pvLen[1]]...)
			}
			if v > alpha {
				pass.above = true
				alpha = v
			}
		}
		if cut {
			return pass
		}
		if v >= beta {
			return pass
		}
	}
	return pass
}
