package conditional

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/notation"
)

// Read: the text of conditional moves, as a player writes it, before any
// rules engine reads it: "if K*1a>S then W*2c>N if S*1c>W then K-2b>E" on one
// line, or the indented form postal players used, a line per reply with
// deeper lines under the reply they follow:
//
//	if K*1a>S then W*2c>N
//	   if S*1c>W then K-2b>E
//	   if S*1b>W then K-2b>E
//	if K*2a>S then W*2c>N
//
// "then" and the "if"s are optional between moves written a reply per
// line ("K*1a>S W*2c>N"), and so are move numbers ("2.K*1a>S"). What the
// words mean is decided by Build, move by move, in the position each
// would arise in.

// The caps of a conditional tree, as Lichess caps its forecasts: at most
// MaxLines lines (from the first move to a last one) of at most
// MaxMoves moves each (both players'). The written text is bounded too:
// MaxText bytes in MaxRows lines, a move at most MaxWords words.
const (
	MaxLines = 30
	MaxMoves = 30
	MaxText  = 16 << 10
	MaxRows  = 500
	MaxWords = 4
)

// Row is one written line of conditional moves: the moves it adds,
// as groups of words (a group is what stands between "if", "then" and
// commas: one move, or several written with spaces between them), and the
// row it continues (-1: it starts at the position the tree is for).
type Row struct {
	Text   string
	Parent int
	Groups [][]string
}

// Read reads the text of conditional moves (the verb and the
// game id already taken off its first line) into rows. It refuses text
// beyond the caps, and a row of no move at all.
func Read(text string) ([]Row, error) {
	if len(text) > MaxText {
		return nil, fmt.Errorf("conditional moves may take at most %d bytes of text; these take %d", MaxText, len(text))
	}
	lines := strings.Split(text, "\n")
	if len(lines) > MaxRows {
		return nil, fmt.Errorf("conditional moves may take at most %d written lines; these take %d", MaxRows, len(lines))
	}
	type open struct{ indent, row int }
	var (
		rows  []Row
		stack []open
	)
	for _, l := range lines {
		indent := indentOf(l)
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		groups, words := condGroups(l)
		if words == 0 {
			if len(rows) == 0 {
				continue // the verb's own line: "if" or "conditional" alone
			}
			return nil, fmt.Errorf("the line %q names no move", l)
		}
		if words > MaxMoves*MaxWords {
			return nil, fmt.Errorf("the line %q has %d words; a line of %d moves needs at most %d", l, words, MaxMoves, MaxMoves*MaxWords)
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		parent := -1
		if len(stack) > 0 {
			parent = stack[len(stack)-1].row
		}
		stack = append(stack, open{indent, len(rows)})
		rows = append(rows, Row{Text: l, Parent: parent, Groups: groups})
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no move was written after \"if\"")
	}
	return rows, nil
}

// indentOf is the width of l's leading white space, a tab as 4.
func indentOf(l string) int {
	n := 0
	for _, r := range l {
		switch {
		case r == '\t':
			n += 4
		case unicode.IsSpace(r):
			n++
		default:
			return n
		}
	}
	return n
}

// condGroups splits a written line at "if", "then", "and", arrows,
// commas and semicolons into groups of words, leaving out bare move
// numbers ("2.", "3..."); words counts the words kept.
func condGroups(l string) (groups [][]string, words int) {
	l = strings.NewReplacer(",", " , ", ";", " ; ").Replace(l)
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			groups = append(groups, cur)
			cur = nil
		}
	}
	for _, w := range strings.Fields(l) {
		switch strings.ToLower(strings.TrimSuffix(w, ":")) {
		case "if", "then", "and", ",", ";", "->", "=>":
			flush()
			continue
		}
		if bareNumber(w) {
			continue
		}
		if _, rest, ok := notation.SplitMoveNumber(w); ok && rest != "" {
			w = rest
		}
		cur = append(cur, w)
		words++
	}
	flush()
	return groups, words
}

// bareNumber reports whether w is a move number alone: digits and one or
// more dots ("12.", "12...").
func bareNumber(w string) bool {
	d := strings.TrimRight(w, ".")
	if d == w || d == "" {
		return false
	}
	return strings.Trim(d, "0123456789") == ""
}

// Starts reports whether a written line starts conditional moves:
// "if" or "conditional" first (after a game id), with "then" later in an
// "if" line, so that "if you want a rematch, say so" stays talk.
func Starts(line string) bool {
	w := strings.Fields(strings.ToLower(line))
	if len(w) > 1 && keys.ValidGameID(w[0]) {
		w = w[1:]
	}
	if len(w) == 0 {
		return false
	}
	switch strings.Trim(w[0], ".,;:!") {
	case "conditional", "conditionals":
		return true
	case "if":
		return len(w) == 1 || HasWord(w[1:], "then")
	}
	return false
}

// HasWord reports whether words (lower case) hold w, punctuation trimmed.
func HasWord(words []string, w string) bool {
	for _, x := range words {
		if strings.Trim(x, ".,;:!") == w {
			return true
		}
	}
	return false
}

// Join joins the written lines of conditional moves into one
// line of the mail, with their line breaks: from a line that starts them
// (Starts), the indented lines that follow and the further "if
// ... then" lines. The joined line is one command of the mail.
func Join(lines []string) []string {
	out := make([]string, 0, len(lines))
	open := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case open && t != "" && (indentOf(l) > 0 || strings.HasPrefix(strings.ToLower(t), "if ") && Starts(t)):
			out[len(out)-1] += "\n" + l
			continue
		case Starts(t):
			out = append(out, l)
			open = true
			continue
		}
		open = false
		out = append(out, l)
	}
	return out
}
