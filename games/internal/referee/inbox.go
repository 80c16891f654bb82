package referee

import "fmt"

// MailboxCursor is where the mailer is in one IMAP mailbox.
type MailboxCursor struct {
	UIDValidity uint32
	LastUID     uint32 // the highest UID fully handled
}

// Cursor returns the stored cursor of mailbox (zero if none).
func (s *Store) Cursor(mailbox string) (MailboxCursor, error) {
	var c MailboxCursor
	err := s.View(func(st StoreTx) error {
		var err error
		c, err = st.cursor(mailbox)
		return err
	})
	if err != nil {
		return MailboxCursor{}, fmt.Errorf("cursor of %s: %w", mailbox, err)
	}
	return c, nil
}

// SetCursor stores the cursor of mailbox.
func (s *Store) SetCursor(mailbox string, c MailboxCursor) error {
	err := s.Update(func(st StoreTx) error { return st.putCursor(mailbox, c) })
	if err != nil {
		return fmt.Errorf("cursor of %s: %w", mailbox, err)
	}
	return nil
}

// Processed reports whether the mail with this Message-ID was handled.
func (s *Store) Processed(messageID string) (bool, error) {
	var found bool
	err := s.View(func(st StoreTx) error {
		found = st.processed(messageID)
		return nil
	})
	return found, err
}
