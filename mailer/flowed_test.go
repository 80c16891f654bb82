package mailer

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/inbound"
	"github.com/windpost/windpost/mailer/mailtest"
)

func TestFlowedText(t *testing.T) {
	long := "Done: new game g7k3q of Gufuu Shogi. You play black against the bot (level casual); this game has no clock."
	word := strings.Repeat("x", 90)
	tests := []struct {
		name, text, want string
	}{
		{"short prose kept", "Move #1: black (you) to move.\n", "Move #1: black (you) to move.\n"},
		{"long prose soft-wrapped after a space", long + "\n",
			"Done: new game g7k3q of Gufuu Shogi. You play black against the bot (level \ncasual); this game has no clock.\n"},
		{"trailing space of a hard line dropped", "Hello \n\nBye\n", "Hello\n\nBye\n"},
		{"a board run stuffed as a whole, its short lines with it", "White in hand: -\n   4  3\n+---+\n| vK| a\nBlack to move (move 1).\n\nMove #1: black (you) to move.\n",
			" White in hand: -\n    4  3\n +---+\n | vK| a\n Black to move (move 1).\n\nMove #1: black (you) to move.\n"},
		{"a long prose line keeps its paragraph prose", "Black to move. b = Black (4), w = White (4).\n   a   b\n",
			"Black to move. b = Black (4), w = White (4).\n    a   b\n"},
		{"a board run without leading space not stuffed", "+---+\n| vK| a\n", "+---+\n| vK| a\n"},
		{"the echo and From stuffed", "> help\nFrom here on\n", " > help\n From here on\n"},
		{"a long echo wrapped, its first line stuffed", "> " + long, " > Done: new game g7k3q of Gufuu Shogi. You play black against the bot (level \ncasual); this game has no clock."},
		{"a word longer than a line kept whole", "see " + word + " now", "see \n" + word + " \nnow"},
		{"fixed table lines kept long", "gx99t  gufuu        you (black) vs. the bot (casual): white wins by resignation, long\n",
			"gx99t  gufuu        you (black) vs. the bot (casual): white wins by resignation, long\n"},
		{"a record is fixed", "1.K*1b>N 2.K*2c>E\n", "1.K*1b>N 2.K*2c>E\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FlowedText(tt.text)
			if got != tt.want {
				t.Errorf("FlowedText =\n%q\nwant\n%q", got, tt.want)
			}
			want := strings.ReplaceAll(tt.text, " \n", "\n")
			if back := mailtest.Unflowed(got); back != want {
				t.Errorf("read back =\n%q\nwant\n%q", back, want)
			}
		})
	}
}

func TestFixedLine(t *testing.T) {
	tests := []struct {
		line  string
		fixed bool
	}{
		{"     2    1", true},
		{" a | k< | K^ |", true},
		{"+------------+", true},
		{"| vK vB vG vS| a", true},
		{"4   w---w---w---w   4", true},
		{"  new <game> [as black|white|random] [level perfect|strong|casual]", true},
		{"gx99t  gufuu        you (black) vs. the bot (casual): your move (#2)", true},
		{"1.K*1b>N         black   W 37 -> W 37", true},
		{"1.K*1b>N 2.K*2c>E 3.W*2a>N", true},
		{"13.W:>S+ 14.Sx1b>S 15.K-2b>W X", true},
		{"X marks the spot", false},
		{`[Position "..../kwKn/.... b"]`, true},
		{"> new gufuu  as black", false},
		{"Done: you played 1.K*1b>N. The bot answered 2.K*2c>E.", false},
		{"K*2a>N, K*2a>E, K*2a>S, K*2a>W, K*1a>N, K*1a>E, K*1a>S, K*1a>W, K*2b>N,", false},
		{"White in hand: -", false},
		{"N -> E -> S -> W -> N. Kings are never captured.", false},
		{"Refused: \"K*3a>N\" is not a legal move in game gx99t: there is no square 3a.", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := fixedLine(tt.line); got != tt.fixed {
			t.Errorf("fixedLine(%q) = %v, want %v", tt.line, got, tt.fixed)
		}
	}
}

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
// of the text part is at most 78 characters, but for fixed lines (boards,
// records, tables); the prose lines longer than that were soft-wrapped.
func TestTextFits78Columns(t *testing.T) {
	wrapped := 0
	for _, m := range mailKinds(t) {
		_, text := composedText(t, m)
		for i, l := range strings.Split(text, "\n") {
			n := utf8.RuneCountInString(l)
			if n <= flowedWidth {
				continue
			}
			if fixedLine(strings.TrimPrefix(l, " ")) {
				if !strings.Contains(l, "  ") {
					t.Errorf("%s: line %d: a fixed line over %d characters that is no table row: %q", m.name, i+1, flowedWidth, l)
				}
				continue
			}
			t.Errorf("%s: line %d has %d characters (at most %d): %q", m.name, i+1, n, flowedWidth, l)
		}
		for _, l := range strings.Split(m.mail.Text, "\n") {
			if utf8.RuneCountInString(l) > flowedWidth && !fixedLine(l) {
				wrapped++
			}
		}
	}
	if wrapped < 5 {
		t.Errorf("only %d prose lines over %d characters in the mails: the test does not exercise wrapping", wrapped, flowedWidth)
	}
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

func TestFixedLines(t *testing.T) {
	tests := []struct {
		name, text string
		want       []bool
	}{
		{"a board with its hands and turn", "White in hand: -\n+---+\n| vK| a\nBlack in hand: -\nWhite to move (move 2).",
			[]bool{true, true, true, true, true}},
		{"a table with its title", "Your games:\ngx99t  gufuu        you (black)", []bool{true, true}},
		{"a long prose line keeps the paragraph apart", "    a   b\n4   w---w   4\nBlack to move. b = Black (4), w = White (4).",
			[]bool{true, true, false}},
		{"a blank line ends the paragraph", "Move #1.\n\n+---+\nfaces.", []bool{false, false, true, true}},
		{"the echo is never fixed", "> games\n  a  b", []bool{false, true}},
		{"prose alone stays prose", "Done.\nMove #1.", []bool{false, false}},
		{"rules prose around an indented list", "on the board faces north, east, south or west; \"forward\" is the way it\nfaces.\n  King:  one step.",
			[]bool{false, false, true}},
	}
	for _, tt := range tests {
		if got := fixedLines(trimmedLines(tt.text)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: fixedLines = %v, want %v", tt.name, got, tt.want)
		}
	}
}
