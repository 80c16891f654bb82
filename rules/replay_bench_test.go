package rules_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/rules/microshogi"
)

// replayPlies is the length of the games BenchmarkReplay replays, about a
// long mail game.
const replayPlies = 60

// randomGame returns the moves of a game of v of plies moves that is not
// over, played at random from seed upwards until one lasts that long.
func randomGame(tb testing.TB, v rules.Variant, plies int) []rules.Move {
	for seed := uint64(1); seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0))
		g := rules.NewGame(v)
		for g.Ply() < plies {
			ms := g.LegalMoves()
			if len(ms) == 0 {
				break
			}
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				tb.Fatal(err)
			}
		}
		if g.Ply() == plies && !g.Outcome().Over() {
			return g.Moves
		}
	}
	tb.Fatalf("%s: no random game of %d plies", v.Name(), plies)
	return nil
}

// BenchmarkReplay rebuilds a 60-ply game of each variant move by move, as
// games does for every mail, and asks for its outcome and legal moves.
func BenchmarkReplay(b *testing.B) {
	for _, v := range []rules.Variant{gufuu.Variant{}, microshogi.Variant{}, julgonu.Variant{}} {
		moves := randomGame(b, v, replayPlies)
		b.Run(fmt.Sprintf("%s-%d", v.Name(), replayPlies), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				g := rules.NewGame(v)
				for _, m := range moves {
					if err := g.Play(m); err != nil {
						b.Fatal(err)
					}
				}
				if g.Outcome().Over() || len(g.LegalMoves()) == 0 {
					b.Fatal("the game ended")
				}
			}
		})
	}
}
