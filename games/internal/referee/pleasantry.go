package referee

import (
	"strings"
	"unicode"
)

// pleasantWord reports whether w starts the greetings and sign-offs
// windpost skips.
func pleasantWord(w string) bool {
	switch w {
	case "hi", "hello", "hey", "dear", "greetings", "howdy",
		"thanks", "thank", "thx", "ty", "cheers", "regards",
		"best", "kind", "yours", "sincerely", "bye", "ciao",
		"good", "gl", "hf", "gg", "sent", "nice", "well",
		"oops", "sorry":
		return true
	}
	return false
}

// Pleasantry reports whether line is a short greeting or sign-off that
// windpost skips without comment: at most five words, the first of which
// is one of a small list (hi, hello, dear, thanks, cheers, regards, best,
// good, gg, sorry, "sent from my phone", ...), and no other word that
// could be a move or a move number ("Hi, P-2c #5" is read). A lone name (a signature
// without "-- ") is not recognised; it is answered as an unknown line, and
// since it usually comes last, nothing after it is lost.
func Pleasantry(line string) bool {
	words := strings.Fields(strings.ToLower(line))
	if len(words) == 0 || len(words) > 5 {
		return false
	}
	// Punctuation is trimmed ("Thanks!"), digits are not: "gg365" is a
	// game id, not "gg".
	if !pleasantWord(strings.TrimFunc(words[0], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })) {
		return false
	}
	// "Hi, P-2c #5" carries a move: a word with a letter and a digit, or
	// a move number, is not small talk.
	for _, w := range words[1:] {
		if strings.ContainsFunc(w, unicode.IsDigit) && (strings.ContainsFunc(w, unicode.IsLetter) || strings.HasPrefix(w, "#")) {
			return false
		}
	}
	return true
}
