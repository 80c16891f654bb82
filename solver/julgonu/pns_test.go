package julgonu

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

// verifiedNumbers runs the proof-number search for a from the end of ps
// and, when it proves a win, checks the proof tree with the rules alone
// (rules/julgonu.VerifyWin).
func verifiedNumbers(t *testing.T, tab *Table, ps []jg.Position, a rules.Side, budget int) (won, exact bool, dist, expansions int) {
	t.Helper()
	s := newStretch(context.Background(), tab, ps, 1<<62)
	pn, won, exact, dist, err := s.numbers(a, budget)
	if err != nil && !errors.Is(err, errCapped) {
		t.Fatal(err)
	}
	if won {
		proof := pn.proof(recorder{stretch: s, shared: map[sharedAt]*jg.Proof{}}, 0, rules.NoMove)
		if _, err := jg.VerifyWin(ps, proof, a); err != nil {
			t.Fatalf("the proof of %s's win after %d plies does not hold: %v", a, len(ps)-1, err)
		}
	}
	return won, exact, dist, s.nodes
}

// TestProofNumbersFindTheDeepTraps: the proof-number search proves the
// traps that the depth-first search needs 1.3-1.7M nodes for (seed 47 game
// 24 and seed 53 game 44 of testdata/hunter-losses, after the bot's move
// at ply 22 and at ply 24) within a few thousand expansions, and each
// proof holds by the rules alone.
func TestProofNumbersFindTheDeepTraps(t *testing.T) {
	tab := solved()
	gs := lostGames(t, filepath.Join("testdata", "hunter-losses", "records.txt"))
	for _, tc := range []struct{ game, ply int }{{6, 22}, {13, 22}, {6, 24}, {13, 24}} {
		g := gs[tc.game]
		ps := g.ps[:tc.ply+2] // after the bot's move at ply
		a := ps[len(ps)-1].ToMove()
		won, _, dist, n := verifiedNumbers(t, tab, ps, a, 5000)
		if !won {
			t.Errorf("game %d after %s at ply %d: no win for %s proven in 5,000 expansions", tc.game, jg.MoveName(g.moves[tc.ply]), tc.ply, a)
		}
		t.Logf("game %d after %s at ply %d: %s wins in %d plies, %d expansions", tc.game, jg.MoveName(g.moves[tc.ply]), tc.ply, a, dist, n)
	}
}

// TestProofNumbersAgree: on positions of random games, each with its
// history, every win the proof-number search proves holds by the rules
// alone, and where it proves that no win exists (every line ended) the
// depth-first search finds none either, to 8 plies.
func TestProofNumbersAgree(t *testing.T) {
	tab := solved()
	rng := rand.New(rand.NewPCG(31, 32))
	ctx := context.Background()
	var positions, wins, noWins int
	for game := 0; positions < 120; game++ {
		all := randomGame(t, rng, 10+rng.IntN(50))
		for k := 0; k < len(all); k += 3 {
			ps := all[:k+1]
			if jg.Judge(ps).Over() {
				continue
			}
			positions++
			for _, a := range []rules.Side{rules.Black, rules.White} {
				won, exact, _, _ := verifiedNumbers(t, tab, ps, a, 3000)
				switch {
				case won:
					wins++
				case exact:
					noWins++
					s := newStretch(ctx, tab, ps, 300_000)
					s.tt = nil
					for d := 0; d <= 8; d++ {
						r, err := s.attack(a, d)
						if err != nil {
							break
						}
						if r.won {
							t.Fatalf("game %d ply %d: the proof-number search says %s cannot win, the depth-first search finds a win at depth %d", game, k, a, d)
						}
					}
				}
			}
		}
	}
	t.Logf("%d positions, both sides attacking: %d wins proven (each checked by the rules), %d proven not won", positions, wins, noWins)
	if wins == 0 {
		t.Fatal("no win proven: the test checked no proof")
	}
}
