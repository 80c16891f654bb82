package microshogi

// Pruning of quiet moves near the leaves, outside check and the principal
// variation: futility (the position is so far below alpha that no quiet
// move will lift it) and move-count pruning (late quiet moves are not
// searched at all at the lowest depths).

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
	futilityDepth  = 5
	lateMovesDepth = 5
	seePruneDepth  = 3
)

// seePruneMargin is, per ply of depth, how much material a capture or
// drop that gives no check may lose by static exchange before it is
// pruned near the leaves.
const seePruneMargin = 60

// futilityGain is what a quiet move is taken to gain at most at depth.
func futilityGain(depth int) int { return 100 + 150*depth }

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
		l.lateMoves = 4 + depth*depth
	}
	return l
}

// experiment switch, to go
const (
	xpPrune   = 8
	xpLMRHist = 16
	xp        = 0
)
