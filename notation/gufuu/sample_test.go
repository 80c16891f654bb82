package gufuu

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/internal/notationtest"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
)

const testdata = "../../testdata/gufuu"

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The boards of the designer's page after each of moves 1-9, transcribed
// from its diagrams into position strings.
var samplePage = []string{
	"..../..../..Kn w",
	"..../..../ksKn b o",
	"..../..Ws/ksKn w o",
	"..../SwWs/ksKn b",
	"..../KeWs/ks.. w",
	"Ww../Ke../ks.. b",
	"WwSe/Ke../ks.. w",
	"WwSe/Ke../kw.. b",
	"..Se/KeWn/kw.. w",
}

func TestSampleGame(t *testing.T) {
	g, err := notation.ParseRecord(engine.Variant{}, Notation{}, readFile(t, "sample-game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 9 {
		t.Fatalf("played %d moves, want 9", g.Ply())
	}
	for i, want := range samplePage {
		if got := (Notation{}).FormatPosition(g.Positions[i+1]); got != want {
			t.Errorf("after move %d: %q, the page shows %q", i+1, got, want)
		}
	}
	// The record as printed on the page: move 10 rotates the checking Wind.
	g, err = notation.ParseRecord(engine.Variant{}, Notation{}, readFile(t, "sample-game-page.txt"))
	var re *notation.RecordError
	if !errors.As(err, &re) || re.Ply != 10 || !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("page record: err = %v, want move 10 refused", err)
	}
	if !strings.Contains(err.Error(), "the Wind gives check and may not be rotated") {
		t.Errorf("move 10 refused with %q", err)
	}
	var legal []string
	for _, m := range g.LegalMoves() {
		legal = append(legal, (Notation{}).FormatMove(g.Position(), m))
	}
	if got := strings.Join(legal, " "); got != "K-1c>N Sx1b>S+" {
		t.Errorf("legal replies to 9.W-1b>N: %s, want K-1c>N Sx1b>S+", got)
	}
	// The record written back round-trips.
	rec := notation.FormatRecord(Notation{}, g)
	g2, err := notation.ParseRecord(engine.Variant{}, Notation{}, rec)
	if err != nil || g2.Position().Key() != g.Position().Key() || g2.Ply() != 9 {
		t.Errorf("record %q does not round-trip: %v", rec, err)
	}
	if !strings.Contains(rec, "9.W-1b>N+") {
		t.Errorf("record %q should mark move 9 as check", rec)
	}
}

// TestBoards compares the boards of a few positions with the golden file.
func TestBoards(t *testing.T) {
	positions := append([]string{"..../..../.... b"}, samplePage...)
	positions = append(positions, "..../KwSs/..kn w", "..../..Kn/knSn w")
	var b, w strings.Builder
	for _, s := range positions {
		p, err := (Notation{}).ParsePosition(s)
		if err != nil {
			t.Fatal(err)
		}
		board := (Notation{}).Board(p)
		notationtest.NoTrailingSpace(t, "board of "+s, board)
		b.WriteString(s + "\n" + board + "\n")
		white := (Notation{}).BoardFrom(p, rules.White)
		notationtest.NoTrailingSpace(t, "board of "+s+" from White's side", white)
		w.WriteString(s + "\n" + white + "\n")
	}
	notationtest.Golden(t, filepath.Join(testdata, "boards.golden"), b.String())
	notationtest.Golden(t, filepath.Join(testdata, "boards-white.golden"), w.String())
}

// TestMateMarkTheDesignersWay: a mate is written "K-2b>W X", with the
// space the designer writes ("15. K-2b X"), and a record with it reads
// back.
func TestMateMarkTheDesignersWay(t *testing.T) {
	p, err := (Notation{}).ParsePosition("Ks../..Ss/..kn b")
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGameFrom(engine.Variant{}, p)
	for _, text := range []string{"15. K-2b X", "K-2b>WX", "k-2b #"} {
		m, err := (Notation{}).ParseMove(p, text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := (Notation{}).FormatMove(p, m); got != "K-2b>W X" {
			t.Errorf("%q written %q, want %q", text, got, "K-2b>W X")
		}
	}
	m, _ := (Notation{}).ParseMove(p, "K-2b")
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	rec := notation.FormatRecord(Notation{}, g)
	if !strings.Contains(rec, "1.K-2b>W X") {
		t.Errorf("record %q lacks the designer's mate", rec)
	}
	back, err := notation.ParseRecord(engine.Variant{}, Notation{}, rec)
	if err != nil || back.Ply() != 1 || back.Position().Key() != g.Position().Key() {
		t.Errorf("record %q does not read back: %v", rec, err)
	}
}
