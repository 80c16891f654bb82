package julgonu

import (
	"math/bits"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// solved is the table shared by the tests of this package.
var solved = sync.OnceValue(Solve)

func TestIndexIsABijection(t *testing.T) {
	ix := newIndex()
	if ix.size != 2233680 {
		t.Fatalf("size %d, want 2233680 (sum of C(16,a)*C(16-a,c), a<=4, 2<=c<=4)", ix.size)
	}
	next := 0
	ix.each(func(i int, own, opp uint16) {
		if i != next {
			t.Fatalf("each skipped from %d to %d", next, i)
		}
		next++
		if !ix.in(own, opp) {
			t.Fatalf("entry %d (%016b, %016b) is not a valid pair", i, own, opp)
		}
		if got := ix.of(own, opp); got != i {
			t.Fatalf("of(%016b, %016b) = %d, want %d", own, opp, got, i)
		}
	})
	if next != ix.size {
		t.Fatalf("each visited %d entries, want %d", next, ix.size)
	}
}

func TestSolveFigures(t *testing.T) {
	s := solved().Stats()
	t.Logf("%+v", s)
	if s.Reachable != 3412738 {
		t.Errorf("reachable %d, want 3412738", s.Reachable)
	}
	if s.Wins+s.Losses+s.Draws != s.Reachable {
		t.Errorf("wins+losses+draws = %d, not the reachable count", s.Wins+s.Losses+s.Draws)
	}
	if s.LongestWin%2 != 1 {
		t.Errorf("longest win %d is not odd", s.LongestWin)
	}
}

// TestTableIsConsistent checks every entry against the values of its
// successors, computed with the engine's own move generator.
func TestTableIsConsistent(t *testing.T) {
	tab := solved()
	ix := tab.ix
	bad := 0
	ix.each(func(i int, own, opp uint16) {
		if bad > 10 {
			return
		}
		p := jg.FromOwnOpp(own, opp, rules.Black)
		v, _ := solver.Packed(tab.val[i]).Value()
		ms := p.Moves()
		if bits.OnesCount16(own) <= 1 || len(ms) == 0 {
			if v != (solver.Value{Kind: solver.Lost}) {
				t.Errorf("%016b/%016b: terminal but %v", own, opp, v)
				bad++
			}
			return
		}
		best := solver.Value{Kind: solver.Lost, Plies: -1}
		sawDraw, sawLoss, minLoss, maxWin := false, false, 1<<30, -1
		for _, m := range ms {
			q, _ := p.After(m)
			cv, ok := tab.Lookup(q)
			if !ok {
				t.Fatalf("successor %v of %016b/%016b is not in the table", q, own, opp)
			}
			switch cv.Kind {
			case solver.Lost:
				sawLoss = true
				minLoss = min(minLoss, cv.Plies)
			case solver.Drawn:
				sawDraw = true
			case solver.Won:
				maxWin = max(maxWin, cv.Plies)
			}
		}
		switch {
		case sawLoss:
			best = solver.Value{Kind: solver.Won, Plies: minLoss + 1}
		case sawDraw:
			best = solver.Value{Kind: solver.Drawn}
		default:
			best = solver.Value{Kind: solver.Lost, Plies: maxWin + 1}
		}
		if v != best {
			t.Errorf("%016b/%016b: table %v, successors say %v", own, opp, v, best)
			bad++
		}
	})
}

// minimax is an independent minimax over rules.Position: the exact value of
// p if some side wins within limit plies, else ok=false.
func minimax(p rules.Position, limit int) (solver.Value, bool) {
	ms := p.Moves()
	if len(ms) == 0 {
		return solver.Value{Kind: solver.Lost}, true
	}
	if limit == 0 {
		return solver.Value{}, false
	}
	best, haveWin, allLost, longest := 1<<30, false, true, 0
	for _, m := range ms {
		q, err := p.Play(m)
		if err != nil {
			panic(err)
		}
		v, ok := minimax(q, limit-1)
		switch {
		case ok && v.Kind == solver.Lost:
			haveWin, best = true, min(best, v.Plies+1)
		case ok && v.Kind == solver.Won:
			longest = max(longest, v.Plies+1)
		default:
			allLost = false
		}
	}
	if haveWin {
		return solver.Value{Kind: solver.Won, Plies: best}, true
	}
	if allLost {
		return solver.Value{Kind: solver.Lost, Plies: longest}, true
	}
	return solver.Value{}, false
}

// TestShortDistancesBySearch compares the table with a plain search on
// random reachable positions: every win or loss within 5 plies is found by
// both, with the same distance.
// randomPosition plays a random game from the start and stops it after a
// random number of plies below most (or at its end).
func randomPosition(rng *rand.Rand, most int) jg.Position {
	p := jg.Start()
	for n := rng.IntN(most); n > 0; n-- {
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		p, _ = p.After(ms[rng.IntN(len(ms))])
	}
	return p
}

func TestShortDistancesBySearch(t *testing.T) {
	tab := solved()
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for checked < 300 {
		p := randomPosition(rng, 30)
		if !tab.Reachable(p) {
			t.Fatalf("%v reached by play but not marked reachable", p)
		}
		v, _ := tab.Lookup(p)
		sv, ok := minimax(p, 5)
		short := v.Kind != solver.Drawn && v.Plies <= 5
		if ok != short || (ok && sv != v) {
			t.Fatalf("%v: table %v, search to 5 plies %v (found %v)", p, v, sv, ok)
		}
		checked++
	}
}

func TestKnownValues(t *testing.T) {
	tab := solved()
	mk := func(b, w uint16, s rules.Side) jg.Position {
		p, err := jg.NewPosition(b, w, s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		p    jg.Position
		want string
	}{
		{"start", jg.Start(), "D"},
		// White to move with one piece left has lost.
		{"one piece", mk(0x000f, 0x1000, rules.White), "L 0"},
		// White a4 b4 against black a3 b3 c4: white cannot move.
		{"blocked", mk(0x4300, 0x3000, rules.White), "L 0"},
		// Black c1 a2 d4 against white b2 a4: c1-c2 takes b2 and leaves
		// white one piece.
		{"win in one", mk(0x8014, 0x1020, rules.Black), "W 1"},
		// The same for White to move: the table knows no colour.
		{"win in one for white", mk(0x1020, 0x8014, rules.White), "W 1"},
		// White to move after that capture would have lost.
		{"lost after the capture", mk(0x8070&^0x0020|0x0040, 0x1000, rules.White), "L 0"},
	}
	for _, tc := range tests {
		v, ok := tab.Lookup(tc.p)
		if !ok || v.String() != tc.want {
			t.Errorf("%s: %v (%v), want %s", tc.name, v, ok, tc.want)
		}
	}
}
