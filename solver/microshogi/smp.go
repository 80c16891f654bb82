package microshogi

// Searching with more than one thread: lazy SMP. Every thread searches the
// whole tree from the root by iterative deepening, each with its own
// ordering tables and path, and all share one transposition table. What
// one thread stores, the others find, so the threads search each other's
// subtrees faster and the first thread, whose result is the search's,
// reaches further in the same time. Helpers search one ply deeper than
// the first thread every other thread, so that they fill the table ahead
// of it rather than behind.

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
	// stop tells the helpers that the first thread has finished.
	stop atomic.Bool
	// helperNodes counts the helpers' nodes, in steps of 1024.
	helperNodes atomic.Int64
	// depth is the deepest iteration the first thread has finished.
	depth atomic.Int32
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
	for i, h := range c.members[1:] {
		h.ctx = first.ctx
		h.nodeLimit = 0
		h.deadline, h.latest, h.trouble = time.Time{}, time.Time{}, false
		h.path = append(h.path[:0], first.path...)
		h.repCount = first.repCount
		own := append([]rules.Move(nil), ms...)
		q := *root
		lead := (i + 1) % 2 // every other helper searches a ply ahead
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.iterateFrom(&q, own, o, start, lead)
		}()
	}
	res := first.iterate(root, ms, o, start)
	c.stop.Store(true)
	wg.Wait()
	res.Nodes = first.nodes
	for _, h := range c.members[1:] {
		res.Nodes += h.nodes
	}
	return res
}

// iterateFrom is a helper's iterative deepening: to the depth after the
// first thread's last finished one, plus lead, again and again until the
// crew stops. Its results are not used; its table entries are.
func (s *searcher) iterateFrom(root *engine.Position, ms []rules.Move, o Options, start time.Time, lead int) {
	res := Result{Move: ms[0], PV: []rules.Move{ms[0]}}
	scores := make([]int32, len(ms))
	for depth := 1 + lead; depth <= o.MaxDepth && !s.stop; depth++ {
		depth = max(depth, int(s.crew.depth.Load())+1+lead)
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
