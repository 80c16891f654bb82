package document

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// The HTML render: a page that fits a phone. Prose is in paragraphs that
// wrap; tables are <table>s whose cells wrap; boards, records and fixed
// text are <pre> blocks that keep their columns and wrap only a line too
// long for the screen. Every style is inline (Gmail, Outlook and Apple
// Mail drop <style> blocks), and there are no scripts.

// Inline styles of the HTML render, written without spaces: they repeat
// in every block, and a mail's size counts.
const (
	stylePage   = "margin:0;padding:0"
	styleBox    = "max-width:44em;padding:12px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.45;overflow-wrap:break-word;word-wrap:break-word"
	styleFixed  = "font-family:Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono',monospace;font-size:14px;line-height:1.3;white-space:pre-wrap"
	styleProse  = "white-space:pre-wrap"
	styleQuote  = "color:#666666"
	styleAction = "padding:6px 10px;background:#eef3f8;border-left:3px solid #2f6db5"
	styleImage  = "display:block;max-width:100%;height:auto;margin:0 0 4px"
	styleTable  = "border-collapse:collapse;font-size:14px;line-height:1.3;overflow-wrap:anywhere"
	marginFirst = "margin:0"
	marginNext  = "margin:12px 0 0"
)

// Picture is the picture of the first board, shown above its text board:
// in a mail the part whose Content-ID is CID, on a web page the image at
// URL (which then stands instead of CID); at most Width CSS pixels wide
// (0: as wide as the page).
type Picture struct {
	CID   string
	URL   string
	Width int
}

// src is the address of the picture: its URL, else its part's cid:.
func (p *Picture) src() string {
	if p.URL != "" {
		return p.URL
	}
	return "cid:" + p.CID
}

// HTML is the page of d; pic, if not nil, is shown with the first board,
// its alt text the board's AltText, or at the end of a document with no
// board (a mail an older windpost queued), its alt text "The board".
func (d Document) HTML(pic *Picture) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">" +
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\n")
	b.WriteString("<body style=\"" + stylePage + "\"><div style=\"" + styleBox + "\">\n")
	d.writeBlocks(&b, pic, true)
	b.WriteString("</div></body></html>\n")
	return b.String()
}

// Fragment is the blocks of d as HTML without the page around them, for a
// web page that has its own, and its own style sheet: no inline style
// (a Content-Security-Policy without 'unsafe-inline' drops them), each
// block's kind its class ("board", "table", "record", "action", ...;
// "joined" on a block joined to the one before). pic, if not nil, is
// shown with the first board, as in HTML, its text board folded away
// under "The board as text".
func (d Document) Fragment(pic *Picture) string {
	var b strings.Builder
	d.writeBlocks(&b, pic, false)
	return b.String()
}

// look is how an element is dressed: with inline styles (margin and
// style, either "" for none) in a mail, styled; with the class of its
// block on a web page ("" for no class).
func look(styled bool, margin, style, class string) string {
	if !styled {
		if class == "" {
			return ""
		}
		return ` class="` + class + `"`
	}
	switch {
	case margin == "":
		return ` style="` + style + `"`
	case style == "":
		return ` style="` + margin + `"`
	}
	return ` style="` + margin + ";" + style + `"`
}

// writeBlocks writes each block of d, styled inline (a mail) or by class
// (a web page, Fragment).
func (d Document) writeBlocks(b *strings.Builder, pic *Picture, styled bool) {
	for i, bl := range d.Blocks {
		margin := marginNext
		if i == 0 || bl.Join {
			margin = marginFirst
		}
		dressed := func(style string) string {
			class := html.EscapeString(string(bl.Kind))
			if bl.Join {
				class += " joined"
			}
			return look(styled, margin, style, class)
		}
		switch bl.Kind {
		case Quote:
			fmt.Fprintf(b, "<p%s>%s</p>\n", dressed(styleQuote), html.EscapeString("> "+bl.Text))
		case Action:
			fmt.Fprintf(b, "<p%s>%s</p>\n", dressed(styleAction), withExample(bl.Text, bl.Example))
		case Link:
			fmt.Fprintf(b, "<p%s>%s</p>\n", dressed(""), linked(bl.Text, bl.URL))
		case Board:
			if bl.Board == nil {
				continue
			}
			b.WriteString("<div" + dressed("") + ">")
			diagram := "<pre" + look(styled, "margin:0", styleFixed, "") + ">" + html.EscapeString(bl.Board.Diagram) + "</pre>"
			if pic != nil {
				writePicture(b, pic, bl.Board.AltText(), styled)
				if !styled {
					// A web page shows the picture, which always loads
					// there; the text board is a click away, not a
					// second board under the first. A mail keeps it
					// open for the clients that block pictures.
					diagram = "<details><summary>The board as text</summary>" + diagram + "</details>"
				}
				pic = nil
			}
			b.WriteString(diagram + "</div>\n")
		case Table:
			if bl.Table != nil {
				bl.Table.writeHTML(b, dressed(styleTable))
			}
		case Record, Fixed:
			b.WriteString("<pre" + dressed(styleFixed) + ">" + html.EscapeString(bl.Text) + "</pre>\n")
		default:
			// pre-wrap keeps a writer's indented lines indented (an
			// example under its explanation); lines break at <br> also
			// where the style is ignored.
			fmt.Fprintf(b, "<p%s>%s</p>\n", dressed(styleProse), prose(bl.Text))
		}
	}
	if pic != nil {
		b.WriteString("<div" + look(styled, marginNext, "", "board") + ">")
		writePicture(b, pic, "The board", styled)
		b.WriteString("</div>\n")
	}
}

