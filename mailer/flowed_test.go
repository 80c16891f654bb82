package mailer

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/inbound"
	"github.com/windpost/windpost/mailer/mailtest"
)

// composed is m as Compose writes it.
func composed(t *testing.T, m games.Mail) []byte {
	t.Helper()
	msg, err := Compose(m, testBot)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := msg.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// composedText composes m and returns the decoded text/plain part.
func composedText(t *testing.T, m sampleMail) (raw []byte, text string) {
	t.Helper()
	raw = composed(t, m.mail)
	_, parts := mailtest.Alternatives(t, raw)
	for _, p := range parts {
		if p.Type == "text/plain" {
			return raw, strings.ReplaceAll(p.Body, "\r\n", "\n")
		}
	}
	t.Fatalf("%s: no text/plain part", m.name)
	return nil, ""
}

// TestTextFits78Columns: in every kind of mail windpost sends, every line
// of the text part is at most 78 characters, but for the lines of boards,
// records and fixed text (tables fit or are stacked); the prose lines
// longer than that were soft-wrapped.
func TestTextFits78Columns(t *testing.T) {
	wrapped := 0
	for _, m := range mailKinds(t) {
		_, text := composedText(t, m)
		for _, l := range overWidth(m.mail.Body(), text) {
			t.Errorf("%s: a line of %d characters (at most %d): %q", m.name, utf8.RuneCountInString(l), document.Width, l)
		}
		for _, l := range strings.Split(m.mail.Text, "\n") {
			if utf8.RuneCountInString(l) > document.Width && len(overWidth(m.mail.Body(), l)) > 0 {
				wrapped++
			}
		}
	}
	if wrapped < 5 {
		t.Errorf("only %d prose lines over %d characters in the mails: the test does not exercise wrapping", wrapped, document.Width)
	}
}

// overWidth is the lines of text (a mail's text part) over 78 characters
// that are no line of a board, record or fixed text of doc.
func overWidth(doc document.Document, text string) []string {
	hard := map[string]bool{}
	for _, b := range doc.Blocks {
		switch b.Kind {
		case document.Board, document.Record, document.Fixed:
			for _, l := range strings.Split(document.Document{Blocks: []document.Block{b}}.Text(), "\n") {
				hard[l] = true
			}
		}
	}
	var over []string
	for _, l := range strings.Split(text, "\n") {
		if utf8.RuneCountInString(l) > document.Width && !hard[strings.TrimPrefix(l, " ")] && !hard[l] {
			over = append(over, l)
		}
	}
	return over
}

// TestFlowedRoundTrip: windpost's own text part, read back by the mail
// reader (mailer/inbound, which joins flowed text from players), gives the
// lines it was written from: the prose lines, wrapped or not, and the
// board lines (blank lines, the echoed "> command" lines and quoted
// messages, which the reader takes for quotes, and a quote's attribution
// line, are never read).
func TestFlowedRoundTrip(t *testing.T) {
	for _, m := range mailKinds(t) {
		raw, _ := composedText(t, m)
		got, err := inbound.Read(bytes.NewReader(raw), 0)
		if err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		var want []string
		lines := strings.Split(m.mail.Text, "\n")
		for i, l := range lines {
			l = strings.TrimRight(l, " ")
			// A line ending in ":" just before a quote ("alice writes:")
			// is its attribution: the reader drops it with the quote.
			attribution := strings.HasSuffix(l, ":") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], ">")
			if l != "" && !strings.HasPrefix(l, ">") && !attribution {
				want = append(want, l)
			}
		}
		if !slices.Equal(got.Lines, want) {
			t.Errorf("%s: read back\n%s\nwant\n%s", m.name, strings.Join(got.Lines, "\n"), strings.Join(want, "\n"))
		}
	}
}
