package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// The examples windpost writes ("Reply with your move, e.g. "P-1c #3"")
// must be moves the rules accept where they are written. parseGot holds
// every example of every mail the suite receives against the rules
// (checkExample), and TestExamplesPlayed sends them back.

// exampleIn finds the example of a mail's text part: its move and the
// move number written after it ("" if the mail has none). The text is
// format=flowed: a line that ends in a space goes on in the next.
var exampleIn = regexp.MustCompile(`e\.g\. "([^"]+)"`)

func example(text string) (move string, ok bool) {
	m := exampleIn.FindStringSubmatch(strings.ReplaceAll(text, " \n", " "))
	if m == nil {
		return "", false
	}
	return m[1], true
}

// checkExample fails t if g's example is not a legal move of the position
// the mail is about (its X-Windpost-Position, in X-Windpost-Variant).
func checkExample(t testing.TB, g *got) {
	t.Helper()
	ex, ok := example(g.Text)
	variant, position := g.Header.Get("X-Windpost-Variant"), g.Header.Get("X-Windpost-Position")
	if !ok || variant == "" || position == "" {
		return
	}
	kit, err := testCatalog().Get(variant)
	if err != nil {
		t.Errorf("mail %s: %v", g.MessageID, err)
		return
	}
	pos, err := kit.Notation.ParsePosition(position)
	if err == nil {
		_, err = kit.Notation.ParseMove(pos, withoutNumber(ex))
	}
	if err != nil {
		t.Errorf("mail %s (%s, %s) offers the example %q, which the rules refuse: %v", g.MessageID, variant, position, ex, err)
	}
}

// TestExamplesPlayed: two people play each game by mail, each answering
// with the example of the mail that says it is their move, for up to 10
// moves or the end: every example is accepted as the move it offers, and
// relayed as that move.
func TestExamplesPlayed(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob")
		alice, bob := ps[0], ps[1]
		// An answer from windpost carries alice's key: a reply to it acts in
		// her name.
		keyed := alice.answerTo(alice.send(b.addr("bot"), "hello", "help", mailOpts{}))
		for _, variant := range []string{"gufuu", "microshogi", "julgonu"} {
			ans := alice.answerTo(alice.reply(keyed, "challenge "+bob.addr()+" "+variant+" as black days 3", "gmail", mailOpts{}))
			game := ans.game()
			if game == "" {
				t.Fatalf("%s: no game in the answer to the challenge:\n%s", variant, ans.Text)
			}
			inv := bob.waitMail("the challenge to "+variant, 30*time.Second, func(g *got) bool { return g.game() == game })
			bob.answerTo(bob.reply(inv, "accept", "outlook", mailOpts{}))
			alice.waitMail("the news of the accept", 30*time.Second, func(g *got) bool {
				return g.game() == game && strings.Contains(g.Text, "accepted your challenge")
			})
			players := []*player{alice, bob}
			played := 0
			for ; played < 10; played++ {
				mover, other, g := toMove(players, game)
				if mover == nil {
					break
				}
				ex, ok := example(g.Text)
				if !ok {
					t.Fatalf("%s: the mail that says it is %s's move has no example:\n%s", variant, mover.local, g.Text)
				}
				r := mover.answerTo(mover.reply(g, ex, styles[played%3], mailOpts{}))
				if !strings.Contains(r.Text, "Done: you played") {
					t.Fatalf("%s, move %d: the example %q was refused:\n%s", variant, played+1, ex, r.Text)
				}
				other.waitMail("the example "+ex+" relayed", 30*time.Second, func(m *got) bool {
					return m.game() == game && m.Header.Get("X-Windpost-Last-Move") == withoutNumber(ex)
				})
				if r.Header.Get("X-Windpost-Result") != "" {
					break
				}
			}
			if played == 0 {
				t.Fatalf("%s: nobody was ever to move", variant)
			}
			t.Logf("%s: %d examples played", variant, played)
		}
	})
}
