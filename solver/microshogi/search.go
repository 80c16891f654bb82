package microshogi

import (
	"context"
	"math"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// Scores. A mate found n plies from the root scores ±(mate-n); a
// repetition with perpetual check scores ±perpetual for the side checked
// against; any other repetition is a draw (0).
const (
	mate      = 32000
	mateBound = mate - 1000 // scores beyond are mates
	perpetual = 20000
	infinity  = mate + 1
	maxPly    = 128
)

const (
	boundExact = iota + 1
	boundLower
	boundUpper
)

// searcher is one search's state: its transposition table, ordering
// tables, path and limits. A Bot keeps searchers in a pool; one searcher
// serves one search at a time.
type searcher struct {
	tt      *table
	crew    *crew // the search's threads, when it has more than one
	helper  bool  // a helper thread: it stops when the crew's first does
	killers [maxPly][2]rules.Move
	history [2][1 << 15]int32
	follow  followUps
	// played[ply] is the key of the move made at ply (noKey: a null move,
	// or the root's, which the search does not see made).
	played [maxPly]int
	tried  [maxPly][engine.MaxMoves]rules.Move // quiet moves tried at ply
	// deferred[ply] lists the moves put off at ply (see negamax).
	deferred [maxPly][engine.MaxMoves]uint8

	// path holds the hash and check status of every position from the
	// game's first to the current node; repCount filters repetition scans.
	path     []pathEntry
	repCount [4096]uint8
	// floor is the first entry of the path a repetition may go back to:
	// the position after the last null move, which none before reaches.
	floor int

	pv    [maxPly][maxPly]rules.Move
	pvLen [maxPly]int

	ctx      context.Context
	deadline time.Time
	// latest is how long the deadline may move when the search is in
	// trouble (zero: never); trouble says it is.
	latest    time.Time
	trouble   bool
	nodeLimit int64
	nodes     int64
	stop      bool
	rootDepth int
	selDepth  int                         // the deepest ply of the iteration (for Reports)
	reports   Reports                     // what the search tells as it goes (the first thread's)
	start     time.Time                   // when the search began (for Reports)
	stack     [maxPly + 1]engine.Position // the positions of the current line
	moveBuf   [maxPly][engine.MaxMoves]rules.Move
	scoreBuf  [maxPly][engine.MaxMoves]int32
}

type pathEntry struct {
	hash    uint64
	inCheck bool
	null    bool // reached by a null move, or one must not follow
}

func newSearcher(tableBits int) *searcher {
	return &searcher{tt: newTable(tableBits)}
}

// reset clears what a search must not inherit, so that the same search
// gives the same result every time; with keep, it keeps the transposition
// table and the countermoves and halves the history and the continuation
// history instead, for the next move of the same game.
func (s *searcher) reset(keep bool) {
	if keep {
		for sd := range s.history {
			for k := range s.history[sd] {
				s.history[sd][k] /= 2
			}
		}
		s.follow.age()
	} else {
		if !s.helper {
			s.tt.clear() // a helper shares its table with the first thread
		}
		s.history = [2][1 << 15]int32{}
		s.follow = followUps{}
	}
	s.played[0] = noKey
	s.killers = [maxPly][2]rules.Move{}
	s.path = s.path[:0]
	s.floor = 0
	s.repCount = [4096]uint8{}
	s.nodes = 0
	s.stop = false
}

func (s *searcher) push(p *engine.Position, inCheck bool) {
	h := p.Hash()
	s.path = append(s.path, pathEntry{hash: h, inCheck: inCheck})
	s.repCount[h&4095]++
}

func (s *searcher) pop() {
	h := s.path[len(s.path)-1].hash
	s.repCount[h&4095]--
	s.path = s.path[:len(s.path)-1]
}

// repetition looks for the current position (the last on the path) earlier
// on the path. If found, it returns the score of the repetition for the
// side to move: 0, or ±perpetual when one side checked with every move
// since the earlier occurrence.
func (s *searcher) repetition() (int, bool) {
	n := len(s.path) - 1
	h := s.path[n].hash
	if s.repCount[h&4095] < 2 {
		return 0, false
	}
	for i := n - 2; i >= s.floor; i -= 2 {
		if s.path[i].hash != h {
			continue
		}
		// Positions i+1..n: the entries at n-1, n-3, ... were reached by
		// the side to move now (they show the opponent in check or not);
		// the entries at n, n-2, ... by the opponent.
		weCheck, theyCheck := true, true
		for j := i + 1; j <= n; j++ {
			if (n-j)%2 == 0 {
				theyCheck = theyCheck && s.path[j].inCheck
			} else {
				weCheck = weCheck && s.path[j].inCheck
			}
		}
		switch {
		case theyCheck && !weCheck:
			return perpetual, true
		case weCheck && !theyCheck:
			return -perpetual, true
		}
		return 0, true
	}
	return 0, false
}

// checkLimits sets s.stop when the search is to stop: at the node limit
// or the deadline, when the context is done, or, for a helper, when the
// crew stops. The first thread always finishes its first iteration. In a
// crew every thread counts its nodes into the crew's every 1024 nodes,
// and whichever reaches the crew's node limit stops the crew.
func (s *searcher) checkLimits() {
	if c := s.crew; c != nil {
		if s.nodes&1023 != 0 {
			if s.helper {
				return
			}
		} else if n := c.nodes.Add(1024); c.nodeLimit > 0 && n >= c.nodeLimit {
			c.stop.Store(true)
		}
		if s.helper || (s.rootDepth > 1 && c.stop.Load()) {
			s.stop = s.stop || c.stop.Load()
			return
		}
	}
	if s.rootDepth <= 1 {
		return // always finish the first iteration
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stop = true
		return
	}
	if s.nodes&1023 == 0 {
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			if s.trouble && s.latest.After(s.deadline) {
				s.deadline = s.latest // once: more time to find a way out
			} else {
				s.stop = true
			}
		}
		if s.ctx.Err() != nil {
			s.stop = true
		}
	}
}

