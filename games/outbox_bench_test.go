package games

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/referee"
)

// BenchmarkOutboxIdlePass is one outbox pass (DueMail, as Outbox.Flush
// calls it) over 10,000 pending mails none of which is due yet: the
// outbox of a server whose recipients' servers are all refusing.
func BenchmarkOutboxIdlePass(b *testing.B) {
	st, err := OpenWith(filepath.Join(b.TempDir(), "windpost.db"), StoreOptions{Secret: testSecret})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	text := strings.Repeat("a board and a status block\n", 40)
	err = st.Update(func(tx referee.StoreTx) error {
		for i := range 10000 {
			n, err := tx.Outbox().NewNumber()
			if err != nil {
				return err
			}
			m := Mail{ID: outbox.Key(n), To: "dead@nowhere.test", Subject: "invitation", Text: text,
				Attempts: 1, NextTry: now.Add(time.Hour + time.Duration(i)*time.Second)}
			if err := tx.Outbox().Queue(&m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		due, err := st.DueMail(now, 128)
		if err != nil || len(due) != 0 {
			b.Fatalf("DueMail: %d, %v", len(due), err)
		}
	}
}
