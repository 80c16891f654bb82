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
