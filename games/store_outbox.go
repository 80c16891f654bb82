package games

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The outbox's due index, part of storeTx (see store.go for the buckets):
// "outbox-due" holds one key per pending mail: its class, its next try,
// '|' and its id. The classes, in the order a pass reads them (dueClasses):
// 'f' a move or result never tried, 'r' its retry, 'l' later mail
// (Mail.Later) never tried, 't' its retry. Within a class keys sort by
// time, so a pass stops at the first key not yet due: idle passes decode
// nothing. A mail's class never changes while it waits but from fresh to
// retry, so its key is found again from the mail (dropDue).

// (the bucket's name is in buckets.go)

// dueTimeLayout is the next try in a due key: fixed width, so that the
// keys sort by time (years 0001 to 9999).
const dueTimeLayout = "20060102150405.000000000"

// dueKey is mail m's key in the due index.
func dueKey(m Mail) []byte {
	class := byte('f')
	switch {
	case m.Later && m.Attempts > 0:
		class = 't'
	case m.Later:
		class = 'l'
	case m.Attempts > 0:
		class = 'r'
	}
	return fmt.Appendf(nil, "%c%s|%s", class, m.NextTry.UTC().Format(dueTimeLayout), m.ID)
}

// putDue indexes pending mail m by its next try.
func (st storeTx) putDue(m Mail) error {
	b := st.tx.Bucket(bucketDue)
	if b == nil {
		return nil // a read-only store of an older windpost: no index yet
	}
	return b.Put(dueKey(m), nil)
}

// dropDue removes m's entry (as it was read) from the due index.
func (st storeTx) dropDue(m Mail) error {
	if b := st.tx.Bucket(bucketDue); b != nil {
		return b.Delete(dueKey(m))
	}
	return nil
}

// dueClasses are the classes of the due index in the order they are sent.
var dueClasses = []byte{'f', 'r', 'l', 't'}

// dueMail calls f with the pending mails due at now, class by class
// (dueClasses), each class by next try, until f returns false; after
// retries retries (< 0: no bound) it skips the other retries. Only due
// mails are decoded. Without the index (a store opened read-only before
// Open built it) it reads the pending queue instead.
func (st storeTx) dueMail(now time.Time, retries int, f func(Mail) bool) error {
	b := st.tx.Bucket(bucketDue)
	if b == nil {
		return st.pendingMail(func(m Mail) bool { return m.NextTry.After(now) || f(m) })
	}
	limit := []byte(now.UTC().Format(dueTimeLayout))
	out := st.tx.Bucket(bucketOutbox)
	for _, class := range dueClasses {
		retry := class == 'r' || class == 't'
		c := b.Cursor()
		for k, _ := c.Seek([]byte{class}); k != nil && k[0] == class; k, _ = c.Next() {
			if retry && retries == 0 {
				break
			}
			at, id, ok := bytes.Cut(k[1:], []byte("|"))
			if !ok || bytes.Compare(at, limit) > 0 {
				break
			}
			var sm storedMail
			found, err := getJSON(out, string(id), &sm)
			if err != nil {
				return err
			}
			if !found {
				continue
			}
			if retry {
				retries--
			}
			if !f(sm.Mail) {
				return nil
			}
		}
	}
	return nil
}

// eachMail calls f with every mail of the outbox, sent or not, in the
// order they were queued (the admin's view).
func (st storeTx) eachMail(f func(Mail) error) error {
	return st.tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
		var sm storedMail
		if err := json.Unmarshal(v, &sm); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		return f(sm.Mail)
	})
}

// buildDueIndex makes the due index of a store that has none (written by
// a windpost before it) from the pending queue. It does nothing when the
// index is there, so Open may call it every time.
func buildDueIndex(tx *bolt.Tx) error {
	if tx.Bucket(bucketDue) != nil {
		return nil
	}
	if _, err := tx.CreateBucket(bucketDue); err != nil {
		return err
	}
	st := storeTx{tx}
	var putErr error
	err := st.pendingMail(func(m Mail) bool {
		putErr = st.putDue(m)
		return putErr == nil
	})
	return cmp.Or(err, putErr)
}
