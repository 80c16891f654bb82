package julgonu

import (
	"cmp"
	"context"
	"math/rand/v2"
	"time"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// judged is a candidate move with what the history search proved of it.
type judged struct {
	cand
	captured bool
	drawn    bool // the table calls the move a draw (else a loss)
	won      bool // we force a win after it (dist plies after it)
	lost     bool // the opponent forces a win after it
	safe     bool // proven not lost: every line was searched to its end
	dist     int
	// trap is the depth (plies after the move) at which the look-ahead
	// along table-faithful lines (stretch.narrow) finds that the opponent
	// wins; 0 when it finds none.
	trap int
	// room is, after the move, the fewest replies that keep our table
	// value without repeating, over the opponent's replies that keep its
	// own (more room: a repetition trap is further away); theirs is how
	// many such replies the opponent has.
	room, theirs int
	// squeeze is the table's squeeze of our side after the move (see
	// Table.squeezes): how many of our turns the opponent needs to force
	// us into a position with one drawing move; squeezeNever when it
	// cannot.
	squeeze int
	// guardPN is the proof number of the opponent's win after the move
	// where the proof-number forest (numbersFirst) left it open: how far
	// that win was from proven; 0 when the forest grew no such tree.
	guardPN uint32
}

// keep chooses, in a position the table does not call won for the side to
// move, among cands (every legal move, none of them a table win) with the
// game's history ps: a move after which the search proves a win if there is
// one (the shortest line it found); else one that it does not prove lost,
// a table draw before a table loss, deepening the search while more than
// one such move remains and the budget of nodes and time lasts; when every
// move is proven lost, the one whose loss the search found longest.
func keep(ctx context.Context, t *Table, ps []jg.Position, cands []cand, budget int, rng *rand.Rand) rules.Move {
	js, _ := judge(ctx, t, ps, cands, botPlan(budget))
	return pickJudged(js, rng)
}

// plan is what judge may spend on one move: nodes and time for each of its
// three searches. A time of 0 is no limit; each time is counted from the
// end of the one before as planned (not as it ended), so that an overrun
// of one shortens the next and the move's time stays the sum.
type plan struct {
	depthNodes, numberNodes, lookNodes int
	depthTime, numberTime, lookTime    time.Duration
}

// botPlan is the perfect bot's plan for a history search of budget nodes:
// within 1.7 s in all, so that a move stays within 2 s on a busy machine
// (the rest is room for the choice after them). Most of it goes to the
// proof-number search: within its time the bot avoids all 17 traps of
// TestBotAvoidsTheHuntersTraps with 1.5 s for it and 0.1 s for the
// depth-first search, 16 with 1.2 s and 0.4 s, 10 of the first 13 with
// 0.4 s (and 0.9 s of look-ahead, which proves nothing). The depth-first
// search settles the simple positions first.
func botPlan(budget int) plan {
	return plan{
		depthNodes: budget, depthTime: 100 * time.Millisecond,
		numberNodes: budget / 2, numberTime: 1500 * time.Millisecond,
		lookNodes: lookahead(budget), lookTime: 100 * time.Millisecond,
	}
}

// nodesOnly is the plan of budget nodes with no time limits: the bot's
// search as its tests replay it, the same on any machine.
func nodesOnly(budget int) plan {
	pl := botPlan(budget)
	pl.depthTime, pl.numberTime, pl.lookTime = 0, 0, 0
	return pl
}

// lookahead is the look-ahead's node budget for a proof search of budget
// nodes.
func lookahead(budget int) int { return budget * 3 / 2 }

// judge runs keep's search over cands and returns what it proved of each
// and how many positions it visited: the depth-first proof search, every
// line to the depth it reaches, each move deepened on its own
// (stretch.deepen); then the proof-number search, which follows narrow
// forcing lines far deeper (numbersFirst); then, when more than one
// table-drawing move is neither proven nor refuted, the look-ahead along
// table-faithful lines, deepening until at most one such move is left
// without a trap found or its nodes or time are spent. pl bounds each.
func judge(ctx context.Context, t *Table, ps []jg.Position, cands []cand, pl plan) (js []judged, nodes int) {
	p := ps[len(ps)-1]
	us := p.ToMove()
	js = make([]judged, len(cands))
	for i, c := range cands {
		v, _ := t.Lookup(c.child)
		js[i] = judged{cand: c, captured: material(c.child) != material(p), drawn: v.Kind == solver.Drawn}
	}
	decided := func(j *judged) bool { return j.won || j.lost || j.safe }
	start := time.Now()
	dctx, cancel := within(ctx, start, pl.depthTime)
	defer cancel()
	s := newStretch(dctx, t, ps, pl.depthNodes)
	s.deepen(len(js), 0, func(i int) bool { return !decided(&js[i]) }, func() bool {
		alive := 0
		for i := range js {
			if js[i].won {
				return true
			}
			if !js[i].lost {
				alive++
			}
		}
		return alive <= 1
	}, func(i, d int) error {
		j := &js[i]
		old := s.enter(j.child, j.captured)
		defer s.leave(old)
		win, err := s.attack(us, d)
		var loss proof
		if err == nil && !win.won {
			loss, err = s.attack(us.Opponent(), d)
		}
		switch {
		case err != nil:
			return err
		case win.won:
			j.won, j.dist = true, win.dist+1
		case loss.won:
			j.lost, j.dist = true, loss.dist+1
		case loss.exact:
			j.safe = true
		}
		return nil
	})
	full := s.nodes
	from := next(start, pl.depthTime)
	nctx, cancel := within(ctx, from, pl.numberTime)
	defer cancel()
	s.ctx, s.budget, s.nodes = nctx, pl.numberNodes, 0
	s.numbersFirst(js, us)
	full += s.nodes
	from = next(from, pl.numberTime)
	lctx, cancel := within(ctx, from, pl.lookTime)
	defer cancel()
	s.ctx, s.narrow, s.nodes, s.budget = lctx, true, 0, pl.lookNodes
	open := func(i int) bool { j := &js[i]; return j.drawn && !decided(j) && j.trap == 0 }
	if pl.lookNodes > 0 {
		s.deepen(len(js), 1, open, func() bool {
			n := 0
			for i := range js {
				if open(i) {
					n++
				}
			}
			return n <= 1
		}, func(i, d int) error {
			j := &js[i]
			old := s.enter(j.child, j.captured)
			defer s.leave(old)
			loss, err := s.attack(us.Opponent(), d)
			if loss.won {
				j.trap = d + 1
			}
			return err
		})
	}
	s.ctx, s.narrow = ctx, false
	for i := range js {
		if !decided(&js[i]) {
			js[i].room, js[i].theirs = s.room(js[i].child, js[i].captured)
			js[i].squeeze = t.squeezeAfter(js[i].child)
		}
	}
	return js, full + s.nodes
}

// next is when a search that may take d from from ends as planned: from+d,
// or now when d is 0 (no limit).
func next(from time.Time, d time.Duration) time.Time {
	if d == 0 {
		return time.Now()
	}
	return from.Add(d)
}

// within is ctx with the deadline from+d, or ctx itself when d is 0.
func within(ctx context.Context, from time.Time, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithDeadline(ctx, from.Add(d))
	}
	return ctx, func() {}
}

