package microshogi

// Pruning of moves near the leaves, outside check and the principal
// variation: futility (the position is so far below alpha that no quiet
// move will lift it), move-count pruning (late quiet moves are not
// searched at all at the lowest depths), and captures and drops that lose
// material by static exchange. Moves that give check are never pruned.

import (
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// pruneLimits is what a node may prune, set before its moves are searched.
type pruneLimits struct {
	on bool // quiet moves other than the first and the killers may be pruned
	// futile: every such move that gives no check is pruned, and futility
	// is the bound the node then returns at least.
	futile    bool
	futility  int
	lateMoves int // such moves from this index on are pruned
}

// Depths up to which futility and move-count pruning apply.
const (
	futilityDepth  = 6
	lateMovesDepth = 5
	seePruneDepth  = 3
)

// seePruneMargin is, per ply of depth, how much material a capture or
// drop that gives no check may lose by static exchange before it is
// pruned near the leaves.
const seePruneMargin = 60

// futilityGain is what a quiet move is taken to gain at most at depth.
func futilityGain(depth int) int { return 60 + 120*depth }

// pruning returns the limits of a node at depth with static evaluation
// eval (not in check) and bound alpha.
func (s *searcher) pruning(inCheck, pvNode bool, depth, eval, alpha int) pruneLimits {
	if inCheck || pvNode || abs(alpha) >= mateBound {
		return pruneLimits{}
	}
	l := pruneLimits{on: true, lateMoves: 1 << 30}
	if depth <= futilityDepth && eval+futilityGain(depth) <= alpha {
		l.futile, l.futility = true, eval+futilityGain(depth)
	}
	if depth <= lateMovesDepth {
		l.lateMoves = 3 + depth*depth
	}
	return l
}

// prunes reports whether the i-th move m of a node at ply and depth with
// limits l is pruned, given that it gives no check and the node has a
// score above a mate already; bound is then the least the node scores.
func (s *searcher) prunes(l pruneLimits, p *engine.Position, m rules.Move, i, ply, depth int) (skip bool, bound int) {
	quiet := p.Captured(m) == engine.NoFace
	if quiet && m != s.killers[ply][0] && m != s.killers[ply][1] {
		if l.futile {
			return true, l.futility
		}
		if i >= l.lateMoves {
			return true, -infinity
		}
	}
	if depth <= seePruneDepth && (!quiet || engine.Split(m).Drop) && see(p, m) < -seePruneMargin*depth {
		return true, -infinity // loses material at once, near the leaves
	}
	return false, 0
}
