package gufuu

import (
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/solver"
)

// The table is solved once for all the tests of the package.
var testTable Table

func TestFigures(t *testing.T) {
	s := testTable.Solution()
	t.Logf("reachable %d checkmated %d won %d lost %d draws %d mate-in-one %d longest %d", s.Reachable, s.Checkmated, s.Won, s.Lost, s.Draws, s.MateInOne, s.LongestWin)
	if s.Reachable != 203195 || s.Checkmated != 23020 {
		t.Errorf("reachable %d, checkmated %d; want 203195, 23020", s.Reachable, s.Checkmated)
	}
	if s.Won+s.Lost+s.Draws != s.Reachable {
		t.Errorf("won %d + lost %d + draws %d != %d", s.Won, s.Lost, s.Draws, s.Reachable)
	}
	start, ok := s.Lookup(engine.Start)
	if !ok || start.Kind != solver.Won || start.Plies%2 != 1 {
		t.Errorf("start %v: Black moves on odd plies, so a win for Black must be W with an odd distance", start)
	}
	if s.LongestWin%2 != 1 || s.LongestWin < start.Plies {
		t.Errorf("longest win %d", s.LongestWin)
	}
}

// TestConsistent checks every reachable position against its children:
// W n has a move to L n-1 and none to a loss sooner; L n has only moves to
// wins of at most n-1 plies and one to W n-1 (L 0: mated, no move at all);
// D has a move to D and none to a loss. Together these pin the values down
// (by induction on the distance), so this is the proof of the table.
func TestConsistent(t *testing.T) {
	s := testTable.Solution()
	seen := map[engine.Pos]bool{engine.Start: true}
	queue := []engine.Pos{engine.Start}
	var buf [engine.MaxMoves]rules.Move
	bad := 0
	fail := func(p engine.Pos, format string, args ...any) {
		bad++
		if bad < 10 {
			t.Errorf("position %d: "+format, append([]any{p}, args...)...)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		v, ok := s.Lookup(p)
		if !ok {
			fail(p, "reachable but not in the table")
			continue
		}
		ms := p.AppendMoves(buf[:0])
		var kids []solver.Value
		for _, m := range ms {
			q := p.Apply(m)
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
			cv, ok := s.Lookup(q)
			if !ok {
				fail(q, "child not in the table")
			}
			kids = append(kids, cv)
		}
		has := func(f func(solver.Value) bool) bool {
			for _, k := range kids {
				if f(k) {
					return true
				}
			}
			return false
		}
		all := func(f func(solver.Value) bool) bool { return !has(func(k solver.Value) bool { return !f(k) }) }
		switch v.Kind {
		case solver.Won:
			if !has(func(k solver.Value) bool { return k.Kind == solver.Lost && k.Plies == v.Plies-1 }) {
				fail(p, "%v without a move to L %d", v, v.Plies-1)
			}
			if has(func(k solver.Value) bool { return k.Kind == solver.Lost && k.Plies < v.Plies-1 }) {
				fail(p, "%v with a faster win", v)
			}
		case solver.Lost:
			if v.Plies == 0 {
				if len(ms) != 0 || !p.InCheck() {
					fail(p, "L 0 but not mate")
				}
				break
			}
			if !all(func(k solver.Value) bool { return k.Kind == solver.Won && k.Plies <= v.Plies-1 }) {
				fail(p, "%v with a move to something other than a win in at most %d", v, v.Plies-1)
			}
			if !has(func(k solver.Value) bool { return k.Kind == solver.Won && k.Plies == v.Plies-1 }) {
				fail(p, "%v without a move to W %d", v, v.Plies-1)
			}
		case solver.Drawn:
			if !has(func(k solver.Value) bool { return k.Kind == solver.Drawn }) {
				fail(p, "D without a move to D")
			}
			if has(func(k solver.Value) bool { return k.Kind == solver.Lost }) {
				fail(p, "D with a move to a loss")
			}
		default:
			fail(p, "value %v", v)
		}
	}
	if len(seen) != s.Reachable {
		t.Errorf("walked %d positions, table says %d", len(seen), s.Reachable)
	}
	if bad > 0 {
		t.Errorf("%d inconsistent positions", bad)
	}
}

func TestLookupUnreachable(t *testing.T) {
	// White to move in the first position: never reachable (Black starts).
	if _, ok := testTable.Lookup(engine.Start.WithSide(rules.White)); ok {
		t.Error("an unreachable position has a value")
	}
}

// BenchmarkSolve enumerates and solves the whole game. Besides the wall
// time (ns/op, which suffers when the machine is shared) it reports the
// process's CPU time per solution (cpu-ns/op).
func BenchmarkSolve(b *testing.B) {
	b.ReportAllocs()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		Solve()
	}
	b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op")
}

func cpuTime() int64 {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return r.Utime.Nano() + r.Stime.Nano()
}

func BenchmarkLookup(b *testing.B) {
	s := testTable.Solution()
	ps := make([]engine.Pos, 0, 1024)
	p := engine.Start
	var buf [engine.MaxMoves]rules.Move
	for len(ps) < cap(ps) {
		ms := p.AppendMoves(buf[:0])
		if len(ms) == 0 {
			p = engine.Start
			continue
		}
		p = p.Apply(ms[len(ps)*7%len(ms)])
		ps = append(ps, p)
	}
	b.ResetTimer()
	var sink int
	for i := 0; i < b.N; i++ {
		v, _ := s.Lookup(ps[i&1023])
		sink += v.Plies
	}
	_ = sink
}

// TestHistoryNeverBindsTheTable is why Gufuu's table, unlike Jul-Gonu's,
// is exact with the game's history: a repeated position is allowed (the
// fourth occurrence draws), so the history never takes a move away. In
// random games, in which positions recur, every position that is not over
// has the same legal moves with the game's history as alone. The only end
// the history brings is the repetition draw (rules/gufuu TestRepetition),
// which is what the table gives a position from which neither side can
// force a win.
func TestHistoryNeverBindsTheTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	repeated := 0
	for game := 0; game < 3000; game++ {
		g := rules.NewGame(engine.Variant{})
		seen := map[rules.Position]bool{}
		for g.Ply() < 300 && !g.Outcome().Over() {
			p := g.Position()
			if seen[p] {
				repeated++
			}
			seen[p] = true
			alone := rules.NewGameFrom(engine.Variant{}, p).LegalMoves()
			if with := g.LegalMoves(); !slices.Equal(with, alone) {
				t.Fatalf("game %d ply %d: %d legal moves with the history, %d alone", game, g.Ply(), len(with), len(alone))
			}
			ms := g.LegalMoves()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d repeated positions", repeated)
	if repeated < 50 {
		t.Errorf("too few repetitions to test anything: %d repeated positions", repeated)
	}
}
