package e2e

import (
	"fmt"
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
			if !strings.Contains(ask.Text, "Waiting for your confirmation") {
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
		_, ps := startPlayers(t, b, "alice", "bob", "carol")
		alice, bob, carol := ps[0], ps[1], ps[2]
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

// TestHostileForgedActs: mallory (carol's mailbox) writes as bob, who has
// played before, every act a stranger on the internet tried in his name:
// a challenge to herself, joining alice's seek and tournament, a seek, a
// tournament, "stop", two hundred blocks, a display name, and a flood of
// help. Nothing is done in bob's name, bob gets one confirm request and at
// most his hourly allowance of answers, mallory gets nothing, and what
// bob and alice do with their keys afterwards still works.
func TestHostileForgedActs(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob", "carol")
		alice, bob, mallory := ps[0], ps[1], ps[2]
		homeBob := proveAddress(t, b, bob)
		homeAlice := proveAddress(t, b, alice)
		seek := seekID.FindStringSubmatch(alice.answerTo(alice.reply(homeAlice, "seek gufuu days 3", "gmail", mailOpts{})).Text)
		tour := tournamentID.FindStringSubmatch(alice.answerTo(alice.reply(homeAlice, "tournament new gufuu roundrobin", "gmail", mailOpts{})).Text)
		if seek == nil || tour == nil {
			t.Fatalf("alice's seek %v or tournament %v did not open", seek, tour)
		}
		bob.fetchNew()

		forge := func(subject, body string, headers map[string]string) string {
			return mallory.send(b.addr("bot"), subject, body, mailOpts{from: bob.addr(), headers: headers})
		}
		var sent []string
		for _, line := range []string{
			"challenge " + mallory.addr() + " gufuu as black days 1",
			"join " + seek[1],
			"join " + tour[1],
			"seek gufuu",
			"tournament new gufuu roundrobin",
			"stop",
		} {
			sent = append(sent, forge("hi", line, nil))
		}
		for i := 0; i < 10; i++ {
			var blocks strings.Builder
			for j := 0; j < 20; j++ {
				fmt.Fprintf(&blocks, "block junk%d-%d@junk.test\n", i, j)
			}
			sent = append(sent, forge("blocks", blocks.String(), nil))
		}
		sent = append(sent, forge("help", "help", map[string]string{"From": "Known Cheater <" + bob.addr() + ">"}))
		for i := 0; i < 25; i++ {
			sent = append(sent, forge("help", strings.Repeat("help\n", 20), nil))
		}
		for _, id := range sent {
			b.filed(t, id, 60*time.Second)
		}

		// bob got one request to confirm, and no more answers than his
		// hour allows (20 for an address that proved itself).
		time.Sleep(time.Second)
		mails := bob.fetchNew()
		asks := 0
		for _, g := range mails {
			if says(g, "Waiting for your confirmation: this line acts in your name") {
				asks++
			}
		}
		if asks != 1 || len(mails) > 20 {
			t.Errorf("bob got %d mails, %d of them confirm requests; want at most 20 and exactly 1", len(mails), asks)
		}
		quiet(t, mallory, 0, 0)

		// Nothing was done in bob's name.
		if g := alice.answerTo(alice.reply(homeAlice, "seeks", "gmail", mailOpts{})); !says(g, seek[1]) {
			t.Errorf("alice's seek was taken:\n%s", g.Text)
		}
		if g := alice.answerTo(alice.reply(homeAlice, "tournament "+tour[1], "gmail", mailOpts{})); strings.Contains(g.Text, "bob@") {
			t.Errorf("bob is in alice's tournament:\n%s", g.Text)
		}
		if g := bob.answerTo(bob.reply(homeBob, "unblock junk0-0@junk.test", "gmail", mailOpts{})); !says(g, "was not blocked") {
			t.Errorf("a forged block counted:\n%s", g.Text)
		}
		if g := bob.answerTo(bob.reply(homeBob, "games", "gmail", mailOpts{})); strings.Contains(g.Text, mallory.addr()) {
			t.Errorf("a game with mallory began in bob's name:\n%s", g.Text)
		}
		// bob is not on the do-not-mail list, and his name is his own.
		inv := alice.answerTo(alice.reply(homeAlice, "challenge "+bob.addr()+" gufuu", "gmail", mailOpts{}))
		if !says(inv, "Done: I invited "+bob.addr()) || strings.Contains(inv.Text, "Known Cheater") {
			t.Errorf("alice's challenge to bob:\n%s", inv.Text)
		}
		bob.waitMail("with alice's invitation", 30*time.Second, func(g *got) bool { return says(g, "challenges you") })
	})
}

// TestHostileStrangerLooks: anyone may ask for a game's board or history
// by its id, but a mail from someone who does not play it shows the
// players as "name@..." only.
func TestHostileStrangerLooks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob", "carol")
		alice, bob, mallory := ps[0], ps[1], ps[2]
		home := proveAddress(t, b, alice)
		alice.answerTo(alice.reply(home, "challenge "+bob.addr()+" gufuu", "gmail", mailOpts{}))
		inv := bob.waitMail("with the invitation", 30*time.Second, func(g *got) bool { return says(g, "challenges you") })
		game := bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{})).game()
		for _, line := range []string{"board " + game, "history " + game} {
			g := mallory.answerTo(mallory.send(b.addr("bot"), "?", line, mailOpts{}))
			if !says(g, "alice@...") || strings.Contains(g.Text, alice.addr()) || strings.Contains(g.Text, bob.addr()) {
				t.Errorf("%q from a stranger shows:\n%s", line, g.Text)
			}
		}
	})
}

// TestHostileInvitationLoop: senders who proved their addresses take
// turns writing "decline" and a new challenge to bob, twenty times each:
// bob gets at most 3 invitations in the hour, however many senders.
func TestHostileInvitationLoop(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob", "carol")
		alice, bob, carol := ps[0], ps[1], ps[2]
		homes := map[*player]*got{alice: proveAddress(t, b, alice), carol: proveAddress(t, b, carol)}
		pending := map[*player]*got{} // each sender's last answer that invited bob
		bob.fetchNew()
		for i := 0; i < 20; i++ {
			for _, p := range []*player{alice, carol} {
				lines, to := "challenge "+bob.addr()+" gufuu", homes[p]
				if pending[p] != nil {
					lines, to = "decline\n"+lines, pending[p] // withdraw it first
				}
				id := p.reply(to, lines, "gmail", mailOpts{})
				b.filed(t, id, 30*time.Second)
				pending[p] = nil
				// Refused answers count against the sender's hour: they may
				// stop coming.
				if ans := answerWithin(p, id, 2*time.Second); ans != nil && says(ans, "Done: I invited") {
					pending[p] = ans
				}
			}
		}
		time.Sleep(time.Second)
		invitations := 0
		for _, g := range bob.fetchNew() {
			if says(g, "challenges you") {
				invitations++
			}
		}
		if invitations == 0 || invitations > 3 {
			t.Errorf("bob got %d invitations in the hour, want 1 to 3", invitations)
		}
	})
}

// answerWithin is windpost's answer to the mail with Message-ID id if it
// comes within wait, else nil.
func answerWithin(p *player, id string, wait time.Duration) *got {
	p.t.Helper()
	for deadline := time.Now().Add(wait); ; time.Sleep(20 * time.Millisecond) {
		for _, g := range p.mails {
			if g.InReplyTo == id {
				return g
			}
		}
		if time.Now().After(deadline) {
			return nil
		}
		p.fetchNew()
	}
}