func toTT(score, ply int) int16 {
	switch {
	case score >= mateBound:
		score += ply
	case score <= -mateBound:
		score -= ply
	}
	return int16(score)
}

func fromTT(score int16, ply int) int {
	v := int(score)
	switch {
	case v >= mateBound:
		v -= ply
	case v <= -mateBound:
		v += ply
	}
	return v
}

func (s *searcher) store(h uint64, m rules.Move, score, depth, ply, bound int) {
	s.tt.store(h, ttEntry{move: m, score: toTT(score, ply), depth: int8(min(depth, 127)), bound: uint8(bound)})
}

// orderScores gives each move its place in the search order: the table's
// move, captures (most valuable victim first, then least valuable
// attacker), the killers, the countermove, then the other quiet moves and
// drops by their history and continuation history.
func (s *searcher) orderScores(p *engine.Position, ms []rules.Move, scores []int32, ttMove rules.Move, ply int) {
	side := p.ToMove()
	for i, m := range ms {
		var sc int32
		switch {
		case m == ttMove:
			sc = 1 << 30
		case p.Captured(m) != engine.NoFace:
			mover, _ := p.Mover(m)
			sc = 1<<24 + int32(faceValue[p.Captured(m)])*64 - int32(faceValue[mover])
		case m == s.killers[ply][0]:
			sc = 1 << 23
		case m == s.killers[ply][1]:
			sc = 1<<23 - 1
		case s.isCounter(ply, m):
			sc = 1<<23 - 2
		default:
			sc = s.history[side][m&0x7fff] + 16*s.contScore(ply, moveKey(p, m))
		}
		scores[i] = sc
	}
}

// pick moves the best-ordered move from i on to position i.
func pick(ms []rules.Move, scores []int32, i int) {
	best := i
	for j := i + 1; j < len(ms); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	ms[i], ms[best] = ms[best], ms[i]
	scores[i], scores[best] = scores[best], scores[i]
}

func (s *searcher) updatePV(ply int, m rules.Move) {
	s.pv[ply][ply] = m
	copy(s.pv[ply][ply+1:s.pvLen[ply+1]], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
	s.pvLen[ply] = s.pvLen[ply+1]
}

// reductions[d][i] is how many plies the i-th move of a d-ply search is
// reduced when it is late and quiet: about ln d · ln i / 2.
var reductions = func() (r [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			r[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2)
		}
	}
	return r
}()

// lateMoveReduction is the reduction of the i-th move at depth, less one
// at a node of the principal variation, leaving at least one ply.
func lateMoveReduction(depth, i int, pvNode bool) int {
	r := int(reductions[min(depth, 63)][min(i, 63)])
	if pvNode {
		r--
	}
	return max(0, min(r, depth-2))
}

// futilityMargin is what a ply of search is taken to gain at most, for
// reverse futility pruning.
const futilityMargin = 150

