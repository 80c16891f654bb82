package store

// Name is the name of one of the store's buckets.
type Name string

// The names of the store's buckets, all in one place. What each holds and
// how it is encoded is said where windpost reads and writes it (the games
// package's store*.go and audit.go, and the packages beside this one:
// outbox, club).
const (
	Games       Name = "games"          // game id -> record.Game
	Players     Name = "players"        // canonical address -> record.Player
	Processed   Name = "processed"      // Message-ID -> when handled, by whom
	Outbox      Name = "outbox"         // mail key -> Mail
	Pending     Name = "outbox-pending" // mail key of each mail not yet sent
	Due         Name = "outbox-due"     // the pending mails by when they are due
	Sent        Name = "outbox-sent"    // the mails sent in the last day
	Cursors     Name = "cursors"        // the inbox's cursors
	Meta        Name = "meta"           // the meta keys below
	DoNotMail   Name = "do-not-mail"    // addresses that said "stop"
	Clocks      Name = "clocks"         // the games' deadlines by when they wake
	BotWork     Name = "bot-work"       // the bot's queue of continuations
	BotTime     Name = "bot-time"       // the bot's time per sender and hour
	Bans        Name = "bans"           // the operator's bans
	Audit       Name = "audit"          // organisers' and the operator's actions
	Ratings     Name = "ratings"        // Glicko-2 ratings
	Seeks       Name = "seeks"          // open seeks
	Tournaments Name = "tournaments"    // tournaments
	Digests     Name = "digests"        // when each digest is due

	TokensV1 Name = "tokens" // schema 1 only: removed by the migration to schema 2
)

// MetaKey is the key of one value of the meta bucket.
type MetaKey string

// The meta bucket's keys.
const (
	KeySchema    MetaKey = "schema"     // the schema version
	KeySecret    MetaKey = "secret"     // the secret of every key
	KeyPruned    MetaKey = "pruned"     // when the daily prune last ran
	KeyLastRun   MetaKey = "clock"      // when a Handle or Tick last ran
	KeyPruneFrom MetaKey = "prune-from" // where a prune under way goes on
	KeySendHold  MetaKey = "send-hold"  // the outbox's SendHold
)

// created are the buckets Open makes in every store; the others are made
// by their first write.
func created() []Name {
	return []Name{Games, Players, Processed, Outbox, Pending, Cursors, Meta, DoNotMail}
}
