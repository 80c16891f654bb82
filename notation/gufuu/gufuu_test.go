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
	var b strings.Builder
	for _, s := range positions {
		p, err := (Notation{}).ParsePosition(s)
		if err != nil {
			t.Fatal(err)
		}
		board := (Notation{}).Board(p)
		notationtest.NoTrailingSpace(t, "board of "+s, board)
		b.WriteString(s + "\n" + board + "\n")
	}
	notationtest.Golden(t, filepath.Join(testdata, "boards.golden"), b.String())
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		pos, text string
		want      string // the move in full, or "" for an error
		err       string // part of the error
	}{
		{"..../..../.... b", "K*1c>N", "K*1c>N", ""},
		{"..../..../.... b", "  1. k * 1C > n ", "K*1c>N", ""},
		{"..../..../.... b", "K*1c", "", "needs the facing"},
		{"..../..../.... b", "W*1c>N", "", "must drop his king"},
		{"..../..../.... b", "K*3c>N", "", "no square 3c"},
		{"..../..../.... b", "hello", "", "cannot read"},
		{"WwSe/Ke../kw.. b", "9.W-1b>N+", "W-1b>N+", ""},
		{"WwSe/Ke../kw.. b", "w-1b", "W-1b>N+", ""},
		{"WwSe/Ke../kw.. b", "W-1b>E", "", "to face north (>N), not >E"},
		{"WwSe/Ke../kw.. b", "W-1b X", "", "does not mate: its mark is +"},
		{"WwSe/Ke../kw.. b", "S:>S", "S:>S", ""},
		{"WwSe/Ke../kw.. b", "S:+", "", "gives no check"},
		{"..Se/KeWn/kw.. w", "W:>E", "", "the Wind gives check and may not be rotated"},
		{"..Se/KeWn/kw.. w", "Kx1b", "", "may not capture the checking general"},
		{"..Se/KeWn/kw.. w", "S-1b", "", "a capture is written Sx1b"},
		{"..Se/KeWn/kw.. w", "K-2b", "", "king is never captured"},
		{"..../..Kn/knSn w", "W*2a>N", "", "a drop cannot answer a check"},
		{"..../..Kn/kn.. b", "W*1c>W", "", "dropping the Wind there would give check"},
		{"Ke../..../kn.. b", "K-2b", "", "the kings would stand face to face"},
		{"..../KwSs/..kn b", "  ", "", "no move given"},
		{"..../..Ws/ksKn w o", "S*2b>W", "S*2b>W+", ""},
		{"Ks../..Ss/..kn b", "15.K-2b X", "K-2b>WX", ""},
		{"Ks../..Ss/..kn b", "K-2b>W#", "K-2b>WX", ""},
		{"Ks../..Ss/..kn b", "K-2b+", "K-2b>WX", ""},
		{"Ks../..Ss/..kn b", "K-2b>N", "", "to face west (>W), not >N"},
		{"Ks../..Ss/..kn b", "S:>W X", "S:>WX", ""}, // the designer's other mate
		{"..../..../ksKn b o", "W*2b>S", "", "would give check"},
		{"..../KwSs/..kn b", "S-1a", "", "the Storm on 1b facing south cannot move to 1a"},
		{"..../KwSs/..kn b", "W-1a", "", "the Wind is in hand"},
	}
	for _, tt := range tests {
		p, err := (Notation{}).ParsePosition(tt.pos)
		if err != nil {
			t.Fatalf("%q: %v", tt.pos, err)
		}
		m, err := (Notation{}).ParseMove(p, tt.text)
		switch {
		case tt.want != "" && err != nil:
			t.Errorf("%q in %q: %v", tt.text, tt.pos, err)
		case tt.want != "" && (Notation{}).FormatMove(p, m) != tt.want:
			t.Errorf("%q in %q: read as %s, want %s", tt.text, tt.pos, (Notation{}).FormatMove(p, m), tt.want)
		case tt.want == "" && err == nil:
			t.Errorf("%q in %q: accepted, want an error about %q", tt.text, tt.pos, tt.err)
		case tt.want == "" && !strings.Contains(err.Error(), tt.err):
			t.Errorf("%q in %q: error %q, want one about %q", tt.text, tt.pos, err, tt.err)
		}
	}
}

