package games

import (
	"errors"
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
)

// oneClick is the key the one-click URL of invitation inv carries, "" if
// its List-Unsubscribe has none.
func oneClick(t *testing.T, inv Mail) string {
	t.Helper()
	url, _, ok := strings.Cut(strings.TrimPrefix(inv.Headers["List-Unsubscribe"], "<"), ">, <mailto:")
	if !ok {
		return ""
	}
	_, key, ok := strings.Cut(url, referee.UnsubscribePath)
	if !ok {
		t.Fatalf("the one-click URL %q is not below %s", url, referee.UnsubscribePath)
	}
	return key
}

// TestListUnsubscribeHeader: an invitation's List-Unsubscribe is the
// keyed mailto alone when the web view is off or reached by plain http
// (RFC 8058 needs https); with an https base URL it is the one-click URL
// carrying the mailto's key, then the mailto, with List-Unsubscribe-Post.
// Other mails carry neither.
func TestListUnsubscribeHeader(t *testing.T) {
	for _, c := range []struct {
		base, wantURL string
	}{
		{"", ""},
		{"http://localhost:8080", ""},
		{"https://games.example.org/", "https://games.example.org/unsubscribe/"},
		{"HTTPS://Games.Example.org/play", "HTTPS://Games.Example.org/play/unsubscribe/"},
	} {
		h := newHarness(t, nimCatalog(10))
		h.cfg.WebBaseURL = c.base
		h.reopen(t)
		mails := h.write(t, alice, "challenge carol@players.test nim")
		inv := only(t, mails, carol)
		mailto := "<mailto:" + inv.ReplyTo + "?subject=stop&body=stop>"
		local, _, _ := strings.Cut(inv.ReplyTo, "@")
		_, tag, _ := strings.Cut(local, "+")
		want, post := mailto, ""
		if c.wantURL != "" {
			want, post = "<"+c.wantURL+tag+">, "+mailto, "List-Unsubscribe=One-Click"
		}
		if got := inv.Headers["List-Unsubscribe"]; got != want {
			t.Errorf("base %q: List-Unsubscribe %q, want %q", c.base, got, want)
		}
		if got, ok := inv.Headers["List-Unsubscribe-Post"]; got != post || ok != (post != "") {
			t.Errorf("base %q: List-Unsubscribe-Post %q (%v), want %q", c.base, got, ok, post)
		}
		if a := only(t, mails, alice); a.Headers["List-Unsubscribe"] != "" || a.Headers["List-Unsubscribe-Post"] != "" {
			t.Errorf("base %q: the challenger's answer carries %q", c.base, a.Headers)
		}
	}
}

