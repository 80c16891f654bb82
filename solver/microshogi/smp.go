package microshogi

// Searching with more than one thread: lazy SMP with deferred moves
// (simplified ABDADA). Every thread searches the whole tree from the root
// by iterative deepening, each with its own ordering tables and path, and
// all share one transposition table: what one thread stores, the others
// find. So that they do not all search the same moves at the same time, a
// thread at depth deferDepth or more marks the position it goes into, and
// a thread that meets a marked position (other than a node's first move)
// puts that move off to the end of its list; by then the other thread has
// usually stored its value. The first thread keeps the limits and gives
// the result, unless a helper finished a deeper iteration with a higher
// score.

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// MaxThreads bounds Options.Threads.
const MaxThreads = 64

// crew is the threads of one search: the first, which keeps the limits
// and gives the result, and its helpers, which share its table.
type crew struct {
	members []*searcher // members[0] is the first thread
	// stop tells the helpers that the first thread has finished.
	stop atomic.Bool
	// helperNodes counts the helpers' nodes, in steps of 1024.
	helperNodes atomic.Int64
	// depth is the deepest iteration the first thread has finished.
	depth atomic.Int32
	// searching marks the positions a thread is searching at deferDepth
	// or more, by key (one a slot; a collision only costs a deferral).
	searching [1 << 14]atomic.Uint64
}

// deferDepth is the least depth at which threads share out moves.
const deferDepth = 3

// busy reports whether another thread is searching the position with key
// h (nonzero).
func (c *crew) busy(h uint64) bool {
	return c.searching[h&(uint64(len(c.searching))-1)].Load() == h
}

// enter marks the position with key h as being searched.
func (c *crew) enter(h uint64) {
	c.searching[h&(uint64(len(c.searching))-1)].Store(h)
}

// leave takes the mark enter set off, unless another thread's replaced it.
func (c *crew) leave(h uint64) {
	c.searching[h&(uint64(len(c.searching))-1)].CompareAndSwap(h, 0)
}

// newCrew returns a crew of threads searchers sharing one table of
// 1<<bits entries.
func newCrew(bits, threads int) *crew {
	first := newSearcher(bits)
	c := &crew{members: []*searcher{first}}
	for i := 1; i < threads; i++ {
		h := &searcher{tt: first.tt, helper: true}
		c.members = append(c.members, h)
	}
	if threads > 1 {
		for _, s := range c.members {
			s.crew = c
		}
	}
	return c
}

// nodes is the helpers' nodes so far; zero for a crew of one.
func (c *crew) nodes() int64 {
	if c == nil {
		return 0
	}
	return c.helperNodes.Load()
}

// reset readies every member for a new search (see searcher.reset).
func (c *crew) reset(keep bool) {
	c.stop.Store(false)
	c.helperNodes.Store(0)
	c.depth.Store(0)
	for _, s := range c.members {
		s.reset(keep)
	}
}

// run searches root (whose legal moves are ms) with every member: the
// helpers in goroutines of their own, the first in this one. It returns
// the first's result once every helper has stopped, with the nodes of all.
func (c *crew) run(root *engine.Position, ms []rules.Move, o Options, start time.Time) Result {
	first := c.members[0]
	var wg sync.WaitGroup
	for _, h := range c.members[1:] {
		h.ctx = first.ctx
		h.nodeLimit = 0
		h.deadline, h.latest, h.trouble = time.Time{}, time.Time{}, false
		h.path = append(h.path[:0], first.path...)
		h.repCount = first.repCount
		own := append([]rules.Move(nil), ms...)
		q := *root
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.iterateFrom(&q, own, o)
		}()
	}
	res := first.iterate(root, ms, o, start)
	c.stop.Store(true)
	wg.Wait()
	res.Nodes = first.nodes
	for _, h := range c.members[1:] {
		res.Nodes += h.nodes
		if d := h.finished; d.Depth > res.Depth && d.Score > res.Score && d.Move != rules.NoMove {
			res.Move, res.Score, res.PV, res.Depth = d.Move, d.Score, d.PV, d.Depth
		}
	}
	return res
}

// iterateFrom is a helper's iterative deepening, one depth after another
// but never behind the first thread's iteration, until the crew stops. Its table entries serve the others; its last finished
// iteration is kept in s.finished, and replaces the first thread's result
// when it went deeper and scored higher.
func (s *searcher) iterateFrom(root *engine.Position, ms []rules.Move, o Options) {
	s.finished = Result{}
	res := Result{Move: ms[0], PV: []rules.Move{ms[0]}}
	scores := make([]int32, len(ms))
	for depth := 1; depth <= o.MaxDepth && !s.stop; depth++ {
		depth = max(depth, int(s.crew.depth.Load())+1)
		if depth > o.MaxDepth {
			break
		}
		s.rootDepth = depth
		s.orderScores(root, ms, scores, res.Move, 0)
		for i := range ms {
			pick(ms, scores, i)
		}
		pass := s.rootPass(root, ms, depth, -infinity, infinity, -infinity, false)
		res = pass.keep(res)
		if !s.stop && pass.above {
			s.finished = Result{Move: pass.move, Score: pass.score, PV: slices.Clone(pass.pv), Depth: depth}
		}
		for i, m := range ms {
			if m == res.Move {
				copy(ms[1:i+1], ms[:i])
				ms[0] = m
				break
			}
		}
		if s.crew.stop.Load() {
			break
		}
	}
}
