package referee

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/outbox"
)

// The outbox's records are package outbox's; these are their names as the
// mailer and tools read them.
type (
	// MailKind tells an answer from mail windpost sends on its own.
	MailKind = outbox.MailKind
	// Mail is one outgoing mail as the outbox keeps it.
	Mail = outbox.Mail
	// BoardRef is what the picture of a game's board in a mail is drawn from.
	BoardRef = outbox.BoardRef
	// Attachment is one file of a Mail.
	Attachment = outbox.Attachment
	// SendHold says that a send limit holds mail back, as the outbox last
	// recorded it for `windpost admin outbox`.
	SendHold = outbox.SendHold
)

// The kinds of outgoing mail. The mailer marks answers
// "Auto-Submitted: auto-replied" and the others "auto-generated".
const (
	Answer   = outbox.Answer   // a reply to a player's mail
	Notice   = outbox.Notice   // news for the other player (a move, an accept, a challenge)
	Reminder = outbox.Reminder // the deadline is near, or was missed
)

// DueMail returns up to limit outbox mails not yet sent whose next try is
// due at now, in the order the outbox sends them (NextMail), retries
// without bound. limit <= 0 means no limit.
func (s *Store) DueMail(now time.Time, limit int) ([]Mail, error) {
	return s.NextMail(now, limit, -1)
}

// NextMail returns up to limit outbox mails due at now, at most retries of
// them retries (< 0: no bound), in the order the outbox sends them: the
// moves and results never tried, their retries, then the later mail
// (Mail.Later) never tried, its retries; each group by next try. So a
// send limit lets moves and results through first, and retries beyond the
// bound never hide fresh mail. It reads only the due mails. limit <= 0
// means no limit.
func (s *Store) NextMail(now time.Time, limit, retries int) ([]Mail, error) {
	var due []Mail
	err := s.View(func(st StoreTx) error {
		return st.Outbox().Due(now, retries, func(m Mail) bool {
			due = append(due, m)
			return limit <= 0 || len(due) < limit
		})
	})
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return due, nil
}

// QueueMail puts m in the outbox as pending, under the next outbox id
// (m.ID is replaced), and returns it as stored. windpost's own mail is
// queued by Handle and Tick; this is for tools and tests.
func (s *Store) QueueMail(m Mail) (Mail, error) {
	err := s.Update(func(st StoreTx) error {
		n, err := st.Outbox().NewNumber()
		if err != nil {
			return err
		}
		m.ID = outbox.Key(n)
		return st.Outbox().Queue(&m)
	})
	if err != nil {
		return Mail{}, fmt.Errorf("outbox: queue mail to %s: %w", m.To, err)
	}
	return m, nil
}

// updateMail changes the outbox mail id of s with f, inside the
// transaction st.
func updateMail(s *Store, id string, f func(st StoreTx, m *Mail) error) error {
	err := s.Update(func(st StoreTx) error {
		m, ok, err := st.Outbox().Mail(id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("no mail %s in the outbox", id)
		}
		if err := st.Outbox().DropDue(m); err != nil {
			return err
		}
		if err := f(st, &m); err != nil {
			return err
		}
		return st.Outbox().Put(m)
	})
	if err != nil {
		return fmt.Errorf("outbox mail %s: %w", id, err)
	}
	return nil
}

// MarkSent records that the mail server accepted mail id at at. It is no
// longer due, and counts against the send limits (SentSince).
func (s *Store) MarkSent(id string, at time.Time) error {
	return updateMail(s, id, func(st StoreTx, m *Mail) error {
		m.Attempts++
		m.SentAt = at
		m.LastError = ""
		return st.Outbox().LogSent(*m)
	})
}

// MarkFailed records a failed attempt to send mail id and when to try
// again (Failed says more).
func (s *Store) MarkFailed(id string, reason string, next time.Time) error {
	return s.Failed(id, SendFailure{Reason: reason, Retry: next})
}

