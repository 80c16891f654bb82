package gufuu

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/solver"
)

// maxPlies ends a bot game that neither mates nor repeats (adjudged a draw).
const maxPlies = 400

type gameResult struct {
	outcome rules.Outcome
	plies   int
	// thrown is set when a side at level perfect or strong was to move in
	// a won position and did not win the game, or in a drawn one and lost.
	thrown bool
}

func playGame(t *testing.T, bot Bot, levels [2]solver.Level, rng *rand.Rand) gameResult {
	t.Helper()
	ctx := context.Background()
	g := rules.NewGame(engine.Variant{})
	best := [2]solver.Kind{solver.Estimate, solver.Estimate} // the best verdict each side had
	for g.Ply() < maxPlies && !g.Outcome().Over() {
		side := g.Position().ToMove()
		if levels[side] != solver.Casual {
			x, _ := rules.As[engine.Position](g.Position())
			p := x.P
			v, _ := bot.Table.Lookup(p)
			if v.Kind == solver.Won || (v.Kind == solver.Drawn && best[side] != solver.Won) {
				best[side] = v.Kind
			}
		}
		m, err := bot.Choose(ctx, g, levels[side], rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	r := gameResult{outcome: g.Outcome(), plies: g.Ply()}
	for s := rules.Black; s <= rules.White; s++ {
		won := r.outcome.Status == rules.Win && r.outcome.Winner == s
		lost := r.outcome.Status == rules.Win && r.outcome.Winner != s
		if (best[s] == solver.Won && !won) || (best[s] == solver.Drawn && lost) {
			r.thrown = true
		}
	}
	return r
}

type matchResult struct {
	winsA, winsB, draws int
	pliesA, pliesB      int // total length of A's and B's wins
	thrown              int
}

// match plays games between levels a and b, a taking Black in the even
// games and White in the odd ones.
func match(t *testing.T, bot Bot, a, b solver.Level, games int, seed uint64) matchResult {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var m matchResult
	for i := 0; i < games; i++ {
		levels := [2]solver.Level{a, b}
		aSide := rules.Black
		if i%2 == 1 {
			levels = [2]solver.Level{b, a}
			aSide = rules.White
		}
		r := playGame(t, bot, levels, rng)
		if r.thrown {
			m.thrown++
		}
		switch {
		case r.outcome.Status != rules.Win:
			m.draws++
		case r.outcome.Winner == aSide:
			m.winsA++
			m.pliesA += r.plies
		default:
			m.winsB++
			m.pliesB += r.plies
		}
	}
	return m
}

func (m matchResult) String() string {
	avg := func(p, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f", float64(p)/float64(n))
	}
	return fmt.Sprintf("%d-%d, %d draws (average length of the wins %s and %s plies)", m.winsA, m.winsB, m.draws, avg(m.pliesA, m.winsA), avg(m.pliesB, m.winsB))
}

// TestLevels plays 200 games perfect against strong and 200 strong against
// casual (each level taking both colours) with fixed seeds, and checks that
// the levels differ as promised: perfect and strong never throw away a won
// or drawn position; Black wins from the start, so perfect and
// strong each win their Black games, strong more slowly; casual loses to
// strong far more often than not.
func TestLevels(t *testing.T) {
	bot := Bot{Table: &testTable}
	ps := match(t, bot, solver.Perfect, solver.Strong, 200, 1)
	t.Logf("perfect vs strong: %v", ps)
	sc := match(t, bot, solver.Strong, solver.Casual, 200, 2)
	t.Logf("strong vs casual: %v", sc)
	if ps.thrown != 0 || sc.thrown != 0 {
		t.Errorf("won or drawn positions thrown away: %d (perfect/strong), %d (strong/casual)", ps.thrown, sc.thrown)
	}
	if ps.winsA != 100 || ps.winsB != 100 {
		t.Errorf("perfect vs strong %v: each should win exactly its 100 games as Black", ps)
	}
	if ps.pliesA >= ps.pliesB {
		t.Errorf("perfect's wins (%d plies in all) are not faster than strong's (%d)", ps.pliesA, ps.pliesB)
	}
	if sc.winsA < 150 || sc.winsB > 25 {
		t.Errorf("strong vs casual %v: strong should win far more often", sc)
	}
}

// TestCasual: casual mates in one when it can and does not allow a mate in
// one when it can avoid it.
func TestCasual(t *testing.T) {
	bot := Bot{Table: &testTable}
	s := testTable.Solution()
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for c, v := range s.values {
		if v == 0 || c%97 != 0 {
			continue
		}
		p := s.keys[c]
		g := rules.NewGameFrom(engine.Variant{}, engine.Position{P: p})
		if g.Outcome().Over() {
			continue
		}
		m, err := bot.Choose(context.Background(), g, solver.Casual, rng)
		if err != nil {
			t.Fatal(err)
		}
		after, _ := s.Lookup(p.Apply(m))
		here, _ := s.Lookup(p)
		if here.Kind == solver.Won && here.Plies == 1 && !(after.Kind == solver.Lost && after.Plies == 0) {
			t.Errorf("position %d: casual missed the mate in one", p)
		}
		if after.Kind == solver.Won && after.Plies == 1 {
			// allowed only if every move allows a mate in one
			for _, alt := range g.LegalMoves() {
				if v, _ := s.Lookup(p.Apply(alt)); !(v.Kind == solver.Won && v.Plies == 1) {
					t.Errorf("position %d: casual allowed a mate in one it could avoid", p)
					break
				}
			}
		}
		checked++
	}
	if checked < 500 {
		t.Errorf("checked %d positions", checked)
	}
}

func TestAnalyst(t *testing.T) {
	a := Analyst{Table: &testTable}
	ctx := context.Background()
	g := rules.NewGame(engine.Variant{})
	v, err := a.Evaluate(ctx, g)
	if want, _ := testTable.Lookup(engine.Start); err != nil || v != want {
		t.Errorf("start: %v %v, want %v", v, err, want)
	}
	// The designer's final position is mate: L 0.
	mate := engine.Start.Place(engine.BlackKing, engine.Sq2b, engine.West).
		Place(engine.Storm, engine.Sq1b, engine.South).Place(engine.WhiteKing, engine.Sq1c, engine.North).WithSide(rules.White)
	if v, err := a.Evaluate(ctx, rules.NewGameFrom(engine.Variant{}, engine.Position{P: mate})); err != nil || v != (solver.Value{Kind: solver.Lost}) {
		t.Errorf("mate: %v %v, want L 0", v, err)
	}
	// White to move on the empty board cannot arise.
	if _, err := a.Evaluate(ctx, rules.NewGameFrom(engine.Variant{}, engine.Position{P: engine.Start.WithSide(rules.White)})); err != ErrNotInTable {
		t.Errorf("unreachable position: %v", err)
	}
	// Perfect play from the start follows the values down: each move of
	// the winner lowers the distance by one ply.
	rng := rand.New(rand.NewPCG(5, 6))
	bot := Bot{Table: &testTable}
	prev, _ := a.Evaluate(ctx, g)
	start := prev
	for !g.Outcome().Over() {
		m, err := bot.Choose(ctx, g, solver.Perfect, rng)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
		v, _ := a.Evaluate(ctx, g)
		if v.ForMover() != prev {
			t.Fatalf("ply %d: %v after %v", g.Ply(), v, prev)
		}
		prev = v
	}
	if g.Ply() != start.Plies {
		t.Errorf("perfect against itself took %d plies; the start is %v", g.Ply(), start)
	}
}
