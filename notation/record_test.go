package notation_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

func kits(t testing.TB) []variants.Kit {
	t.Helper()
	return variants.Default(variants.Options{CacheDir: t.TempDir()}).Kits()
}

// randomGame plays up to n random legal moves from start.
func randomGame(v rules.Variant, start rules.Position, n int, rng *rand.Rand) *rules.Game {
	g := rules.NewGameFrom(v, start)
	for i := 0; i < n; i++ {
		ms := g.LegalMoves()
		if len(ms) == 0 {
			break
		}
		if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
			panic(err)
		}
	}
	return g
}

func samePositions(a, b *rules.Game) bool {
	if len(a.Positions) != len(b.Positions) {
		return false
	}
	for i := range a.Positions {
		if a.Positions[i].Key() != b.Positions[i].Key() {
			return false
		}
	}
	return true
}

// TestRecordRoundTrip: for every variant, random games written as records
// read back to the same game, also from a position other than the start
// (which the record then names in a Position tag).
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, k := range kits(t) {
		for i := 0; i < 40; i++ {
			g := randomGame(k.Rules, k.Rules.Start(), 1+rng.IntN(60), rng)
			text := notation.FormatRecord(k.Notation, g)
			back, err := notation.ParseRecord(k.Rules, k.Notation, text)
			if err != nil || !samePositions(g, back) {
				t.Fatalf("%s: record does not read back (err %v):\n%s", k.Rules.Name(), err, text)
			}
			if strings.Contains(text, "[Position") {
				t.Fatalf("%s: a game from the start got a Position tag:\n%s", k.Rules.Name(), text)
			}
			for _, line := range strings.Split(text, "\n") {
				if len(line) > 80 {
					t.Fatalf("%s: record line of %d characters:\n%s", k.Rules.Name(), len(line), text)
				}
			}
			// The same game's tail, from a later position.
			if g.Ply() < 2 {
				continue
			}
			tail := rules.NewGameFrom(k.Rules, g.Positions[1])
			for _, m := range g.Moves[1:] {
				if err := tail.Play(m); err != nil {
					// History rules (superko) may differ without the first
					// position; stop there.
					break
				}
			}
			text = notation.FormatRecord(k.Notation, tail)
			if !strings.HasPrefix(text, "[Position \"") {
				t.Fatalf("%s: a game from a later position has no Position tag:\n%s", k.Rules.Name(), text)
			}
			back, err = notation.ParseRecord(k.Rules, k.Notation, text)
			if err != nil || !samePositions(tail, back) {
				t.Fatalf("%s: tagged record does not read back (err %v):\n%s", k.Rules.Name(), err, text)
			}
		}
	}
}

func TestRecordErrors(t *testing.T) {
	var gufuu variants.Kit
	for _, k := range kits(t) {
		if k.Rules.Name() == "gufuu" {
			gufuu = k
		}
	}
	if gufuu.Rules == nil {
		t.Fatal("no gufuu kit")
	}
	tests := []struct {
		name, text string
		ply        int    // the move the error names
		want       string // in the error
		played     int    // moves played before it
	}{
		{"misnumbered", "1.K*1c>N 3.K*2c>S", 2, "numbered 3, expected 2", 1},
		{"not numbered", "K*1c>N K*2c>S", 1, "moves must be numbered", 0},
		{"text before", "hello 1.K*1c>N", 1, "text before move 1", 0},
		{"empty move", "1.K*1c>N 2.", 2, `no move after "2."`, 1},
		{"illegal", "1.K*1c>N 2.K*2c>S 3.W*1b>S 4.S*2b>W 5.Kx2b>E 6.W-2a>W 7.S*1a>E 8.K:>W 9.W-1b>N 10.W:>E", 10, "may not be rotated", 9},
		{"unreadable", "1.K*1c>N 2.Q*9z", 2, "move 2 (Q*9z): cannot read", 1},
	}
	for _, tt := range tests {
		g, err := notation.ParseRecord(gufuu.Rules, gufuu.Notation, tt.text)
		var re *notation.RecordError
		if !errors.As(err, &re) {
			t.Errorf("%s: err = %v, want a *RecordError", tt.name, err)
			continue
		}
		if re.Ply != tt.ply || !strings.Contains(err.Error(), tt.want) || g.Ply() != tt.played {
			t.Errorf("%s: error %q (ply %d), %d moves played; want ply %d, %q, %d played",
				tt.name, err, re.Ply, g.Ply(), tt.ply, tt.want, tt.played)
		}
	}
	if _, err := notation.ParseRecord(gufuu.Rules, gufuu.Notation, "[Position \"nonsense\"]\n1.K*1c>N"); err == nil || !strings.Contains(err.Error(), "position tag") {
		t.Errorf("bad Position tag: err = %v", err)
	}
	// Tags other than Position, blank lines and an empty record are fine.
	g, err := notation.ParseRecord(gufuu.Rules, gufuu.Notation, "[Event \"x\"]\n\n")
	if err != nil || g.Ply() != 0 {
		t.Errorf("empty record: %v, %d moves", err, g.Ply())
	}
}

// FuzzParseRecord: no input makes the record reader panic, and whatever it
// reads is written back to a record that reads the same.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{
		"1.K*1c>N 2.K*2c>S 3.W*1b>S 4.S*2b>W 5.Kx2b>E",
		"[Position \"kw../Kn../We.. w o\"]\n1.S*1a>E",
		"1.a1-a2 2.d4-d3 3.b1-b2 x",
		"1.P-1c 2.Bx4c=T+",
		"1. K*1c>N  2.  K-2b X 3.",
	} {
		f.Add(s)
	}
	ks := kits(f)
	f.Fuzz(func(t *testing.T, text string) {
		for _, k := range ks {
			g, err := notation.ParseRecord(k.Rules, k.Notation, text)
			if g == nil {
				t.Fatalf("%s: nil game (err %v)", k.Rules.Name(), err)
			}
			if err != nil {
				continue
			}
			back, err := notation.ParseRecord(k.Rules, k.Notation, notation.FormatRecord(k.Notation, g))
			if err != nil || !samePositions(g, back) {
				t.Fatalf("%s: %q read, written, and read again differs: %v", k.Rules.Name(), text, err)
			}
		}
	})
}
