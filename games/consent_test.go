package games

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
)

const carol = "carol@players.test"

// mailsTo counts the mails to address among mails.
func mailsTo(mails []Mail, address string) int {
	n := 0
	for _, m := range mails {
		if m.To == address {
			n++
		}
	}
	return n
}

// playerOf reads the record of address from the store (nil if none).
func (h *harness) playerOf(t testing.TB, address string) *record.Player {
	t.Helper()
	var p *record.Player
	err := h.store.View(func(st referee.StoreTx) error {
		var err error
		p, err = st.Player(address)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestProvenByReplyKey: a challenge in a mail without a key waits for a
// confirm, also from an address that proved itself before (a From line
// proves nothing); a reply with the sender's key sends it at once.
func TestProvenByReplyKey(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	m := only(t, h.write(t, eve, "challenge carol@players.test nim"), eve)
	wantText(t, m, "Waiting for your confirmation: this line acts in your name")
	if p := h.playerOf(t, eve); !p.Proven.IsZero() {
		t.Fatalf("a mail without a key proved eve: %+v", p)
	}
	game := only(t, h.write(t, eve, "new nim as black"), eve)
	only(t, h.reply(t, game, "board"), eve)
	if p := h.playerOf(t, eve); !p.Proven.Equal(h.clock.Now()) {
		t.Fatalf("a reply with eve's key did not prove her: %+v", p)
	}
	h.clock.Advance(time.Hour)
	mails := h.fresh(t, eve, "challenge bob@players.test nim")
	wantText(t, only(t, mails, eve), "Waiting for your confirmation: this line acts in your name")
	mails = h.reply(t, game, "challenge bob@players.test nim")
	wantText(t, only(t, mails, eve), "Done: I invited bob@players.test")
	inv := only(t, mails, bob)
	if got, want := inv.Headers["List-Unsubscribe"], "<mailto:"+inv.ReplyTo+"?subject=stop&body=stop>"; got != want || !strings.Contains(inv.ReplyTo, "+g") {
		t.Errorf("the invitation's List-Unsubscribe is %q, want the keyed %q", got, want)
	}
	wantText(t, inv, "Never want mail from windpost? Reply with the word: stop")
}

// TestConfirm: the answer to a stranger's challenge is the one mail that
// asks for the confirm; a reply "confirm" with its key sends the
// invitation; every forged or late confirm does nothing.
func TestConfirm(t *testing.T) {
	for _, tc := range []struct {
		name    string
		confirm func(h *harness, ask Mail) []Mail
		sent    bool   // the invitation goes to carol
		want    string // in the answer to the confirm, if any
	}{
		{"reply with the key", func(h *harness, ask Mail) []Mail { return h.reply(t, ask, "confirm") }, true,
			"Done: you confirmed your address"},
		{"subject tag only", func(h *harness, ask Mail) []Mail {
			game, tok, _ := keys.ParseSubjectTag(ask.Subject)
			return h.send(t, h.request(eve, game, tok, "Confirm"))
		}, true, "Done: you confirmed your address"},
		{"no key", func(h *harness, ask Mail) []Mail { return h.write(t, eve, "confirm") }, false,
			"Refused: a confirm counts only in a reply to the mail in which I asked for it"},
		{"key from another address", func(h *harness, ask Mail) []Mail { return h.replyFrom(t, ask, bob, "confirm") }, false,
			"Refused: this mail answers one I sent to another address, not to bob@players.test"},
		{"a game key", func(h *harness, ask Mail) []Mail {
			g := only(t, h.write(t, eve, "new nim as black"), eve)
			game, _, _ := keys.ParseSubjectTag(ask.Subject)
			_, tok, _ := keys.ParseSubjectTag(g.Subject)
			return h.send(t, h.request(eve, game, tok, "confirm"))
		}, false, "Refused: a confirm counts only in a reply"},
		{"after three days", func(h *harness, ask Mail) []Mail {
			h.clock.Advance(consent.Lifetime + time.Second)
			return h.reply(t, ask, "confirm")
		}, false, "Refused: nothing of yours is waiting for a confirmation."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			mails := h.write(t, eve, "challenge   Carol@Players.test   nim  as white days 3", "challenge dave@players.test nim unrated")
			ask := only(t, mails, eve)
			if len(mails) != 1 {
				t.Fatalf("a stranger's challenge sent %d mails: %s", len(mails), describe(mails))
			}
			if !strings.Contains(ask.ReplyTo, "+g") || !strings.Contains(ask.Subject, "[windpost g") {
				t.Fatalf("the confirmation request carries no key: %q / %q", ask.ReplyTo, ask.Subject)
			}
			mails = tc.confirm(h, ask)
			if tc.want != "" {
				wantText(t, only(t, mails, mails[0].To), tc.want)
			}
			if got := mailsTo(mails, carol); got != map[bool]int{true: 1}[tc.sent] {
				t.Fatalf("carol got %d mails: %s", got, describe(mails))
			}
			if tc.sent {
				wantText(t, only(t, mails, carol), "You would play black, with 3 days for each move.")
				wantText(t, only(t, mails, eve), "> challenge carol@players.test nim as white days 3\nDone: I invited carol@players.test")
				// The held challenge keeps every term: dave's is unrated.
				wantText(t, only(t, mails, "dave@players.test"), "The game is unrated.")
				if p := h.playerOf(t, eve); p.Proven.IsZero() || p.Confirm != nil {
					t.Errorf("after the confirm eve's record is %+v", p)
				}
				// A second confirm finds nothing.
				wantText(t, only(t, h.reply(t, ask, "confirm"), eve), "Refused: nothing of yours is waiting")
			} else if p := h.playerOf(t, eve); !p.Proven.IsZero() {
				t.Errorf("a confirm that does not count proved eve: %+v", p)
			}
		})
	}
}

// TestInvitationRules: the cap per day on addresses that never played
// (withdrawn invitations count), one invitation waiting per address, the
// do-not-mail list and blocks.
func TestInvitationRules(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before func(h *harness)
		line   string
		want   string
	}{
		{"the day's cap, withdrawn ones counted", func(h *harness) {
			for i := 0; i < referee.DefaultInvitationsPerDay; i++ {
				m := only(t, h.write(t, alice, fmt.Sprintf("challenge new%d@players.test nim", i)), alice)
				wantText(t, only(t, h.reply(t, m, "decline"), alice), "Done: you withdrew")
			}
		}, "challenge new9@players.test nim",
			"Refused: you have invited 5 addresses that never played windpost in the last 24 hours, as many as a day allows; invite them after Sun 22 Nov 2026 12:00 UTC"},
		{"the cap ends after a day", func(h *harness) {
			for i := 0; i < referee.DefaultInvitationsPerDay; i++ {
				m := only(t, h.write(t, alice, fmt.Sprintf("challenge new%d@players.test nim", i)), alice)
				h.reply(t, m, "decline")
			}
			h.clock.Advance(24*time.Hour + time.Second)
		}, "challenge new9@players.test nim", "Done: I invited new9@players.test"},
		{"players who played do not count", func(h *harness) {
			for i := 0; i < referee.DefaultInvitationsPerDay; i++ {
				m := only(t, h.write(t, alice, "challenge bob@players.test nim"), alice)
				h.reply(t, m, "decline")
				h.clock.Advance(time.Hour) // bob may be invited 3 times an hour
			}
		}, "challenge bob@players.test nim", "Done: I invited bob@players.test"},
		{"one waiting per invitee, whoever sent it", func(h *harness) {
			h.prove(t, carol)
			wantText(t, only(t, h.write(t, carol, "challenge bob@players.test nim"), carol), "Done: I invited bob@players.test")
		}, "challenge bob@players.test nim", "Refused: bob@players.test has another challenge waiting for their answer"},
		{"three an hour per invitee, whoever sent them", func(h *harness) {
			for _, from := range []string{carol, eve, "dave@players.test"} {
				h.prove(t, from)
				m := only(t, h.write(t, from, "challenge bob@players.test nim"), from)
				h.reply(t, m, "decline")
			}
		}, "challenge bob@players.test nim", "Refused: bob@players.test has been invited 3 times in the last hour, as many as I allow. Try again after Sat 21 Nov 2026 13:00 UTC."},
		{"one waiting per address", func(h *harness) {
			h.write(t, alice, "challenge carol@players.test nim")
		}, "challenge carol@players.test nim", "Refused: your challenge to carol@players.test (game g"},
		{"a stop without a key waits for the confirm", func(h *harness) {
			wantText(t, only(t, h.write(t, carol, "stop"), carol), "Waiting for your confirmation: this line acts in your name")
		}, "challenge carol@players.test nim", "Done: I invited carol@players.test"},
		{"stop", func(h *harness) {
			h.prove(t, carol)
			wantText(t, only(t, h.write(t, carol, "stop"), carol), "Done: nobody can invite you any more, and windpost will never write to you again")
		}, "challenge carol@players.test nim", "Refused: carol@players.test asked windpost never to write to them"},
		{"stop as the subject", func(h *harness) {
			h.prove(t, carol)
			id, tok := keys.PersonalKey(testSecret, keys.Digest, carol)
			r := h.request(carol, id, tok, "This message was automatically generated by Gmail.")
			r.Subject = "stop"
			wantText(t, only(t, h.send(t, r), carol), "Done: nobody can invite you any more, and windpost will never write to you again")
		}, "challenge carol@players.test nim", "Refused: carol@players.test asked windpost never to write to them"},
		{"unsubscribe", func(h *harness) {
			h.prove(t, carol)
			wantText(t, only(t, h.write(t, carol, "Stop, I meant t1"), carol), `Refused: to get no more mail from windpost, write "stop" alone on its line.`)
			wantText(t, only(t, h.write(t, carol, "Unsubscribe"), carol), "Done: nobody can invite you any more, and windpost will never write to you again")
		}, "challenge carol@players.test nim", "Refused: carol@players.test asked windpost never to write to them"},
		{"block", func(h *harness) {
			wantText(t, only(t, h.write(t, bob, "block Alice@Players.test"), bob), "Done: alice@players.test can no longer challenge you.")
		}, "challenge bob@players.test nim", "Refused: bob@players.test does not take challenges from you."},
		{"unblock needs a key", func(h *harness) {
			h.write(t, bob, "block alice@players.test")
			wantText(t, only(t, h.fresh(t, bob, "unblock alice@players.test"), bob), "Waiting for your confirmation: this line acts in your name")
		}, "challenge bob@players.test nim", "Refused: bob@players.test does not take challenges from you."},
		{"unblock with a key", func(h *harness) {
			h.write(t, bob, "block alice@players.test")
			g := only(t, h.write(t, bob, "new nim"), bob)
			wantText(t, only(t, h.reply(t, g, "unblock alice@players.test"), bob), "Done: alice@players.test can challenge you again.")
		}, "challenge bob@players.test nim", "Done: I invited bob@players.test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			tc.before(h)
			mails := h.write(t, alice, tc.line)
			wantText(t, only(t, mails, alice), tc.want)
			if strings.HasPrefix(tc.want, "Refused") && len(mails) != 1 {
				t.Errorf("a refused challenge sent mail: %s", describe(mails))
			}
		})
	}
}

