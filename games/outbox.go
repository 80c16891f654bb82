package games

import (
	"fmt"
	"time"
)

// MailKind tells an answer from mail windpost sends on its own.
type MailKind string

// The kinds of outgoing mail. The mailer marks answers
// "Auto-Submitted: auto-replied" and the others "auto-generated".
const (
	Answer   MailKind = "answer"   // a reply to a player's mail
	Notice   MailKind = "notice"   // news for the other player (a move, an accept, a challenge)
	Reminder MailKind = "reminder" // the deadline is near, or was missed
)

// Mail is one outgoing mail as the outbox keeps it.
type Mail struct {
	ID         string // the outbox key; unique and stable
	MessageID  string // "<...@bot-domain>", stable across retries
	Kind       MailKind
	To         string
	Subject    string            // includes the tag "[windpost <game> <token>]" for mail about a game
	ReplyTo    string            // the bot's plus-address carrying the recipient's token, or "" (the bot address)
	InReplyTo  string            // the Message-ID answered, or ""
	References []string          // the thread, oldest first
	Headers    map[string]string // X-Windpost-* headers
	Text       string            // the plain-text body, the ASCII board in it

	Attempts  int
	NextTry   time.Time
	LastError string
	SentAt    time.Time // zero while pending
}

// storedMail is a Mail as the outbox keeps it.
type storedMail struct {
	V int `json:"v"`
	Mail
}

// mailKey is the outbox key of sequence number n: fixed width, so that the
// keys sort in the order the mails were queued.
func mailKey(n uint64) string { return fmt.Sprintf("%020d", n) }

// DueMail returns up to limit outbox mails not yet sent whose next try is
// due at now, oldest first. limit <= 0 means no limit.
func (s *Store) DueMail(now time.Time, limit int) ([]Mail, error) {
	var due []Mail
	err := s.view(func(st storeTx) error {
		return st.pendingMail(func(m Mail) bool {
			if m.NextTry.After(now) {
				return true
			}
			due = append(due, m)
			return limit <= 0 || len(due) < limit
		})
	})
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return due, nil
}

// updateMail changes the outbox mail id with f.
func (s *Store) updateMail(id string, f func(m *Mail)) error {
	err := s.update(func(st storeTx) error {
		m, ok, err := st.mail(id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("no mail %s in the outbox", id)
		}
		f(&m)
		return st.putMail(m)
	})
	if err != nil {
		return fmt.Errorf("outbox mail %s: %w", id, err)
	}
	return nil
}

// MarkSent records that the mail server accepted mail id at at. It is no
// longer due.
func (s *Store) MarkSent(id string, at time.Time) error {
	return s.updateMail(id, func(m *Mail) {
		m.Attempts++
		m.SentAt = at
		m.LastError = ""
	})
}

// MarkFailed records a failed attempt to send mail id and when to try
// again.
func (s *Store) MarkFailed(id string, reason string, next time.Time) error {
	return s.updateMail(id, func(m *Mail) {
		m.Attempts++
		m.LastError = reason
		m.NextTry = next
	})
}
