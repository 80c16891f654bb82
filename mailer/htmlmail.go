package mailer

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The HTML part: a page that fits a phone. Prose is in paragraphs that
// wrap; boards, records and tables (fixedLine) are in <pre> blocks that
// keep their columns and wrap only a line too long for the screen. Every
// style is inline (Gmail, Outlook and Apple Mail drop <style> blocks), and
// there are no tables (some webmail renders a board inside invalid table
// markup at zero size) and no scripts.

// Inline styles of the HTML part.
const (
	htmlPage  = "margin: 0; padding: 0;"
	htmlBox   = "max-width: 44em; padding: 12px; font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; font-size: 16px; line-height: 1.45; overflow-wrap: break-word; word-wrap: break-word;"
	htmlFixed = "font-family: Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: 14px; line-height: 1.3; white-space: pre-wrap; overflow-wrap: break-word; word-wrap: break-word;"
	htmlEcho  = "color: #666666;"
	htmlImage = "display: block; max-width: 100%; height: auto; margin: 12px 0 4px 0;"
)

// joinWidth: a prose line at least this long that does not end in ':' was
// wrapped by its writer, and the HTML part joins it with the next line
// into one paragraph; a shorter line ends where its writer ended it.
const joinWidth = 60

// boardPicture is a picture of the board sent with the mail (the part
// whose Content-ID is CID) and the text board it shows, which is its alt
// text; the <pre> with the text board stays for clients that show no
// pictures.
type boardPicture struct {
	CID   string
	Board string
	Width int // the widest it is shown, in CSS pixels; 0: as wide as the page
}

// HTMLBody is the text/html twin of a plain-text body: a page with a
// viewport for phones, prose in paragraphs, boards, records and tables in
// <pre> blocks, everything escaped.
func HTMLBody(text string) string { return htmlBody(text, nil) }

// htmlBody is HTMLBody with a picture of the board shown above the text
// board it pictures (the first run of fixed lines that all belong to
// pic.Board), or above the first board-like block if no run does; nil pic
// shows none.
func htmlBody(text string, pic *boardPicture) string {
	blocks := textBlocks(text)
	at := pictureAt(blocks, pic)
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">" +
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\n")
	b.WriteString("<body style=\"" + htmlPage + "\"><div style=\"" + htmlBox + "\">\n")
	for i, bl := range blocks {
		margin := "0"
		if bl.newParagraph {
			margin = "12px 0 0 0"
		}
		if i == at {
			writePicture(&b, pic)
		}
		if bl.fixed {
			b.WriteString("<pre style=\"margin: " + margin + "; " + htmlFixed + "\">")
			b.WriteString(html.EscapeString(strings.Join(bl.lines, "\n")))
			b.WriteString("</pre>\n")
			continue
		}
		writeProse(&b, bl.lines, margin)
	}
	if at == len(blocks) {
		writePicture(&b, pic)
	}
	b.WriteString("</div></body></html>\n")
	return b.String()
}

// writePicture writes the <img> of pic, the text board as its alt text.
func writePicture(b *strings.Builder, pic *boardPicture) {
	b.WriteString("<img src=\"cid:" + html.EscapeString(pic.CID) + "\" alt=\"" +
		html.EscapeString(strings.TrimRight(pic.Board, "\n")) + "\"")
	if pic.Width > 0 {
		// The width attribute for clients that ignore max-width (Outlook);
		// the style shrinks it on a narrower screen.
		fmt.Fprintf(b, " width=\"%d\"", pic.Width)
	}
	b.WriteString(" style=\"" + htmlImage + "\">\n")
}

// writeProse writes prose lines as paragraphs: lines its writer wrapped
// are joined, the others end in <br>; windpost's echo of a player's line
// ("> board") is a paragraph of its own, in grey.
func writeProse(b *strings.Builder, lines []string, margin string) {
	for i := 0; i < len(lines); {
		style := "margin: " + margin + ";"
		if strings.HasPrefix(lines[i], ">") {
			b.WriteString("<p style=\"" + style + " " + htmlEcho + "\">" + html.EscapeString(lines[i]) + "</p>\n")
			i, margin = i+1, "0"
			continue
		}
		b.WriteString("<p style=\"" + style + "\">")
		for ; i < len(lines) && !strings.HasPrefix(lines[i], ">"); i++ {
			b.WriteString(withLinks(lines[i]))
			switch {
			case i+1 == len(lines) || strings.HasPrefix(lines[i+1], ">"):
			case utf8.RuneCountInString(lines[i]) >= joinWidth && !strings.HasSuffix(lines[i], ":"):
				b.WriteString(" ")
			default:
				b.WriteString("<br>\n")
			}
		}
		b.WriteString("</p>\n")
		margin = "0"
	}
}

// webLink finds the web addresses windpost writes in prose (a game's web
// page, "Web page: https://...").
var webLink = regexp.MustCompile(`https?://[^\s<>"']+`)

// withLinks is a prose line as HTML, its web addresses made links (a mail
// program does that for the text part, not for HTML).
func withLinks(line string) string {
	var b strings.Builder
	last := 0
	for _, m := range webLink.FindAllStringIndex(line, -1) {
		url := strings.TrimRight(line[m[0]:m[1]], ".,;:!?)")
		b.WriteString(html.EscapeString(line[last:m[0]]))
		b.WriteString(`<a href="` + html.EscapeString(url) + `">` + html.EscapeString(url) + `</a>`)
		last = m[0] + len(url)
	}
	b.WriteString(html.EscapeString(line[last:]))
	return b.String()
}

// pictureAt is the index of the block the picture goes above, or -1.
func pictureAt(blocks []block, pic *boardPicture) int {
	if pic == nil {
		return -1
	}
	board := map[string]bool{}
	for _, l := range strings.Split(pic.Board, "\n") {
		board[strings.TrimRight(l, " \t\r")] = true
	}
	first := -1
	for i, bl := range blocks {
		if !bl.fixed {
			continue
		}
		if first < 0 {
			first = i
		}
		all := true
		for _, l := range bl.lines {
			all = all && board[l]
		}
		if all {
			return i
		}
	}
	if first < 0 {
		return len(blocks)
	}
	return first
}
