package games

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// What the outbox needs to keep under a mail provider's send limits: the
// mail sent lately, counted from the store's sent log (store_outbox.go, so
// a restart does not reset the day's count), and the hold it reports
// while a limit keeps mail back.

// SentSince counts the mails the server accepted after since (at most a
// day ago: older ones are no longer kept) and, when there are limit or
// more, tells when the limit-th newest of them was accepted: a window
// that starts at since may take another mail only once it has passed
// that time. limitAt is zero when fewer than limit were sent or limit <= 0.
func (s *Store) SentSince(since time.Time, limit int) (sent int, limitAt time.Time, err error) {
	err = s.view(func(st storeTx) error {
		from := since.UTC().Format(dueTimeLayout)
		var perr error
		st.tx.Bucket(store.Sent).ScanBack(func(k string, _ []byte) bool {
			at, _, _ := strings.Cut(k, "|")
			if at <= from {
				return false
			}
			sent++
			if sent == limit {
				limitAt, perr = time.Parse(dueTimeLayout, at)
				if perr != nil {
					perr = fmt.Errorf("sent log key %q: %w", k, perr)
					return false
				}
			}
			return true
		})
		return perr
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
		meta := st.tx.Bucket(store.Meta)
		if !h.Held() {
			return meta.Delete(string(store.KeySendHold))
		}
		h.V = 1
		return meta.Put(string(store.KeySendHold), h)
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
		data := st.tx.Meta(store.KeySendHold)
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