// deepen runs search(i, d) on the moves i < n that are open, each at its
// own depth from first, until (once each has been searched) enough, the
// budget or the time is spent, or every open move is at the deepest: the move whose last search visited
// the fewest nodes goes next (the shallower on a tie). So the nodes go
// first to the narrowest trees, the likeliest to be proven (the choice of
// a proof-number search at the root), and no move's tree starves the
// others' of depth.
func (s *stretch) deepen(n, first int, open func(i int) bool, enough func() bool, search func(i, d int) error) {
	next, cost := make([]int, n), make([]int, n)
	for i := range next {
		next[i] = first
	}
	for {
		at := -1
		for i := range n {
			if !open(i) || next[i] > maxSearchDepth {
				continue
			}
			if at < 0 || cost[i] < cost[at] || (cost[i] == cost[at] && next[i] < next[at]) {
				at = i
			}
		}
		// A move not yet searched costs nothing and goes first, so enough
		// is asked once every open move has been searched.
		if at < 0 || (next[at] > first && enough()) {
			return
		}
		before := s.nodes
		if search(at, next[at]) != nil {
			return
		}
		next[at], cost[at] = next[at]+1, s.nodes-before
	}
}

// room is judged.room and judged.theirs of the move to c.
func (s *stretch) room(c jg.Position, captured bool) (least, theirs int) {
	old := s.enter(c, captured)
	defer s.leave(old)
	var replies [16]kid
	least = 16
	for _, r := range replies[:s.kids(&replies)] {
		if r.rank == 0 {
			continue // the opponent gives up its table value
		}
		theirs++
		o := s.enterStep(r.step, r.captured)
		var ours [16]kid
		n := 0
		for _, k := range ours[:s.kids(&ours)] {
			if k.rank >= 1 {
				n++
			}
		}
		s.leave(o)
		least = min(least, n)
	}
	return least, theirs
}

// pickJudged applies keep's order of preference: by score; among equals
// the move the opponent squeezes latest (the table's exact measure), then
// the one whose loss the proof-number forest left furthest from proven
// (the highest proof number of the opponent's win: the search's evidence),
// then the most room (a count one ply deep), then the fewest replies for
// the opponent.
func pickJudged(js []judged, rng *rand.Rand) rules.Move {
	best := js[:1:1]
	for _, j := range js[1:] {
		switch c := better(j, best[0]); {
		case c > 0:
			best = append(best[:0:0], j)
		case c == 0:
			best = append(best, j)
		}
	}
	return best[rng.IntN(len(best))].m
}

// better compares a and b in pickJudged's order: positive when a comes
// first, negative when b does, 0 when they tie.
func better(a, b judged) int {
	if c := cmp.Compare(score(a), score(b)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.squeeze, b.squeeze); c != 0 {
		return c
	}
	if c := cmp.Compare(a.guardPN, b.guardPN); c != 0 {
		return c
	}
	if c := cmp.Compare(a.room, b.room); c != 0 {
		return c
	}
	return cmp.Compare(b.theirs, a.theirs)
}

// score orders judged moves, higher better: a proven win (shorter first), a
// move proven not to lose, a table draw in which the look-ahead found no
// trap, one in which it found one (the deeper first), a table loss not
// proven, then proven losses (longer first).
func score(j judged) int {
	switch {
	case j.won:
		return 1<<20 - j.dist
	case j.safe:
		return 1 << 18
	case !j.lost && j.drawn && j.trap == 0:
		return 1 << 17
	case !j.lost && j.drawn:
		return 1<<16 + 1<<12 + j.trap
	case !j.lost:
		return 1<<16 + j.plies
	}
	return j.dist
}
