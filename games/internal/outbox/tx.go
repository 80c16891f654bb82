package outbox

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// Tx is the outbox's part of a store transaction: the mails (bucket "outbox",
// mail id -> storedMail), the pending queue ("outbox-pending", mail id ->
// ""), the due index and the sent log.
//
// The due index, "outbox-due", holds one key per pending mail: its class,
// its next try, '|' and its id. The classes, in the order a pass reads
// them (dueClasses): 'f' a move or result never tried, 'r' its retry, 'l'
// later mail (Mail.Later) never tried, 't' its retry. Within a class keys
// sort by time, so a pass stops at the first key not yet due: idle passes
// decode nothing. A mail's class never changes while it waits but from
// fresh to retry, so its key is found again from the mail (DropDue).
//
// The sent log, "outbox-sent", holds one key per mail the server accepted
// in the last day: the time it was accepted (dueTimeLayout), '|' and its
// id (SentSince reads it).
type Tx struct{ tx *store.Tx }

// View is the outbox's part of tx.
func View(tx *store.Tx) Tx { return Tx{tx} }

// NewNumber reserves the outbox sequence number of the next mail.
func (st Tx) NewNumber() (uint64, error) { return st.tx.Bucket(store.Outbox).NextSequence() }

// Queue stores a composed mail in the outbox as pending.
func (st Tx) Queue(m *Mail) error {
	if err := st.tx.Bucket(store.Outbox).Put(m.ID, stored(*m)); err != nil {
		return err
	}
	if err := st.tx.Bucket(store.Pending).PutRaw(m.ID, nil); err != nil {
		return err
	}
	return st.putDue(*m)
}

// Mail reads outbox mail id; ok is false if there is none.
func (st Tx) Mail(id string) (m Mail, ok bool, err error) {
	sm, _, err := store.Get[storedMail](st.tx.Bucket(store.Outbox), id)
	if sm == nil {
		return Mail{}, false, err
	}
	return sm.read(), true, nil
}

// Put writes outbox mail m back; sent (or failed for good) takes it
// off the pending queue, else it is indexed by its next try (the caller
// dropped its old index entry with DropDue).
func (st Tx) Put(m Mail) error {
	if !m.SentAt.IsZero() || !m.FailedAt.IsZero() {
		if err := st.tx.Bucket(store.Pending).Delete(m.ID); err != nil {
			return err
		}
	} else if err := st.putDue(m); err != nil {
		return err
	}
	return st.tx.Bucket(store.Outbox).Put(m.ID, stored(m))
}

// Pending calls f with the outbox mails not yet sent, oldest first,
// until f returns false.
func (st Tx) Pending(f func(Mail) bool) error {
	var err error
	st.tx.Bucket(store.Pending).Scan("", func(id string, _ []byte) bool {
		var m Mail
		var ok bool
		if m, ok, err = st.Mail(id); err != nil {
			return false
		}
		return !ok || f(m)
	})
	return err
}

// Each calls f with every mail of the outbox, sent or not, in the
// order they were queued (the admin's view).
func (st Tx) Each(f func(Mail) error) error {
	return store.Each(st.tx.Bucket(store.Outbox), func(id string, sm *storedMail, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		return f(sm.read())
	})
}

// dueTimeLayout is the next try in a due key: fixed width, so that the
// keys sort by time (years 0001 to 9999).
const dueTimeLayout = "20060102150405.000000000"

// dueKey is mail m's key in the due index.
func dueKey(m Mail) string {
	class := byte('f')
	switch {
	case m.Later && m.Attempts > 0:
		class = 't'
	case m.Later:
		class = 'l'
	case m.Attempts > 0:
		class = 'r'
	}
	return fmt.Sprintf("%c%s|%s", class, m.NextTry.UTC().Format(dueTimeLayout), m.ID)
}

// putDue indexes pending mail m by its next try.
func (st Tx) putDue(m Mail) error {
	b := st.tx.Bucket(store.Due)
	if !b.Exists() {
		return nil // a read-only store of an older windpost: no index yet
	}
	return b.PutRaw(dueKey(m), nil)
}

// DropDue removes m's entry (as it was read) from the due index.
func (st Tx) DropDue(m Mail) error { return st.tx.Bucket(store.Due).Delete(dueKey(m)) }

// dueClasses are the classes of the due index in the order they are sent.
const dueClasses = "frlt"