// negamax searches p (already on the path) depth plies deep.
func (s *searcher) negamax(p *engine.Position, inCheck bool, depth, alpha, beta, ply int) int {
	s.pvLen[ply] = ply
	if ply > 0 {
		if v, rep := s.repetition(); rep {
			return v
		}
	}
	if depth <= 0 || ply >= maxPly-1 {
		return s.quiesce(p, inCheck, alpha, beta, ply, true)
	}
	s.nodes++
	s.selDepth = max(s.selDepth, ply)
	s.checkLimits()
	if s.stop {
		return 0
	}
	// Mate distance pruning.
	if a := -mate + ply; alpha < a {
		alpha = a
	}
	if b := mate - ply - 1; beta > b {
		beta = b
	}
	if alpha >= beta {
		return alpha
	}
	h := p.Hash()
	var ttMove rules.Move
	if e, ok := s.tt.probe(h); ok {
		ttMove = e.move
		if ply > 0 && int(e.depth) >= depth {
			v := fromTT(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	pvNode := beta-alpha > 1
	eval := -infinity // needed only for pruning, outside check and the PV
	if !inCheck && !pvNode {
		eval = evaluate(p)
	}
	if !inCheck && !pvNode && abs(beta) < mateBound {
		// Reverse futility: far enough above beta near the leaves, the
		// side to move is trusted to keep it.
		if depth <= 6 && eval-futilityMargin*depth >= beta {
			return eval - futilityMargin*depth
		}
		if depth >= 3 && eval >= beta && !s.path[len(s.path)-1].null && material(p) >= 2 {
			if v, ok := s.nullMove(p, depth, beta, eval, ply); ok {
				return v
			}
		}
	}
	ms := p.Generate(s.moveBuf[ply][:0])
	if len(ms) == 0 {
		return -mate + ply // checkmate or stalemate: both lose
	}
	scores := s.scoreBuf[ply][:len(ms)]
	s.orderScores(p, ms, scores, ttMove, ply)
	origAlpha := alpha
	best, bestMove := -infinity, rules.NoMove
	prune := s.pruning(inCheck, pvNode, depth, eval, alpha)
	quiets := 0
	// With helpers, a move another thread is searching is put off to the
	// end (deferred), so that the threads share out a node's moves.
	deferred := s.deferred[ply][:0]
	for k := 0; k < len(ms)+len(deferred); k++ {
		i := k
		if k < len(ms) {
			pick(ms, scores, i)
		} else {
			i = int(deferred[k-len(ms)])
		}
		m := ms[i]
		child := &s.stack[ply+1]
		*child = p.After(m)
		gives := child.InCheck()
		if i > 0 && prune.on && best > -mateBound && !gives {
			if skip, bound := s.prunes(prune, p, m, i, ply, depth); skip {
				best = max(best, bound)
				continue
			}
		}
		var busy uint64 // the mark this thread set on m, if any
		if s.crew != nil && depth >= deferDepth {
			busy = child.Hash() | 1
			if i > 0 && k < len(ms) && s.crew.busy(busy) {
				deferred = append(deferred, uint8(i))
				continue
			}
			s.crew.enter(busy)
		}
		ext := 0
		if gives && ply < 2*s.rootDepth+4 && safeCheck(child, m) {
			ext = 1
		}
		s.push(child, gives)
		s.played[ply] = moveKey(p, m)
		var v int
		if i == 0 {
			v = -s.negamax(child, gives, depth-1+ext, -beta, -alpha, ply+1)
		} else {
			// Late quiet moves are searched shallower first, the more so
			// the deeper the search and the later the move.
			red := 0
			if depth >= 3 && i >= 3 && !inCheck && !gives && p.Captured(m) == engine.NoFace && m != s.killers[ply][0] && m != s.killers[ply][1] {
				red = lateMoveReduction(depth, i, beta-alpha > 1)
				// Less for a move that did well after the moves before it,
				// more for one that did badly.
				red = max(0, min(red-int(s.contScore(ply, s.played[ply])/8192), depth-2))
			}
			v = -s.negamax(child, gives, depth-1+ext-red, -alpha-1, -alpha, ply+1)
			if v > alpha && (red > 0 || v < beta) && !s.stop {
				v = -s.negamax(child, gives, depth-1+ext, -beta, -alpha, ply+1)
			}
		}
		if busy != 0 {
			s.crew.leave(busy)
		}
		s.pop()
		if s.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.updatePV(ply, m)
				if v >= beta {
					if p.Captured(m) == engine.NoFace {
						s.rewardQuiet(p, m, ply, depth, s.tried[ply][:quiets])
					}
					s.store(h, m, best, depth, ply, boundLower)
					return best
				}
			}
		}
		if p.Captured(m) == engine.NoFace {
			s.tried[ply][quiets] = m
			quiets++
		}
	}
	bound := boundUpper
	if best > origAlpha {
		bound = boundExact
	}
	s.store(h, bestMove, best, depth, ply, bound)
	return best
}
