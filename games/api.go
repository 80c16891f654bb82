package games

import (
	"log/slog"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/variants"
)

// The referee (internal/referee) runs a mail's course, the games, the
// clocks and the store; this package adds windpost's verbs and club play
// on top (NewServer). What the mailer, the web view and the commands use
// of it is named here.

// Server handles requests and clocks on a Store; NewServer makes one.
type Server = referee.Server

// Config is a Server's configuration; zero fields mean the defaults.
type Config = referee.Config

// Request is one incoming mail as the mailer hands it to Server.Handle.
type Request = referee.Request

// Command is one line of a player's mail as ParseCommand reads it.
type Command = referee.Command

// Store is windpost's bbolt file: games, players, processed Message-IDs,
// the outbox and the mailbox cursors; safe for concurrent use.
type Store = referee.Store

// StoreOptions tune OpenWith.
type StoreOptions = referee.StoreOptions

// Mail is one outgoing mail as the outbox keeps it.
type Mail = referee.Mail

// MailKind tells an answer from mail windpost sends on its own.
type MailKind = referee.MailKind

// UnsentMail is one line of `windpost admin outbox`: a mail not sent,
// pending or failed for good.
type UnsentMail = referee.UnsentMail

// Attachment is one file of a Mail.
type Attachment = referee.Attachment

// SendFailure is one failed try to send a mail, as the outbox reports it.
type SendFailure = referee.SendFailure

// SendHold says that a send limit holds mail back.
type SendHold = referee.SendHold

// MailboxCursor is where the mailer is in one IMAP mailbox.
type MailboxCursor = referee.MailboxCursor

// AuditEntry is one organiser's or operator's action, as the audit log
// keeps it.
type AuditEntry = referee.AuditEntry

// Decision names the operator who takes an action and why.
type Decision = referee.Decision

// DumpOptions tune Store.DumpWith.
type DumpOptions = referee.DumpOptions

// DamagedError says which store file is damaged, what was found, and what
// the operator can do; it is ErrDamaged for errors.Is.
type DamagedError = store.DamagedError

// Forgotten is what Server.Forget ("forget me") did.
type Forgotten = referee.Forgotten

// Unsubscribed is what an unsubscribe (Server.Unsubscribe) did.
type Unsubscribed = referee.Unsubscribed

// BoardRef is what the picture of a game's board in a mail is drawn from.
type BoardRef = referee.BoardRef

// GamePage is a game as its page on the web view shows it.
type GamePage = referee.GamePage

// PublicGame is one line of the list of public games.
type PublicGame = referee.PublicGame

// Standing is one row of a game's standings on the web.
type Standing = referee.Standing

// GameRecord is one game as a record of it needs it (`windpost admin
// export`).
type GameRecord = referee.GameRecord

// GameSummary is one line of `windpost admin games`.
type GameSummary = referee.GameSummary

// RecordSide is one player of a GameRecord: an address, or the bot and
// its level.
type RecordSide = referee.RecordSide

// ExportFile is one file of a game's record (PGN).
type ExportFile = referee.ExportFile

// TournamentView is a tournament as the web view shows it.
type TournamentView = referee.TournamentView

// TournamentRound is one round's pairings.
type TournamentRound = referee.TournamentRound

// TournamentPairing is one board of a round.
type TournamentPairing = referee.TournamentPairing

// The kinds of mail the mailer tells apart.
const (
	// Answer is a reply to a player's mail.
	Answer = referee.Answer
	// Notice is news for the other player (a move, an accept, a
	// challenge).
	Notice = referee.Notice
	// Reminder is a reminder of a deadline.
	Reminder = referee.Reminder
)

// DefaultAnswerBytes is the default cap on an answer's text (Config).
const DefaultAnswerBytes = referee.DefaultAnswerBytes

// UnsubscribePost is the List-Unsubscribe-Post header's value, and the
// body of the POST that stops (RFC 8058 section 3.1).
const UnsubscribePost = referee.UnsubscribePost

// The errors callers tell apart with errors.Is.
var (
	// ErrDamaged is wrapped by every error that says the store file is
	// damaged.
	ErrDamaged = store.ErrDamaged
	// ErrNoSuchGame is matched by GameRecord's error for an id the store
	// does not have.
	ErrNoSuchGame = referee.ErrNoSuchGame
	// ErrNoTournament is Store.Tournament's error for an id that names
	// none.
	ErrNoTournament = referee.ErrNoTournament
	// ErrStoreInUse is wrapped by Open's error when another process holds
	// the store file.
	ErrStoreInUse = store.ErrInUse
	// ErrUnknownKey is matched by Unsubscribe's error for a key that
	// proves no address (any more).
	ErrUnknownKey = referee.ErrUnknownKey
)

// Open opens (or creates) the store at path; it walks an existing store
// for damage first and refuses a damaged one with a DamagedError.
func Open(path string) (*Store, error) { return referee.Open(path) }

// OpenWith is Open with options.
func OpenWith(path string, o StoreOptions) (*Store, error) { return referee.OpenWith(path, o) }

// ExportFiles writes rec as PGN records, one file per form of its
// variant's notation, its own form first.
func ExportFiles(cat *variants.Catalog, rec GameRecord) ([]ExportFile, error) {
	return referee.ExportFiles(cat, rec)
}

// CanonicalAddress returns the form of an address windpost keys players
// by: trimmed, angle brackets removed, lower case.
func CanonicalAddress(addr string) string { return keys.CanonicalAddress(addr) }

// BareAddress returns addr without white space around it and without the
// display name and angle brackets of "Name <a@b>".
func BareAddress(addr string) string { return keys.BareAddress(addr) }

// SplitAddress splits an address at its last '@'; domain is "" if there
// is none.
func SplitAddress(addr string) (local, domain string) { return keys.SplitAddress(addr) }

// ParseReplyAddress reads game and token from addr if it is a
// plus-address of the bot address bot.
func ParseReplyAddress(bot, addr string) (game, token string, ok bool) {
	return keys.ParseReplyAddress(bot, addr)
}

// ParsePlusTag reads "<game>.<token>" from the plus part of an address.
func ParsePlusTag(tag string) (game, token string, ok bool) { return keys.ParsePlusTag(tag) }

// ParseSubjectTag finds "[windpost <game> <token>]" in a subject (the
// last one, if several).
func ParseSubjectTag(subject string) (game, token string, ok bool) {
	return keys.ParseSubjectTag(subject)
}

// ParseReference reads game and token from one of windpost's Message-IDs.
func ParseReference(messageID string) (game, token string, ok bool) {
	return keys.ParseReference(messageID)
}

// ShortenSubject cuts s to the longest subject windpost writes, keeping a tag
// "[windpost <game> <key>]" at its end whole.
func ShortenSubject(s string) string { return referee.ShortenSubject(s) }

// RedactKeys returns s with every reply key in a subject tag, reply
// address or Message-ID replaced.
func RedactKeys(s string) string { return keys.Redact(s) }

// RedactHandler returns a slog.Handler that writes to h with every reply
// key in the message and the attributes' values replaced (RedactKeys).
func RedactHandler(h slog.Handler) slog.Handler { return keys.RedactHandler(h) }