// TestHeldChallengesAreFew: a stranger holds at most maxOpenInvitations
// challenges, even to players who played.
func TestHeldChallengesAreFew(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	var lines []string
	for i := 0; i <= referee.MaxOpenInvitations; i++ {
		a := fmt.Sprintf("p%d@players.test", i)
		h.prove(t, a)
		lines = append(lines, "challenge "+a+" nim")
	}
	m := only(t, h.write(t, eve, lines...), eve)
	wantText(t, m, "Refused: this mail already has 5 lines waiting for your confirm")
	if p := h.playerOf(t, eve); len(p.Confirm.Challenges) != referee.MaxOpenInvitations {
		t.Errorf("eve holds %d challenges", len(p.Confirm.Challenges))
	}
}

// TestChallengeWithdrawnInTheSameMail: the invitee never hears of it, and
// it counts against the day's cap.
func TestChallengeWithdrawnInTheSameMail(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	lines := make([]string, 0, 2*referee.DefaultInvitationsPerDay+2)
	for i := 0; i <= referee.DefaultInvitationsPerDay; i++ {
		lines = append(lines, fmt.Sprintf("challenge c%d@players.test nim", i), "decline")
	}
	mails := h.write(t, alice, lines...)
	if len(mails) != 1 {
		t.Fatalf("the invitees got mail: %s", describe(mails))
	}
	wantText(t, only(t, mails, alice), "Refused: you have invited 5 addresses that never played")
}

