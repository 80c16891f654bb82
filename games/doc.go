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
// Where things are. This package is windpost's game verbs and club play
// (internal/clubplay: seeks, tournaments, the organiser's commands,
// ratings) on top of internal/referee, the core: a mail's course (authenticate,
// authorise, run each line through the verb registry, commit), the games
// in play, clocks, the store's typed records and the outbox. Below the
// referee lie the rooms of the store and its records: internal/store, the
// bbolt file; internal/record, the game and player records it keeps;
// internal/keys, the addresses, ids and reply keys; internal/club, seeks,
// tournaments and ratings as records; internal/consent, authority and
// confirmations; internal/conditional, conditional moves;
// internal/outbox, the mail waiting to be sent; internal/clocks, the
// store's time and its indexes; internal/botwork, the bot's queue and
// hours. The arrows go only down.
//
//	api.go         the referee's names the mailer, the web view and the commands use
//	verbs.go       NewServer with windpost's verbs and club play; builtinVerbs, the verb
//	               registry's table: each verb's words, parser, authority, handler and help line
//	verb_*.go      one file per command family: the registry's handlers, functions of the
//	               referee's Handling (check, act, say what was done)
//	verb_consent.go  confirm, stop, block, unblock
//	verb_talk.go   say, note, mute, unmute
//	verb_notify.go notify, remind, timezone
//	verb_help.go   help and rules (the texts are the referee's: help_topics)
//	verb_offer.go  draw offers and undo requests answered at any time
//	verb_rematch.go  rematch: colours swapped, the same terms; asked by both, it begins
//	verb_public.go public and private: a game's page reachable by its id
//	verb_export.go export: a game's records attached to the answer
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
//     they are the sender's message to the opponent (the referee's talk); in
//     the thread of a game against the bot they get a friendly word.
//   - An answer in which nothing was done counts against the sender's
//     error answers per hour; past Config.ErrorAnswersPerHour (twice that
//     for an address that proved itself once) such mail gets no answer at
//     all. An answer to a mail that does not prove its sender (the referee's authority)
//     always counts, help included.
package games
