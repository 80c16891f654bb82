package notation_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// TestPGNForms: a notation lists its other forms (Micro-shogi:
// Fairy-Stockfish's), and FormOf picks a record's form by its Variant tag.
func TestPGNForms(t *testing.T) {
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for _, tt := range []struct {
		game    string
		forms   []string
		variant string // a record's Variant tag
		want    string // the Variant of the form FormOf picks
	}{
		{"gufuu", []string{"gufuu"}, "gufuu", "gufuu"},
		{"julgonu", []string{"julgonu"}, "", "julgonu"},
		{"microshogi", []string{"microshogi", "micro"}, "Micro", "micro"},
		{"microshogi", []string{"microshogi", "micro"}, "microshogi", "microshogi"},
		{"microshogi", []string{"microshogi", "micro"}, "", "microshogi"},
	} {
		kit, _ := cat.Get(tt.game)
		var names []string
		for _, f := range notation.PGNForms(kit.Rules, kit.Notation) {
			names = append(names, f.Variant)
		}
		if strings.Join(names, " ") != strings.Join(tt.forms, " ") {
			t.Errorf("%s: forms %v, want %v", tt.game, names, tt.forms)
		}
		r := notation.PGN{Tags: []notation.Tag{{Name: "Variant", Value: tt.variant}}}
		if got := notation.FormOf(kit.Rules, kit.Notation, r).Variant; got != tt.want {
			t.Errorf("%s, Variant %q: form %s, want %s", tt.game, tt.variant, got, tt.want)
		}
	}
}

// TestPGNSecondFirst: in a record numbered by full moves whose start has
// the second side to move (windpost's White: "b" in Fairy-Stockfish's
// FEN), the first move is numbered "1...", and the record reads back.
func TestPGNSecondFirst(t *testing.T) {
	kit, _ := variants.Default(variants.Options{CacheDir: t.TempDir()}).Get("microshogi")
	first := botGame(t, kit.Rules, 1, 1) // from the start: Black moves, then White is to move
	setUp := rules.NewGameFrom(kit.Rules, first.Position())
	rng := rand.New(rand.NewPCG(2, 3))
	for setUp.Ply() < 6 && !setUp.Outcome().Over() {
		m, err := solver.CasualMove(setUp, rng)
		if err == nil {
			err = setUp.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		form notation.PGNForm
		want string
	}{
		{microshogi.FairyForm(), "\n1... "},
		{notation.OwnForm(kit.Rules, kit.Notation), "\n1."},
	} {
		p := notation.NewPGN(tt.form, setUp, notation.Header{})
		text := p.String()
		if !strings.Contains(text, tt.want) || strings.Contains(text, "1. "+p.Moves[0]) {
			t.Errorf("%s: the moves do not begin %q:\n%s", tt.form.Variant, tt.want, text)
		}
		recs, err := notation.ReadPGN(text)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%d records, %v", len(recs), err)
		}
		back, _, err := notation.PlayPGN(kit.Rules, tt.form, recs[0])
		if err != nil || back.Ply() != setUp.Ply() || kit.Notation.FormatPosition(back.Position()) != kit.Notation.FormatPosition(setUp.Position()) {
			t.Errorf("%s: read back %d moves, %v", tt.form.Variant, back.Ply(), err)
		}
	}
}