// TestStopForEver: "stop" declines the challenges waiting, outlives a
// restart, and keeps notices away; the invitee's record loses the ended
// challenges.
func TestStopForEver(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	inv := only(t, h.write(t, alice, "challenge carol@players.test nim"), carol)
	mails := h.reply(t, inv, "stop")
	wantText(t, only(t, mails, carol), "Done: nobody can invite you any more, and windpost will never write to you again", "I declined the challenges that were waiting for you (g")
	wantText(t, only(t, mails, alice), "carol@players.test declined your challenge")
	wantText(t, only(t, h.write(t, carol, "games"), carol), "You have no games yet.")
	if p := h.playerOf(t, carol); len(p.Games) != 0 {
		t.Errorf("carol's record keeps the challenge she declined: %v", p.Games)
	}
	h.reopen(t)
	h.clock.Advance(400 * 24 * time.Hour)
	wantText(t, only(t, h.write(t, alice, "challenge carol@players.test nim"), alice), "Refused: carol@players.test asked windpost never to write to them")
	// Her own mails are still answered.
	only(t, h.write(t, carol, "help"), carol)
}

// TestExpiredChallengesPruned: the challenges to a player that expired
// leave the player's record at their next command or invitation; the
// challenger's stay.
func TestExpiredChallengesPruned(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol)
	for i := 0; i < 3; i++ {
		only(t, h.write(t, alice, "challenge carol@players.test nim"), carol)
		h.clock.Advance(referee.InvitationDays*24*time.Hour + time.Second)
		if _, err := h.srv.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	// (a new invitation to carol prunes her expired ones too)
	if n := len(h.playerOf(t, carol).Games); n != 1 {
		t.Fatalf("carol's record has %d games before her command, want 1", n)
	}
	only(t, h.write(t, carol, "games"), carol)
	if p := h.playerOf(t, carol); len(p.Games) != 0 {
		t.Errorf("carol's record keeps the expired challenges: %v", p.Games)
	}
	wantText(t, only(t, h.write(t, alice, "games"), alice), "the challenge expired")
}