// Due calls f with the pending mails due at now, class by class
// (dueClasses), each class by next try, until f returns false; after
// retries retries (< 0: no bound) it skips the other retries. Only due
// mails are decoded. Without the index (a store opened read-only before
// Open built it) it reads the pending queue instead.
func (st Tx) Due(now time.Time, retries int, f func(Mail) bool) error {
	b := st.tx.Bucket(store.Due)
	if !b.Exists() {
		return st.Pending(func(m Mail) bool { return m.NextTry.After(now) || f(m) })
	}
	limit := now.UTC().Format(dueTimeLayout)
	var err error
	for _, class := range dueClasses {
		retry := class == 'r' || class == 't'
		more := true
		b.Scan(string(class), func(k string, _ []byte) bool {
			if k[0] != byte(class) || retry && retries == 0 {
				return false
			}
			at, id, ok := strings.Cut(k[1:], "|")
			if !ok || at > limit {
				return false
			}
			var m Mail
			var found bool
			if m, found, err = st.Mail(id); err != nil || !found {
				return err == nil
			}
			if retry {
				retries--
			}
			more = f(m)
			return more
		})
		if err != nil || !more {
			return err
		}
	}
	return nil
}

// BuildDueIndex makes the due index of a store that has none (written by
// a windpost before it) from the pending queue. It does nothing when the
// index is there, so Open may call it every time.
func BuildDueIndex(tx *store.Tx) error {
	if tx.Bucket(store.Due).Exists() {
		return nil
	}
	if err := tx.Bucket(store.Due).Make(); err != nil {
		return err
	}
	st := Tx{tx}
	var putErr error
	err := st.Pending(func(m Mail) bool {
		putErr = st.putDue(m)
		return putErr == nil
	})
	return cmp.Or(err, putErr)
}

// sentWindow is how long a sent mail counts: the longest send limit's
// window (a day).
const sentWindow = 24 * time.Hour

// sentKey is a mail's key in the sent log.
func sentKey(at time.Time, id string) string {
	return at.UTC().Format(dueTimeLayout) + "|" + id
}

// LogSent notes in the sent log that m was accepted at m.SentAt, and drops
// what is older than sentWindow from then. A store that has no sent log
// yet (written by a windpost before it) is given one from the sent mails
// of its outbox.
func (st Tx) LogSent(m Mail) error {
	b := st.tx.Bucket(store.Sent)
	if !b.Exists() {
		since := m.SentAt.Add(-sentWindow)
		err := st.Each(func(old Mail) error {
			if old.SentAt.After(since) {
				return b.PutRaw(sentKey(old.SentAt, old.ID), nil)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("sent log: %w", err)
		}
	}
	if err := b.PutRaw(sentKey(m.SentAt, m.ID), nil); err != nil {
		return err
	}
	old := m.SentAt.Add(-sentWindow).UTC().Format(dueTimeLayout)
	var drop []string
	b.Scan("", func(k string, _ []byte) bool {
		if k >= old {
			return false
		}
		drop = append(drop, k)
		return true
	})
	for _, k := range drop {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// SentSince counts the mails the server accepted after since (at most a
// day ago: older ones are no longer kept) and, when there are limit or
// more, tells when the limit-th newest of them was accepted: a window
// that starts at since may take another mail only once it has passed
// that time. limitAt is zero when fewer than limit were sent or limit <= 0.
func (st Tx) SentSince(since time.Time, limit int) (sent int, limitAt time.Time, err error) {
	from := since.UTC().Format(dueTimeLayout)
	st.tx.Bucket(store.Sent).ScanBack(func(k string, _ []byte) bool {
		at, _, _ := strings.Cut(k, "|")
		if at <= from {
			return false
		}
		sent++
		if sent == limit {
			if limitAt, err = time.Parse(dueTimeLayout, at); err != nil {
				err = fmt.Errorf("sent log key %q: %w", k, err)
				return false
			}
		}
		return true
	})
	return sent, limitAt, err
}

// SetHold records h (the zero SendHold: none) for `windpost admin outbox`.
func (st Tx) SetHold(h SendHold) error {
	meta := st.tx.Bucket(store.Meta)
	if !h.Held() {
		return meta.Delete(string(store.KeySendHold))
	}
	h.V = 1
	return meta.Put(string(store.KeySendHold), h)
}

// Hold is the hold the outbox last recorded; the zero SendHold if none.
func (st Tx) Hold() (SendHold, error) {
	var h SendHold
	data := st.tx.Meta(store.KeySendHold)
	if data == nil {
		return h, nil
	}
	err := json.Unmarshal(data, &h)
	return h, err
}
