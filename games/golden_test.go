package games

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	goldenfile "github.com/windpost/windpost/internal/golden"
)

// renderMails writes mails as a reader would see them: the headers that
// matter and the text.
func renderMails(mails []Mail) string {
	var b strings.Builder
	for _, m := range mails {
		fmt.Fprintf(&b, "--- %s to %s\n", m.Kind, m.To)
		fmt.Fprintf(&b, "Subject: %s\nMessage-ID: %s\n", m.Subject, m.MessageID)
		if m.ReplyTo != "" {
			fmt.Fprintf(&b, "Reply-To: %s\n", m.ReplyTo)
		}
		if m.InReplyTo != "" {
			fmt.Fprintf(&b, "In-Reply-To: %s\n", m.InReplyTo)
		}
		if len(m.References) > 0 {
			fmt.Fprintf(&b, "References: %s\n", strings.Join(m.References, " "))
		}
		keys := make([]string, 0, len(m.Headers))
		for k := range m.Headers {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "%s: %s\n", k, m.Headers[k])
		}
		fmt.Fprintf(&b, "\n%s\n", strings.TrimRight(m.Text, "\n"))
	}
	return b.String()
}

// golden compares got with ../testdata/games/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("..", "testdata", "games", name), got)
}

// transcript records a conversation for a golden file.
type transcript struct{ b strings.Builder }

func (tr *transcript) add(who string, lines []string, mails []Mail) []Mail {
	fmt.Fprintf(&tr.b, "=== %s writes:\n", who)
	for _, l := range lines {
		fmt.Fprintf(&tr.b, "  %s\n", l)
	}
	tr.b.WriteString(renderMails(mails))
	tr.b.WriteString("\n")
	return mails
}

// TestGoldenNim pins the texts of a challenge, a refused move, a move with
// a draw offer and its acceptance.
func TestGoldenNim(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	var tr transcript
	say := func(who string, m *Mail, lines ...string) []Mail {
		if m == nil {
			return tr.add(who, lines, h.write(t, who, lines...))
		}
		return tr.add(who, lines, h.replyFrom(t, *m, who, lines...))
	}
	mails := say(alice, nil, "Hello", "challenge bob@players.test nim as black days 3")
	inv := only(t, mails, bob)
	mails = say(bob, &inv, "accept")
	toAlice := only(t, mails, alice)
	say(alice, &toAlice, "t5 #1")
	mails = say(alice, &toAlice, "t2 #1", "draw", "Cheers, Alice")
	toBob := only(t, mails, bob)
	say(bob, &toBob, "history", "draw")
	say(eve, nil, "please tell me what this is")
	golden(t, "nim-conversation.golden", tr.b.String())
}
