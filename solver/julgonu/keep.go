package julgonu

import (
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
}

// keep chooses, in a position the table does not call won for the side to
// move, among cands (every legal move, none of them a table win) with the
// game's history ps: a move after which the search proves a win if there is
// one (the shortest line it found); else one that it does not prove lost,
// a table draw before a table loss, deepening the search while more than
// one such move remains and the budget of nodes and time lasts; when every
// move is proven lost, the one whose loss the search found longest.
func keep(ctx context.Context, t *Table, ps []jg.Position, cands []cand, budget int, rng *rand.Rand) rules.Move {
	js, _ := judge(ctx, t, ps, cands, budget, lookahead(budget), proofTime, lookaheadTime)
	return pickJudged(js, rng)
}

// proofTime and lookaheadTime bound the time of the proof search and of the
// look-ahead after it (which ends by the sum of both from the start), so
// that a move stays within 2 s on a busy machine (the rest is room for the
// choice after them); what either proved before its time ran out is kept.
const (
	proofTime     = 800 * time.Millisecond
	lookaheadTime = 900 * time.Millisecond
)

// lookahead is the look-ahead's node budget for a proof search of budget
// nodes.
func lookahead(budget int) int { return budget * 3 / 2 }

// judge runs keep's search over cands and returns what it proved of each
// and how many positions it visited: the proof search within proofTime,
// first depth-first (budget nodes, half the time), then by proof numbers
// (numbersFirst: budget/2 nodes more, the rest of the time), then, when
// more than one table-drawing move is neither proven nor refuted, the
// look-ahead along table-faithful lines within lookahead nodes more and
// lookTime, deepening until at most one such move is left without a trap
// found or the nodes or the time are spent (a time of 0: no limit). The
// depth-first searches deepen each move on its own (stretch.deepen).
func judge(ctx context.Context, t *Table, ps []jg.Position, cands []cand, budget, lookahead int, proofTime, lookTime time.Duration) (js []judged, nodes int) {
	p := ps[len(ps)-1]
	us := p.ToMove()
	js = make([]judged, len(cands))
	for i, c := range cands {
		v, _ := t.Lookup(c.child)
		js[i] = judged{cand: c, captured: material(c.child) != material(p), drawn: v.Kind == solver.Drawn}
	}
	decided := func(j *judged) bool { return j.won || j.lost || j.safe }
	start := time.Now()
	pctx, cancel := within(ctx, start, proofTime)
	defer cancel()
	// First the depth-first search, within half the proof time: every
	// line to the depth it reaches.
	dctx, dcancel := within(pctx, start, proofTime/2)
	defer dcancel()
	s := newStretch(dctx, t, ps, budget)
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
	// Then the proof-number search, which follows narrow forcing lines far
	// deeper (pns.go), within the rest of the proof time and half the
	// nodes besides.
	full := s.nodes
	s.ctx, s.budget, s.nodes = pctx, budget/2, 0
	s.numbersFirst(js, us)
	full += s.nodes
	// The look-ahead's time is counted from the proof search's end as
	// planned, so that an overrun of the one shortens the other.
	from := time.Now()
	if proofTime > 0 {
		from = start.Add(proofTime)
	}
	lctx, cancel := within(ctx, from, lookTime)
	defer cancel()
	s.ctx, s.narrow, s.nodes, s.budget = lctx, true, 0, lookahead
	open := func(i int) bool { j := &js[i]; return j.drawn && !decided(j) && j.trap == 0 }
	if lookahead > 0 {
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
		}
	}
	return js, full + s.nodes
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

// pickJudged applies keep's order of preference.
func pickJudged(js []judged, rng *rand.Rand) rules.Move {
	best, bestScore, bestRoom, bestTheirs := []judged(nil), -1<<30, -1, 0
	for _, j := range js {
		score := score(j)
		if score > bestScore || (score == bestScore && (j.room > bestRoom || (j.room == bestRoom && j.theirs < bestTheirs))) {
			best, bestScore, bestRoom, bestTheirs = best[:0], score, j.room, j.theirs
		}
		if score == bestScore && j.room == bestRoom && j.theirs == bestTheirs {
			best = append(best, j)
		}
	}
	return best[rng.IntN(len(best))].m
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
