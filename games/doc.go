// Package games runs correspondence games as players know them: challenges,
// players, turns, clocks, draws, resignations and results, the command
// language players write in their mails, and the bbolt store with its
// outbox. It knows nothing of mail protocols: the mailer hands it a Request
// and sends the Mails it leaves in the outbox.
//
// Use: open the Store (Open), make a Server (NewServer) with the catalog of
// variants, call Server.Handle for each incoming mail and Server.TickUpTo
// now and then (every minute is plenty) for reminders, time forfeits and
// expired challenges, with the time up to which every mail that arrived
// has been handled, then Server.Prune until it says there is no more; send
// what Store.DueMail returns and report back with MarkSent, or Failed (a
// retry, or failed for good). (Server.Tick is TickUpTo now and the whole
// prune, for callers without an inbox.)
//
// Each Handle is one bbolt write transaction: the dedupe by Message-ID,
// the player's authentication by reply token, every command of the mail,
// the outgoing mails and the mark "processed" commit together or not at
// all. The bot never thinks inside it: a command that needs the bot
// leaves a continuation, and Server.BotWork (run beside the mail loop)
// thinks with no lock held and finishes the mail in a second transaction.
//
// Where things are (nine rooms below this package, each with its doc:
// internal/store, the bbolt file; internal/record, the game and player
// records it keeps; internal/keys, the addresses, ids and
// reply keys; internal/club, seeks, tournaments and ratings as records;
// internal/consent, authority and confirmations; internal/conditional,
// conditional moves; internal/outbox, the mail waiting to be sent;
// internal/clocks, the store's time and its indexes; internal/botwork,
// the bot's queue and hours; the arrows go only down):
//
//	server.go      Server, Config, Request; Handle and Tick, each one write transaction
//	change.go      change: one write transaction; games and players loaded once, written back by commit
//	handling.go    handling: one request; the mail's course: authenticate, run each line, commit
//	verbs.go       the verb registry: each verb's words, parser, authority, handler and help line
//	authority.go   who may act in a player's name: Authority, authorise, the confirm request, the keys a mail carries
//	verb_*.go      one file per command family: the registry's handlers, functions of the
//	               handling (check, act, say what was done)
//	verb_consent.go  confirm, stop, block; invitation.go: who may be invited, caps per sender and invitee
//	verb_talk.go   players who talk: messages to the opponent, say, note, mute
//	verb_offer.go  draw offers and undo requests answered at any time
//	conditional.go conditional moves: the tree checked by the rules, kept per side, its reply
//	               played when the opponent's move matches (internal/conditional reads the
//	               written tree, inline and indented, within its caps); verb_conditional.go if
//	forget.go      forget me and Server.Forget: resign, stand-in, delete
//	unsubscribe.go the one-click unsubscribe (RFC 8058) of an invitation: Server.Unsubscribe
//	ratings.go     Glicko-2 ratings moved when a rated game ends; the bot levels' anchors
//	verb_rating.go rating and standings
//	seek.go        open seeks: the record, ids, the rating range, expiry in the tick
//	verb_seek.go   seek, seek cancel, seeks, join
//	verb_rematch.go  rematch: colours swapped, the same terms; asked by both, it begins
//	tournament.go  tournaments run by the referee: pairing with package tournament,
//	               the games made, results recorded; tournament_mail.go, tournament_pairing.go:
//	               crosstables, standings and pairings mailed; tournament_withdraw.go
//	verb_tournament.go  tournament new, join, leave, start, withdraw; command_tournament.go reads them
//	tournament_view.go  the Store's tournaments for the web view (internal/club's Page)
//	operator.go    adjudicate, extend and cancel, by a tournament's organiser or the operator
//	verb_organiser.go  the organiser's commands by mail
//	webview.go     what the web view reads (GameLink, GamePage, PublicGames, Standings)
//	verb_public.go public and private: a game's page reachable by its id
//	standings.go   the standings' rows, shared by "standings" and the web
//	refusal.go     refusal: a command not run, an error told apart with errors.As
//	wording.go     what players read in their words: how to reply with a move, display
//	               names (cleaned), results ("you win by checkmate"), "Did you mean"
//	facts.go       facts made from the game: the example move (a legal move that does not
//	               lose at once), the status under the board at an end, one tag a subject
//	compose.go     the mails: answers, notices, subjects, headers; status.go: status blocks, players' names;
//	               boardref.go: the board a mail shows (BoardRef), which side at the bottom
//	clock.go       deadlines, reminders, losses on time, expired challenges
//	remind.go      reminders at the player's times, two at least before a loss on time
//	verb_notify.go notify, remind, timezone: the player's mail settings, times in their zone
//	digest.go      the daily digest: games to move in, news held
//	arrival.go     a command judged against the deadline by when its mail arrived
//	outage.go      time windpost did not run is not charged: deadlines move by the gap
//	prune.go       the daily prune, in small transactions (Prune)
//	bot.go         the bot's moves and the analyst's values within their time limits
//	botwork.go     a command that needs the bot: the job, the continuation, the pause
//	botresume.go   BotWork: the bot thinks outside the mail's transaction, the mail resumes
//	botqueue.go    the bot's work in turns by sender; its budgets per sender and hour
//	budget.go      what one mail may cost: commands, answer bytes, mails caused
//	game.go        liveGame: a record with its rules.Game; play, finish, derive
//	store.go       Store and storeTx: the typed records inside one transaction, with
//	               its views, each the only code that knows its buckets' encodings:
//	               outbox() (internal/outbox: mails, pending queue, due index, sent log),
//	               clocks() (internal/clocks: the clocks index, last run, the prune's place;
//	               store_clock.go: a game's wake time),
//	               botWork() (internal/botwork: the bot's queue and hours), club() (the club's
//	               records in internal/club); store_ban.go, store_digest.go, audit.go
//	open.go        Open, Check, Backup, Dump: package store with this package's schema;
//	               migrate.go: the schema version and its migrations
//	outbox.go      the Store's outbox: queue, due mail, sent, failed (the records, the
//	               pending queue, due index, sent log and hold are internal/outbox's);
//	               outbox_limit.go: the send limits' count and hold
//	inbox.go       mailbox cursors, processed mails
//	outbox_notice.go the other player told when a mail about a game fails for good
//	admin.go       the admin view: Games
//	export.go      GameRecord: a game as its record needs it; export_pgn.go: ExportFiles, its PGN files
//	verb_export.go export: a game's records attached to the answer; attachment.go: their budget
//	keys.go        the exported names of package keys the mailer reads (ReplyToken, ParseReplyAddress, RedactKeys, ...)
//	command.go     Command, ParseCommand and the argument parsers the registry uses
//
// Threading formats (package keys writes and reads them side by side; see
// keys.Token):
//
//	Reply-To     <bot local>+<game>.<token>@<bot domain>   (keys.ParseReplyAddress, keys.ParsePlusTag)
//	Subject      ... [windpost <game> <token>]              (keys.ParseSubjectTag)
//	Message-ID   <windpost.<game>.<token>.<n>@<bot domain>> for mail about a game (keys.ParseReference)
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
// move, reminders before the deadline at the player's times (two at least),
// and a loss on time at it.
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
//   - In a mail with the sender's key for a game between people that has
//     begun, greetings and lines that are not commands are not refused:
//     they are the sender's message to the opponent (verb_talk.go); in
//     the thread of a game against the bot they get a friendly word.
//   - An answer in which nothing was done counts against the sender's
//     error answers per hour; past Config.ErrorAnswersPerHour (twice that
//     for an address that proved itself once) such mail gets no answer at
//     all. An answer to a mail that does not prove its sender (authority.go)
//     always counts, help included.
package games