// TestUnsubscribeActsAsStop: the one-click key stops its holder as the
// mailto's "stop" does (the do-not-mail list, the waiting challenge
// declined and its challenger told), with no answer to the address; again
// it changes nothing and mails nobody. A key that proves nobody changes
// nothing and says only ErrUnknownKey.
func TestUnsubscribeActsAsStop(t *testing.T) {
	for _, c := range []struct {
		name    string
		key     func(h *harness, inv, toAlice Mail) string
		stopped string // the address stopped; "" = ErrUnknownKey
		told    bool   // the challenger is told of the decline
	}{
		{"the invitee's key", func(_ *harness, inv, _ Mail) string { return oneClick(t, inv) }, carol, true},
		{"the challenger's key of the game", func(_ *harness, _, toAlice Mail) string {
			local, _, _ := strings.Cut(toAlice.ReplyTo, "@")
			_, key, _ := strings.Cut(local, "+")
			return key
		}, alice, false},
		{"a wrong token", func(_ *harness, inv, _ Mail) string {
			k := []byte(oneClick(t, inv))
			k[len(k)-1] ^= 1
			return string(k)
		}, "", false},
		{"no such game", func(_ *harness, inv, _ Mail) string {
			_, tok, _ := strings.Cut(oneClick(t, inv), ".")
			return "gzzzz." + tok
		}, "", false},
		{"a personal key", func(*harness, Mail, Mail) string {
			id, tok := keys.PersonalKey(testSecret, keys.Digest, alice)
			return id + "." + tok
		}, "", false},
		{"not a key", func(*harness, Mail, Mail) string { return "<b>" }, "", false},
		{"empty", func(*harness, Mail, Mail) string { return "" }, "", false},
		{"the key of an address that left", func(h *harness, inv, _ Mail) string {
			wantText(t, only(t, h.reply(t, inv, "forget me"), carol), "Done")
			return oneClick(t, inv)
		}, "", false},
		{"the key of a banned address", func(h *harness, inv, _ Mail) string {
			if _, err := h.srv.Ban(t.Context(), carol, Decision{By: "root", Why: "test"}); err != nil {
				t.Fatal(err)
			}
			return oneClick(t, inv)
		}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			h.cfg.WebBaseURL = "https://games.example.org"
			h.reopen(t)
			mails := h.write(t, alice, "challenge carol@players.test nim")
			inv, toAlice := only(t, mails, carol), only(t, mails, alice)
			game := inv.Headers["X-Windpost-Game"]
			key := c.key(h, inv, toAlice)
			for try := 1; try <= 2; try++ {
				done, err := h.srv.Unsubscribe(t.Context(), key)
				if c.stopped == "" {
					if !errors.Is(err, ErrUnknownKey) || done.Text != "" || len(done.Mails) != 0 {
						t.Fatalf("Unsubscribe(%q) = %+v, %v; want ErrUnknownKey", key, done, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("try %d: Unsubscribe(%q): %v", try, key, err)
				}
				if !strings.HasPrefix(done.Text, "Done: nobody can invite you any more") {
					t.Errorf("try %d: the text %q", try, done.Text)
				}
				for _, m := range done.Mails {
					if m.To != alice || !c.told || try > 1 {
						t.Errorf("try %d: a mail to %s:\n%s", try, m.To, m.Text)
					}
				}
				if told := len(done.Mails) == 1; told != (c.told && try == 1) {
					t.Errorf("try %d: %d mails, the challenger told %v", try, len(done.Mails), c.told)
				} else if told {
					wantText(t, done.Mails[0], "carol@players.test declined your challenge to game "+game)
					if !strings.Contains(done.Text, "I declined the challenges that were waiting for you ("+game+")") {
						t.Errorf("the text does not name the declined challenge:\n%s", done.Text)
					}
				}
			}
			for _, a := range []string{alice, carol} {
				if got := h.onDoNotMail(t, a); got != (a == c.stopped) {
					t.Errorf("%s on the do-not-mail list: %v", a, got)
				}
			}
			if c.stopped == carol {
				wantText(t, only(t, h.write(t, bob, "challenge carol@players.test nim"), bob), "asked windpost never to write to them")
			}
		})
	}
}

// BenchmarkUnsubscribe: what one one-click POST costs the store, the
// budget web puts on them in mind: a key that proves its holder (a write
// transaction; the first declines the challenge) and one that proves
// nobody (rolled back).
func BenchmarkUnsubscribe(b *testing.B) {
	h := newHarness(b, nimCatalog(10))
	h.cfg.WebBaseURL = "https://games.example.org"
	h.reopen(b)
	inv := only(b, h.write(b, alice, "challenge carol@players.test nim"), carol)
	url, _, _ := strings.Cut(strings.TrimPrefix(inv.Headers["List-Unsubscribe"], "<"), ">")
	_, key, _ := strings.Cut(url, referee.UnsubscribePath)
	_, tok, _ := strings.Cut(key, ".")
	for _, c := range []struct {
		name, key string
		err       error
	}{{"holder", key, nil}, {"nobody", "gzzzz." + tok, ErrUnknownKey}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := h.srv.Unsubscribe(b.Context(), c.key); !errors.Is(err, c.err) {
					b.Fatalf("Unsubscribe(%q): %v, want %v", c.key, err, c.err)
				}
			}
		})
	}
}
