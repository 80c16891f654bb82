package notation_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	gufuu "github.com/windpost/windpost/rules/gufuu"
	julgonu "github.com/windpost/windpost/rules/julgonu"
)

// TestFormatAs: a text method writes its own positions, by value or by
// pointer, and "?" for another game's.
func TestFormatAs(t *testing.T) {
	name := func(p julgonu.Position) string { return "jul-gonu, " + p.ToMove().String() + " to move" }
	start := julgonu.Start()
	for _, tt := range []struct {
		p    rules.Position
		want string
	}{
		{start, "jul-gonu, black to move"},
		{&start, "jul-gonu, black to move"},
		{gufuu.Variant{}.Start(), "?"},
		{(*julgonu.Position)(nil), "?"},
	} {
		if got := notation.FormatAs(tt.p, name); got != tt.want {
			t.Errorf("%T: %q, want %q", tt.p, got, tt.want)
		}
	}
}

// TestForeignPosition: each notation refuses to read a move in another
// game's position with rules.As's error, and writes "?" for it.
func TestForeignPosition(t *testing.T) {
	ks := kits(t)
	for i, k := range ks {
		other := ks[(i+1)%len(ks)].Rules.Start()
		if _, err := k.Notation.ParseMove(other, "a1-a2"); !errors.Is(err, rules.ErrForeignPosition) {
			t.Errorf("%s: ParseMove in a %T: %v, want ErrForeignPosition", k.Rules.Name(), other, err)
		}
		for what, got := range map[string]string{
			"FormatMove":     k.Notation.FormatMove(other, other.Moves()[0]),
			"FormatPosition": k.Notation.FormatPosition(other),
			"Board":          k.Notation.Board(other),
		} {
			if got != "?" {
				t.Errorf("%s: %s of a %T: %q, want ?", k.Rules.Name(), what, other, got)
			}
		}
	}
}

func TestSideName(t *testing.T) {
	if b, w := notation.SideName(rules.Black), notation.SideName(rules.White); b != "Black" || w != "White" {
		t.Errorf("SideName: %q, %q", b, w)
	}
}

func TestParsed(t *testing.T) {
	start := julgonu.Start()
	if p, err := notation.Parsed(start, nil); p != start || err != nil {
		t.Errorf("Parsed(start, nil) = %v, %v", p, err)
	}
	bad := errors.New("bad position")
	if p, err := notation.Parsed(start, bad); p != nil || err != bad {
		t.Errorf("Parsed(start, err) = %v, %v; want nil and the error", p, err)
	}
}

// TestRulesText: each notation's rules text names what players look for.
func TestRulesText(t *testing.T) {
	mentions := map[string][]string{
		"gufuu":      {"K*2c>W", "Kings are never captured", "Opening: Black drops his king", "fourth", "\"11.\""},
		"microshogi": {"P-1c", "Bx4c", "G3e-3d", "N*2b", "1d1c", "stalemate", "fourth"},
		"julgonu":    {"Black moves first", "recreate any earlier position", "100 moves in a row", "a1-a2", "b2-b3 x b4 c3", "one piece or none"},
	}
	for _, k := range kits(t) {
		name, text := k.Rules.Name(), k.Notation.Rules()
		if len(mentions[name]) == 0 {
			t.Errorf("%s: nothing to look for in the rules text", name)
		}
		for _, want := range mentions[name] {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the rules text does not mention %q", name, want)
			}
		}
	}
}
