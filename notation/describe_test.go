package notation_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
)

// TestDescriber: every game says its positions and moves in words
// (format accessible): each piece of the board and hand once, by square;
// every legal move of random games with the square it goes to, what it
// takes, and the check it gives, in letters and digits only (no
// diagram symbols); a position of another game is "?".
func TestDescriber(t *testing.T) {
	ks := kits(t)
	symbols := regexp.MustCompile(`[|+<>^#*=]`)
	rng := rand.New(rand.NewPCG(7, 21))
	for i, k := range ks {
		d, ok := k.Notation.(notation.Describer)
		if !ok {
			t.Fatalf("%s: its notation does not say positions in words", k.Rules.Name())
		}
		checks, takes := 0, 0
		for game := 0; game < 30; game++ {
			g := randomGame(k.Rules, k.Rules.Start(), 1+rng.IntN(40), rng)
			for j, p := range g.Positions {
				pieces := d.Pieces(p)
				if symbols.MatchString(pieces) || !strings.HasSuffix(pieces, ".\n") {
					t.Fatalf("%s: pieces %q", k.Rules.Name(), pieces)
				}
				if j == len(g.Moves) {
					continue
				}
				m := g.Moves[j]
				said, written := d.Said(p, m), k.Notation.FormatMove(p, m)
				if symbols.MatchString(said) || strings.Contains(said, "cannot be read") {
					t.Fatalf("%s: %s said as %q", k.Rules.Name(), written, said)
				}
				if strings.ContainsAny(written, "+") != strings.Contains(said, "giving check") && !strings.Contains(said, "checkmate") {
					t.Errorf("%s: %s said as %q: the check does not agree", k.Rules.Name(), written, said)
				}
				if strings.Contains(written, "x") != strings.Contains(said, "took") {
					t.Errorf("%s: %s said as %q: the capture does not agree", k.Rules.Name(), written, said)
				}
				if strings.Contains(said, "giving check") {
					checks++
				}
				if strings.Contains(said, "took") {
					takes++
				}
			}
		}
		if takes == 0 {
			t.Errorf("%s: no capture said in 30 random games", k.Rules.Name())
		}
		other := ks[(i+1)%len(ks)].Rules.Start()
		if got := d.Pieces(other); got != "?" {
			t.Errorf("%s: Pieces of another game: %q", k.Rules.Name(), got)
		}
		t.Logf("%s: %d checks, %d captures said", k.Rules.Name(), checks, takes)
	}
}

// TestDescribedStart: each game's start in words, as its rules say it.
func TestDescribedStart(t *testing.T) {
	want := map[string]string{
		"microshogi": "Black: king on 1e, bishop on 2e, gold on 3e, silver on 4e, pawn on 1d. In hand: nothing.\n" +
			"White: king on 4a, bishop on 3a, gold on 2a, silver on 1a, pawn on 4b. In hand: nothing.\n",
		"gufuu":   "On the board: the board is empty.\nIn the shared hand: the Wind and the Storm.\n",
		"julgonu": "Black: 4 pieces, on a1, b1, c1, d1.\nWhite: 4 pieces, on a4, b4, c4, d4.\n",
	}
	for _, k := range kits(t) {
		got := k.Notation.(notation.Describer).Pieces(k.Rules.Start())
		if w, ok := want[k.Rules.Name()]; !ok || got != w {
			t.Errorf("%s: the start in words:\n%s\nwant:\n%s", k.Rules.Name(), got, w)
		}
	}
}
