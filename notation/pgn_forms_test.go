package notation_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// TestPGNSecondFirst: in a record (of either form: both number by move
// pairs) whose start has the second side to move (windpost's White: "b" in
// Fairy-Stockfish's FEN), the first move is numbered "1...", and the
// record reads back.
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
		{notation.OwnForm(kit.Rules, kit.Notation), "\n1... "},
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

// TestPGNFormsAgree: a Micro-shogi game's two records (its own form and
// Fairy-Stockfish's) name the same player White (the side that moves
// first, windpost's Black), give the same result token for every ending,
// say once which side is White, and number the moves by move pairs.
func TestPGNFormsAgree(t *testing.T) {
	kit, _ := variants.Default(variants.Options{CacheDir: t.TempDir()}).Get("microshogi")
	forms := notation.PGNForms(kit.Rules, kit.Notation)
	wantResult := map[string]string{"black wins": "1-0", "white wins": "0-1", "draw": "1/2-1/2", "": "*"}
	seen := map[string]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		g := botGame(t, kit.Rules, seed, 60)
		h := header(g, seed)
		o := g.Outcome()
		if !o.Over() {
			o = h.Outcome
		}
		key := ""
		switch {
		case o.Status == rules.Draw:
			key = "draw"
		case o.Over():
			key = strings.ToLower(notation.SideName(o.Winner)) + " wins"
		}
		seen[key] = true
		var results []string
		for _, f := range forms {
			p := notation.NewPGN(f, g, h)
			text := p.String()
			results = append(results, p.Result)
			if p.Tag("White") != h.Black || p.Tag("Black") != h.White || p.Result != wantResult[key] {
				t.Errorf("seed %d, %s: White %q, Black %q, result %s; want White %q (moves first), %s for %s\n%s",
					seed, f.Variant, p.Tag("White"), p.Tag("Black"), p.Result, h.Black, wantResult[key], o, text)
			}
			if strings.Count(text, "{White moves first: windpost's Black.}\n") != 1 {
				t.Errorf("seed %d, %s: the record does not say once which side is White:\n%s", seed, f.Variant, text)
			}
			// Move pairs: the last number is the last move's pair.
			first := 0
			if g.Positions[0].ToMove() == rules.White {
				first = 1
			}
			last := fmt.Sprintf("%d.", (g.Ply()-1+first)/2+1)
			words := strings.Fields(text[strings.Index(text, "}\n")+2:])
			if g.Ply() > 0 && !slices.Contains(words, last) && !slices.Contains(words, last+"..") {
				t.Errorf("seed %d, %s: %d moves but no number %q:\n%s", seed, f.Variant, g.Ply(), last, text)
			}
			if slices.Contains(words, fmt.Sprintf("%d.", (g.Ply()+first)/2+2)) {
				t.Errorf("seed %d, %s: numbered beyond %d moves:\n%s", seed, f.Variant, g.Ply(), text)
			}
		}
		if results[0] != results[1] {
			t.Errorf("seed %d: the files disagree on the result: %s in %s, %s in %s", seed, results[0], forms[0].Variant, results[1], forms[1].Variant)
		}
	}
	for _, k := range []string{"black wins", "white wins", "draw", ""} {
		if !seen[k] {
			t.Errorf("no game ended %q", k)
		}
	}
}
