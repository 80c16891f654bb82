// Package games runs correspondence games as players know them: challenges,
// players, turns, clocks, draws, resignations and results, the command
// language players write in their mails, and the bbolt store with its
// outbox. It knows nothing of mail protocols: the mailer hands it a Request
// and sends the Mails it leaves in the outbox.
//
// Use: open the Store (Open), make a Server (NewServer) with the catalog of
// variants, call Server.Handle for each incoming mail and Server.Tick now
// and then (every minute is plenty) for reminders, time forfeits and
// expired challenges; send what Store.DueMail returns and report back with
// MarkSent or MarkFailed.
//
// Each Handle is one bbolt write transaction: the dedupe by Message-ID,
// the player's authentication by reply token, every command of the mail,
// the bot's answer, the outgoing mails and the mark "processed" commit
// together or not at all.
//
// Threading formats (windpost writes and reads them; see ReplyToken):
//
//	Reply-To     <bot local>+<game>.<token>@<bot domain>   (ParsePlusTag reads the part after '+')
//	Subject      ... [windpost <game> <token>]              (ParseSubjectTag)
//	Message-ID   <windpost.<game>.<token>.<n>@<bot domain>> for mail about a game (ParseReference)
//	             <windpost.<n>@<bot domain>>                for other mail
//	In-Reply-To  the Message-ID of the player's mail answered
//	References   the first mail of the game to that player, then the mail answered
//
// The token is the recipient's own: a mail changes a game only when it
// carries the token of its sender's address (a forged From with someone
// else's token, or a token without a matching From, changes nothing). A
// valid token proves the sender; a command in that mail may then name
// another of the sender's games by its id. Anyone may look at a game
// (board, history, moves).
// Games against the bot have no clock; games between people have days per
// move, a reminder a day before the deadline, and a loss on time at it.
// The command language is in the help texts and ParseCommand.
//
// How a mail's lines are read:
//
//   - Empty lines, lines without a letter or digit, and short greetings and
//     sign-offs ("Hi", "Thanks!", "Best regards,") are skipped silently.
//   - The other lines are commands; they run in order, and the answer
//     reports each one: done, or refused and why.
//   - The first refused command stops the mail: the lines after it are
//     listed as "not run", since they may depend on it (a move, then a draw
//     offer). Nothing that was done before it is undone.
//   - A line that is neither a command nor could be a move (moves name
//     squares, so they hold a digit) is "not understood". If nothing was
//     done before it, it is refused and the answer carries the help; if
//     commands were done, windpost takes it for the end of the commands
//     (a name, a signature) and ignores it and what follows, saying so.
//   - An answer in which nothing was done counts against the sender's
//     error answers per hour; past Config.ErrorAnswersPerHour such mail
//     gets no answer at all.
package games

import (
	"context"
	"log/slog"
	"time"

	"github.com/windpost/windpost/variants"
)

// Request is one incoming mail, already parsed and free of quoted text.
type Request struct {
	From      string    // the sender's bare address, as written (games canonicalises it)
	GameID    string    // from the reply token, "" if the mail carried none
	Token     string    // the reply token, "" if none
	Subject   string    // the subject as received (decoded)
	MessageID string    // the mail's Message-ID with its angle brackets; the dedupe key
	Lines     []string  // the text lines, without quoted text and signature
	Received  time.Time // when the mailer saw it
	// TooLarge is set by the mailer for mail over its size limit; Lines is
	// then empty and the answer is a short refusal.
	TooLarge bool
}

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

// Clock tells the time; tests use a fake one.
type Clock interface {
	Now() time.Time
}

// Config configures a Server.
type Config struct {
	BotAddress string // e.g. "bot@example.test"
	BotName    string // display name, e.g. "windpost"
	Clock      Clock  // nil = the real clock
	Seed       uint64 // 0 = random; fixed in tests for reproducible bots and ids
	// ErrorAnswersPerHour limits answers to a sender whose mails change
	// nothing (every command refused); further ones get no answer. 0 = 10.
	ErrorAnswersPerHour int
	// BotMoveTime bounds the bot's thinking per move (a context deadline
	// on solver.Bot.Choose); 0 = only the request's context bounds it.
	BotMoveTime time.Duration
	// AnalysisTime bounds the analyst per position (a context deadline on
	// solver.Analyst.Evaluate) for "analysis" and for the bot's answer to
	// a draw offer; searching analysts return their best estimate by then,
	// solved tables answer at once. 0 = 200 ms.
	AnalysisTime time.Duration
	// Logger receives what games logs (dropped answers); nil = discard.
	Logger *slog.Logger
}

// The store and server API the mailer relies on. The games work implements
// these; the signatures stay as they are unless both sides agree.
var (
	_ func(path string) (*Store, error)                        = Open
	_ func(*Store, *variants.Catalog, Config) (*Server, error) = NewServer
	_ func(*Store) error                                       = (*Store).Close
	_ func(*Store, time.Time, int) ([]Mail, error)             = (*Store).DueMail
	_ func(*Store, string, time.Time) error                    = (*Store).MarkSent
	_ func(*Store, string, string, time.Time) error            = (*Store).MarkFailed
	_ func(*Store, string) (MailboxCursor, error)              = (*Store).Cursor
	_ func(*Store, string, MailboxCursor) error                = (*Store).SetCursor
	_ func(*Store, string) (bool, error)                       = (*Store).Processed
	_ func(*Server, context.Context, Request) ([]Mail, error)  = (*Server).Handle
	_ func(*Server, context.Context) ([]Mail, error)           = (*Server).Tick
	_ func(string) (game, token string, ok bool)               = ParsePlusTag
	_ func(string) (game, token string, ok bool)               = ParseSubjectTag
	_ func(string) (game, token string, ok bool)               = ParseReference
)

// MailboxCursor is where the mailer is in one IMAP mailbox.
type MailboxCursor struct {
	UIDValidity uint32
	LastUID     uint32 // the highest UID fully handled
}
