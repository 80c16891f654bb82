package julgonu

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/internal/notationtest"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

var _ notation.Notation = Notation{}

func mustPosition(t testing.TB, s string) jg.Position {
	t.Helper()
	p, err := Notation{}.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	q, err := rules.As[jg.Position](p)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

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

func TestPositionErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"wwww/4/4/bbbb", "want the board and the side to move"},
		{"wwww/4/bbbb b", "3 ranks"},
		{"wwww/4/3/bbbb b", "rank 2 (3) has 3 points"},
		{"wwwww/4/4/bbbb b", "more than 4 points"},
		{"wwxw/4/4/bbbb b", `'x' is neither b, w`},
		{"wwww/4/4/bbbb x", "want b or w"},
		{"wwww/b3/4/bbbb b", "black has 5 pieces"},
		{"wwww/4/5/bbbb b", "'5' is neither b, w nor a number of empty points"},
	}
	for _, tc := range tests {
		_, err := Notation{}.ParsePosition(tc.in)
		notationtest.ErrorMentions(t, tc.in, err, tc.want)
	}
}

func TestParseMove(t *testing.T) {
	n := Notation{}
	capture := mustPosition(t, "w2w/4/bw2/2bb b")  // c1-c2 takes b2
	double := mustPosition(t, "w1bw/2w1/bw1b/4 b") // d2-c2 takes b2 and c3
	tests := []struct {
		name string
		pos  jg.Position
		in   string
		want string // the move as FormatMove writes it
	}{
		{"dash", jg.Start(), "a1-a2", "a1-a2"},
		{"no dash", jg.Start(), "a1a2", "a1-a2"},
		{"case and spaces", jg.Start(), "  B1 - B2 ", "b1-b2"},
		{"space between", jg.Start(), "c1 c2", "c1-c2"},
		{"en dash", jg.Start(), "d1–d2", "d1-d2"},
		{"capture written", capture, "c1-c2 x b2", "c1-c2 x b2"},
		{"capture unwritten", capture, "c1c2", "c1-c2 x b2"},
		{"bare x", capture, "c1-c2x", "c1-c2 x b2"},
		{"double capture any order", double, "d2-c2 x c3, b2", "d2-c2 x b2 c3"},
	}
	for _, tc := range tests {
		m, err := n.ParseMove(tc.pos, tc.in)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tc.name, tc.in, err)
			continue
		}
		if got := n.FormatMove(tc.pos, m); got != tc.want {
			t.Errorf("%s: ParseMove(%q) = %s, want %s", tc.name, tc.in, got, tc.want)
		}
		if back, err := n.ParseMove(tc.pos, n.FormatMove(tc.pos, m)); err != nil || back != m {
			t.Errorf("%s: the output form does not read back: %v", tc.name, err)
		}
	}
}

// TestParseMoveSpellings: dashes other than "-", invisible characters,
// no-break spaces and a move number do not stop a move from being read,
// and an error never echoes an invisible character.
func TestParseMoveSpellings(t *testing.T) {
	n := Notation{}
	capture := mustPosition(t, "w2w/4/bw2/2bb b")
	for _, tc := range []struct {
		pos        jg.Position
		move, want string
	}{
		{jg.Start(), "a1-a2", "a1-a2"},
		{jg.Start(), "D1 - D2", "d1-d2"},
		{capture, "c1-c2 x b2", "c1-c2 x b2"},
	} {
		notationtest.ReadsSpellings(t, n, tc.pos, tc.move, tc.want)
	}
	notationtest.RefusesVisibly(t, n, jg.Start(), "\u202ehel\u200blo\u2069", `"hello" is not a move`)
	notationtest.RefusesVisibly(t, n, jg.Start(), "\u200bb2\u2060-b3", "no piece on b2")
	notationtest.RefusesVisibly(t, n, jg.Start(), "\ufeff\u200b", "no move given")
}

