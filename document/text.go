package document

import (
	"strings"
	"unicode/utf8"
)

// Width is the widest line of the text render, in characters: a table
// wider than this is written in its stacked form, and format=flowed
// breaks longer prose lines (RFC 3676 asks for at most 78).
const Width = 78

// line is one line of the text render; hard lines (boards, tables,
// records, fixed text) are never re-wrapped.
type line struct {
	text string
	hard bool
}

// lines is the text render of d as lines, "" between blocks that are not
// joined.
func (d Document) lines() []line {
	var out []line
	for i, b := range d.Blocks {
		if i > 0 && !b.Join {
			out = append(out, line{})
		}
		out = append(out, b.lines()...)
	}
	return out
}

// lines is the text render of b.
func (b Block) lines() []line {
	var out []line
	b.eachLine(func(text string, hard bool) { out = append(out, line{text: text, hard: hard}) })
	return out
}

// eachLine calls f with each line of b's text render, its trailing white
// space cut, and whether it is hard (kept as written: boards, tables,
// records); Text writes them, lines collects them.
func (b Block) eachLine(f func(text string, hard bool)) {
	hard := false
	var text string
	switch b.Kind {
	case Quote:
		text = "> " + b.Text
	case Link:
		text = strings.TrimSpace(b.Text + " " + b.URL)
	case Board:
		if b.Board == nil {
			return
		}
		text, hard = b.Board.Diagram, true
	case Table:
		if b.Table == nil {
			return
		}
		for _, l := range b.Table.textLines() {
			f(l, true)
		}
		return
	case Record, Fixed:
		text, hard = b.Text, true
	default:
		text = b.Text
	}
	for {
		l, rest, more := strings.Cut(text, "\n")
		f(strings.TrimRight(l, " \t\r"), hard)
		if !more {
			return
		}
		text = rest
	}
}

// Text is the text render of d: blocks one after the other, a blank line
// between blocks that are not joined, every line as its block wrote it
// (no line breaks added), ending in a newline.
func (d Document) Text() string {
	var b strings.Builder
	for i, bl := range d.Blocks {
		if i > 0 && !bl.Join {
			b.WriteByte('\n')
		}
		bl.eachLine(func(text string, _ bool) {
			b.WriteString(text)
			b.WriteByte('\n')
		})
	}
	return b.String()
}

// textLines is the table as text: each column as wide as its widest cell,
// two spaces between columns, headings (if any column has one) above; a
// table wider than Width is stacked: per row, its first cell on a line
// and every other cell below it as "  heading: value".
func (t *TablePart) textLines() []string {
	widths := make([]int, len(t.Columns))
	headed := false
	for i, c := range t.Columns {
		widths[i] = utf8.RuneCountInString(c.Name)
		headed = headed || c.Name != ""
	}
	for _, r := range t.Rows {
		for i := range min(len(r), len(widths)) {
			widths[i] = max(widths[i], utf8.RuneCountInString(r[i]))
		}
	}
	for i, c := range t.Columns {
		if c.Width > 0 && i < len(widths)-1 {
			widths[i] = c.Width
		}
	}
	total := t.Indent
	for _, w := range widths {
		total += w + 2
	}
	if total-2 > Width {
		return t.stacked()
	}
	var out []string
	if headed {
		names := make([]string, len(t.Columns))
		for i, c := range t.Columns {
			names[i] = c.Name
		}
		out = append(out, t.row(names, widths)...)
	}
	for _, r := range t.Rows {
		out = append(out, t.row(r, widths)...)
	}
	return out
}

// row is one row of cells, padded to widths: one line, or more where a
// cell is wider than its column's Width (the next cell starts on the next
// line, in its column).
func (t *TablePart) row(cells []string, widths []int) []string {
	var out []string
	line, start := "", t.Indent
	for i, w := range widths {
		cell := ""
		if i < len(cells) {
			cell = cells[i]
		}
		if cell == "" {
			start += w + 2
			continue
		}
		if line != "" && utf8.RuneCountInString(line) > start-2 {
			out = append(out, strings.TrimRight(line, " "))
			line = ""
		}
		line += strings.Repeat(" ", start-utf8.RuneCountInString(line))
		pad := strings.Repeat(" ", max(w-utf8.RuneCountInString(cell), 0))
		if t.Columns[i].Align == Right {
			line += pad + cell
		} else {
			line += cell + pad
		}
		start += w + 2
	}
	return append(out, strings.TrimRight(line, " "))
}

// stacked is the table as groups of lines, one group a row: its first
// cell, then each other cell on a line of its own, "  heading: value",
// wrapped to Width with its next lines indented by four spaces.
func (t *TablePart) stacked() []string {
	var out []string
	for _, r := range t.Rows {
		for i, cell := range r {
			switch name := t.Columns[min(i, len(t.Columns)-1)].Name; {
			case i == 0:
				out = append(out, wrap(cell, "")...)
			case cell == "":
			case name == "":
				out = append(out, wrap("  "+cell, "    ")...)
			default:
				out = append(out, wrap("  "+name+": "+cell, "    ")...)
			}
		}
	}
	return out
}

// wrap breaks s at spaces into lines of at most Width characters, every
// line after the first starting with indent; a word longer than a line
// is not broken.
func wrap(s, indent string) []string {
	var out []string
	for utf8.RuneCountInString(s) > Width {
		cut := breakAt(s, Width)
		if cut < 0 || strings.TrimSpace(s[:cut]) == "" {
			break
		}
		out = append(out, strings.TrimRight(s[:cut], " "))
		s = indent + s[cut:]
	}
	return append(out, s)
}

// AltText is the picture's alternative text: the title, the last move and
// the status in at most 120 characters ("Micro-shogi board after 9.K-1c:
// Black to move, in check").
func (b *BoardPart) AltText() string {
	s := b.Title + " board"
	if b.LastMove != "" {
		s += " after " + b.LastMove
	}
	if b.Status != "" {
		s += ": " + b.Status
	}
	return clip(s, maxAlt)
}

// maxAlt is the longest alt text, in characters.
const maxAlt = 120

// clip is s cut to at most n characters, at a space if there is one, an
// ellipsis marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,:;") + "…"
}
