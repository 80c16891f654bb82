package games

import (
	"errors"
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/keys"
)

// TestStrangerSeesNoAddress: board, history and moves of a game are open
// to anyone, but a mail from someone who does not play it shows the
// players as "name@..." only, never a whole address or a display name.
func TestStrangerSeesNoAddress(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	r := h.replyRequest(t, toAlice, alice, "say hello")
	r.FromName = "Alice Liddell"
	h.send(t, r)
	if p := h.playerOf(t, alice); p.Name != "Alice Liddell" {
		t.Fatalf("alice's keyed mail did not keep her name: %q", p.Name)
	}
	id := toAlice.Headers["X-Windpost-Game"]
	for _, line := range []string{"board " + id, "history " + id, "moves " + id, id + " board"} {
		for _, from := range []string{eve, carol} {
			m := only(t, h.fresh(t, from, line), from)
			wantText(t, m, "alice@...", "bob@...")
			for _, secret := range []string{alice, bob, "Liddell"} {
				if strings.Contains(m.Text, secret) {
					t.Errorf("%s's %q shows %q:\n%s", from, line, secret, m.Text)
				}
			}
		}
	}
	// The players themselves see each other whole.
	wantText(t, only(t, h.reply(t, toAlice, "board"), alice), bob)
}

// TestForgedNameNotKept: a display name is taken only from a mail that
// proves its sender; a fresh mail's From name ("Known Cheater") is not
// shown to anyone.
func TestForgedNameNotKept(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	_, toBob := startHumanGame(t, h)
	r := h.request(bob, "", "", "help")
	r.FromName = "Known Cheater"
	h.send(t, r)
	if p := h.playerOf(t, bob); p.Name != "" {
		t.Fatalf("a fresh mail named bob %q", p.Name)
	}
	r = h.replyRequest(t, toBob, bob, "board")
	r.FromName = "Bob Dylan"
	h.send(t, r)
	if p := h.playerOf(t, bob); p.Name != "Bob Dylan" {
		t.Fatalf("bob's keyed mail did not keep his name: %q", p.Name)
	}
}

// TestChallengeChecksTheAddress: an invitation goes only to an address the
// mailer can ever send to (Config.CheckAddress).
func TestChallengeChecksTheAddress(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.cfg.CheckAddress = func(addr string) error {
		if addr == carol {
			return errors.New("the mail library refuses it")
		}
		return nil
	}
	h.reopen(t)
	mails := h.write(t, alice, "challenge carol@players.test nim")
	wantText(t, only(t, mails, alice), "Refused: I cannot write to carol@players.test (the mail library refuses it). Check the address for a typo.")
	if len(mails) != 1 {
		t.Errorf("a refused address was mailed: %s", describe(mails))
	}
	wantText(t, only(t, h.write(t, alice, "challenge bob@players.test nim"), alice), "Done: I invited bob@players.test")
}

// TestAlignedMailActs: with [auth] authserv_id, a mail that passed DMARC
// at our own server (Request.Aligned) proves its sender like a key does.
func TestAlignedMailActs(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	r := h.request(eve, "", "", "challenge carol@players.test nim")
	r.Aligned = true
	mails := h.send(t, r)
	wantText(t, only(t, mails, eve), "Done: I invited carol@players.test")
	only(t, mails, carol)
}

// TestUnsubscribeButtonIsOneStep: the mail a mail program sends for the
// invitation's List-Unsubscribe button (to its mailto address, subject
// "stop", no text of the player's) stops the invitee at once: the address
// carries the invitee's key.
func TestUnsubscribeButtonIsOneStep(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	inv := only(t, h.write(t, alice, "challenge carol@players.test nim"), carol)
	header := inv.Headers["List-Unsubscribe"]
	to, _, ok := strings.Cut(strings.TrimPrefix(header, "<mailto:"), "?")
	if !ok {
		t.Fatalf("List-Unsubscribe %q", header)
	}
	local, _, _ := strings.Cut(to, "@")
	_, tag, _ := strings.Cut(local, "+")
	game, token, ok := keys.ParsePlusTag(tag)
	if !ok {
		t.Fatalf("the unsubscribe address %q carries no key", to)
	}
	r := h.request(carol, game, token)
	r.Subject = "stop"
	mails := h.send(t, r)
	wantText(t, only(t, mails, carol), "Done: nobody can invite you any more")
	if !h.onDoNotMail(t, carol) {
		t.Error("carol is not on the do-not-mail list")
	}
}

// TestAnswerKeyActsButDoesNotPlay: an answer about none of the sender's
// games carries their address key: a reply to it acts in their name at
// once (a challenge), but changes no game (a forwarded answer to "help"
// must not resign someone's games).
func TestAnswerKeyActsButDoesNotPlay(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	game := toAlice.Headers["X-Windpost-Game"]
	help := only(t, h.fresh(t, alice, "help"), alice)
	if !strings.Contains(help.ReplyTo, "+ga") {
		t.Fatalf("the answer to help carries no address key: %q", help.ReplyTo)
	}
	wantText(t, only(t, h.reply(t, help, "challenge carol@players.test nim"), alice), "Done: I invited carol@players.test")
	wantText(t, only(t, h.reply(t, help, game+" resign"), alice), "Refused: to change game "+game)
	// The key is alice's only: from bob it proves nothing.
	wantText(t, only(t, h.replyFrom(t, help, bob, "vacation 3"), bob), "Waiting for your confirmation")
}
