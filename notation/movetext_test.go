package notation_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/internal/notationtest"
)

func TestNormalizeMove(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
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
	} {
		if got := notation.NormalizeMove(tt.in); got != tt.want {
			t.Errorf("NormalizeMove(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
	// Every dash and invisible character the notations' tests use.
	for _, d := range notationtest.Dashes {
		if got := notation.NormalizeMove("K" + d + "2d"); got != "K-2d" {
			t.Errorf("dash %+q: %+q", d, got)
		}
	}
	for _, c := range notationtest.Invisibles {
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
	for _, c := range notationtest.Invisibles {
		r := []rune(c)[0]
		if !notation.IsInvisible(r) || notation.IsDash(r) {
			t.Errorf("%+q: IsInvisible %v, IsDash %v", c, notation.IsInvisible(r), notation.IsDash(r))
		}
	}
	for _, c := range append([]string{"-"}, notationtest.Dashes...) {
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
