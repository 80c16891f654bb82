package julgonu

import (
	"errors"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

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

func TestExampleNeverLegal(t *testing.T) {
	notationtest.ExampleNeverLegal(t, Notation{}, jg.Variant{}.Start())
}
