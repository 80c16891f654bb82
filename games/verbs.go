package games

import (
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/variants"
)

// NewServer returns a server of the games in store, playing the variants
// of catalog: windpost's verbs (builtinVerbs) and club play (seeks and
// tournaments).
func NewServer(store *Store, catalog *variants.Catalog, cfg Config) (*Server, error) {
	return newServer(store, catalog, cfg, builtinVerbs(), clubHooks{
		results: tournamentResults, mails: crosstablesDue, expire: expireSeeks, forget: forgetInTournaments,
	})
}

// ParseCommand reads one line of a mail. It reports false for lines to
// skip: empty lines, lines without a letter or digit, and short greetings
// and sign-offs ("Hi", "Thanks!", "Best regards,", "Good luck") — see
// Pleasantry.
func ParseCommand(line string) (Command, bool) {
	return newVerbRegistry(builtinVerbs()).parse(line)
}

// gameArg is the parser of the verbs that take at most a game id.
func gameArg(c *Command, l lineWords) { c.parseGameArg(l.low) }

// boardAuthority is what a board line needs: looking needs nothing,
// keeping a side for every mail ("board always black") the sender's key.
func boardAuthority(c Command) Authority {
	if c.Always {
		return Sender
	}
	return Anyone
}

// builtinVerbs is the table of windpost's verbs: the verb registry's
// (registry.go).
func builtinVerbs() []verbSpec {
	talk := func(c *Command, l lineWords) { c.parseTalk(l.verb, l.line, l.low) }
	consenting := func(c *Command, l lineWords) { c.parseConsent(l.low) }
	setting := func(c *Command, l lineWords) { c.parseSetting(l.verb, l.args) }
	seek := func(c *Command, l lineWords) { parseSeek(c, l.verb, l.low) }
	rating := func(c *Command, l lineWords) { c.parseRating(l.verb, l.low) }
	organiser := func(c *Command, l lineWords) { parseOrganiser(c, l.verb, l.args) }
	offer := func(c *Command, l lineWords) {
		if len(l.low) > 0 && (l.low[0] == "draw" || l.low[0] == "undo") {
			c.Offer, l.low = l.low[0], l.low[1:]
		}
		c.parseGameArg(l.low)
	}
	// Each verb's usage is its entry in "help"; a verb another's entry
	// names too has none. The order is the help's.
	return []verbSpec{
		{verb: VerbNew, words: []string{"new"}, authority: Anyone, topic: "games",
			usage: "new <game> [as black|white|random] [level <level>] [rated]\n\ta game against the bot (\"help levels\")",
			parse: func(c *Command, l lineWords) { c.parseNew(l.low) },
			run:   withKit(newBotGame)},
		{verb: VerbChallenge, words: []string{"challenge"}, authority: Sender, suggest: true, topic: "games",
			usage: "challenge <address> <game> [as black|white|random] [days <n>] [unrated]\n\tinvite a friend (n days per move, 7 if not given)",
			parse: func(c *Command, l lineWords) { c.parseChallenge(l.low) },
			run:   withKit(challenge)},
		{verb: VerbAccept, words: []string{"accept"}, authority: Player, suggest: true, topic: "games",
			usage: "accept / decline\tanswer a challenge", parse: offer, run: acceptOrDecline},
		{verb: VerbSeek, words: []string{"seek"}, authority: Sender, topic: "seek",
			usage: "seek <game> [days <n>] [unrated] [rating <low>-<high>]\n\tan open challenge: whoever joins it plays you", parse: seek,
			run: withKit(seekVerb)},
		{verb: VerbSeeks, words: []string{"seeks"}, authority: Anyone, topic: "seek",
			usage: "seeks [<game>]\tthe open seeks; \"join <id>\" plays one", parse: seek, show: listSeeks},
		{verb: VerbUnseek, authority: Sender, usage: "seek cancel <id>\twithdraw your seek", run: unseek},
		{verb: VerbJoin, words: []string{"join"}, authority: Sender, topic: "join", parse: parseJoinLine, run: joinVerb},
		{verb: VerbRematch, words: []string{"rematch"}, authority: Sender, suggest: true, topic: "rematch",
			usage: "rematch\tafter a game's end: another, colours swapped", parse: gameArg, run: rematch},
		{verb: VerbMove, words: []string{"move", "play"}, authority: Player, topic: "moves",
			usage: "<move> [#<n>]\ta move, e.g. \"P-2c #5\" (#n: the move's number,\n\tso that an old or repeated mail is refused)",
			parse: parseMoveVerb, run: moveVerb},
		{verb: VerbConditional, words: []string{"if", "conditional", "conditionals"}, authority: Player, topic: "conditional",
			usage: "if <their move> then <your move>\n\tafter your move: your answer to their next one\nconditional [clear]\tlist (or clear) your conditional moves",
			parse: parseConditionalLine, run: conditionalVerb},
		{verb: VerbBoard, words: []string{"board"}, authority: Anyone, authorityOf: boardAuthority, suggest: true,
			usage: "board [mine|black|white], history, moves\n\tthe board (from your side, or the side named),\n\tthe moves so far, the legal moves; \"board always\n\tblack\" draws all your boards from Black's side",
			parse: func(c *Command, l lineWords) { c.parseBoard(l.low) }, show: lookVerb},
		{verb: VerbHistory, words: []string{"history"}, authority: Anyone, suggest: true, parse: gameArg, show: lookVerb},
		{verb: VerbMoves, words: []string{"moves"}, authority: Anyone, suggest: true, topic: "moves", parse: gameArg, show: lookVerb},
		{verb: VerbGames, words: []string{"games"}, authority: Anyone, suggest: true, topic: "games",
			usage: "games\tyour games", parse: gameArg, show: listGames},
		{verb: VerbDraw, words: []string{"draw"}, authority: Player, suggest: true, topic: "draw",
			usage: "draw\toffer a draw; the opponent's \"draw\" accepts it", parse: gameArg,
			run: playing(clearsConditional("draw", draw), drawWithBot)},
		{verb: VerbUndo, words: []string{"undo"}, authority: Player, suggest: true, topic: "undo",
			usage: "undo\task to take back your last move", parse: gameArg,
			run: playing(clearsConditional("undo", undo), undoWithBot)},
		{verb: VerbDecline, words: []string{"decline", "no", "nope"}, authority: Player, suggest: true, topic: "games",
			usage: "decline, no thanks\tdecline your opponent's draw offer or undo request\n\t(at any time; \"accept\" accepts it)",
			parse: parseDecline, run: acceptOrDecline},
		{verb: VerbSay, words: []string{"say"}, authority: Player, topic: "talk",
			usage: "say <text>, note <text>\ta message to your opponent; a note for yourself", parse: talk, run: say},
		{verb: VerbNote, words: []string{"note"}, authority: Player, suggest: true, topic: "talk", parse: talk, run: noteVerb},
		{verb: VerbMute, words: []string{"mute"}, authority: Player, suggest: true, topic: "talk",
			usage: "mute / unmute\tstop (or let through) your opponent's messages", parse: talk, run: mute},
		{verb: VerbUnmute, words: []string{"unmute"}, authority: Player, suggest: true, topic: "talk", parse: talk, run: mute},
		{verb: VerbPublic, words: []string{"public"}, authority: Player, topic: "public",
			usage: "public / private\tlet anyone follow the game on the web (when both\n\tplayers say it), or keep it to the two of you",
			parse: gameArg, run: publicity},
		{verb: VerbPrivate, words: []string{"private"}, authority: Player, topic: "public", parse: gameArg, run: publicity},
		{verb: VerbResign, words: []string{"resign"}, authority: Player, suggest: true,
			usage: "resign\tgive up the game", parse: gameArg,
			run: playing(resign, resign)},
		{verb: VerbAnalysis, words: []string{"analysis", "analyse", "analyze"}, authority: Anyone, suggest: true, topic: "analysis",
			usage: "analysis\tafter the end: every move's value, mistakes marked", parse: gameArg, show: analysisVerb},
		{verb: VerbExport, words: []string{"export"}, authority: Anyone, topic: "export",
			usage: "export [<game>]\tthe game's record as a file (PGN) in the answer", parse: gameArg, run: exportVerb},
		{verb: VerbVacation, words: []string{"vacation", "holiday"}, authority: Sender, suggest: true, topic: "vacation",
			usage: "vacation <days> / vacation off\n\tstop your clocks (at most 30 days a year)",
			parse: func(c *Command, l lineWords) { c.parseVacation(l.low) }, run: vacation},
		{verb: VerbNotify, words: []string{"notify"}, authority: Sender, topic: "notify",
			usage: "notify each / notify digest <hh:mm>\n\ta mail for every event, or one mail a day", parse: setting, run: settingVerb},
		{verb: VerbRemind, words: []string{"remind"}, authority: Sender, topic: "notify",
			usage: "remind <times>\twhen reminders go, e.g. \"remind 48h 12h 2h\"", parse: setting, run: settingVerb},
		{verb: VerbTimezone, words: []string{"timezone"}, authority: Sender, topic: "notify",
			usage: "timezone <zone>\tyour time zone, e.g. \"timezone Europe/Helsinki\"", parse: setting, run: settingVerb},
		formatVerb(),
		{verb: VerbRules, words: []string{"rules"}, authority: Anyone, suggest: true,
			usage: "rules <game>\tthe rules and the notation", parse: parseRules, show: rulesShown},
		{verb: VerbConfirm, words: []string{"confirm"}, authority: Anyone, suggest: true, topic: "privacy",
			usage: "confirm\tin reply to windpost's request: do what a mail\n\twithout your key asked for", parse: consenting, run: confirm},
		{verb: VerbStop, words: []string{"stop", "unsubscribe"}, authority: Sender, suggest: true, topic: "privacy",
			usage: "stop\tnever be invited (or mailed) by windpost again", parse: consenting, run: stopVerb},
		{verb: VerbBlock, words: []string{"block"}, authority: Sender, suggest: true, topic: "privacy",
			usage: "block <address> / unblock <address>\n\tkeep an address from challenging you", parse: consenting, run: blockVerb},
		{verb: VerbUnblock, words: []string{"unblock"}, authority: Sender, suggest: true, topic: "privacy", parse: consenting, run: unblock},
		{verb: VerbForget, words: []string{"forget"}, authority: Sender, suggest: true, topic: "privacy",
			usage: "forget me\tresign your games; windpost forgets your address", parse: consenting, run: forgetMe},
		{verb: VerbRating, words: []string{"rating", "ratings"}, authority: Anyone, suggest: true, topic: "rating",
			usage: "rating\tyour ratings, with their last changes", parse: rating, run: myRating},
		{verb: VerbStandings, words: []string{"standings"}, authority: Anyone, suggest: true, topic: "rating",
			usage: "standings <game>\tthe best rated players of a game", parse: rating,
			show: withKit(standings)},
		{verb: VerbTournament, words: []string{"tournament", "tournaments"}, authorityOf: tournamentAuthority, suggest: true, topic: "tournament",
			usage: "tournament new <game> roundrobin|swiss [rounds <n>] [days <n>] [rated]\n\torganise a tournament by mail\n" +
				"join <t>, tournament <t>\n\tenter tournament t; its players and crosstable",
			parse: parseTournamentWords, run: tournamentVerb},
		{verb: VerbWithdraw, words: []string{"withdraw"}, authorityOf: tournamentAuthority, suggest: true, topic: "tournament",
			parse: parseTournamentWords, run: withdraw},
		{verb: VerbHelp, words: []string{"help", "?"}, authority: Anyone, suggest: true,
			usage: "help <topic>\tmore on: moves, games, clocks, draw, undo, talk,\n\tvacation, notify, privacy, rating, seek,\n\trematch, tournament, join, export, organiser,\n\tpublic, conditional",
			parse: func(c *Command, l lineWords) { c.Topic = strings.Join(l.low, " ") }, show: helpVerb},
		{verb: VerbAdjudicate, words: []string{"adjudicate"}, authority: Organiser, suggest: true, topic: "organiser",
			usage: "adjudicate <game> [black|white|draw]\n\tend a game (by the solved table where there is one)", parse: organiser, run: adjudicateGame},
		{verb: VerbExtend, words: []string{"extend"}, authority: Organiser, topic: "organiser",
			usage: "extend <game> <n> days\tgive the player to move n more days", parse: organiser, run: extendGame},
	}
}

