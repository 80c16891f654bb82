// Package referee is windpost's core: a mail's course (authenticate,
// authorise by the verb registry's declared authority, run each line,
// commit), the games in play, their clocks, the store as typed records
// and the outbox. It knows the verbs only through the registry its
// caller gives New (package games gives windpost's), and club play only
// through the hooks it is given (ClubHooks). Package games names what
// the mailer, the web view and the commands use of it.
//
// Where things are:
//
//	server.go      Server, Config, Request; Handle and Tick, each one write transaction
//	change.go      Change: one write transaction; games and players loaded once, written back by commit
//	handling.go    Handling: one request; the mail's course: authenticate, run each line, commit
//	registry.go    the verb registry's types: a verb's words, parser, authority, handler,
//	               help line (package games gives the table)
//	authority.go   who may act in a player's name: Authority, authorise, the confirm request, the keys a mail carries
//	consent.go     what a mail knows of its sender's proof, the caps on invitations; invitation.go:
//	               who may be invited, caps per sender and invitee
//	begin.go       how a game between people begins: Invite, PickSide, Begin (accept, join, rematch)
//	talk.go        players who talk: messages passed to the opponent, kept in the record, muted
//	conditional.go conditional moves: the tree checked by the rules, kept per side, its reply
//	               played when the opponent's move matches (internal/conditional reads the
//	               written tree, inline and indented, within its caps); the verb "if" is package games'
//	forget.go      forget me and Server.Forget: resign, stand-in, delete
//	unsubscribe.go the one-click unsubscribe (RFC 8058) of an invitation: Server.Unsubscribe
//	ratings.go     Glicko-2 ratings moved when a rated game ends; the bot levels' anchors
//	tournament_view.go  the Store's tournaments for the web view (internal/club's Page)
//	operator.go    adjudicate, extend and cancel, by a tournament's organiser or the operator
//	webview.go     what the web view reads (GameLink, GamePage, PublicGames, Standings)
//	standings.go   the standings' rows, shared by "standings" and the web
//	refusal.go     Refusal: a command not run, an error told apart with errors.As
//	wording.go     what players read in their words: how to reply with a move, display
//	               names (cleaned), results ("you win by checkmate"), "Did you mean"
//	facts.go       facts made from the game: the example move (a legal move that does not
//	               lose at once), the status under the board at an end, one tag a subject
//	compose.go     the mails: answers, notices, subjects, headers; status.go: status blocks, players' names;
//	               boardref.go: the board a mail shows (BoardRef), which side at the bottom
//	clock.go       deadlines, reminders, losses on time, expired challenges
//	remind.go      reminders at the player's times, two at least before a loss on time
//	settings.go    the player's mail settings (notify, remind, timezone): times in their zone
//	view.go        how a game is shown to one reader: a board, or in words (format accessible)
//	help.go        the help made from the registry: the overview, the topics no verb gives
//	analysis.go    a finished game's analysis: every move's value, mistakes marked
//	digest.go      the daily digest: games to move in, news held
//	arrival.go     a command judged against the deadline by when its mail arrived
//	outage.go      time windpost did not run is not charged: deadlines move by the gap
//	prune.go       the daily prune, in small transactions (Prune)
//	bot.go         the bot's moves and the analyst's values within their time limits
//	botwork.go     a command that needs the bot: the job, the continuation, the pause
//	botresume.go   BotWork: the bot thinks outside the mail's transaction, the mail resumes
//	botqueue.go    the bot's work in turns by sender; its budgets per sender and hour
//	budget.go      what one mail may cost: commands, answer bytes, mails caused
//	game.go        LiveGame: a record with its rules.Game; play, finish, derive
//	store.go       Store and StoreTx: the typed records inside one transaction, with
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
//	attachment.go  the files an answer carries, within their budget
//	command.go     Command, the registry's Parse and the argument parsers the verbs use
//	lines.go       how a mail's lines are read: a command, a move, or talk to the opponent;
//	               pleasantry.go: the greetings and sign-offs passed over
package referee
