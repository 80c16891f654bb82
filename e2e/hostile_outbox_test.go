package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer"
)

// refusedInvitations is how many invitations to refused recipients the
// hostile outbox test puts in the outbox.
const refusedInvitations = 60

// TestHostileOutboxRefusedRecipients: 60 invitations to recipients the
// mail server refuses (550) are in the outbox when a player writes: the
// player's answer comes within 5 s, and the invitations are failed for
// good once their retries are over (the outbox's clock is moved on by a
// day at a time).
//
// The invitations are put in the store directly, as a proven player's
// challenges would leave them: who may invite whom is not this test's
// matter.
func TestHostileOutboxRefusedRecipients(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice")
		dir := t.TempDir()
		st, err := games.Open(filepath.Join(dir, "windpost.db"))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for i := range refusedInvitations {
			m, err := st.QueueMail(games.Mail{
				MessageID: fmt.Sprintf("<windpost.hostile.%d@%s>", i, b.domain), Kind: games.Notice,
				To: b.addr(fmt.Sprintf("nobody%d", i)), Subject: "A challenge to a game of Gufuu",
				Text: "carol challenges you to a game of Gufuu.\n", NextTry: time.Now(),
			})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, m.ID)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		var ahead atomic.Int64 // how far the outbox's clock is ahead
		dm := startDaemon(t, b, dir, func(d *mailer.Daemon) {
			d.Outbox.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
		})

		alice := newPlayer(t, b, "alice")
		start := time.Now()
		id := alice.send(b.addr("bot"), "help please", "help", mailOpts{})
		alice.waitMail("the answer to help", 5*time.Second, func(g *got) bool { return g.InReplyTo == id })
		t.Logf("%s: the answer came after %v, beside %d refused invitations", b.name, time.Since(start).Round(time.Millisecond), refusedInvitations)

		failed := func() (n int, last games.UnsentMail) {
			list, err := dm.store.Unsent()
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range list {
				if !u.FailedAt.IsZero() {
					n++
					last = u
				}
			}
			return n, last
		}
		deadline := time.Now().Add(60 * time.Second)
		for n, _ := failed(); n < len(ids); n, _ = failed() {
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d refused invitations failed for good after their retries", n, len(ids))
			}
			ahead.Add(int64(25 * time.Hour))
			dm.d.Outbox.Wake()
			time.Sleep(500 * time.Millisecond)
		}
		// Four refusals fail a mail for good. A real server may also
		// answer a try with a temporary error (Postfix ends a session
		// after 20 refused recipients with "421 too many errors"): such
		// a mail fails for good when its retry window of five days ends,
		// after fewer refusals. Never after more.
		_, u := failed()
		if u.Attempts < 1 || u.Attempts > 4 || (b.name == "embedded" && u.Attempts != 4) || !strings.Contains(u.LastError, "550") {
			t.Errorf("a refused invitation failed for good after %d tries (want 4, or 1-4 with temporary errors between), last error %q", u.Attempts, u.LastError)
		}
	})
}
