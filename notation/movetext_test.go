package notation_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/internal/notationtest"
)

// dashes are the characters other than "-" that players' keyboards and
// mail clients put for "-".
var dashes = []string{"\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe63", "\uff0d"}

// invisibles are characters that show nothing and hide in pasted text:
// zero-width space, non-joiner and joiner, word joiner, byte order mark,
// soft hyphen, the bidi marks, embeddings, overrides and isolates.
var invisibles = []string{
	"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
	"\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
	"\u2066", "\u2067", "\u2068", "\u2069",
}

// spellings returns move (which holds one "-") as players may send it:
// with each of dashes for the "-", with each of invisibles around the dash
// and at both ends, with a zero-width space between all characters, with
// no-break spaces around the dash, and with a move number in front.
func spellings(move string) []string {
	var out []string
	for _, d := range dashes {
		out = append(out, strings.Replace(move, "-", d, 1))
	}
	for _, c := range invisibles {
		out = append(out, c+strings.Replace(move, "-", c+"\u2013"+c, 1)+c)
	}
	return append(out,
		strings.Join(strings.Split(move, ""), "\u200b"),
		strings.Replace(move, "-", "\u00a0-\u202f", 1),
		"\u00a0"+move+"\u2007",
		"12."+move, "12..."+move, "12. "+move, "\u200f12.\u00a0"+move)
}

// TestParseMoveSpellings: in every notation, dashes other than "-",
// invisible characters, no-break spaces and a move number do not stop a
// move from being read, and a refusal never echoes an invisible character.
func TestParseMoveSpellings(t *testing.T) {
	reads := map[string][]struct{ pos, move, want string }{
		"gufuu": {
			{"WwSe/Ke../kw.. b", "W-1b", "W-1b>N+"},
			{"Ks../..Ss/..kn b", "K-2b X", "K-2b>W X"},
			{"..Se/KeWn/kw.. w", "k-1c>n", "K-1c>N"},
		},
		"microshogi": {
			{"kbgs/p3/4/3P/SGBK b - 1", "P-1c", "P-1c"},
			{"k3/4/4/G1G1/3K b - 1", "g4d-3d", "G4d-3d"},
			{"1k2/4/4/4/R2K b - 1", "R-4a+", "R-4a+"},
			{"kbgs/p3/4/3P/SGBK w - 1", "1a-2b", "S-2b"},
		},
		"julgonu": {
			{"wwww/4/4/bbbb b", "a1-a2", "a1-a2"},
			{"wwww/4/4/bbbb b", "D1 - D2", "d1-d2"},
			{"w2w/4/bw2/2bb b", "c1-c2 x b2", "c1-c2 x b2"},
		},
	}
	// Refused in the start position.
	refusals := map[string][]struct{ text, want string }{
		"gufuu": {
			{"\u202ehel\u200blo\u2069", `cannot read "hello" as a Gufuu move`},
			{"\ufeff\u200b", "no move given"},
		},
		"microshogi": {
			{"\u202ehel\u200blo\u2069", `cannot read "hello" as a move`},
			{"\u200bP\u2060-1b", "no pawn of yours can go to 1b"},
			{"\ufeff\u200b", "no move given"},
		},
		"julgonu": {
			{"\u202ehel\u200blo\u2069", `"hello" is not a move`},
			{"\u200bb2\u2060-b3", "no piece on b2"},
			{"\ufeff\u200b", "no move given"},
		},
	}
	for _, k := range kits(t) {
		name, n := k.Rules.Name(), k.Notation
		if len(reads[name]) == 0 || len(refusals[name]) == 0 {
			t.Errorf("%s: no spellings to read or refuse", name)
		}
		for _, tt := range reads[name] {
			p, err := n.ParsePosition(tt.pos)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, s := range spellings(tt.move) {
				m, err := n.ParseMove(p, s)
				if err != nil {
					t.Errorf("%s %+q: %v", name, s, err)
				} else if got := n.FormatMove(p, m); got != tt.want {
					t.Errorf("%s %+q read as %s, want %s", name, s, got, tt.want)
				}
			}
		}
		for _, tt := range refusals[name] {
			_, err := n.ParseMove(k.Rules.Start(), tt.text)
			notationtest.ErrorMentions(t, fmt.Sprintf("%s %+q", name, tt.text), err, tt.want)
			if err != nil && strings.ContainsFunc(err.Error(), notation.IsInvisible) {
				t.Errorf("%s %+q: the error %+q echoes an invisible character", name, tt.text, err)
			}
		}
	}
}