// SendFailure is one failed try to send a mail, as the outbox reports it.
type SendFailure struct {
	Reason    string    // the server's answer or the error
	At        time.Time // when the try failed
	Permanent bool      // the server refused the mail for good (SMTP 5xx)
	// Retry is when to try again; zero gives up: the mail has failed for
	// good, leaves the queue, and the other player of its game is told.
	Retry time.Time
}

// Failed records the failed try f of mail id. When f gives up, the mail
// is marked failed for good and, if it was about a game (an invitation, a
// notice, a reminder), its other player is told in a plain mail, provided
// they have proven their address (never the failed address itself).
func (s *Store) Failed(id string, f SendFailure) error {
	return updateMail(s, id, func(st StoreTx, m *Mail) error {
		m.Attempts++
		m.LastError = f.Reason
		if m.FirstFailure.IsZero() {
			m.FirstFailure = f.At
		}
		if f.Permanent {
			m.Refused++
		}
		if !f.Retry.IsZero() {
			m.NextTry = f.Retry
			return nil
		}
		m.FailedAt = f.At
		if m.FailedAt.IsZero() {
			m.FailedAt = time.Now().UTC()
		}
		return st.queueFailureNotice(*m, m.FailedAt)
	})
}

// UnsentMail is one line of `windpost admin outbox`: a mail not sent,
// pending or failed for good. Its subject carries no reply key.
type UnsentMail struct {
	ID        string
	Kind      MailKind
	To        string
	Game      string // "" for mail about no game
	Subject   string // the reply key in the tag left out
	Later     bool   // waits behind moves and results under a send limit
	Attempts  int
	NextTry   time.Time // when pending
	FailedAt  time.Time // zero while pending
	LastError string
}

// Unsent lists the outbox mails not sent, pending or failed for good, in
// the order they were queued.
func (s *Store) Unsent() ([]UnsentMail, error) {
	var list []UnsentMail
	err := s.View(func(st StoreTx) error {
		return st.Outbox().Each(func(m Mail) error {
			if !m.SentAt.IsZero() {
				return nil
			}
			list = append(list, UnsentMail{ID: m.ID, Kind: m.Kind, To: m.To, Game: m.Headers["X-Windpost-Game"],
				Subject: withoutReplyKey(m.Subject), Later: m.Later, Attempts: m.Attempts, NextTry: m.NextTry, FailedAt: m.FailedAt, LastError: m.LastError})
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("outbox of %s: %w", s.path, err)
	}
	return list, nil
}

// withoutReplyKey is a subject with the reply key of its tag (if any)
// left out: "... [windpost g7]".
func withoutReplyKey(subject string) string {
	_, token, ok := keys.ParseSubjectTag(subject)
	if !ok {
		return subject
	}
	for i := len(subject) - len(token); i >= 0; i-- {
		if strings.EqualFold(subject[i:i+len(token)], token) {
			return strings.TrimRight(subject[:i], " ") + subject[i+len(token):]
		}
	}
	return subject
}

// MaxSubject is the longest subject windpost writes, in characters,
// the tag "[windpost <game> <key>]" included.
const MaxSubject = 200

// ShortenSubject cuts s to at most MaxSubject characters, keeping a tag
// "[windpost <game> <key>]" at its end whole; the cut is marked "...".
func ShortenSubject(s string) string {
	r := []rune(s)
	if len(r) <= MaxSubject {
		return s
	}
	tag := ""
	if i := strings.LastIndex(s, "[windpost "); i >= 0 && strings.HasSuffix(s, "]") {
		if _, _, ok := keys.ParseSubjectTag(s[i:]); ok && len([]rune(s[i:])) < MaxSubject/2 {
			tag = s[i:]
			r = []rune(strings.TrimRight(s[:i], " "))
		}
	}
	keep := MaxSubject - len([]rune(tag)) - len("... ")
	out := strings.TrimRight(string(r[:min(keep, len(r))]), " ") + "..."
	if tag != "" {
		out += " " + tag
	}
	return out
}
