package gufuu

import (
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
	engine "github.com/windpost/windpost/rules/gufuu"
)

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"..../..../.... b", "kw../Kn../We.. w o", "..Se/KeWn/kw.. w", "..../KwSs/..kn w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { notationtest.PositionProperty(t, Notation{}, s) })
}

// TestSpecPositions reads the position strings the rules spec gives as
// examples and writes them back unchanged.
func TestSpecPositions(t *testing.T) {
	for _, s := range []string{"..../..../.... b", "kw../Kn../We.. w o"} {
		p, err := ParsePos(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := FormatPos(p); got != s {
			t.Errorf("%q written back as %q", s, got)
		}
	}
	p, _ := ParsePos("kw../Kn../We.. w o")
	if f, ok := p.Forced(); !ok || f != engine.Storm {
		t.Errorf("kw../Kn../We.. w o: White must drop the Storm; forced %v %v", f, ok)
	}
	if q, _ := ParsePos(" KW../kn../we.. W O "); q == p {
		t.Error("case of the kings must matter (K Black, k White)")
	}
}
