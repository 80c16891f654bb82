package inbound

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"

	"github.com/windpost/windpost/notation"
)

// textLines turns a decoded text body into Lines: line ends normalised,
// format=flowed joined, quoted text, attributions and signatures dropped,
// trailing white space trimmed, blank lines dropped.
func textLines(text string, flowed, delSp bool) []string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	text = notation.StripInvisible(text) // zero-width and bidi controls: never read, never echoed
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimSuffix(text, "\n")
	lines := strings.Split(text, "\n")
	if flowed {
		lines = unflow(lines, delSp)
	}
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	return stripQuotes(lines)
}

// unflow joins the soft line breaks of format=flowed text (RFC 3676): a
// line ending in a space continues on the next line of the same quote
// depth. Space-stuffing is removed; with DelSp=yes the trailing space of a
// soft break is deleted. Quoted lines come out as "> " + text.
func unflow(lines []string, delSp bool) []string {
	var (
		out   []string
		cur   strings.Builder
		depth int
		open  bool
	)
	flush := func() {
		if !open {
			return
		}
		s := cur.String()
		if depth > 0 {
			s = strings.Repeat(">", depth) + " " + s
		}
		out = append(out, s)
		cur.Reset()
		open = false
	}
	for _, l := range lines {
		d := 0
		for d < len(l) && l[d] == '>' {
			d++
		}
		l = l[d:]
		l = strings.TrimPrefix(l, " ") // space-stuffing
		soft := strings.HasSuffix(l, " ") && l != "-- "
		if open && d != depth {
			flush()
		}
		if soft && delSp {
			l = l[:len(l)-1]
		}
		cur.WriteString(l)
		depth, open = d, true
		if !soft {
			flush()
		}
	}
	flush()
	return out
}

// cutLine matches the lines below which everything is quoted mail.
var cutLine = regexp.MustCompile(`(?i)^(` +
	`-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|alkuperäinen viesti|mensaje original|oorspronkelijk bericht)\s*-{2,}` +
	`|-{2,}\s*forwarded message\s*-{2,}` +
	`|begin forwarded message:` +
	`)$`)

// Outlook header block keys: a "From:" line and what follows it.
var (
	blockFrom = regexp.MustCompile(`(?i)^\*?(from|von|de|lähettäjä|van)\s?:\*?\s`)
	blockSent = regexp.MustCompile(`(?i)^\*?(sent|date|gesendet|datum|envoyé|lähetetty|verzonden|enviado)\s?:`)
	blockTo   = regexp.MustCompile(`(?i)^\*?(to|cc|subject|an|betreff|à|objet|vastaanottaja|aihe|aan|onderwerp|para|asunto)\s?:`)
)

// attribution matches one attribution line ("On ... wrote:" and its
// translations).
var attribution = regexp.MustCompile(`^(` +
	`On .*wrote:` +
	`|Am .* schrieb.*:` +
	`|.*kirjoitti:` +
	`|Le .*a écrit ?:` +
	`|El .*escribió:` +
	`|Op .* schreef.*:` +
	`)$`)

// attributionStart matches the first line of an attribution wrapped over
// two lines: it must start like one, so that a command just above a
// one-line attribution is never taken for its first half.
var attributionStart = regexp.MustCompile(`^(On|Am|Le|El|Op) |^\p{L}{1,3}\.? \d{1,2}\.\d{1,2}\.\d{4} klo `)

// mobileFooter matches the lines phones and webmail add.
var mobileFooter = regexp.MustCompile(`^(` +
	`Sent from my .*` +
	`|Get Outlook for .*` +
	`|Sent from Mail for Windows.*` +
	`|Sent from Outlook.*` +
	`|Sent from Yahoo Mail.*` +
	`|Envoyé de mon .*` +
	`|Von meinem .* gesendet` +
	`)$`)

