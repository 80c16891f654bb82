package microshogi

import (
	"context"
	"slices"
	"testing"

	fen "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

// A watched search reports every iteration it finishes, in order, the last
// agreeing with its result, and each root move as its search begins.
func TestWatchReportsEachIteration(t *testing.T) {
	for _, threads := range []int{1, 2} {
		b := New(Options{Nodes: 1 << 40, MaxDepth: 7, TableBits: 16, Threads: threads})
		var its []Iteration
		moves := map[int][]int{} // depth -> the numbers of the root moves reported
		r := Reports{
			Iteration: func(it Iteration) { its = append(its, it) },
			RootMove: func(m RootMove) {
				if m.Move == rules.NoMove {
					t.Errorf("root move %+v", m)
				}
				moves[m.Depth] = append(moves[m.Depth], m.Number)
			},
		}
		g := rules.NewGame(engine.Variant{})
		res, err := b.Watch(context.Background(), g, 0, 0, r)
		if err != nil {
			t.Fatal(err)
		}
		if len(its) != 7 {
			t.Fatalf("threads %d: %d iterations reported, want 7: %+v", threads, len(its), its)
		}
		for i, it := range its {
			if it.Depth != i+1 {
				t.Errorf("threads %d: iteration %d has depth %d", threads, i, it.Depth)
			}
			if it.SelDepth < it.Depth {
				t.Errorf("threads %d: depth %d seldepth %d", threads, it.Depth, it.SelDepth)
			}
			if len(it.PV) == 0 || it.Hashfull < 0 || it.Hashfull > 1000 {
				t.Errorf("threads %d: iteration %+v", threads, it)
			}
			if i > 0 && (it.Nodes < its[i-1].Nodes || it.Time < its[i-1].Time) {
				t.Errorf("threads %d: nodes or time went back: %+v after %+v", threads, it, its[i-1])
			}
		}
		last := its[len(its)-1]
		if last.PV[0] != res.Move || last.Score != res.Score || last.Value != valueOf(res.Score) {
			t.Errorf("threads %d: last iteration %+v, result %+v", threads, last, res)
		}
		if last.Hashfull == 0 {
			t.Errorf("threads %d: the table is empty after depth 7", threads)
		}
		n := len(g.LegalMoves())
		for d := 1; d <= 7; d++ {
			got := moves[d]
			if len(got) < n || got[0] != 1 || !slices.Contains(got, n) {
				t.Errorf("threads %d depth %d: root moves %v, want 1..%d at least once", threads, d, got, n)
			}
		}
	}
}

// Without reports, the search is what it was: the same result as watched.
func TestWatchChangesNothing(t *testing.T) {
	o := Options{Nodes: 30000, TableBits: 16}
	g := rules.NewGame(engine.Variant{})
	plain, err := New(o).Analyse(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	watched, err := New(o).Watch(context.Background(), g, 0, 0, Reports{Iteration: func(Iteration) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || plain.Move != watched.Move || plain.Score != watched.Score || plain.Nodes != watched.Nodes || plain.Depth != watched.Depth {
		t.Errorf("plain %+v, watched %+v after %d reports", plain, watched, calls)
	}
}

func TestFill(t *testing.T) {
	tt := newTable(12)
	if f := tt.fill(); f != 0 {
		t.Errorf("empty table: fill %d", f)
	}
	for i := range 500 {
		tt.store(uint64(i), ttEntry{move: 1, depth: 1, bound: boundExact})
	}
	if f := tt.fill(); f != 500 {
		t.Errorf("500 of the first 1000 slots: fill %d, want 500", f)
	}
}

// With MultiPV a watched search reports that many lines each iteration,
// each with a first move of its own, the best first.
func TestWatchMultiPV(t *testing.T) {
	g := rules.NewGame(engine.Variant{})
	n := len(g.LegalMoves())
	for _, lines := range []int{2, 3, n, n + 5} {
		b := New(Options{Nodes: 1 << 40, MaxDepth: 5, TableBits: 16, MultiPV: lines})
		byDepth := map[int][]Iteration{}
		_, err := b.Watch(context.Background(), g, 0, 0, Reports{Iteration: func(it Iteration) {
			byDepth[it.Depth] = append(byDepth[it.Depth], it)
		}})
		if err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= 5; d++ {
			its := byDepth[d]
			if len(its) != min(lines, n) {
				t.Fatalf("MultiPV %d depth %d: %d lines", lines, d, len(its))
			}
			firsts := map[rules.Move]bool{}
			for i, it := range its {
				if it.MultiPV != i+1 || firsts[it.PV[0]] || (i > 0 && it.Score > its[0].Score) {
					t.Errorf("MultiPV %d depth %d: line %d %+v after %+v", lines, d, i+1, it, its[:i])
				}
				firsts[it.PV[0]] = true
			}
		}
	}
}

// The second line of a position with one mate in one is not a mate.
func TestWatchMultiPVMate(t *testing.T) {
	p, err := fen.ParseFEN("k3/4/P3/4/3K[R] w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGameFrom(engine.Variant{}, p)
	var its []Iteration
	_, err = New(Options{Nodes: 1 << 40, MaxDepth: 3, TableBits: 16, MultiPV: 2}).Watch(context.Background(), g, 0, 0,
		Reports{Iteration: func(it Iteration) { its = append(its, it) }})
	if err != nil {
		t.Fatal(err)
	}
	last := its[len(its)-2:]
	if last[0].MultiPV != 1 || last[0].Value.Kind != solver.Won || last[0].Value.Plies != 1 ||
		last[1].MultiPV != 2 || last[1].Score >= mateBound {
		t.Errorf("the last iteration's lines: %+v", last)
	}
}
