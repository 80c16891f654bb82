package mailer

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// How the mailer reads the text games composes: prose, which may be
// re-wrapped (format=flowed in the text part, paragraphs in the HTML part),
// and fixed lines (boards, game records, tables), which must keep their
// line breaks and spaces. games marks nothing: the rule below reads the
// shapes windpost's own text has, so that the text (and the golden
// conversations that pin it) stays as it is.

// fixedLine reports whether line belongs to a board, a record or a table
// and must be shown as it is:
//   - it starts with white space, '|' or '+' (every board line, the help's
//     command table, the rules' examples, the analysis legend);
//   - or it has two spaces in a row or "---" inside (columns: the games
//     list, the analysis table, Jul-Gonu's board);
//   - or it is a game record ("1.K*1b>N 2.K*2c>E", a [Position "..."] tag).
//
// A line starting with '>' (windpost's echo of the player's command) is
// prose, whatever it holds. A prose line of windpost's never has two
// spaces in a row.
func fixedLine(line string) bool {
	if line == "" || line[0] == '>' {
		return false
	}
	switch line[0] {
	case ' ', '\t', '|', '+':
		return true
	}
	return strings.Contains(line, "  ") || strings.Contains(line, "---") || recordLine(line)
}

// shortProse is the longest prose line that a paragraph with fixed lines
// takes into its fixed block when all its prose lines are that short: a
// board with its hands and whose turn it is ("White in hand: -", "White
// to move (move 2)."), a table or record with its title ("Your games:").
const shortProse = 30

// fixedLines says which of lines (trailing white space trimmed) are fixed:
// fixedLine's, and every line of a paragraph (lines between blank lines)
// that has fixed lines and no prose line longer than shortProse.
func fixedLines(lines []string) []bool {
	fixed := make([]bool, len(lines))
	for start := 0; start < len(lines); {
		end := start
		for end < len(lines) && lines[end] != "" {
			end++
		}
		any, short := false, true
		for i := start; i < end; i++ {
			fixed[i] = fixedLine(lines[i])
			any = any || fixed[i]
			short = short && (fixed[i] || (utf8.RuneCountInString(lines[i]) <= shortProse && lines[i][0] != '>'))
		}
		for i := start; i < end && any && short; i++ {
			fixed[i] = true
		}
		start = end + 1
	}
	return fixed
}

// recordMove is one numbered move of a game record; positionTag the tag
// of a record that starts elsewhere than the variant's start.
var (
	recordMove  = regexp.MustCompile(`^\d+\.\S+$`)
	positionTag = regexp.MustCompile(`^\[Position "[^"]*"\]$`)
)

// recordLine reports whether line is a line of a game record as
// notation.FormatRecord writes it.
func recordLine(line string) bool {
	if positionTag.MatchString(line) {
		return true
	}
	fields := strings.Fields(line)
	for i, f := range fields {
		// Gufuu's mate mark stands after a space: "15.K-2b>W X".
		if !recordMove.MatchString(f) && (f != "X" || i == 0 || fields[i-1] == "X") {
			return false
		}
	}
	return len(fields) > 0
}

// block is a run of lines of one kind inside a paragraph.
type block struct {
	fixed bool
	lines []string
	// newParagraph: a blank line comes before this block.
	newParagraph bool
}

// textBlocks splits text into runs of prose and fixed lines; blank lines
// separate paragraphs and are not kept. Trailing white space is dropped.
func textBlocks(text string) []block {
	var (
		out   []block
		blank = true
	)
	lines := trimmedLines(text)
	for i, fixed := range fixedLines(lines) {
		l := lines[i]
		if l == "" {
			blank = true
			continue
		}
		if n := len(out); n > 0 && !blank && out[n-1].fixed == fixed {
			out[n-1].lines = append(out[n-1].lines, l)
			continue
		}
		out = append(out, block{fixed: fixed, lines: []string{l}, newParagraph: blank && len(out) > 0})
		blank = false
	}
	return out
}

// trimmedLines splits text into lines without their trailing white space.
func trimmedLines(text string) []string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return lines
}
