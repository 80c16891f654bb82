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
	// stop tells every thread to stop: the first has finished, or the
	// crew reached its node limit.
	stop atomic.Bool
	// nodes counts every thread's nodes, in steps of 1024, for nodeLimit
	// (0: none), which binds the crew as a whole.
	nodes     atomic.Int64
	nodeLimit int64
	// depth is the deepest iteration the first thread has finished.
	depth atomic.Int32
	// searching marks the positions a thread is searching at deferDepth
	// or more, by key (one a slot; a collision only costs a deferral).
	searching [1 << 14]atomic.Uint64
}

// deferDepth is the least depth at which threads share out moves.
const deferDepth = 3

// mark is the slot of searching for the position with key h.
func (c *crew) mark(h uint64) *atomic.Uint64 {
	return &c.searching[h&(uint64(len(c.searching))-1)]
}

// busy reports whether another thread is searching the position with key
// h (nonzero).
func (c *crew) busy(h uint64) bool { return c.mark(h).Load() == h }

// enter marks the position with key h as being searched.
func (c *crew) enter(h uint64) { c.mark(h).Store(h) }

// leave takes the mark enter set off, unless another thread's replaced it.
func (c *crew) leave(h uint64) { c.mark(h).CompareAndSwap(h, 0) }

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

// reset readies every member for a new search (see searcher.reset).
func (c *crew) reset(keep bool) {
	c.stop.Store(false)
	c.nodes.Store(0)
	c.depth.Store(0)
	for _, s := range c.members {
		s.reset(keep)
	}
}

// run searches root (whose legal moves are ms) with every member: the
// helpers in goroutines of their own, the first in this one. It returns
// the first's result (or a helper's that went deeper and scored higher)
// once every helper has stopped, with the nodes of all.
func (c *crew) run(root *engine.Position, ms []rules.Move, o Options, start time.Time) Result {
	first := c.members[0]
	c.nodeLimit, first.nodeLimit = first.nodeLimit, 0 // the crew's, not one thread's
	var wg sync.WaitGroup
	found := make([]Result, len(c.members))
	for i, h := range c.members[1:] {
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
			found[i+1] = h.iterate(&q, own, o, start)
		}()
	}
	res := first.iterate(root, ms, o, start)
	c.stop.Store(true)
	wg.Wait()
	res.Nodes = first.nodes
	best := res
	for i, h := range c.members[1:] {
		res.Nodes += h.nodes
		if f := found[i+1]; f.Depth > best.Depth && f.Score > best.Score {
			best = f
		}
	}
	res.Move, res.Score, res.PV, res.Depth = best.Move, best.Score, best.PV, best.Depth
	return res
}