// parseRules reads "rules [game]".
func parseRules(c *Command, l lineWords) {
	if len(l.low) > 0 {
		c.Variant = l.low[0]
	}
	if len(l.low) > 1 {
		c.Err = "write rules and one game's name, e.g. \"rules gufuu\""
	}
}

// parseDecline reads "decline [draw|undo] [game]", and "no" / "no thanks",
// which decline only when they say no more (else the line is talk or a
// move).
func parseDecline(c *Command, l lineWords) {
	if l.verb == "no" || l.verb == "nope" {
		if !parseNo(c, l.low) {
			c.Verb = VerbMove
			c.parseMove(strings.Join(l.words, " "))
		}
		return
	}
	if len(l.low) > 0 && (l.low[0] == "draw" || l.low[0] == "undo") {
		c.Offer, l.low = l.low[0], l.low[1:]
	}
	c.parseGameArg(l.low)
}

// parseMoveVerb reads "move [game] <move>" and "play <move>".
func parseMoveVerb(c *Command, l lineWords) {
	args, low := l.args, l.low
	if len(args) > 1 && c.Game == "" && keys.ValidGameID(low[0]) && !l.keyword(low[0]) {
		c.Game = low[0]
		args = args[1:]
	}
	c.parseMove(strings.Join(args, " "))
	if c.Move == "" {
		c.Err = "write the move after \"move\", e.g. \"move P-2c\""
	}
}

// parseJoinLine reads "join t7k3q" (a tournament), "join s7k3q" (a seek);
// a line that names neither ("Join us at the club") is talk in a game's
// thread, read as a move line.
func parseJoinLine(c *Command, l lineWords) {
	low := l.low
	switch {
	case len(low) == 1 && club.ValidTournamentID(low[0]):
		parseJoin(c, low)
	case len(low) == 0 || slices.ContainsFunc(low, func(a string) bool {
		return club.ValidSeekID(a) || club.ValidTournamentID(a) || keys.ValidGameID(a)
	}):
		parseSeek(c, l.verb, low)
	default:
		c.Verb = VerbMove
		c.parseMove(strings.Join(l.words, " "))
	}
}

// parseTournamentWords reads tournament and withdraw lines; one that names
// no tournament is talk, read as a move line.
func parseTournamentWords(c *Command, l lineWords) {
	if !parseTournamentLine(c, l.verb, l.low, l.args) {
		c.Verb = VerbMove
		c.parseMove(strings.Join(l.words, " "))
	}
}
