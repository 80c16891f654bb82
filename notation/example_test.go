package notation_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	ngufuu "github.com/windpost/windpost/notation/gufuu"
	njulgonu "github.com/windpost/windpost/notation/julgonu"
	nmicro "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/rules/microshogi"
)

// TestExampleNeverLegal plays random games of each variant and checks at
// every position that the format's example is there and is not a move of
// the position, however it is written.
func TestExampleNeverLegal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start rules.Position
		n     notation.Notation
	}{
		{"gufuu", gufuu.Variant{}.Start(), ngufuu.Notation{}},
		{"microshogi", microshogi.Variant{}.Start(), nmicro.Notation{}},
		{"julgonu", julgonu.Variant{}.Start(), njulgonu.Notation{}},
	} {
		rnd := rand.New(rand.NewSource(11))
		seen := 0
		for game := 0; game < 200; game++ {
			p := tc.start
			for ply := 0; ply < 80; ply++ {
				ms := p.Moves()
				if len(ms) == 0 {
					break
				}
				e := notation.Example(tc.n, p)
				if e == "" {
					t.Fatalf("%s: no example for %s", tc.name, tc.n.FormatPosition(p))
				}
				if _, err := tc.n.ParseMove(p, e); err == nil {
					t.Fatalf("%s: example %q is a legal move of %s", tc.name, e, tc.n.FormatPosition(p))
				}
				for _, m := range ms {
					if written := tc.n.FormatMove(p, m); strings.EqualFold(strings.TrimRight(written, "+#X"), e) {
						t.Fatalf("%s: example %q is move %q of %s", tc.name, e, written, tc.n.FormatPosition(p))
					}
				}
				seen++
				next, err := p.Play(ms[rnd.Intn(len(ms))])
				if err != nil {
					t.Fatal(err)
				}
				p = next
			}
		}
		if seen < 1000 {
			t.Errorf("%s: only %d positions tried", tc.name, seen)
		}
	}
}

func TestExampleWithoutExamples(t *testing.T) {
	if got := notation.Example(plainNotation{ngufuu.Notation{}}, gufuu.Variant{}.Start()); got != "" {
		t.Errorf("a notation without examples gave %q", got)
	}
}

// plainNotation hides its notation's Examples.
type plainNotation struct{ notation.Notation }
