package gufuu

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
)

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
		{"Ks../..Ss/..kn b", "15.K-2b X", "K-2b>W X", ""},
		{"Ks../..Ss/..kn b", "K-2b>W#", "K-2b>W X", ""},
		{"Ks../..Ss/..kn b", "K-2b>WX", "K-2b>W X", ""}, // the mark glued on, as windpost wrote it before
		{"Ks../..Ss/..kn b", "K-2b+", "K-2b>W X", ""},
		{"Ks../..Ss/..kn b", "K-2b>N", "", "to face west (>W), not >N"},
		{"Ks../..Ss/..kn b", "S:>W X", "S:>W X", ""}, // the designer's other mate
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

func TestExampleNeverLegal(t *testing.T) {
	notationtest.ExampleNeverLegal(t, Notation{}, engine.Variant{}.Start())
}
