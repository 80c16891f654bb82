// Package varianttest plays games for tests: random legal games of a
// variant that end the way a test needs, written in the variant's
// notation, so that a test can send them move by move as a player would.
package varianttest

import (
	"fmt"
	"math/rand/v2"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// Tries is how many random games GameTo plays at most before it gives up.
const Tries = 20000

// GameTo is the moves, in kit's notation, of the first random legal game
// (from a generator seeded with seed; at most 300 plies, at most Tries
// games) that ends by reason.
func GameTo(kit variants.Kit, reason rules.Reason, seed uint64) ([]string, error) {
	rng := rand.New(rand.NewPCG(seed, 5))
	for range Tries {
		g := rules.NewGame(kit.Rules)
		var moves []string
		for ply := 0; ply < 300 && !g.Outcome().Over(); ply++ {
			ms := g.LegalMoves()
			m := ms[rng.IntN(len(ms))]
			moves = append(moves, kit.Notation.FormatMove(g.Position(), m))
			if err := g.Play(m); err != nil {
				return nil, fmt.Errorf("%s: the rules refuse their own legal move %s: %w", kit.Rules.Name(), moves[len(moves)-1], err)
			}
		}
		if g.Outcome().Reason == reason {
			return moves, nil
		}
	}
	return nil, fmt.Errorf("no random game of %s in %d ends by %s", kit.Rules.Name(), Tries, reason)
}

// End is a way a game of a variant ends by its moves.
type End struct {
	Game   string // the variant's name in the catalog ("microshogi")
	Reason rules.Reason
}

// Ends is every way a game of windpost's variants ends by its moves
// (not by a player's word or the clock), each one GameTo finds.
func Ends() []End {
	return []End{
		{"microshogi", rules.Checkmate},
		{"microshogi", rules.Stalemate},
		{"gufuu", rules.Checkmate},
		{"julgonu", rules.OnePieceLeft},
		{"julgonu", rules.NoLegalMove},
	}
}
