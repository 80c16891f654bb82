package referee

import (
	"fmt"
	"time"
)

// What the outbox needs to keep under a mail provider's send limits: the
// mail sent lately, counted from the store's sent log (package outbox, so
// a restart does not reset the day's count), and the hold it reports
// while a limit keeps mail back.

// SentSince counts the mails the server accepted after since (at most a
// day ago: older ones are no longer kept) and, when there are limit or
// more, tells when the limit-th newest of them was accepted: a window
// that starts at since may take another mail only once it has passed
// that time. limitAt is zero when fewer than limit were sent or limit <= 0.
func (s *Store) SentSince(since time.Time, limit int) (sent int, limitAt time.Time, err error) {
	err = s.View(func(st StoreTx) error {
		sent, limitAt, err = st.Outbox().SentSince(since, limit)
		return err
	})
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("outbox: sent mail of %s: %w", s.path, err)
	}
	return sent, limitAt, nil
}

// SetSendHold records h (the zero SendHold: none) for `windpost admin
// outbox`.
func (s *Store) SetSendHold(h SendHold) error {
	if err := s.Update(func(st StoreTx) error { return st.Outbox().SetHold(h) }); err != nil {
		return fmt.Errorf("outbox: record the send limit's hold in %s: %w", s.path, err)
	}
	return nil
}

// SendHold is the hold the outbox last recorded; the zero SendHold if
// none.
func (s *Store) SendHold() (h SendHold, err error) {
	if err := s.View(func(st StoreTx) error { h, err = st.Outbox().Hold(); return err }); err != nil {
		return SendHold{}, fmt.Errorf("outbox: the send limit's hold in %s: %w", s.path, err)
	}
	return h, nil
}
