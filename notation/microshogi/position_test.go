package microshogi

import (
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// roundTrips are position strings that read and write back unchanged.
var roundTrips = []string{
	"kbgs/p3/4/3P/SGBK b - 1",
	"k3/2S1/1G2/4/3K b P 1",
	"k3/4/1t2/1R2/3K w 2Pb 17",
	"1k2/4/2R1/4/1K1l b 2BGS2P 3",
	"ks2/1t2/4/2NT/1L1K w GP 40",
}

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range roundTrips {
		p := mustPos(t, s)
		if got := FormatPosition(p); got != s {
			t.Errorf("%q formats as %q", s, got)
		}
	}
	if got := FormatPosition(engine.Start()); got != "kbgs/p3/4/3P/SGBK b - 1" {
		t.Errorf("start: %q", got)
	}
	p := mustPos(t, "kbgs/p3/4/3P/SGBK b -")
	if p.MoveNumber() != 1 {
		t.Errorf("default move number %d", p.MoveNumber())
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"kbgs/p3/4/3P/SGBK b - 1", "k3/2S1/1G2/4/3K b P 1", "ks2/1t2/4/2NT/1L1K w Pg 40", "////", "k/k/k/k/k b - 1", "4/4/4/4/4 w 99P 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { notationtest.PositionProperty(t, Notation{}, s) })
}
