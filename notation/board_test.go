package notation_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
)

// TestBoardFrom: in every game, the board drawn from Black's side is the
// Board shogi players print, the board from White's side differs from it
// once a piece stands off the centre, both have as many lines and fit a
// mail (78 columns, no trailing space), and a position of another game is
// "?" from either side.
func TestBoardFrom(t *testing.T) {
	ks := kits(t)
	rng := rand.New(rand.NewPCG(20, 3))
	for i, k := range ks {
		differs := 0
		for game := 0; game < 20; game++ {
			g := randomGame(k.Rules, k.Rules.Start(), 1+rng.IntN(30), rng)
			for _, p := range g.Positions {
				black, white := k.Notation.BoardFrom(p, rules.Black), k.Notation.BoardFrom(p, rules.White)
				if black != k.Notation.Board(p) {
					t.Fatalf("%s: BoardFrom(Black) is not Board:\n%s\n%s", k.Rules.Name(), black, k.Notation.Board(p))
				}
				if nb, nw := strings.Count(black, "\n"), strings.Count(white, "\n"); nb != nw {
					t.Errorf("%s: %d lines from Black's side, %d from White's", k.Rules.Name(), nb, nw)
				}
				for _, l := range strings.Split(white, "\n") {
					if len(l) > 78 || strings.TrimRight(l, " ") != l {
						t.Errorf("%s: White's board line %q: over 78 columns or trailing space", k.Rules.Name(), l)
					}
				}
				if black != white {
					differs++
				}
			}
		}
		if differs == 0 {
			t.Errorf("%s: the board from White's side is never drawn otherwise", k.Rules.Name())
		}
		other := ks[(i+1)%len(ks)].Rules.Start()
		if got := k.Notation.BoardFrom(other, rules.White); got != "?" {
			t.Errorf("%s: BoardFrom of a %T: %q, want ?", k.Rules.Name(), other, got)
		}
	}
}
