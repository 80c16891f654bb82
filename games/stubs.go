package games

import (
	"context"
	"errors"
	"time"
)

// This file holds placeholders with the final signatures so that the
// mailer can be written against them; the games work replaces it.

var errNotBuilt = errors.New("games: not built yet")

// Store is the bbolt store.
type Store struct{}

// Open opens (creating if needed) the store at path.
func Open(path string) (*Store, error) { return nil, errNotBuilt }

// Close closes the store.
func (s *Store) Close() error { return errNotBuilt }

// DueMail returns up to limit outbox mails not yet sent whose next try is
// due at now, oldest first.
func (s *Store) DueMail(now time.Time, limit int) ([]Mail, error) { return nil, errNotBuilt }

// MarkSent records that the server accepted mail id.
func (s *Store) MarkSent(id string, at time.Time) error { return errNotBuilt }

// MarkFailed records a failed attempt and when to try again.
func (s *Store) MarkFailed(id string, reason string, next time.Time) error { return errNotBuilt }

// Cursor returns the stored cursor of mailbox (zero if none).
func (s *Store) Cursor(mailbox string) (MailboxCursor, error) { return MailboxCursor{}, errNotBuilt }

// SetCursor stores the cursor of mailbox.
func (s *Store) SetCursor(mailbox string, c MailboxCursor) error { return errNotBuilt }

// Processed reports whether the mail with this Message-ID was handled.
func (s *Store) Processed(messageID string) (bool, error) { return false, errNotBuilt }

// Server handles requests and clocks.
type Server struct{}

// Handle handles one request in one write transaction and returns the mails
// it put in the outbox (already stored; nil if the request was handled
// before).
func (s *Server) Handle(ctx context.Context, r Request) ([]Mail, error) { return nil, errNotBuilt }

// Tick fires due reminders and time forfeits and returns the mails queued.
func (s *Server) Tick(ctx context.Context) ([]Mail, error) { return nil, errNotBuilt }

// ParsePlusTag reads "<game>.<token>" from the plus part of an address.
func ParsePlusTag(tag string) (game, token string, ok bool) { return "", "", false }

// ParseSubjectTag finds "[windpost <game> <token>]" in a subject.
func ParseSubjectTag(subject string) (game, token string, ok bool) { return "", "", false }

// ParseReference reads game and token from one of our Message-IDs.
func ParseReference(messageID string) (game, token string, ok bool) { return "", "", false }
