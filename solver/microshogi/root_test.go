package microshogi

import (
	"context"
	"testing"
	"time"

	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

// A pass over the root moves changes the result only with a move that
// scored above the window's alpha: a move the iteration refuted (its
// first, failing low) is not kept with its new score, and a later move
// proven better is kept even when the limits cut its search short.
func TestRootPassKeep(t *testing.T) {
	a, b := engine.NewMove(16, 12), engine.NewMove(17, 13)
	before := Result{Move: a, Score: 40, PV: []rules.Move{a}}
	for _, c := range []struct {
		name string
		pass rootPass
		want Result
	}{
		{"the first move within the window", rootPass{move: a, score: 30, pv: []rules.Move{a, b}, above: true},
			Result{Move: a, Score: 30, PV: []rules.Move{a, b}}},
		{"the first move failed low, nothing else beat it", rootPass{move: a, score: 5, pv: []rules.Move{a}, firstLow: true},
			before},
		{"the first move failed low, another beat alpha", rootPass{move: b, score: 20, pv: []rules.Move{b}, above: true, firstLow: true},
			Result{Move: b, Score: 20, PV: []rules.Move{b}}},
		{"cut short before a move was searched", rootPass{move: rules.NoMove, score: -infinity}, before},
	} {
		got := c.pass.keep(before)
		if got.Move != c.want.Move || got.Score != c.want.Score || len(got.PV) != len(c.want.PV) {
			t.Errorf("%s: keep = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// The root with aspiration windows finds the mates in 1, 2 and 3 with
// their exact length, as the whole-window search did.
func TestIterateFindsMates(t *testing.T) {
	per := 10
	if testing.Short() {
		per = 3
	}
	for n, ps := range matePositions(t, per) {
		for _, p := range ps {
			r := iterateOn(t, p, Options{Nodes: 400000, MaxDepth: maxPly - 8})
			want := solver.Value{Kind: solver.Won, Plies: 2*n - 1}
			if v := valueOf(r.Score); v != want {
				t.Errorf("%s (win in %d): value %v, want %v", microshogi.FormatPosition(p), n, v, want)
			}
			if q := p.After(r.Move); !(q.CountMoves() == 0 || (n > 1 && allLose(q, n-1))) {
				t.Errorf("%s (win in %d): %s does not win", microshogi.FormatPosition(p), n, (microshogi.Notation{}).FormatMove(p, r.Move))
			}
		}
	}
}

// The search with all its pruning never claims a mate that is not there:
// every mate score it gives in small endgames is checked by exhaustive
// search, for the attacker and for the defender after each reply.
func TestPruningClaimsNoFalseMate(t *testing.T) {
	per := 8
	if testing.Short() {
		per = 2
	}
	checked := 0
	for _, q := range mateChildren(t, per) {
		r := iterateOn(t, q, Options{Nodes: 20000, MaxDepth: 7})
		v := valueOf(r.Score)
		switch {
		case v.Kind == solver.Won && !winIn(q, (v.Plies+1)/2):
			t.Errorf("%s: claims a win in %d plies", microshogi.FormatPosition(q), v.Plies)
		case v.Kind == solver.Lost && v.Plies <= 4 && !allLose(q, v.Plies/2):
			t.Errorf("%s: claims a loss in %d plies", microshogi.FormatPosition(q), v.Plies)
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// mateChildren is every position one move from matePositions(t, per)
// that is not over: the attacker's good and bad moves alike.
func mateChildren(t *testing.T, per int) []engine.Position {
	var qs []engine.Position
	for _, ps := range matePositions(t, per) {
		for _, p := range ps {
			for _, m := range p.Generate(nil) {
				if q := p.After(m); q.CountMoves() > 0 {
					qs = append(qs, q)
				}
			}
		}
	}
	return qs
}

// iterateOn runs the root search on p alone, with fresh tables.
func iterateOn(t *testing.T, p engine.Position, o Options) Result {
	t.Helper()
	s := newSearcher(16)
	s.reset(false)
	s.ctx = context.Background()
	s.nodeLimit = o.Nodes
	s.push(&p, p.InCheck())
	ms := p.Generate(nil)
	if len(ms) == 0 {
		t.Fatalf("%s: no move", microshogi.FormatPosition(p))
	}
	return s.iterate(&p, ms, o, time.Now())
}

// Each node of the search, with null windows (where every pruning is on:
// reverse futility, null move, futility, move count, exchange), at depths
// 1 to 4, claims a mate only where exhaustive search finds one: pruning
// may lose a move's value, never invent a mate. (A node whose first moves
// all lose to mate must not prune the rest and report itself mated.)
func TestPrunedNodesClaimNoFalseMate(t *testing.T) {
	per := 6
	if testing.Short() {
		per = 2
	}
	s := newSearcher(14)
	checked, claims := 0, 0
	for _, q := range mateChildren(t, per) {
		for depth := 1; depth <= 4; depth++ {
			// Windows below, at and above the static value: below,
			// futility is off and the other prunings decide.
			for _, d := range []int{-1500, -600, -200, -50, 0, 100} {
				alpha := max(-mateBound+1, min(mateBound-2, evaluate(&q)+d))
				s.reset(false)
				s.ctx = context.Background()
				s.rootDepth = depth
				s.push(&q, q.InCheck())
				v := s.negamax(&q, q.InCheck(), depth, alpha, alpha+1, 0)
				name := microshogi.FormatPosition(q)
				switch {
				case v >= mateBound:
					claims++
					if plies := mate - v; !winIn(q, (plies+1)/2) {
						t.Errorf("%s, depth %d, window (%d, %d): claims a win in %d plies", name, depth, alpha, alpha+1, plies)
					}
				case v <= -mateBound:
					claims++
					if plies := mate + v; !allLose(q, plies/2) {
						t.Errorf("%s, depth %d, window (%d, %d): claims a loss in %d plies", name, depth, alpha, alpha+1, plies)
					}
				}
				checked++
			}
		}
	}
	if checked < 1000 || claims < 50 {
		t.Fatalf("only %d nodes checked, %d mate claims", checked, claims)
	}
	t.Logf("%d nodes checked, %d mate claims", checked, claims)
}

// A line cut short by a table hit (a shared table holds entries the
// reporting thread never searched itself) is completed from the table:
// after a search, the best move alone grows back to a legal line as deep
// as the iteration, and a line the table knows nothing more of stays as
// it was.
func TestFillPV(t *testing.T) {
	p := engine.Start()
	for ply := range 3 {
		s := newSearcher(16)
		s.reset(false)
		s.ctx = context.Background()
		s.push(&p, p.InCheck())
		ms := p.Generate(nil)
		const depth = 7
		r := s.iterate(&p, ms, Options{MaxDepth: depth}, time.Now())
		if r.Depth != depth || len(r.PV) < depth {
			t.Fatalf("ply %d: depth %d, pv %d moves: want %d or more", ply, r.Depth, len(r.PV), depth)
		}
		line := s.fillPV(&p, r.PV[:1:1], depth)
		if len(line) < 2 || len(line) > depth || line[0] != r.PV[0] {
			t.Fatalf("ply %d: filled %v from %v, want the best move and more, at most the depth", ply, line, r.PV[:1])
		}
		q := p
		for i, m := range line {
			if !q.Legal(m) {
				t.Fatalf("ply %d: move %d of %v is not legal", ply, i, line)
			}
			q = q.After(m)
		}
		s.tt.clear()
		if got := s.fillPV(&p, r.PV[:1:1], depth); len(got) != 1 {
			t.Errorf("ply %d: an empty table filled %v", ply, got)
		}
		p = p.After(r.Move)
	}
}
