package mailer

import (
	"strings"
	"unicode/utf8"

	gomail "github.com/wneessen/go-mail"
)

// flowedPlain is the media type of the text part: format=flowed (RFC
// 3676) with DelSp=no. go-mail writes it as the part's Content-Type and
// adds the charset (UTF-8) after it.
const flowedPlain gomail.ContentType = "text/plain; format=flowed; delsp=no"

// flowedWidth is the longest line FlowedText writes, in characters, its
// space-stuffing and the trailing space of a soft break included (RFC
// 3676 asks for at most 78).
const flowedWidth = 78

// FlowedText writes text as format=flowed with DelSp=no (RFC 3676): a
// prose line longer than flowedWidth is broken after a space into lines
// that end in that space (soft breaks, which clients join again); fixed
// lines (boards, records, tables: fixedLine) and shorter prose lines end
// in no space (hard breaks) and are kept as they are (fixedLines). A line that starts
// with a space, ">" or "From " is space-stuffed, and so is every line of a
// run of fixed lines that holds one, so that a board stays aligned in
// clients that do not read flowed text. A word longer than a line is not
// broken.
func FlowedText(text string) string {
	lines := trimmedLines(text)
	fixed := fixedLines(lines)
	var b strings.Builder
	for i := 0; i < len(lines); {
		if !fixed[i] {
			for _, piece := range softBreaks(lines[i]) {
				writeLine(&b, piece, needsStuffing(piece))
			}
			i++
			continue
		}
		j, stuff := i, false
		for ; j < len(lines) && fixed[j]; j++ {
			stuff = stuff || needsStuffing(lines[j])
		}
		for _, f := range lines[i:j] {
			writeLine(&b, f, stuff)
		}
		i = j
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// writeLine writes one line of flowed text, space-stuffed if stuff.
func writeLine(b *strings.Builder, line string, stuff bool) {
	if stuff {
		b.WriteByte(' ')
	}
	b.WriteString(line)
	b.WriteByte('\n')
}

// needsStuffing reports whether a flowed line must be space-stuffed: it
// would otherwise be read as quoted, as stuffed itself, or be changed to
// ">From " by a mailbox.
func needsStuffing(line string) bool {
	return strings.HasPrefix(line, " ") || strings.HasPrefix(line, ">") || strings.HasPrefix(line, "From ")
}

// softBreaks breaks a prose line (no trailing space) into lines of at
// most flowedWidth characters, stuffing counted: every piece but the last
// ends in the space it was broken after.
func softBreaks(line string) []string {
	var out []string
	for {
		width := flowedWidth
		if needsStuffing(line) {
			width--
		}
		if utf8.RuneCountInString(line) <= width {
			return append(out, line)
		}
		cut := breakAt(line, width)
		if cut < 0 {
			return append(out, line)
		}
		out = append(out, line[:cut])
		line = line[cut:]
	}
}

// breakAt returns the byte offset after the last space at which line can
// be broken so that the piece before it has at most width characters and
// the rest starts with no space; if there is none, the first such place
// after width (a long word); -1 if line cannot be broken at all.
func breakAt(line string, width int) int {
	best, n := -1, 0
	for i, r := range line {
		n++
		if r != ' ' || i+1 >= len(line) || line[i+1] == ' ' || strings.TrimLeft(line[:i], " ") == "" {
			continue
		}
		if n > width {
			if best < 0 {
				return i + 1
			}
			return best
		}
		best = i + 1
	}
	return best
}
