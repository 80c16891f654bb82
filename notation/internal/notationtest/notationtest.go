// Package notationtest holds what the tests of the three notations share:
// golden files, and the properties that fuzzed parsers must keep.
package notationtest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/windpost/windpost/internal/golden"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

// Golden fails t unless got is the text of the golden file at path; with
// -update it writes got there first (internal/golden).
func Golden(t testing.TB, path, got string) {
	t.Helper()
	golden.Check(t, path, got)
}

// NoTrailingSpace fails t for each line of text that ends in a space.
func NoTrailingSpace(t testing.TB, name, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimRight(line, " ") != line {
			t.Errorf("%s: trailing space in %q", name, line)
		}
	}
}

// ErrorMentions fails t unless err is an error whose text contains want.
func ErrorMentions(t testing.TB, what string, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %v, want one mentioning %q", what, err, want)
	}
}

// ParseMoveProperty checks what ParseMove must keep for any text: its
// error, if any, says something and echoes no invisible character; a move
// it reads is legal in p and reads back from its written form.
func ParseMoveProperty(t *testing.T, n notation.Notation, p rules.Position, text string) {
	t.Helper()
	m, err := n.ParseMove(p, text)
	if err != nil {
		if err.Error() == "" {
			t.Fatalf("%q: empty error", text)
		}
		if strings.ContainsFunc(err.Error(), notation.IsInvisible) {
			t.Fatalf("%q: the error %q echoes an invisible character", text, err)
		}
		return
	}
	if _, err := p.Play(m); err != nil {
		t.Fatalf("%q read as a move that is not legal: %v", text, err)
	}
	out := n.FormatMove(p, m)
	if strings.ContainsFunc(out, notation.IsInvisible) {
		t.Fatalf("%q written as %q, with an invisible character", text, out)
	}
	if back, err := n.ParseMove(p, out); err != nil || back != m {
		t.Fatalf("%q: its written form %q does not read back: %v", text, out, err)
	}
}

// PositionProperty checks what ParsePosition must keep for any text: a
// position it reads is written back to a string that reads to the same
// position and is written the same, and it can be drawn.
func PositionProperty(t *testing.T, n notation.Notation, s string) {
	t.Helper()
	p, err := n.ParsePosition(s)
	if err != nil {
		return
	}
	out := n.FormatPosition(p)
	q, err := n.ParsePosition(out)
	if err != nil || q.Key() != p.Key() || n.FormatPosition(q) != out {
		t.Fatalf("%q -> %q does not read back: %v", s, out, err)
	}
	_ = n.Board(p)
}

// MustPosition reads position string s with n as the engine's type T, and
// stops the test if it cannot.
func MustPosition[T rules.Position](t testing.TB, n notation.Notation, s string) T {
	t.Helper()
	p, err := n.ParsePosition(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	q, err := rules.As[T](p)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return q
}

// ExampleNeverLegal plays random games of n's variant from start and
// checks at every position that notation.Example gives an example that is
// not a move of the position, however the move is written.
func ExampleNeverLegal(t *testing.T, n notation.Notation, start rules.Position) {
	t.Helper()
	rnd := rand.New(rand.NewPCG(11, 11))
	seen := 0
	for game := 0; game < 200; game++ {
		p := start
		for ply := 0; ply < 80; ply++ {
			ms := p.Moves()
			if len(ms) == 0 {
				break
			}
			e := notation.Example(n, p)
			if e == "" {
				t.Fatalf("no example for %s", n.FormatPosition(p))
			}
			if _, err := n.ParseMove(p, e); err == nil {
				t.Fatalf("example %q is a legal move of %s", e, n.FormatPosition(p))
			}
			for _, m := range ms {
				if w := n.FormatMove(p, m); strings.EqualFold(strings.TrimRight(w, "+#X "), e) {
					t.Fatalf("example %q is move %q of %s", e, w, n.FormatPosition(p))
				}
			}
			seen++
			next, err := p.Play(ms[rnd.IntN(len(ms))])
			if err != nil {
				t.Fatal(err)
			}
			p = next
		}
	}
	if seen < 1000 {
		t.Errorf("only %d positions tried", seen)
	}
}
