package julgonu

import (
	"testing"

	"github.com/windpost/windpost/rules"
)

// The figures of the rules page, from the start.
var (
	wantPlain   = []uint64{4, 16, 124, 938, 6524, 43690}
	wantSuperko = []uint64{4, 16, 124, 922, 6352, 42202}
)

func TestPerftStart(t *testing.T) {
	for i, want := range wantPlain {
		d := i + 1
		if got := Start().Perft(d); got != want {
			t.Errorf("Perft(%d) = %d, want %d", d, got, want)
		}
		if d <= 5 {
			if got := rules.Perft(Start(), d); got != want {
				t.Errorf("rules.Perft(%d) = %d, want %d", d, got, want)
			}
		}
	}
}

func TestPerftSuperkoStart(t *testing.T) {
	for i, want := range wantSuperko {
		d := i + 1
		if got := (Variant{}).PerftSuperko(Start(), d, nil); got != want {
			t.Errorf("PerftSuperko(%d) = %d, want %d", d, got, want)
		}
	}
}

var _ rules.Explainer = Variant{}

// naiveSuperko counts leaves with the Variant's own legal moves on the whole
// history, the definition PerftSuperko must agree with.
func naiveSuperko(v Variant, path []rules.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range v.LegalMoves(path) {
		q, err := path[len(path)-1].Play(m)
		if err != nil {
			panic(err)
		}
		n += naiveSuperko(v, append(path, q), depth-1)
	}
	return n
}

func TestPerftOtherPositions(t *testing.T) {
	// Positions met in a fixed game from the start; both perfts are checked
	// against the definitions (rules.Perft, and LegalMoves with history).
	g := rules.NewGame(Variant{})
	for i := 0; i < 24 && !g.Outcome().Over(); i++ {
		ms := g.LegalMoves()
		if err := g.Play(ms[(i*3+1)%len(ms)]); err != nil {
			t.Fatal(err)
		}
		if i%4 != 3 {
			continue
		}
		p := g.Position().(Position)
		for d := 1; d <= 4; d++ {
			if got, want := p.Perft(d), rules.Perft(p, d); got != want {
				t.Errorf("ply %d depth %d: Perft %d, rules.Perft %d", i+1, d, got, want)
			}
			if got, want := (Variant{}).PerftSuperko(p, d, g.Positions[:len(g.Positions)-1]), naiveSuperko(Variant{}, append([]rules.Position(nil), g.Positions...), d); got != want {
				t.Errorf("ply %d depth %d: PerftSuperko %d, by LegalMoves %d", i+1, d, got, want)
			}
		}
	}
}