// stripQuotes applies the rules of the package documentation to lines whose
// trailing white space is already trimmed.
func stripQuotes(lines []string) []string {
	lines = lines[:cutAt(lines)]
	var out []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l)
		switch {
		case t == "":
		case quoted(l):
		case attribution.MatchString(t):
			if !nextQuoted(lines, i+1) {
				return out // the quoted mail follows without '>'
			}
		case i+1 < len(lines) && !strings.HasSuffix(t, ":") && attributionStart.MatchString(t) &&
			attribution.MatchString(t+" "+strings.TrimSpace(lines[i+1])):
			i++ // attribution wrapped over two lines
			if !nextQuoted(lines, i+1) {
				return out
			}
		case (strings.HasSuffix(t, ":") || strings.HasSuffix(t, "\uff1a")) && nextQuoted(lines, i+1):
		case mobileFooter.MatchString(t):
		default:
			out = append(out, l)
		}
	}
	return out
}

// quoted reports whether l is a quoted line.
func quoted(l string) bool {
	return strings.HasPrefix(strings.TrimLeftFunc(l, unicode.IsSpace), ">")
}

// nextQuoted reports whether the first non-blank line from i on is quoted.
func nextQuoted(lines []string, i int) bool {
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return quoted(lines[i])
		}
	}
	return false
}

// cutAt returns the index of the first line of the quoted tail of lines (a
// signature, an Outlook separator or header block, a forward), with the
// blank and underscore-only lines just above it; len(lines) if none.
func cutAt(lines []string) int {
	cut := len(lines)
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if l == "--" || l == "-- " || cutLine.MatchString(t) || headerBlock(lines, i) {
			cut = i
			break
		}
	}
	for cut > 0 {
		t := strings.TrimSpace(lines[cut-1])
		if t != "" && strings.Trim(t, "_") != "" {
			break
		}
		cut--
	}
	return cut
}

// headerBlock reports whether an Outlook-style header block ("From:",
// "Sent:", "To:", "Subject:") starts at line i.
func headerBlock(lines []string, i int) bool {
	if !blockFrom.MatchString(strings.TrimSpace(lines[i]) + " ") {
		return false
	}
	var sent, to bool
	seen := 0
	for j := i + 1; j < len(lines) && seen < 5; j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		seen++
		sent = sent || blockSent.MatchString(t)
		to = to || blockTo.MatchString(t)
	}
	return sent && to
}

// htmlToText converts an HTML body to plain text lines: block elements and
// <br> end lines, white space is collapsed outside <pre>, and <blockquote>
// (quoted replies), <head>, <style>, <script> and <title> are dropped, as
// is every element a mail client does not show (visibleHTML).
func htmlToText(s string) string {
	z := html.NewTokenizer(strings.NewReader(visibleHTML(s)))
	var (
		b         strings.Builder
		skip, pre int
		lineStart = true
		space     bool
	)
	newline := func() {
		if !lineStart {
			b.WriteByte('\n')
		}
		lineStart, space = true, false
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			if skip > 0 {
				continue
			}
			t := strings.ReplaceAll(string(z.Text()), "\u00a0", " ")
			if pre > 0 {
				b.WriteString(t)
				lineStart = strings.HasSuffix(t, "\n")
				space = false
				continue
			}
			words := strings.Fields(t)
			if len(words) == 0 {
				space = space || t != ""
				continue
			}
			if unicode.IsSpace(rune(t[0])) {
				space = true
			}
			for k, w := range words {
				if (k > 0 || space) && !lineStart {
					b.WriteByte(' ')
				}
				b.WriteString(w)
				lineStart = false
			}
			space = unicode.IsSpace(rune(t[len(t)-1]))
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			switch tag {
			case "head", "style", "script", "title", "blockquote":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
				if tag == "blockquote" {
					newline()
				}
				continue
			}
			if skip > 0 {
				continue
			}
			switch tag {
			case "br":
				if !lineStart {
					b.WriteByte('\n')
				} else {
					b.WriteString("\n") // an empty line; dropped later
				}
				lineStart, space = true, false
			case "pre":
				newline()
				if tt == html.StartTagToken {
					pre++
				} else if tt == html.EndTagToken && pre > 0 {
					pre--
				}
			case "p", "div", "tr", "li", "ul", "ol", "table", "hr", "h1", "h2", "h3", "h4", "h5", "h6",
				"dl", "dt", "dd", "section", "article", "header", "footer", "center", "address", "form", "fieldset":
				newline()
			case "td", "th":
				space = true
			}
		}
	}
}
