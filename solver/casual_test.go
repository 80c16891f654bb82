package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// finished plays g's variant at random from the start until the game ends.
func finished(t *testing.T, v rules.Variant, seed uint64) *rules.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	g := rules.NewGame(v)
	for ply := 0; ply < 2000 && !g.Outcome().Over(); ply++ {
		ms := g.LegalMoves()
		if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Outcome().Over() {
		t.Fatalf("%s: a random game did not end", v.Name())
	}
	return g
}

// TestGameOverAcrossVariants asks every bot and analyst for a move and a
// value in a finished game: every bot's error is solver.ErrGameOver, and
// every analyst values the game by solver.OutcomeValue.
func TestGameOverAcrossVariants(t *testing.T) {
	ctx := context.Background()
	for _, kit := range variants.Default(variants.Options{CacheDir: t.TempDir()}).Kits() {
		g := finished(t, kit.Rules, 1)
		for _, level := range kit.Bot.Levels() {
			_, err := kit.Bot.Choose(ctx, g.Clone(), level, rand.New(rand.NewPCG(1, 2)))
			if !errors.Is(err, solver.ErrGameOver) {
				t.Errorf("%s %s bot after %s: err = %v, want ErrGameOver", kit.Rules.Name(), level, g.Outcome(), err)
			}
		}
		_, err := solver.CasualMove(g, nil)
		if !errors.Is(err, solver.ErrGameOver) {
			t.Errorf("%s CasualMove after the end: err = %v", kit.Rules.Name(), err)
		}
		want, over := solver.OutcomeValue(g)
		if got, err := kit.Analyst.Evaluate(ctx, g); !over || err != nil || got != want {
			t.Errorf("%s analyst after %s: %v, %v; want %v", kit.Rules.Name(), g.Outcome(), got, err, want)
		}
	}
}

func TestOutcomeValue(t *testing.T) {
	for _, c := range []struct {
		name string
		g    *rules.Game
		want solver.Value
		over bool
	}{
		{"the start", rules.NewGame(jg.Variant{}), solver.Value{}, false},
		// Black to move, White down to one piece: Black has won.
		{"a win for the side to move", rules.NewGameFrom(jg.Variant{}, jg.FromOwnOpp(0x0003, 0x8000, rules.Black)), solver.Value{Kind: solver.Won}, true},
		// Black to move with one piece: Black has lost.
		{"a loss for the side to move", rules.NewGameFrom(jg.Variant{}, jg.FromOwnOpp(0x0001, 0xc000, rules.Black)), solver.Value{Kind: solver.Lost}, true},
	} {
		if got, over := solver.OutcomeValue(c.g); got != c.want || over != c.over {
			t.Errorf("%s: OutcomeValue = %v, %v; want %v, %v", c.name, got, over, c.want, c.over)
		}
	}
}

// TestCasualMoveWinsAndWinsInOne goes back along a random Jul-Gonu game
// to a position WinsInOne finds a win in, and checks that the casual move
// there wins, whatever the rng.
func TestCasualMoveWinsAndWinsInOne(t *testing.T) {
	g := finished(t, jg.Variant{}, 1)
	for g.Ply() > 0 && !solver.WinsInOne(g) {
		g.Undo()
	}
	if g.Ply() == 0 {
		t.Fatal("the fixed game has no position with a win in one: pick another seed for finished")
	}
	us := g.Position().ToMove()
	for seed := uint64(0); seed < 8; seed++ {
		m, err := solver.CasualMove(g, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		next := g.Clone()
		if err := next.Play(m); err != nil {
			t.Fatal(err)
		}
		if o := next.Outcome(); o.Status != rules.Win || o.Winner != us {
			t.Fatalf("seed %d: casual played %v, not a win (%v)", seed, m, o)
		}
	}
}
