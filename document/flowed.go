package document

import (
	"strings"
	"unicode/utf8"
)

// Flowed is the text render of d as format=flowed with DelSp=no (RFC
// 3676), ending in a newline as Text does: a prose line longer than Width is
// broken after a space into lines that end in that space (soft breaks,
// which clients join again); the lines of boards, tables, records and
// fixed text, and shorter prose lines, end in no space (hard breaks). A
// line that starts with a space, ">" or "From " is space-stuffed, and so
// is every line of a block's run of hard lines that holds one, so that a
// board stays aligned in clients that do not read flowed text. A word
// longer than a line is not broken.
func (d Document) Flowed() string {
	lines := d.lines()
	var b strings.Builder
	for i := 0; i < len(lines); {
		if !lines[i].hard {
			for _, piece := range softBreaks(lines[i].text) {
				writeLine(&b, piece, needsStuffing(piece))
			}
			i++
			continue
		}
		j, stuff := i, false
		for ; j < len(lines) && lines[j].hard; j++ {
			stuff = stuff || needsStuffing(lines[j].text)
		}
		for _, l := range lines[i:j] {
			writeLine(&b, l.text, stuff)
		}
		i = j
	}
	return b.String()
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
// most Width characters, stuffing counted: every piece but the last ends
// in the space it was broken after.
func softBreaks(line string) []string {
	var out []string
	for {
		width := Width
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