func TestParseMoveErrors(t *testing.T) {
	n := Notation{}
	capture := mustPosition(t, "w2w/4/bw2/2bb b")
	tests := []struct {
		pos     jg.Position
		in      string
		want    string
		illegal bool // a rule refused it (wraps rules.ErrIllegal)
	}{
		{jg.Start(), "", "no move given", false},
		{jg.Start(), "hello", `"hello" is not a move: write the point`, false},
		{jg.Start(), "a1-e2", "e2 is not a point of the board", false},
		{jg.Start(), "a1-a5", "a5 is not a point of the board", false},
		{jg.Start(), "a1-a2 y", "is not a move", false},
		{jg.Start(), "a1-a2 x zz", "after x come the captured points", false},
		{jg.Start(), "b2-b3", "no piece on b2", true},
		{jg.Start(), "a4-a3", "no piece of yours on a4: it is a white piece, and black is to move", true},
		{jg.Start(), "a1-b1", "b1 is taken by one of your pieces", true},
		{mustPosition(t, "4/w3/b3/3b b"), "a2-a3", "a3 is taken by a white piece", true},
		{jg.Start(), "a1-b2", "pieces move one step along a line", true},
		{jg.Start(), "a1-a3", "pieces move one step along a line", true},
		{jg.Start(), "a1-a1", "must move to another point", true},
		{jg.Start(), "a1-a2 x a4", "a1-a2 captures nothing", true},
		{capture, "c1-c2 x a2", "c1-c2 captures b2, not a2", true},
		{capture, "c1-c2 x b2 a4", "c1-c2 captures b2, not a4 b2", true},
		{mustPosition(t, "ww2/4/4/b3 b"), "a1-a2", "black has one piece left and cannot move", true},
	}
	for _, tc := range tests {
		_, err := n.ParseMove(tc.pos, tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseMove(%q) = %v, want an error containing %q", tc.in, err, tc.want)
			continue
		}
		if got := errors.Is(err, rules.ErrIllegal); got != tc.illegal {
			t.Errorf("ParseMove(%q): errors.Is(ErrIllegal) = %v, want %v", tc.in, got, tc.illegal)
		}
	}
}

func TestBoardGolden(t *testing.T) {
	n := Notation{}
	for _, tc := range []struct{ file, pos string }{
		{"board_start.txt", "wwww/4/4/bbbb b"},
		{"board_midgame.txt", "1w2/bw2/2b1/1bb1 w"},
		{"board_end.txt", "4/1w2/bbb1/4 w"},
	} {
		got := n.Board(mustPosition(t, tc.pos))
		notationtest.NoTrailingSpace(t, tc.file, got)
		notationtest.Golden(t, filepath.Join("..", "..", "testdata", "julgonu", tc.file), got)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	n := Notation{}
	g := rules.NewGame(jg.Variant{})
	captures := 0
	for i := 0; i < 80 && !g.Outcome().Over(); i++ {
		ms := g.LegalMoves()
		m := ms[(i*5+3)%len(ms)]
		if strings.Contains(n.FormatMove(g.Position(), m), " x ") {
			captures++
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if captures == 0 {
		t.Fatal("the test game has no capture; pick another")
	}
	rec := notation.FormatRecord(n, g)
	g2, err := notation.ParseRecord(jg.Variant{}, n, rec)
	if err != nil {
		t.Fatalf("%s: %v", rec, err)
	}
	if g2.Ply() != g.Ply() || g2.Position() != g.Position() {
		t.Fatalf("record %q replays to %v, want %v", rec, g2.Position(), g.Position())
	}
	// A wrong capture claim in a record names the move and the truth.
	bad := strings.Replace(rec, " x ", " x d4 ", 1)
	if _, err := notation.ParseRecord(jg.Variant{}, n, bad); err == nil || !strings.Contains(err.Error(), "captures") {
		t.Errorf("record with a wrong capture claim: %v", err)
	}
}

func TestRulesText(t *testing.T) {
	r := Notation{}.Rules()
	for _, want := range []string{"Black moves first", "recreate any earlier position", "100 moves in a row", "a1-a2", "b2-b3 x b4 c3", "one piece or none"} {
		if !strings.Contains(r, want) {
			t.Errorf("Rules() does not mention %q", want)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1-a2", "a1a2", "b2-b3 x b4 c3", "  C1 c2 ", "x", "a9-a1", "d4d3xa1b1c1", "–", "a1-a2x"} {
		f.Add(s, "wwww/4/4/bbbb b")
	}
	f.Add("c1-c2 x b2", "w2w/4/bw2/2bb b")
	f.Add("\u200f1.\u00a0C1\u2014c2 \u200bx b2", "w2w/4/bw2/2bb b")
	f.Fuzz(func(t *testing.T, text, position string) {
		n := Notation{}
		p, err := n.ParsePosition(position)
		if err != nil {
			return
		}
		if back, err := n.ParsePosition(n.FormatPosition(p)); err != nil || back != p {
			t.Fatalf("position %q does not round-trip: %v", position, err)
		}
		notationtest.ParseMoveProperty(t, n, p, text)
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"wwww/4/4/bbbb b", "1w2/bw2/2b1/1bb1 w", "4/4/4/4 b", "w/w/w/w w", "22/13/31/4 b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Notation{}
		p, err := n.ParsePosition(s)
		if err != nil {
			return
		}
		out := n.FormatPosition(p)
		back, err := n.ParsePosition(out)
		if err != nil || back != p {
			t.Fatalf("%q -> %q does not round-trip: %v", s, out, err)
		}
		_ = n.Board(p)
	})
}
