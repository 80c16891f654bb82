package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer"
	"github.com/windpost/windpost/mailer/mailtest"
)

// nextUTC is the first time after now at hour:00 UTC.
func nextUTC(now time.Time, hour int) time.Time {
	at := time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, time.UTC)
	if !at.After(now) {
		at = at.Add(24 * time.Hour)
	}
	return at
}

// TestDigest: alice chose "notify digest 07:00"; bob's move reaches her
// not as a mail of its own but in her daily digest at 07:00 (the clock is
// moved there), which lists the game with its board and how to answer;
// her reply to the digest, naming the game by its id, plays her move.
func TestDigest(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice", "bob")
		clk := &shiftClock{}
		tune := func(c *games.Config) { c.Clock, c.OutageAfter = clk, -1 }
		startDaemonWith(t, b, t.TempDir(), tune, func(d *mailer.Daemon) {
			d.Now, d.Outbox.Now = clk.Now, clk.Now
			d.TickEvery = 50 * time.Millisecond
			d.IMAP.Poll = time.Second
		})
		alice, bob := newPlayer(t, b, "alice"), newPlayer(t, b, "bob")
		// A first mail acts in alice's name only once she confirms it;
		// then any reply to a windpost mail does at once.
		ask := alice.answerTo(alice.send(b.addr("bot"), "settings", "notify digest 07:00", mailOpts{}))
		set := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{}))
		if !strings.Contains(mailtest.Unflowed(set.Text), "Done: you get one mail a day at 07:00 (UTC)") {
			t.Fatalf("notify digest:\n%s", set.Text)
		}
		game := alice.answerTo(alice.reply(set, "challenge "+bob.addr()+" gufuu as white days 2", "gmail", mailOpts{})).game()
		if game == "" {
			t.Fatal("the challenge was not taken")
		}
		inv := bob.waitMail("with the challenge", 30*time.Second, func(g *got) bool { return g.game() == game })
		begun := bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
		moved := bob.answerTo(bob.reply(begun, perfectMove(t, begun), "gmail", mailOpts{}))
		if !strings.Contains(moved.Text, "Done: you played") {
			t.Fatalf("bob's move:\n%s", moved.Text)
		}

		// The next 07:00 UTC: the digest goes.
		clk.set(nextUTC(time.Now().UTC(), 7).Add(time.Second))
		digest := alice.waitMail("with the digest", 30*time.Second, func(g *got) bool {
			return strings.Contains(g.Subject, "your daily digest")
		})
		for _, want := range []string{"It is your move in 1 game", "== Game " + game + ": your move, deadline ",
			"One reply may answer several games.", "== News since the last digest =="} {
			if !strings.Contains(digest.Text, want) {
				t.Errorf("the digest lacks %q:\n%s", want, digest.Text)
			}
		}
		for _, g := range alice.mails {
			if g.game() == game && strings.Contains(g.Text, "It is your move") && !strings.Contains(g.Subject, "digest") {
				t.Errorf("a mail of its own about bob's move:\n%s", g.Text)
			}
		}
		r := alice.answerTo(alice.reply(digest, game+" "+perfectMove(t, moved), "gmail", mailOpts{}))
		if !strings.Contains(r.Text, "Done: you played") {
			t.Fatalf("alice's reply to the digest:\n%s", r.Text)
		}
		bob.waitMail("with alice's move", 30*time.Second, func(g *got) bool {
			return g.game() == game && strings.Contains(g.Text, "It is your move")
		})
	})
}
