package notation

import (
	"strconv"
	"strings"
	"unicode"
)

// NormalizeMove makes a move as a player typed it plain for a notation to
// read: invisible characters removed (see IsInvisible), Unicode dashes read
// as "-" (see IsDash), every Unicode space (no-break spaces too) read as " ",
// spaces at both ends trimmed, and a move number in front as in a game
// record ("12.", "12...", "12. ") removed (see SplitMoveNumber). Letter case
// and the spaces inside are left to each notation's own rules.
func NormalizeMove(text string) string {
	s := strings.TrimSpace(strings.Map(plainRune, text))
	if _, rest, ok := SplitMoveNumber(s); ok {
		return rest
	}
	return s
}

// plainRune maps one character of a move for NormalizeMove: -1 drops it.
func plainRune(r rune) rune {
	switch {
	case IsInvisible(r):
		return -1
	case IsDash(r):
		return '-'
	case unicode.IsSpace(r):
		return ' '
	}
	return r
}

// SplitMoveNumber splits a move number written in front of a move as in a
// game record: "12.K*1c", "12...K*1c" and "12. K*1c" give 12, "K*1c" and
// true. Text must begin with one to six ASCII digits and one or more dots;
// rest is what follows the dots without the ASCII spaces (space, tab,
// newline, carriage return, form feed) after them, and may be empty. Any
// other text gives 0, text and false.
func SplitMoveNumber(text string) (n int, rest string, ok bool) {
	digits := 0
	for digits < len(text) && text[digits] >= '0' && text[digits] <= '9' {
		digits++
	}
	dots := digits
	for dots < len(text) && text[dots] == '.' {
		dots++
	}
	if digits == 0 || digits > 6 || dots == digits {
		return 0, text, false
	}
	n, _ = strconv.Atoi(text[:digits]) // six digits always fit
	return n, strings.TrimLeft(text[dots:], " \t\n\r\f"), true
}

// IsInvisible reports whether r is a character that shows nothing but can
// hide in typed or pasted text: the Unicode format characters (category
// Cf), such as the zero-width space, joiner and non-joiner, the word
// joiner, the byte order mark, the soft hyphen, and the bidirectional marks,
// embeddings, overrides and isolates (U+200E/F, U+202A-202E, U+2066-2069).
func IsInvisible(r rune) bool { return unicode.Is(unicode.Cf, r) }

// IsDash reports whether r is a character that mail clients and keyboards
// put for "-": any Unicode dash (category Pd: the hyphen U+2010, the
// non-breaking hyphen U+2011, the figure, en and em dashes U+2012-2014, ...)
// and the minus sign U+2212.
func IsDash(r rune) bool { return r == '\u2212' || unicode.Is(unicode.Pd, r) }

// StripInvisible returns s without its invisible characters (see
// IsInvisible), for an error that quotes what a player wrote.
func StripInvisible(s string) string {
	return strings.Map(func(r rune) rune {
		if IsInvisible(r) {
			return -1
		}
		return r
	}, s)
}