// writePicture writes the <img> of pic with its alt text.
func writePicture(b *strings.Builder, pic *Picture, alt string, styled bool) {
	b.WriteString("<img src=\"" + html.EscapeString(pic.src()) + "\" alt=\"" + html.EscapeString(alt) + "\"")
	if pic.Width > 0 {
		// The width attribute for clients that ignore max-width (Outlook);
		// the style shrinks it on a narrower screen.
		fmt.Fprintf(b, " width=\"%d\"", pic.Width)
	}
	b.WriteString(look(styled, "", styleImage, "") + ">")
}

// writeHTML writes the table, dressed (look): headings (if any column
// has one) in a <thead>, numbers kept on one line, other cells wrapping
// inside their column.
func (t *TablePart) writeHTML(b *strings.Builder, dressed string) {
	// cellpadding, valign and align rather than a style on every cell: a
	// long table is many cells, and a mail's size counts.
	b.WriteString("<table role=\"presentation\" cellpadding=\"2\" cellspacing=\"0\"" + dressed + ">\n")
	headed := false
	for _, c := range t.Columns {
		headed = headed || c.Name != ""
	}
	if headed {
		b.WriteString("<thead><tr valign=\"bottom\">")
		for _, c := range t.Columns {
			fmt.Fprintf(b, "<th align=\"%s\">%s</th>", align(c), html.EscapeString(c.Name))
		}
		b.WriteString("</tr></thead>\n")
	}
	b.WriteString("<tbody>\n")
	for _, r := range t.Rows {
		b.WriteString("<tr valign=\"top\">")
		for i, c := range t.Columns {
			cell := ""
			if i < len(r) {
				cell = r[i]
			}
			b.WriteString("<td")
			if c.Align == Right {
				b.WriteString(` align="right"`)
			}
			if c.Whole {
				b.WriteString(" nowrap")
			}
			b.WriteString(">" + prose(cell) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
}

// align is a column's alignment as the align attribute says it.
func align(c Column) string {
	if c.Align == Right {
		return "right"
	}
	return "left"
}

// prose is text as HTML: its line breaks kept (a <br> and no newline,
// which a pre-wrap paragraph would show as a second break), its web
// addresses made links (a mail program does that for the text part, not
// for HTML).
func prose(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = withLinks(l)
	}
	return strings.Join(lines, "<br>")
}

// withExample is an action's text as HTML, its example in bold.
func withExample(text, example string) string {
	t := prose(text)
	if example == "" {
		return t
	}
	e := html.EscapeString(example)
	return strings.Replace(t, e, "<strong>"+e+"</strong>", 1)
}

// linked is a link block as HTML: the words, then the address linked; a
// web page's link to its own site ("../t/t2345", no scheme), which says
// nothing to a reader, is its words linked.
func linked(words, url string) string {
	if words != "" && !strings.Contains(url, "://") {
		return `<a href="` + html.EscapeString(url) + `">` + html.EscapeString(words) + `</a>`
	}
	a := `<a href="` + html.EscapeString(url) + `">` + html.EscapeString(url) + `</a>`
	if words == "" {
		return a
	}
	return html.EscapeString(words) + " " + a
}

// webAddress finds web addresses in prose.
var webAddress = regexp.MustCompile(`https?://[^\s<>"']+`)

// withLinks is a line of prose as HTML, its web addresses made links.
func withLinks(line string) string {
	var b strings.Builder
	last := 0
	for _, m := range webAddress.FindAllStringIndex(line, -1) {
		url := strings.TrimRight(line[m[0]:m[1]], ".,;:!?)")
		b.WriteString(html.EscapeString(line[last:m[0]]))
		b.WriteString(`<a href="` + html.EscapeString(url) + `">` + html.EscapeString(url) + `</a>`)
		last = m[0] + len(url)
	}
	b.WriteString(html.EscapeString(line[last:]))
	return b.String()
}
