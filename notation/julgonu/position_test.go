package julgonu

import (
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

func TestPositionRoundTrip(t *testing.T) {
	n := Notation{}
	for _, s := range []string{
		"wwww/4/4/bbbb b",
		"w2w/b3/1w2/b1bb w",
		"4/4/4/4 b",
		"1w2/bw2/2b1/1bb1 w",
		"wwww/bbbb/4/4 w",
	} {
		p, err := n.ParsePosition(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := n.FormatPosition(p); got != s {
			t.Errorf("round trip of %q gave %q", s, got)
		}
	}
	if p := mustPosition(t, "  WWWW/4/4/BBBB   B "); p != jg.Start() {
		t.Errorf("lenient parse gave %v, want the start", p)
	}
	if got := n.FormatPosition(jg.Start()); got != "wwww/4/4/bbbb b" {
		t.Errorf("start written as %q", got)
	}
	// Every position of a random game round-trips.
	g := rules.NewGame(jg.Variant{})
	for i := 0; i < 60 && !g.Outcome().Over(); i++ {
		ms := g.LegalMoves()
		if err := g.Play(ms[(i*7)%len(ms)]); err != nil {
			t.Fatal(err)
		}
		s := n.FormatPosition(g.Position())
		back, err := n.ParsePosition(s)
		if err != nil || back != g.Position() {
			t.Fatalf("%s: round trip gave %v, %v", s, back, err)
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"wwww/4/4/bbbb b", "1w2/bw2/2b1/1bb1 w", "4/4/4/4 b", "w/w/w/w w", "22/13/31/4 b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { notationtest.PositionProperty(t, Notation{}, s) })
}

func mustPosition(t testing.TB, s string) jg.Position {
	return notationtest.MustPosition[jg.Position](t, Notation{}, s)
}
