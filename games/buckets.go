package games

// The names of the store's buckets and of its meta keys, all in one place.
// What each holds and how it is encoded is said where it is read and
// written (store*.go, audit.go, outbox_limit.go); open.go creates and
// migrates them.
var (
	bucketGames       = []byte("games")          // game id -> gameRecord
	bucketPlayers     = []byte("players")        // canonical address -> playerRecord
	bucketProcessed   = []byte("processed")      // Message-ID -> when handled, by whom
	bucketOutbox      = []byte("outbox")         // mail key -> Mail
	bucketPending     = []byte("outbox-pending") // mail key of each mail not yet sent
	bucketDue         = []byte("outbox-due")     // the pending mails by when they are due (store_outbox.go)
	bucketSent        = []byte("outbox-sent")    // the mails sent in the last day (outbox_limit.go)
	bucketCursors     = []byte("cursors")        // the inbox's cursors
	bucketMeta        = []byte("meta")           // the keys below
	bucketDoNotMail   = []byte("do-not-mail")    // addresses that said "stop"
	bucketClocks      = []byte("clocks")         // the games' deadlines by when they wake (store_clock.go)
	bucketBotWork     = []byte("bot-work")       // the bot's queue of continuations (store.go, botqueue.go)
	bucketBotTime     = []byte("bot-time")       // the bot's time per sender and hour (store_bot.go)
	bucketBans        = []byte("bans")           // the operator's bans (store_ban.go)
	bucketAudit       = []byte("audit")          // organisers' and the operator's actions (audit.go)
	bucketRatings     = []byte("ratings")        // Glicko-2 ratings (store_rating.go)
	bucketSeeks       = []byte("seeks")          // open seeks (store_seek.go)
	bucketTournaments = []byte("tournaments")    // tournaments (store_tournament.go)
	bucketDigests     = []byte("digests")        // when each digest is due (store_digest.go)

	bucketTokensV1 = []byte("tokens") // schema 1 only: removed by open.go

	keySchema    = []byte("schema")     // meta: the schema version
	keySecret    = []byte("secret")     // meta: the secret of every key
	keyPruned    = []byte("pruned")     // meta: when the daily prune last ran
	keyLastRun   = []byte("clock")      // meta: when a Handle or Tick last ran (store_clock.go)
	keyPruneFrom = []byte("prune-from") // meta: where a prune under way goes on (store_clock.go)
	keySendHold  = []byte("send-hold")  // meta: the outbox's SendHold (outbox_limit.go)
)
