package games

import (
	"strings"
	"testing"
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
