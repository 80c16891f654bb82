package e2e

import (
	"strings"
	"testing"
	"time"
)

// cannon is the spam cannon of issue 10: one mail of n pairs of a
// challenge to victim and its withdrawal.
func cannon(victim string, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString("challenge " + victim + " gufuu\ndecline\n")
	}
	return b.String()
}

// quiet fails t if p gets more than max mails within wait (after those
// already seen).
func quiet(t *testing.T, p *player, max int, wait time.Duration) {
	t.Helper()
	time.Sleep(wait)
	if got := len(p.fetchNew()); got > max {
		t.Errorf("%s got %d more mails, want at most %d", p.local, got, max)
	}
}

// TestHostileChallengeCannon: 3000 challenge/decline pairs in one mail.
// From a sender who never proved their address, the victim gets nothing
// (until the sender confirms, then the one invitation) and the sender one
// answer under 64 KiB; from a proven sender, the victim gets at most one
// mail.
func TestHostileChallengeCannon(t *testing.T) {
	const pairs = 3000
	forEachBackend(t, func(t *testing.T, b *backend) {
		start := func(t *testing.T) (alice, bob *player) {
			b.wipe(t, "bot", "alice", "bob")
			startDaemon(t, b, t.TempDir())
			return newPlayer(t, b, "alice"), newPlayer(t, b, "bob")
		}
		// fire sends the cannon from alice and returns the one answer.
		fire := func(t *testing.T, alice, bob *player) *got {
			ans := alice.answerTo(alice.send(b.addr("bot"), "games", cannon(bob.addr(), pairs), mailOpts{}))
			if len(ans.Raw) > 64<<10 {
				t.Errorf("the answer is %d bytes", len(ans.Raw))
			}
			return ans
		}
		t.Run("unproven", func(t *testing.T) {
			alice, bob := start(t)
			ask := fire(t, alice, bob)
			if !strings.Contains(ask.Text, "Waiting for your confirm") {
				t.Errorf("the answer asks for no confirm:\n%s", ask.Text)
			}
			quiet(t, bob, 0, 2*time.Second)
			quiet(t, alice, 0, 0)
			// The sender confirms: the one challenge held goes out.
			alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{}))
			bob.waitMail("with the invitation", 30*time.Second, func(g *got) bool {
				return strings.Contains(g.Text, "challenges you") && g.Header.Get("List-Unsubscribe") != ""
			})
			quiet(t, bob, 0, 2*time.Second)
		})
		t.Run("proven", func(t *testing.T) {
			alice, bob := start(t)
			// alice plays the bot and answers its mail with her key.
			g := alice.answerTo(alice.send(b.addr("bot"), "a game", "new gufuu", mailOpts{}))
			alice.answerTo(alice.reply(g, "board", "gmail", mailOpts{}))
			ans := fire(t, alice, bob)
			if !strings.Contains(ans.Text, "Refused") {
				t.Errorf("nothing in the cannon was refused:\n%s", ans.Text)
			}
			quiet(t, bob, 1, 2*time.Second)
			quiet(t, alice, 0, 0)
		})
	})
}

// TestHostileForgedConfirm: a forged From writes "confirm" for a held
// challenge (without the key of the confirmation mail): nothing is sent to
// the invited address.
func TestHostileForgedConfirm(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice", "bob", "carol")
		startDaemon(t, b, t.TempDir())
		alice, bob, carol := newPlayer(t, b, "alice"), newPlayer(t, b, "bob"), newPlayer(t, b, "carol")
		// carol writes as alice: alice gets the one request to confirm.
		fid := carol.send(b.addr("bot"), "a game", "challenge "+bob.addr()+" gufuu", mailOpts{from: alice.addr()})
		ask := alice.answerTo(fid)
		// carol cannot read it; she forges the confirm as well.
		cid := carol.send(b.addr("bot"), "Re: a game", "confirm", mailOpts{from: alice.addr()})
		r := alice.answerTo(cid)
		if !strings.Contains(r.Text, "Refused: a confirm counts only in a reply") {
			t.Errorf("the forged confirm was not refused:\n%s", r.Text)
		}
		// With carol's own From and the key of alice's thread id guessed
		// wrong: nothing either.
		wrong := strings.Replace(ask.ReplyTo, "+", "+x", 1)
		b.filed(t, carol.send(wrong, "Re: "+ask.Subject, "confirm", mailOpts{}), 30*time.Second)
		quiet(t, bob, 0, 2*time.Second)
	})
}

// proveAddress makes p a player whose address windpost knows, the way a
// real one becomes it: a game against the bot, and a reply to its mail
// (with p's key) that resigns it. A stranger gets at most 10 answers an
// hour; a known player's working mails are always answered.
func proveAddress(t testing.TB, b *backend, p *player) *got {
	t.Helper()
	g := p.answerTo(p.send(b.addr("bot"), "a first game", "new gufuu level casual", mailOpts{}))
	r := p.answerTo(p.reply(g, "resign", "gmail", mailOpts{}))
	if !strings.Contains(r.Text, "Done: you resigned") {
		t.Fatalf("%s: the resignation that proves the address was refused:\n%s", p.local, r.Text)
	}
	return r
}