// TestParseMoveSpellings: dashes other than "-", invisible characters,
// no-break spaces and a move number do not stop a move from being read,
// and an error never echoes an invisible character.
func TestParseMoveSpellings(t *testing.T) {
	n := Notation{}
	for _, tt := range []struct{ pos, move, want string }{
		{"WwSe/Ke../kw.. b", "W-1b", "W-1b>N+"},
		{"Ks../..Ss/..kn b", "K-2b X", "K-2b>WX"},
		{"..Se/KeWn/kw.. w", "k-1c>n", "K-1c>N"},
	} {
		p, err := n.ParsePosition(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		notationtest.ReadsSpellings(t, n, p, tt.move, tt.want)
	}
	start := engine.Variant{}.Start()
	notationtest.RefusesVisibly(t, n, start, "\u202ehel\u200blo\u2069", `cannot read "hello" as a Gufuu move`)
	notationtest.RefusesVisibly(t, n, start, "\ufeff\u200b", "no move given")
}

func TestPositionErrors(t *testing.T) {
	for _, tt := range []struct{ s, err string }{
		{"", "three rows"},
		{"..../..../.... x", "side to move"},
		{"..../..../.... b q", "only \"o\""},
		{"Kn../Kn../.... b", "only one"},
		{"..../Ks../kn.. b", "face to face"},
		{"Qn../..../.... b", "holds \"Qn\""},
		{"Kq../..../.... b", "facing"},
		{"..../..../..Kn b", "White's king is in hand"},
		{"Wn../..../.... b", "board must be empty"},
		{"..../..../ksKn w o", "the Wind must be on the board"},
		{"..../..../.... w", "Black to move"},
	} {
		_, err := ParsePos(tt.s)
		notationtest.ErrorMentions(t, tt.s, err, tt.err)
	}
}

// TestRoundTrip: every position reachable in five plies, and its moves,
// survive formatting and parsing.
func TestRoundTrip(t *testing.T) {
	n := Notation{}
	var walk func(p rules.Position, depth int)
	count := 0
	walk = func(p rules.Position, depth int) {
		count++
		s := n.FormatPosition(p)
		q, err := n.ParsePosition(s)
		if err != nil || q.Key() != p.Key() {
			t.Fatalf("position %q: %v", s, err)
		}
		if depth == 0 {
			return
		}
		for _, m := range p.Moves() {
			text := n.FormatMove(p, m)
			back, err := n.ParseMove(p, text)
			if err != nil || back != m {
				t.Fatalf("%s in %q: read back as %d: %v", text, s, back, err)
			}
			next, _ := p.Play(m)
			walk(next, depth-1)
		}
	}
	walk(engine.Variant{}.Start(), 4)
	if count < 40000 {
		t.Errorf("walked %d positions", count)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"K*1c>N", "11. Sx1b>S+", "W:>E", "K-2b X", "k - 1c", "S*2b>W#"} {
		f.Add("..Se/KeWn/kw.. w", s)
		f.Add("WwSe/Ke../kw.. b", s)
	}
	f.Add("WwSe/Ke../kw.. b", "\u200f9.\u00a0w\u2013 1b\u200b")
	n := Notation{}
	f.Fuzz(func(t *testing.T, pos, text string) {
		if p, err := n.ParsePosition(pos); err == nil {
			notationtest.ParseMoveProperty(t, n, p, text)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"..../..../.... b", "kw../Kn../We.. w o", "..Se/KeWn/kw.. w", "..../KwSs/..kn w"} {
		f.Add(s)
	}
	n := Notation{}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := n.ParsePosition(s)
		if err != nil {
			return
		}
		out := n.FormatPosition(p)
		q, err := n.ParsePosition(out)
		if err != nil || q.Key() != p.Key() || n.FormatPosition(q) != out {
			t.Fatalf("%q -> %q does not round-trip: %v", s, out, err)
		}
		_ = n.Board(p)
	})
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
