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

func TestMarkAgrees(t *testing.T) {
	var (
		none  = notation.CheckSign("")
		check = notation.CheckSign("+")
		mate  = notation.CheckSign("#")
		b2    = notation.Mark{Facts: 1 << 5}
		b2c3  = notation.Mark{Facts: 1<<5 | 1<<10}
		bareX = notation.Mark{Open: true}
	)
	for _, tt := range []struct {
		name          string
		stated, truth notation.Mark
		agrees        bool
	}{
		{"nothing stated, quiet move", none, none, true},
		{"nothing stated, check", none, check, true},
		{"nothing stated, mate", none, mate, true},
		{"+ on a quiet move", check, none, false},
		{"+ on a check", check, check, true},
		{"+ on a mate (a mate is a check)", check, mate, true},
		{"# on a quiet move", mate, none, false},
		{"# on a check", mate, check, false},
		{"# on a mate", mate, mate, true},
		{"X is #", notation.CheckSign("X"), mate, true},
		{"nothing stated, capture", notation.Mark{}, b2, true},
		{"bare x, no capture", bareX, notation.Mark{}, false},
		{"bare x, a capture", bareX, b2c3, true},
		{"the captures named", b2c3, b2c3, true},
		{"one capture too few", b2, b2c3, false},
		{"one capture too many", b2c3, b2, false},
		{"a capture claimed, none made", b2, notation.Mark{}, false},
		{"open with facts, all hold", notation.Mark{Facts: 1 << 5, Open: true}, b2c3, true},
		{"open with facts, one does not", notation.Mark{Facts: 1 << 7, Open: true}, b2c3, false},
	} {
		if got := tt.stated.Agrees(tt.truth); got != tt.agrees {
			t.Errorf("%s: Agrees = %v, want %v", tt.name, got, tt.agrees)
		}
	}
	if check.Facts != notation.Check || mate.Facts != notation.Check|notation.Mate {
		t.Errorf("CheckSign: + is %+v, # is %+v", check, mate)
	}
}

func TestWriteRank(t *testing.T) {
	for _, tt := range []struct {
		cells []string
		want  string
	}{
		{[]string{"", "", "", ""}, "4"},
		{[]string{"k", "b", "g", "s"}, "kbgs"},
		{[]string{"p", "", "", ""}, "p3"},
		{[]string{"", "", "", "P"}, "3P"},
		{[]string{"", "k", "", "", "w"}, "1k2w"},
		{make([]string, 12), "12"},
	} {
		var b strings.Builder
		b.WriteString("/")
		notation.WriteRank(&b, len(tt.cells), func(i int) string { return tt.cells[i] })
		if got := b.String(); got != "/"+tt.want {
			t.Errorf("%q: %q, want %q", tt.cells, got, "/"+tt.want)
		}
	}
}

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