func TestNormalizeMove(t *testing.T) {
	tests := []struct{ in, want string }{
		{"K-2d", "K-2d"},
		{"  k - 2D  ", "k - 2D"},
		{"K\u20132d", "K-2d"},
		{"K\u20142d", "K-2d"},
		{"K\u22122d", "K-2d"},
		{"K\u20102d", "K-2d"},
		{"K\u20112d", "K-2d"},
		{"K\u20122d", "K-2d"},
		{"K\u200b-\u200d2\u200cd\u2060", "K-2d"},
		{"\ufeffK-2d\u00ad", "K-2d"},
		{"\u200eK\u200f-\u202a2\u202b\u202c\u202d\u202ed\u2066\u2067\u2068\u2069", "K-2d"},
		{"K\u00a0-\u202f2d\u2007", "K - 2d"},
		{"b2-b3\tx\nb4", "b2-b3 x b4"},
		{"12.K-2d", "K-2d"},
		{"12...K-2d", "K-2d"},
		{"12. K-2d", "K-2d"},
		{" 12.\u00a0 K-2d", "K-2d"},
		{"\u200f12.K-2d", "K-2d"},
		{"12.", ""},
		{"12", "12"},
		{"12 . K-2d", "12 . K-2d"},
		{"1234567.K-2d", "1234567.K-2d"},
		{"1d1c", "1d1c"},
		{"", ""},
		{"\u200b \u00a0", ""},
	}
	for _, tt := range tests {
		if got := notation.NormalizeMove(tt.in); got != tt.want {
			t.Errorf("NormalizeMove(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
	// Every dash and invisible character the notations' tests use.
	for _, d := range dashes {
		if got := notation.NormalizeMove("K" + d + "2d"); got != "K-2d" {
			t.Errorf("dash %+q: %+q", d, got)
		}
	}
	for _, c := range invisibles {
		if got := notation.NormalizeMove(c + "K" + c + "-2d" + c); got != "K-2d" {
			t.Errorf("invisible %+q: %+q", c, got)
		}
	}
}

func TestSplitMoveNumber(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		rest string
		ok   bool
	}{
		{"12.K*1c", 12, "K*1c", true},
		{"12...K*1c", 12, "K*1c", true},
		{"12. K*1c", 12, "K*1c", true},
		{"5.\t P-2c x", 5, "P-2c x", true},
		{"7.", 7, "", true},
		{"007.a1-a2", 7, "a1-a2", true},
		{"999999.P-2c", 999999, "P-2c", true},
		{"1234567.P-2c", 0, "1234567.P-2c", false},
		{"12 . K*1c", 0, "12 . K*1c", false},
		{" 12.K*1c", 0, " 12.K*1c", false},
		{"12", 0, "12", false},
		{".K*1c", 0, ".K*1c", false},
		{"1d1c", 0, "1d1c", false},
		{"5.\u00a0P-2c", 5, "\u00a0P-2c", true},
		{"", 0, "", false},
	} {
		n, rest, ok := notation.SplitMoveNumber(tt.in)
		if n != tt.n || rest != tt.rest || ok != tt.ok {
			t.Errorf("SplitMoveNumber(%+q) = %d, %+q, %v; want %d, %+q, %v", tt.in, n, rest, ok, tt.n, tt.rest, tt.ok)
		}
	}
}

func TestInvisibleAndDash(t *testing.T) {
	for _, c := range invisibles {
		r := []rune(c)[0]
		if !notation.IsInvisible(r) || notation.IsDash(r) {
			t.Errorf("%+q: IsInvisible %v, IsDash %v", c, notation.IsInvisible(r), notation.IsDash(r))
		}
	}
	for _, c := range append([]string{"-"}, dashes...) {
		r := []rune(c)[0]
		if !notation.IsDash(r) || notation.IsInvisible(r) {
			t.Errorf("%+q: IsDash %v, IsInvisible %v", c, notation.IsDash(r), notation.IsInvisible(r))
		}
	}
	for _, r := range "aZ09 .*+#x>\u00a0\u00e9\u65e5" {
		if notation.IsInvisible(r) || notation.IsDash(r) {
			t.Errorf("%+q counts as invisible or as a dash", r)
		}
	}
	if got := notation.StripInvisible("\u202e\"he\u200bllo\"\u2069 \u00a0\u2013"); got != "\"hello\" \u00a0\u2013" {
		t.Errorf("StripInvisible: %+q", got)
	}
}

// FuzzNormalizeMove: any text normalises without invisible characters,
// dashes other than "-", spaces other than " " or spaces at its ends, and
// a move number is gone.
func FuzzNormalizeMove(f *testing.F) {
	for _, s := range []string{"K-2d", "12. K\u20132d", "\u200f1.\u00a0b2\u2014b3 x b4", "\xff\xfe-", "1234567.", "12.13.K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := notation.NormalizeMove(text)
		if strings.ContainsFunc(got, notation.IsInvisible) {
			t.Fatalf("%+q -> %+q holds an invisible character", text, got)
		}
		if strings.ContainsFunc(got, func(r rune) bool { return r != '-' && notation.IsDash(r) }) {
			t.Fatalf("%+q -> %+q holds a dash other than -", text, got)
		}
		if strings.ContainsFunc(got, func(r rune) bool { return r != ' ' && unicode.IsSpace(r) }) || strings.TrimSpace(got) != got {
			t.Fatalf("%+q -> %+q holds other spaces than inner ' '", text, got)
		}
		if again := notation.NormalizeMove(notation.StripInvisible(text)); again != got {
			t.Fatalf("%+q -> %+q, but without its invisible characters -> %+q", text, got, again)
		}
	})
}

// FuzzSplitMoveNumber: a split takes off exactly digits, dots and spaces,
// and the number is the digits' value.
func FuzzSplitMoveNumber(f *testing.F) {
	for _, s := range []string{"12.K*1c", "12...  P-2c", "7.", "1234567.x", "12", "0.0."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, rest, ok := notation.SplitMoveNumber(text)
		if !ok {
			if n != 0 || rest != text {
				t.Fatalf("%+q: no number, but %d, %+q", text, n, rest)
			}
			return
		}
		head, found := strings.CutSuffix(text, rest)
		digits := strings.TrimRight(strings.TrimRight(head, " \t\n\r\f"), ".")
		if !found || len(digits) == 0 || len(digits) > 6 || strings.Trim(digits, "0123456789") != "" || len(strings.TrimRight(head, " \t\n\r\f")) == len(digits) {
			t.Fatalf("%+q split as %d and %+q", text, n, rest)
		}
		if m, err := strconv.Atoi(digits); err != nil || m != n {
			t.Fatalf("%+q: number %d, digits %q", text, n, digits)
		}
		if strings.TrimLeft(rest, " \t\n\r\f") != rest {
			t.Fatalf("%+q: rest %+q begins with a space", text, rest)
		}
	})
}