// TestForgetMe: "forget me" with a key resigns, withdraws, replaces the
// address by a stand-in and deletes the record; without a key it does
// nothing. The do-not-mail entry stays.
func TestForgetMe(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	game := toAlice.Headers["X-Windpost-Game"]
	wantText(t, only(t, h.write(t, alice, "challenge carol@players.test nim"), alice), "Done: I invited")
	wantText(t, only(t, h.fresh(t, alice, "forget me"), alice), "Waiting for your confirmation: this line acts in your name")
	mails := h.reply(t, toAlice, "stop", "forget me")
	wantText(t, only(t, mails, alice), "Done: I forgot alice@players.test. Your games show you as forgotten-", "You resigned "+game+".")
	wantText(t, only(t, mails, bob), "Your opponent left windpost and resigned: you win game "+game+".")
	wantText(t, only(t, mails, carol), "The other player left windpost: the challenge was withdrawn")
	if p := h.playerOf(t, alice); p != nil {
		t.Errorf("alice's record stays: %+v", p)
	}
	err := h.store.View(func(st referee.StoreTx) error {
		if !st.DoNotMail(alice) {
			t.Error("alice said stop, but is not on the do-not-mail list")
		}
		return st.EachGame(func(id string, rec *record.Game, err error) error {
			if err != nil {
				return err
			}
			for _, p := range rec.Players {
				if p.Address == alice || rec.Challenger == alice {
					t.Errorf("game %s keeps alice's address: %+v", id, rec)
				}
			}
			if id == game && (rec.State != record.Over || rec.Reason != string(rules.Resignation)) {
				t.Errorf("game %s not resigned: %+v", id, rec)
			}
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	// The operator's forget.
	f, err := h.srv.Forget(context.Background(), "Bob <BOB@players.test>")
	if err != nil || f.Games != 1 || !strings.HasPrefix(f.StandIn, "forgotten-") {
		t.Fatalf("Forget(bob) = %+v, %v", f, err)
	}
	if _, err := h.srv.Forget(context.Background(), bob); err == nil {
		t.Error("forgetting bob twice did not fail")
	}
}

// TestUnprovenAnswerLimit: a stranger gets at most ErrorAnswersPerHour
// answers an hour, whatever the mails hold ("help" first included); a
// proven player's working mails are always answered.
func TestUnprovenAnswerLimit(t *testing.T) {
	for _, lines := range [][]string{{"help"}, {"help", "challenge bob@players.test nim"}, {"rules nim"}, {"new nim"}} {
		t.Run(lines[0], func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			h.cfg.ErrorAnswersPerHour = 3
			h.reopen(t)
			for i := 0; i < 3; i++ {
				if mails := h.write(t, eve, lines...); len(mails) != 1 {
					t.Fatalf("answer %d: %s", i, describe(mails))
				}
			}
			if mails := h.write(t, eve, lines...); len(mails) != 0 {
				t.Fatalf("answer beyond the limit: %s", describe(mails))
			}
			for i := 0; i < 7; i++ {
				if mails := h.write(t, alice, lines...); len(mails) == 0 {
					t.Fatalf("alice's mail %d with her key not answered", i)
				}
			}
			// Without her key, alice (who proved her address once) gets
			// twice the stranger's allowance, and no more.
			for i := 0; i < 6; i++ {
				if mails := h.fresh(t, alice, lines...); len(mails) == 0 {
					t.Fatalf("alice's mail %d without her key not answered", i)
				}
			}
			if mails := h.fresh(t, alice, lines...); len(mails) != 0 {
				t.Fatalf("a 7th mail without alice's key in the hour was answered: %s", describe(mails))
			}
		})
	}
}

// TestUniqueIDsInOneTransaction: 3000 games made in one change get 3000
// ids (the check sees the games made before it in the same transaction).
func TestUniqueIDsInOneTransaction(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	kit, err := h.catalog.Get("nim")
	if err != nil {
		t.Fatal(err)
	}
	const n = 3000
	seen := map[string]bool{}
	err = h.store.Update(func(st referee.StoreTx) error {
		c := h.srv.NewChange(context.Background(), st, alice)
		for i := 0; i < n; i++ {
			lg, err := c.NewGame(kit, alice, rules.Black, record.Slot{Bot: true, Level: "perfect"}, record.Playing)
			if err != nil {
				return err
			}
			if seen[lg.Rec.ID] {
				t.Fatalf("game %d: id %s given twice", i, lg.Rec.ID)
			}
			seen[lg.Rec.ID] = true
		}
		return c.Commit()
	})
	if err != nil {
		t.Fatal(err)
	}
	list := must[[]GameSummary](t)(h.store.Games())
	if len(list) != n {
		t.Fatalf("%d games stored, want %d", len(list), n)
	}
}

// TestPrivacyHelp: each new command's help topic is the privacy help.
func TestPrivacyHelp(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, topic := range []string{"privacy", "stop", "confirm", "block", "forget me"} {
		wantText(t, only(t, h.write(t, alice, "help "+topic), alice), "A From line proves nothing", "runs at once only in a reply to a mail windpost", `"forget me": your games`)
	}
}

// TestForgedStopKeepsGameMail: "stop" needs no key, so a forged one must
// not silence the moves and reminders of a game the address plays (that
// would lose it the game on time); it only keeps invitations away.
func TestForgedStopKeepsGameMail(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	// Someone writes "stop" as bob, without his key.
	wantText(t, only(t, h.write(t, bob, "stop"), bob), "You still play", "you keep getting the moves and reminders")
	// alice moves: bob is told, as before.
	wantText(t, only(t, h.reply(t, toAlice, "t1"), bob), "alice@players.test played")
	// His reminder still comes before his deadline.
	if d := describe(h.runFor(t, 3*24*time.Hour)); !strings.Contains(d, "reminder to bob") {
		t.Errorf("bob got no reminder after a forged stop: %s", d)
	}
	// New invitations to bob are refused.
	h.prove(t, carol)
	wantText(t, only(t, h.write(t, carol, "challenge bob@players.test nim"), carol), "asked windpost never to write to them")
}
