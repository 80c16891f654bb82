package outbox

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/games/internal/store/storetest"
)

// open is a fresh store with the due index made, as games opens one.
func open(t *testing.T) *store.DB { return storetest.Open(t, store.Options{Mend: BuildDueIndex}) }

// queue puts ms in the outbox under fresh keys and returns their ids.
func queue(t *testing.T, db *store.DB, ms ...Mail) []string {
	t.Helper()
	var ids []string
	err := db.Update(func(tx *store.Tx) error {
		st := View(tx)
		for _, m := range ms {
			n, err := st.NewNumber()
			if err != nil {
				return err
			}
			m.ID = Key(n)
			if err := st.Queue(&m); err != nil {
				return err
			}
			ids = append(ids, m.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestKeepsTheDocument: a mail's document is stored with it and read back
// whole, its text not stored again but rendered from it on reading; a
// mail queued without one (as an older windpost queued them) keeps its
// text and reads back as it in paragraphs.
func TestKeepsTheDocument(t *testing.T) {
	db := open(t)
	doc := document.Document{Blocks: []document.Block{
		document.Said("games"), document.Joined(document.Para("Your games:")),
		document.Joined(document.Grid(document.TablePart{Columns: []document.Column{{Name: "game"}, {Name: "moves", Align: document.Right}},
			Rows: [][]string{{"g1", "12"}}})),
		document.Diagram(document.BoardPart{Title: "Nim", Diagram: "ooo", LastMove: "3.x", Status: "Black to move"}),
	}}
	ids := queue(t, db, Mail{To: "carol@players.test", Text: doc.Text(), Doc: &doc},
		Mail{To: "carol@players.test", Text: "One.\n\nTwo\nlines.\n"})
	err := db.View(func(tx *store.Tx) error {
		for i, id := range ids {
			sm, _, err := store.Get[storedMail](tx.Bucket(store.Outbox), id)
			if err != nil || sm == nil || (sm.Text != "") != (i == 1) {
				t.Errorf("mail %d stored as %+v, %v", i, sm, err)
			}
		}
		with, _, err := View(tx).Mail(ids[0])
		if err != nil || with.Doc == nil || !reflect.DeepEqual(*with.Doc, doc) || with.Text != doc.Text() {
			t.Errorf("the document read back: %+v, %v", with, err)
		}
		without, _, err := View(tx).Mail(ids[1])
		if b := without.Body(); err != nil || without.Doc != nil || len(b.Blocks) != 2 || b.Blocks[1].Text != "Two\nlines." {
			t.Errorf("a mail without a document reads back as %+v, %v", b.Blocks, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDueOrder: the due mails come class by class (moves and results
// never tried, their retries, later mail, its retries), each by its next
// try; what is not due yet stays, and the bound on retries skips retries
// only.
func TestDueOrder(t *testing.T) {
	db := open(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	ids := queue(t, db,
		Mail{To: "a", Later: true, NextTry: now.Add(-time.Hour)},                // later, fresh
		Mail{To: "b", Attempts: 1, NextTry: now.Add(-time.Minute)},              // retry
		Mail{To: "c", NextTry: now.Add(-time.Second)},                           // fresh
		Mail{To: "d", NextTry: now.Add(-time.Hour)},                             // fresh, older
		Mail{To: "e", Later: true, Attempts: 2, NextTry: now.Add(-time.Minute)}, // later retry
		Mail{To: "f", NextTry: now.Add(time.Second)},                            // not yet due
	)
	due := func(retries int) (to []string) {
		err := db.View(func(tx *store.Tx) error {
			return View(tx).Due(now, retries, func(m Mail) bool { to = append(to, m.To); return true })
		})
		if err != nil {
			t.Fatal(err)
		}
		return to
	}
	if got, want := due(-1), []string{"d", "c", "b", "a", "e"}; !slices.Equal(got, want) {
		t.Errorf("due: %v, want %v", got, want)
	}
	if got, want := due(0), []string{"d", "c", "a"}; !slices.Equal(got, want) {
		t.Errorf("due without retries: %v, want %v", got, want)
	}
	// Sent mail leaves the queue and its index.
	err := db.Update(func(tx *store.Tx) error {
		st := View(tx)
		m, _, err := st.Mail(ids[3])
		if err != nil {
			return err
		}
		if err := st.DropDue(m); err != nil {
			return err
		}
		m.SentAt = now
		return st.Put(m)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := due(-1), []string{"c", "b", "a", "e"}; !slices.Equal(got, want) {
		t.Errorf("due after d was sent: %v, want %v", got, want)
	}
}

// TestSentLog: the sent log counts what was accepted within a window,
// tells when the limit-th newest went, forgets what is older than a day;
// SentBefore picks the sent mail the pruning forgets; the hold reads back
// and is gone once lifted.
func TestSentLog(t *testing.T) {
	db := open(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	ids := queue(t, db, Mail{To: "a"}, Mail{To: "b"}, Mail{To: "c"})
	at := []time.Time{now.Add(-25 * time.Hour), now.Add(-2 * time.Hour), now.Add(-time.Minute)}
	err := db.Update(func(tx *store.Tx) error {
		st := View(tx)
		for i, id := range ids {
			m, _, err := st.Mail(id)
			if err != nil {
				return err
			}
			m.SentAt = at[i]
			if err := st.LogSent(m); err != nil {
				return err
			}
			if err := st.Put(m); err != nil {
				return err
			}
		}
		return st.SetHold(SendHold{Limits: "2 a day", Window: "day", Sent: 2, Since: now, Until: now.Add(time.Hour)})
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.View(func(tx *store.Tx) error {
		st := View(tx)
		for _, tc := range []struct {
			since   time.Time
			limit   int
			sent    int
			limitAt time.Time
		}{
			{now.Add(-48 * time.Hour), 0, 2, time.Time{}}, // the mail of a day ago is forgotten
			{now.Add(-48 * time.Hour), 2, 2, at[1]},
			{now.Add(-time.Hour), 1, 1, at[2]},
			{now.Add(-time.Hour), 2, 1, time.Time{}},
		} {
			sent, limitAt, err := st.SentSince(tc.since, tc.limit)
			if err != nil || sent != tc.sent || !limitAt.Equal(tc.limitAt) {
				t.Errorf("SentSince(%v, %d) = %d, %v, %v; want %d, %v", tc.since, tc.limit, sent, limitAt, err, tc.sent, tc.limitAt)
			}
		}
		for i, id := range ids {
			if got, want := SentBefore(tx.Bucket(store.Outbox).Raw(id), now.Add(-time.Hour)), i < 2; got != want {
				t.Errorf("SentBefore of mail %d: %v", i, got)
			}
		}
		if h, err := st.Hold(); err != nil || !h.Held() || h.Sent != 2 || h.V != 1 {
			t.Errorf("hold %+v, %v", h, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error { return View(tx).SetHold(SendHold{}) })
	db.View(func(tx *store.Tx) error {
		if h, herr := View(tx).Hold(); herr != nil || h.Held() {
			t.Errorf("hold after lifting it: %+v, %v", h, herr)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
