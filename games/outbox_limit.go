package games

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// What the outbox needs to keep under a mail provider's send limits: the
// mail sent lately, counted from the store (so a restart does not reset
// the day's count), and the hold it reports while a limit keeps mail back.
//
// "outbox-sent" holds one key per mail the server accepted in the last
// day: the time it was accepted (dueTimeLayout), '|' and its id. MarkSent
// adds the key and drops those older than a day; a store that has no such
// bucket yet (written by a windpost before it) is given one from the sent
// mails of its outbox the first time a mail is marked sent.

// sentWindow is how long a sent mail counts: the longest send limit's
// window (a day).
const sentWindow = 24 * time.Hour

// sentKey is mail m's key in the sent log.
func sentKey(at time.Time, id string) []byte {
	return fmt.Appendf(nil, "%s|%s", at.UTC().Format(dueTimeLayout), id)
}

// logSent notes in the sent log that m was accepted at m.SentAt, and drops
// what is older than sentWindow from then.
func (st storeTx) logSent(m Mail) error {
	b := st.tx.Bucket(bucketSent)
	if b == nil {
		var err error
		if b, err = st.tx.CreateBucket(bucketSent); err != nil {
			return fmt.Errorf("sent log: %w", err)
		}
		if err := st.seedSentLog(b, m.SentAt.Add(-sentWindow)); err != nil {
			return fmt.Errorf("sent log: %w", err)
		}
	}
	if err := b.Put(sentKey(m.SentAt, m.ID), nil); err != nil {
		return err
	}
	old := []byte(m.SentAt.Add(-sentWindow).UTC().Format(dueTimeLayout))
	c := b.Cursor()
	for k, _ := c.First(); k != nil && string(k) < string(old); k, _ = c.First() {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// seedSentLog fills a new sent log from the outbox: every mail sent after
// since.
func (st storeTx) seedSentLog(b *bolt.Bucket, since time.Time) error {
	return st.eachMail(func(m Mail) error {
		if m.SentAt.After(since) {
			return b.Put(sentKey(m.SentAt, m.ID), nil)
		}
		return nil
	})
}

// SentSince counts the mails the server accepted after since (at most a
// day ago: older ones are no longer kept) and, when there are limit or
// more, tells when the limit-th newest of them was accepted: a window
// that starts at since may take another mail only once it has passed
// that time. limitAt is zero when fewer than limit were sent or limit <= 0.
func (s *Store) SentSince(since time.Time, limit int) (sent int, limitAt time.Time, err error) {
	err = s.view(func(st storeTx) error {
		b := st.tx.Bucket(bucketSent)
		if b == nil {
			return nil
		}
		from := since.UTC().Format(dueTimeLayout)
		c := b.Cursor()
		for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
			at, _, _ := bytes.Cut(k, []byte("|"))
			if string(at) <= from {
				break
			}
			sent++
			if sent == limit {
				t, perr := time.Parse(dueTimeLayout, string(at))
				if perr != nil {
					return fmt.Errorf("sent log key %q: %w", k, perr)
				}
				limitAt = t
			}
		}
		return nil
	})
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("outbox: sent mail of %s: %w", s.path, err)
	}
	return sent, limitAt, nil
}

// SendHold says that a send limit holds mail back, as the outbox last
// recorded it for `windpost admin outbox`. The zero SendHold says none
// does.
type SendHold struct {
	V      int    `json:"v"`
	Limits string `json:"limits"` // the limits in words: "500 a day (the gmail preset)"
	// Window is the window that is full: "day" or "minute", or "server"
	// when the mail server refused mail for the account's sending limit.
	Window string    `json:"window"`
	Sent   int       `json:"sent"`  // mails sent in that window ("server": in the last day)
	Since  time.Time `json:"since"` // when the hold began
	Until  time.Time `json:"until"` // when the next mail may go
}

// Held says whether h holds mail back.
func (h SendHold) Held() bool { return !h.Until.IsZero() }

// SetSendHold records h (the zero SendHold: none) for `windpost admin
// outbox`.
func (s *Store) SetSendHold(h SendHold) error {
	err := s.update(func(st storeTx) error {
		meta := st.tx.Bucket(bucketMeta)
		if !h.Held() {
			return meta.Delete(keySendHold)
		}
		h.V = 1
		data, err := json.Marshal(h)
		if err != nil {
			return err
		}
		return meta.Put(keySendHold, data)
	})
	if err != nil {
		return fmt.Errorf("outbox: record the send limit's hold in %s: %w", s.path, err)
	}
	return nil
}

// SendHold is the hold the outbox last recorded; the zero SendHold if
// none.
func (s *Store) SendHold() (SendHold, error) {
	var h SendHold
	err := s.view(func(st storeTx) error {
		data := st.tx.Bucket(bucketMeta).Get(keySendHold)
		if data == nil {
			return nil
		}
		return json.Unmarshal(data, &h)
	})
	if err != nil {
		return SendHold{}, fmt.Errorf("outbox: the send limit's hold in %s: %w", s.path, err)
	}
	return h, nil
}
