package julgonu

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// playRandom plays up to plies random legal moves from the start (fewer
// when the game ends) and returns the game.
func playRandom(t testing.TB, rng *rand.Rand, plies int) *rules.Game {
	t.Helper()
	g := rules.NewGame(jg.Variant{})
	for ; plies > 0 && !g.Outcome().Over(); plies-- {
		ms := g.LegalMoves()
		if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// randomGame is playRandom's game as its positions.
func randomGame(t testing.TB, rng *rand.Rand, plies int) []jg.Position {
	t.Helper()
	all, err := concrete(playRandom(t, rng, plies))
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// keepingByLookup is stretch.keeping as it was before Table.keeps: every
// move of the last position looked up in the table.
func keepingByLookup(s *stretch) int {
	n := 0
	s.moves(func(c jg.Position, caps uint16) bool {
		if caps == 0 && s.repeats(c) {
			return true
		}
		if s.step(c).kind != solver.Won {
			n++
		}
		return true
	})
	return n
}

// TestKeepingCounts: the history search's count of the moves that keep the
// table value without repeating, read from Table.keeps less the moves the
// history forbids, is the count made by looking every move up, after every
// move of every position of random games (each with its history). Some of
// those positions must have had a move forbidden by the history, or the
// subtraction went untested.
func TestKeepingCounts(t *testing.T) {
	tab := solved()
	rng := rand.New(rand.NewPCG(29, 30))
	ctx := context.Background()
	checked, forbidden := 0, 0
	for game := 0; game < 60; game++ {
		all := randomGame(t, rng, 20+rng.IntN(60))
		for k := range all {
			s := newStretch(ctx, tab, all[:k+1], 1)
			var ks [16]kid
			for _, c := range ks[:s.kids(&ks)] {
				old := s.enterStep(c.step, c.captured)
				got, want := s.keeping(), keepingByLookup(s)
				if got != want {
					t.Fatalf("game %d ply %d, after the move to %v: keeping %d, by lookup %d", game, k, c.p, got, want)
				}
				if p := c.p; tab.ix.in(p.Own(), p.Opp()) && int(tab.keeps[tab.ix.of(p.Own(), p.Opp())]) != want {
					forbidden++
				}
				checked++
				s.leave(old)
			}
		}
	}
	t.Logf("%d counts checked, %d with a move the history forbids", checked, forbidden)
	if forbidden == 0 {
		t.Fatal("no position had a move that the history forbids: the subtraction was not tested")
	}
}
