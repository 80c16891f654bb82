package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
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

// TestSafeMove walks back along random finished games of every variant:
// in each position SafeMove's move is legal, wins at once when a move
// does, does not lose at once when a move that does not exists (judged
// here move by move with the rules),
// leaves the game as it was, and varies with the rng; after the end it
// says ErrGameOver.
func TestSafeMove(t *testing.T) {
	for _, kit := range variants.Default(variants.Options{CacheDir: t.TempDir()}).Kits() {
		positions, withUnsafe, varied := 0, 0, 0
		for seed := uint64(1); seed <= 6; seed++ {
			g := finished(t, kit.Rules, seed)
			if _, err := solver.SafeMove(g, nil); !errors.Is(err, solver.ErrGameOver) {
				t.Errorf("%s: SafeMove after the end: %v", kit.Rules.Name(), err)
			}
			for g.Undo() {
				us := g.Position().ToMove()
				safe, wins := map[rules.Move]bool{}, map[rules.Move]bool{}
				for _, m := range g.LegalMoves() {
					next := g.Clone()
					if err := next.Play(m); err != nil {
						t.Fatal(err)
					}
					o := next.Outcome()
					switch {
					case o.Status == rules.Win && o.Winner == us:
						wins[m] = true
					case !o.Over() && !solver.WinsInOne(next):
						safe[m] = true
					}
				}
				if len(safe)+len(wins) < len(g.LegalMoves()) {
					withUnsafe++
				}
				ply := g.Ply()
				seen := map[rules.Move]bool{}
				for s := uint64(0); s < 4; s++ {
					m, err := solver.SafeMove(g, rand.New(rand.NewPCG(s, uint64(ply))))
					if err != nil {
						t.Fatalf("%s ply %d: %v", kit.Rules.Name(), ply, err)
					}
					if g.Ply() != ply {
						t.Fatalf("%s: SafeMove changed the game", kit.Rules.Name())
					}
					if !slices.Contains(g.LegalMoves(), m) || len(wins) > 0 && !wins[m] || len(wins) == 0 && len(safe) > 0 && !safe[m] {
						t.Fatalf("%s ply %d: SafeMove chose %v (legal %v, wins %v, safe %v)", kit.Rules.Name(), ply, m, g.LegalMoves(), wins, safe)
					}
					seen[m] = true
				}
				if len(seen) > 1 {
					varied++
				}
				positions++
			}
		}
		// The games must have had positions with moves that lose at once,
		// and the rng must matter, or the test said little.
		if withUnsafe == 0 || varied == 0 {
			t.Errorf("%s: %d positions, %d with a move that loses at once, %d with a choice that varied", kit.Rules.Name(), positions, withUnsafe, varied)
		}
	}
}
