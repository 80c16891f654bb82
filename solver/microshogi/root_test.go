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
	for _, ps := range matePositions(t, per) {
		for _, p := range ps {
			for _, m := range p.Generate(nil) {
				q := p.After(m)
				if q.CountMoves() == 0 {
					continue
				}
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
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
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
