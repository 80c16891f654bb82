package games

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/variants"
)

// fakeClock is a clock the test moves.
type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time          { return c.t }
func (c *fakeClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

var testSecret = []byte("windpost test secret, 32 bytes..")

const botAddress = "bot@windpost.test"

// harness runs a server on a store in a temporary directory.
type harness struct {
	t       *testing.T
	path    string
	store   *Store
	srv     *Server
	clock   *fakeClock
	catalog *variants.Catalog
	cfg     Config
	n       int
	keyed   map[string]bool // addresses whose write carries their personal key (prove)
}

func newHarness(t testing.TB, catalog *variants.Catalog) *harness {
	tt, _ := t.(*testing.T)
	h := &harness{t: tt, path: filepath.Join(t.TempDir(), "windpost.db"), catalog: catalog,
		clock: &fakeClock{time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}}
	// The tests move the clock by days between requests: as if windpost ran
	// all along, not as an outage (clock_test.go turns OutageAfter on).
	h.cfg = Config{BotAddress: botAddress, Clock: h.clock, Seed: 1, OutageAfter: -1}
	h.open(t)
	t.Cleanup(func() { h.store.Close() })
	h.prove(t, alice, bob)
	return h
}

// prove gives addrs the player records of people who have answered a
// windpost mail with their reply key before (as alice and bob, the
// players of these tests, have): their challenges go out at once. eve
// stays a stranger.
func (h *harness) prove(t testing.TB, addrs ...string) {
	t.Helper()
	err := h.store.Update(func(st referee.StoreTx) error {
		for _, a := range addrs {
			p, err := st.Player(a)
			if err != nil {
				return err
			}
			if p == nil {
				p = &record.Player{Address: a, Created: h.clock.Now()}
			}
			p.Proven = h.clock.Now()
			if h.keyed == nil {
				h.keyed = map[string]bool{}
			}
			h.keyed[a] = true
			if err := st.PutPlayer(a, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (h *harness) open(t testing.TB) {
	t.Helper()
	st, err := OpenWith(h.path, StoreOptions{Secret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(st, h.catalog, h.cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.store, h.srv = st, srv
}

// reopen closes and opens the store again, with a new server.
func (h *harness) reopen(t testing.TB) {
	t.Helper()
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	h.open(t)
}

// request builds a request with a fresh Message-ID.
func (h *harness) request(from, game, token string, lines ...string) Request {
	h.n++
	return Request{From: from, GameID: game, Token: token, Subject: "windpost",
		MessageID: fmt.Sprintf("<m%d@players.test>", h.n), Lines: lines, Received: h.clock.Now()}
}

// send handles a request and fails the test on an error.
func (h *harness) send(t testing.TB, r Request) []Mail {
	t.Helper()
	mails, err := h.handle(context.Background(), r)
	if err != nil {
		t.Fatalf("Handle(%q): %v", r.Lines, err)
	}
	return mails
}

// handle handles a request, then does the bot's work it left, as the
// mailer's daemon does, and returns the mails of both (nil if the
// request was handled before).
func (h *harness) handle(ctx context.Context, r Request) ([]Mail, error) {
	mails, err := h.srv.Handle(ctx, r)
	if err != nil || mails == nil {
		return mails, err
	}
	more, err := h.srv.BotWork(ctx)
	return append(mails, more...), err
}

// write sends lines from a player: a proven one (prove) writes as in a
// reply to a windpost mail, with their personal key; anyone else without
// a key.
func (h *harness) write(t testing.TB, from string, lines ...string) []Mail {
	t.Helper()
	if h.keyed[from] {
		id, tok := keys.PersonalKey(testSecret, keys.Digest, from)
		return h.send(t, h.request(from, id, tok, lines...))
	}
	return h.fresh(t, from, lines...)
}

// fresh sends lines from address in a new mail, without a key: what
// anyone can send with that address in From.
func (h *harness) fresh(t testing.TB, from string, lines ...string) []Mail {
	t.Helper()
	return h.send(t, h.request(from, "", "", lines...))
}

// reply answers mail m from its recipient, with the token of its reply
// address, as a mail client would.
func (h *harness) reply(t testing.TB, m Mail, lines ...string) []Mail {
	t.Helper()
	return h.replyFrom(t, m, m.To, lines...)
}

func (h *harness) replyFrom(t testing.TB, m Mail, from string, lines ...string) []Mail {
	t.Helper()
	return h.send(t, h.replyRequest(t, m, from, lines...))
}

// replyRequest is the request of a reply to m from address from.
func (h *harness) replyRequest(t testing.TB, m Mail, from string, lines ...string) Request {
	t.Helper()
	local, _, _ := strings.Cut(m.ReplyTo, "@")
	_, tag, _ := strings.Cut(local, "+")
	game, token, ok := keys.ParsePlusTag(tag)
	if !ok {
		t.Fatalf("mail to %s has no plus tag in its Reply-To %q", m.To, m.ReplyTo)
	}
	r := h.request(from, game, token, lines...)
	r.Subject = m.Subject
	return r
}

// only returns the one mail to address among mails.
func only(t testing.TB, mails []Mail, to string) Mail {
	t.Helper()
	var found []Mail
	for _, m := range mails {
		if m.To == to {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want 1 mail to %s, got %d of %d: %s", to, len(found), len(mails), describe(mails))
	}
	return found[0]
}

func describe(mails []Mail) string {
	var b strings.Builder
	for _, m := range mails {
		fmt.Fprintf(&b, "\n--- %s to %s: %s\n%s", m.Kind, m.To, m.Subject, m.Text)
	}
	return b.String()
}

func wantText(t testing.TB, m Mail, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(m.Text, p) {
			t.Errorf("mail to %s lacks %q:\n%s", m.To, p, m.Text)
		}
	}
}

// must fails t on an error and otherwise returns the value:
// must[T](t)(f()) for a call f that returns a T and an error.
func must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}
