package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestTalkAndOfferOutOfTurn has two people talk through windpost: alice's
// greeting reaches bob in the relay mail with her draw offer, made on her
// own turn; bob declines it out of turn with "No thanks" and a message of
// his own, which reaches alice. Quoted text never goes with a message.
func TestTalkAndOfferOutOfTurn(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob")
		alice, bob := ps[0], ps[1]
		ask := alice.answerTo(alice.send(b.addr("bot"), "a game?", "challenge "+bob.addr()+" gufuu as black", mailOpts{}))
		game := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{})).game()
		if game == "" {
			t.Fatal("the challenge was not taken")
		}
		inv := bob.waitMail("with the challenge", 30*time.Second, func(g *got) bool { return g.game() == game })
		bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
		begun := alice.waitMail("saying the game began", 30*time.Second, func(g *got) bool {
			return g.game() == game && strings.Contains(g.Text, "accepted your challenge")
		})

		// alice, to move, greets bob and offers a draw before her move.
		r := alice.answerTo(alice.reply(begun, "Hello Bob, good luck!\ndraw", "gmail", mailOpts{}))
		for _, want := range []string{"Passed on to " + bob.addr(), "Hello Bob, good luck!", "Done: you offered a draw."} {
			if !strings.Contains(r.Text, want) {
				t.Errorf("alice's answer lacks %q:\n%s", want, r.Text)
			}
		}
		relay := bob.waitMail("with alice's message", 30*time.Second, func(g *got) bool {
			return g.game() == game && strings.Contains(g.Text, "Hello Bob, good luck!")
		})
		for _, want := range []string{"offers a draw", "To decline, reply with: decline"} {
			if !strings.Contains(relay.Text, want) {
				t.Errorf("bob's relay mail lacks %q:\n%s", want, relay.Text)
			}
		}
		for _, not := range []string{"play your move", "wrote:", "________"} {
			if strings.Contains(relay.Text, not) {
				t.Errorf("bob's relay mail holds %q:\n%s", not, relay.Text)
			}
		}

		// bob, not to move, declines and answers, quoting in Outlook's way.
		r = bob.answerTo(bob.reply(relay, "No thanks\nMaybe later, Alice.", "outlook", mailOpts{}))
		if !strings.Contains(r.Text, "Done: you declined the draw offer.") || strings.Contains(r.Text, "not understand") {
			t.Errorf("bob's decline out of turn:\n%s", r.Text)
		}
		back := alice.waitMail("with bob's answer", 30*time.Second, func(g *got) bool {
			return g.game() == game && strings.Contains(g.Text, "declined your draw offer")
		})
		if !strings.Contains(back.Text, "Maybe later, Alice.") || strings.Contains(back.Text, "From: windpost") {
			t.Errorf("alice's mail does not carry bob's message alone:\n%s", back.Text)
		}
		if back.Header.Get("X-Windpost-Result") != "" {
			t.Errorf("the game ended: %s", back.Header.Get("X-Windpost-Result"))
		}
	})
}
