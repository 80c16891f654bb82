// Package notationtest holds what the tests of the three notations share:
// golden files, the Unicode spellings of a move that every notation must
// read, and the properties a fuzzed ParseMove must keep.
package notationtest

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Golden fails t unless got is the text of the golden file at path; with
// -update it writes got there first. A board must also end its lines
// without spaces.
func Golden(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run the test with -update after checking); got:\n%s\nwant:\n%s", path, got, want)
	}
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

// Dashes are the characters other than "-" that players' keyboards and
// mail clients put for "-".
var Dashes = []string{"\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe63", "\uff0d"}

// Invisibles are characters that show nothing and hide in pasted text:
// zero-width space, non-joiner and joiner, word joiner, byte order mark,
// soft hyphen, the bidi marks, embeddings, overrides and isolates.
var Invisibles = []string{
	"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
	"\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
	"\u2066", "\u2067", "\u2068", "\u2069",
}

// Spellings returns move (which holds one "-") as players may send it:
// with each of Dashes for the "-", with each of Invisibles around the
// dash and at both ends, with a zero-width space between all characters,
// with no-break spaces around the dash, and with a move number in front.
func Spellings(move string) []string {
	var out []string
	for _, d := range Dashes {
		out = append(out, strings.Replace(move, "-", d, 1))
	}
	for _, c := range Invisibles {
		out = append(out, c+strings.Replace(move, "-", c+"\u2013"+c, 1)+c)
	}
	return append(out,
		strings.Join(strings.Split(move, ""), "\u200b"),
		strings.Replace(move, "-", "\u00a0-\u202f", 1),
		"\u00a0"+move+"\u2007",
		"12."+move, "12..."+move, "12. "+move, "\u200f12.\u00a0"+move)
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

// ReadsSpellings fails t unless n reads every one of Spellings(move) in p
// as the move it writes as want.
func ReadsSpellings(t *testing.T, n notation.Notation, p rules.Position, move, want string) {
	t.Helper()
	for _, s := range Spellings(move) {
		m, err := n.ParseMove(p, s)
		if err != nil {
			t.Errorf("%+q: %v", s, err)
			continue
		}
		if got := n.FormatMove(p, m); got != want {
			t.Errorf("%+q read as %s, want %s", s, got, want)
		}
	}
}

// RefusesVisibly fails t unless n refuses text in p with an error that
// mentions want and holds no invisible character.
func RefusesVisibly(t *testing.T, n notation.Notation, p rules.Position, text, want string) {
	t.Helper()
	_, err := n.ParseMove(p, text)
	ErrorMentions(t, fmt.Sprintf("%+q", text), err, want)
	if err != nil && strings.ContainsFunc(err.Error(), notation.IsInvisible) {
		t.Errorf("%+q: the error %+q echoes an invisible character", text, err)
	}
}
