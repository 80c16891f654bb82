package games

import (
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/clubplay"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/variants"
)

// NewServer returns a server of the games in store, playing the variants
// of catalog: windpost's verbs (builtinVerbs) and club play (seeks and
// tournaments).
func NewServer(store *Store, catalog *variants.Catalog, cfg Config) (*Server, error) {
	return referee.New(store, catalog, cfg, builtinVerbs(), referee.ClubHooks{
		Results: clubplay.TournamentResults, Mails: clubplay.CrosstablesDue, Expire: clubplay.ExpireSeeks, Forget: clubplay.ForgetInTournaments,
	})
}

// ParseCommand reads one line of a mail. It reports false for lines to
// skip: empty lines, lines without a letter or digit, and short greetings
// and sign-offs ("Hi", "Thanks!", "Best regards,", "Good luck") — see
// the referee's Pleasantry.
func ParseCommand(line string) (Command, bool) {
	return referee.NewVerbRegistry(builtinVerbs()).Parse(line)
}

// gameArg is the parser of the verbs that take at most a game id.
func gameArg(c *referee.Command, l referee.LineWords) { c.ParseGameArg(l.Low) }

// boardAuthority is what a board line needs: looking needs nothing,
// keeping a side for every mail ("board always black") the sender's key.
func boardAuthority(c referee.Command) referee.Authority {
	if c.Always {
		return referee.Sender
	}
	return referee.Anyone
}

// builtinVerbs is the table of windpost's verbs, which the referee's verb
// registry (registry.go there) is made from.
func builtinVerbs() []referee.VerbSpec {
	talk := func(c *referee.Command, l referee.LineWords) { parseTalk(c, l.Verb, l.Line, l.Low) }
	consenting := func(c *referee.Command, l referee.LineWords) { parseConsent(c, l.Low) }
	setting := func(c *referee.Command, l referee.LineWords) { parseSetting(c, l.Verb, l.Args) }
	seek := func(c *referee.Command, l referee.LineWords) { clubplay.ParseSeek(c, l.Verb, l.Low) }
	rating := func(c *referee.Command, l referee.LineWords) { c.ParseRating(l.Verb, l.Low) }
	organiser := func(c *referee.Command, l referee.LineWords) { clubplay.ParseOrganiser(c, l.Verb, l.Args) }
	offer := func(c *referee.Command, l referee.LineWords) {
		if len(l.Low) > 0 && (l.Low[0] == "draw" || l.Low[0] == "undo") {
			c.Offer, l.Low = l.Low[0], l.Low[1:]
		}
		c.ParseGameArg(l.Low)
	}
	// Each verb's usage is its entry in "help"; a verb another's entry
	// names too has none. The order is the help's.
	return []referee.VerbSpec{
		{Verb: referee.VerbNew, Words: []string{"new"}, Authority: referee.Anyone, Topic: "games",
			Usage: "new <game> [as black|white|random] [level <level>] [rated]\n\ta game against the bot (\"help levels\")",
			Parse: func(c *referee.Command, l referee.LineWords) { c.ParseNew(l.Low) },
			Run:   referee.WithKit(newBotGame)},
		{Verb: referee.VerbChallenge, Words: []string{"challenge"}, Authority: referee.Sender, Suggest: true, Topic: "games",
			Usage: "challenge <address> <game> [as black|white|random] [days <n>] [unrated]\n\tinvite a friend (n days per move, 7 if not given)",
			Parse: func(c *referee.Command, l referee.LineWords) { c.ParseChallenge(l.Low) },
			Run:   referee.WithKit(challenge)},
		{Verb: referee.VerbAccept, Words: []string{"accept"}, Authority: referee.Player, Suggest: true, Topic: "games",
			Usage: "accept / decline\tanswer a challenge", Parse: offer, Run: acceptOrDecline},
		{Verb: referee.VerbSeek, Help: clubplay.SeekHelp, Words: []string{"seek"}, Authority: referee.Sender, Topic: "seek",
			Usage: "seek <game> [days <n>] [unrated] [rating <low>-<high>]\n\tan open challenge: whoever joins it plays you", Parse: seek,
			Run: referee.WithKit(clubplay.SeekVerb)},
		{Verb: referee.VerbSeeks, Words: []string{"seeks"}, Authority: referee.Anyone, Topic: "seek",
			Usage: "seeks [<game>]\tthe open seeks; \"join <id>\" plays one", Parse: seek, Show: clubplay.ListSeeks},
		{Verb: referee.VerbUnseek, Authority: referee.Sender, Usage: "seek cancel <id>\twithdraw your seek", Run: clubplay.Unseek},
		{Verb: referee.VerbJoin, Help: clubplay.JoinHelp, Words: []string{"join"}, Authority: referee.Sender, Topic: "join", Parse: parseJoinLine, Run: clubplay.JoinVerb},
		{Verb: referee.VerbRematch, Help: rematchHelp, Words: []string{"rematch"}, Authority: referee.Sender, Suggest: true, Topic: "rematch",
			Usage: "rematch\tafter a game's end: another, colours swapped", Parse: gameArg, Run: rematch},
		{Verb: referee.VerbMove, Words: []string{"move", "play"}, Authority: referee.Player, Topic: "moves",
			Usage: "<move> [#<n>]\ta move, e.g. \"P-2c #5\" (#n: the move's number,\n\tso that an old or repeated mail is refused)",
			Parse: parseMoveVerb, Run: moveVerb},
		{Verb: referee.VerbConditional, Help: conditionalHelp, Words: []string{"if", "conditional", "conditionals"}, Authority: referee.Player, Topic: "conditional",
			Usage: "if <their move> then <your move>\n\tafter your move: your answer to their next one\nconditional [clear]\tlist (or clear) your conditional moves",
			Parse: parseConditionalLine, Run: conditionalVerb},
		{Verb: referee.VerbBoard, Words: []string{"board"}, Authority: referee.Anyone, AuthorityOf: boardAuthority, Suggest: true,
			Usage: "board [mine|black|white], history, moves\n\tthe board (from your side, or the side named),\n\tthe moves so far, the legal moves; \"board always\n\tblack\" draws all your boards from Black's side",
			Parse: func(c *referee.Command, l referee.LineWords) { c.ParseBoard(l.Low) }, Show: lookVerb},
		{Verb: referee.VerbHistory, Words: []string{"history"}, Authority: referee.Anyone, Suggest: true, Parse: gameArg, Show: lookVerb},
		{Verb: referee.VerbMoves, Words: []string{"moves"}, Authority: referee.Anyone, Suggest: true, Topic: "moves", Parse: gameArg, Show: lookVerb},
		{Verb: referee.VerbGames, Words: []string{"games"}, Authority: referee.Anyone, Suggest: true, Topic: "games",
			Usage: "games\tyour games", Parse: gameArg, Show: listGames},
		{Verb: referee.VerbDraw, Help: drawHelp, Words: []string{"draw"}, Authority: referee.Player, Suggest: true, Topic: "draw",
			Usage: "draw\toffer a draw; the opponent's \"draw\" accepts it", Parse: gameArg,
			Run: referee.Playing(referee.ClearsConditional("draw", draw), drawWithBot)},
		{Verb: referee.VerbUndo, Help: undoHelp, Words: []string{"undo"}, Authority: referee.Player, Suggest: true, Topic: "undo",
			Usage: "undo\task to take back your last move", Parse: gameArg,
			Run: referee.Playing(referee.ClearsConditional("undo", undo), undoWithBot)},
		{Verb: referee.VerbDecline, Words: []string{"decline", "no", "nope"}, Authority: referee.Player, Suggest: true, Topic: "games",
			Usage: "decline, no thanks\tdecline your opponent's draw offer or undo request\n\t(at any time; \"accept\" accepts it)",
			Parse: parseDecline, Run: acceptOrDecline},
		{Verb: referee.VerbSay, Help: talkHelp, Words: []string{"say"}, Authority: referee.Player, Topic: "talk",
			Usage: "say <text>, note <text>\ta message to your opponent; a note for yourself", Parse: talk, Run: say},
		{Verb: referee.VerbNote, Words: []string{"note"}, Authority: referee.Player, Suggest: true, Topic: "talk", Parse: talk, Run: noteVerb},
		{Verb: referee.VerbMute, Words: []string{"mute"}, Authority: referee.Player, Suggest: true, Topic: "talk",
			Usage: "mute / unmute\tstop (or let through) your opponent's messages", Parse: talk, Run: mute},
		{Verb: referee.VerbUnmute, Words: []string{"unmute"}, Authority: referee.Player, Suggest: true, Topic: "talk", Parse: talk, Run: mute},
		{Verb: referee.VerbPublic, Help: publicHelp, Words: []string{"public"}, Authority: referee.Player, Topic: "public",
			Usage: "public / private\tlet anyone follow the game on the web (when both\n\tplayers say it), or keep it to the two of you",
			Parse: gameArg, Run: publicity},
		{Verb: referee.VerbPrivate, Words: []string{"private"}, Authority: referee.Player, Topic: "public", Parse: gameArg, Run: publicity},
		{Verb: referee.VerbResign, Words: []string{"resign"}, Authority: referee.Player, Suggest: true,
			Usage: "resign\tgive up the game", Parse: gameArg,
			Run: referee.Playing(resign, resign)},
		{Verb: referee.VerbAnalysis, Help: analysisHelp, Words: []string{"analysis", "analyse", "analyze"}, Authority: referee.Anyone, Suggest: true, Topic: "analysis",
			Usage: "analysis\tafter the end: every move's value, mistakes marked", Parse: gameArg, Show: analysisVerb},
		{Verb: referee.VerbExport, Help: exportHelp, Words: []string{"export"}, Authority: referee.Anyone, Topic: "export",
			Usage: "export [<game>]\tthe game's record as a file (PGN) in the answer", Parse: gameArg, Run: exportVerb},
		{Verb: referee.VerbVacation, Help: vacationHelp, Words: []string{"vacation", "holiday"}, Authority: referee.Sender, Suggest: true, Topic: "vacation",
			Usage: "vacation <days> / vacation off\n\tstop your clocks (at most 30 days a year)",
			Parse: func(c *referee.Command, l referee.LineWords) { c.ParseVacation(l.Low) }, Run: vacation},
		{Verb: referee.VerbNotify, Help: notifyHelp, Words: []string{"notify"}, Authority: referee.Sender, Topic: "notify",
			Usage: "notify each / notify digest <hh:mm>\n\ta mail for every event, or one mail a day", Parse: setting, Run: settingVerb},
		{Verb: referee.VerbRemind, Words: []string{"remind"}, Authority: referee.Sender, Topic: "notify",
			Usage: "remind <times>\twhen reminders go, e.g. \"remind 48h 12h 2h\"", Parse: setting, Run: settingVerb},
		{Verb: referee.VerbTimezone, Words: []string{"timezone"}, Authority: referee.Sender, Topic: "notify",
			Usage: "timezone <zone>\tyour time zone, e.g. \"timezone Europe/Helsinki\"", Parse: setting, Run: settingVerb},
		formatVerb(),
		{Verb: referee.VerbRules, Words: []string{"rules"}, Authority: referee.Anyone, Suggest: true,
			Usage: "rules <game>\tthe rules and the notation", Parse: parseRules, Show: rulesShown},
		{Verb: referee.VerbConfirm, Help: privacyHelp, Words: []string{"confirm"}, Authority: referee.Anyone, Suggest: true, Topic: "privacy",
			Usage: "confirm\tin reply to windpost's request: do what a mail\n\twithout your key asked for", Parse: consenting, Run: confirm},
		{Verb: referee.VerbStop, Words: []string{"stop", "unsubscribe"}, Authority: referee.Sender, Suggest: true, Topic: "privacy",
			Usage: "stop\tnever be invited (or mailed) by windpost again", Parse: consenting, Run: stopVerb},
		{Verb: referee.VerbBlock, Words: []string{"block"}, Authority: referee.Sender, Suggest: true, Topic: "privacy",
			Usage: "block <address> / unblock <address>\n\tkeep an address from challenging you", Parse: consenting, Run: blockVerb},
		{Verb: referee.VerbUnblock, Words: []string{"unblock"}, Authority: referee.Sender, Suggest: true, Topic: "privacy", Parse: consenting, Run: unblock},
		{Verb: referee.VerbForget, Words: []string{"forget"}, Authority: referee.Sender, Suggest: true, Topic: "privacy",
			Usage: "forget me\tresign your games; windpost forgets your address", Parse: consenting, Run: referee.ForgetMe},
		{Verb: referee.VerbRating, Help: clubplay.RatingHelp, Words: []string{"rating", "ratings"}, Authority: referee.Anyone, Suggest: true, Topic: "rating",
			Usage: "rating\tyour ratings, with their last changes", Parse: rating, Run: clubplay.MyRating},
		{Verb: referee.VerbStandings, Words: []string{"standings"}, Authority: referee.Anyone, Suggest: true, Topic: "rating",
			Usage: "standings <game>\tthe best rated players of a game", Parse: rating,
			Show: referee.WithKit(clubplay.Standings)},
		{Verb: referee.VerbTournament, Help: clubplay.TournamentHelp, Words: []string{"tournament", "tournaments"}, AuthorityOf: referee.TournamentAuthority, Suggest: true, Topic: "tournament",
			Usage: "tournament new <game> roundrobin|swiss [rounds <n>] [days <n>] [rated]\n\torganise a tournament by mail\n" +
				"join <t>, tournament <t>\n\tenter tournament t; its players and crosstable",
			Parse: parseTournamentWords, Run: clubplay.TournamentVerb},
		{Verb: referee.VerbWithdraw, Words: []string{"withdraw"}, AuthorityOf: referee.TournamentAuthority, Suggest: true, Topic: "tournament",
			Parse: parseTournamentWords, Run: clubplay.Withdraw},
		{Verb: referee.VerbHelp, Words: []string{"help", "?"}, Authority: referee.Anyone, Suggest: true,
			Usage: "help <topic>\tmore on: moves, games, clocks, draw, undo, talk,\n\tvacation, notify, privacy, rating, seek,\n\trematch, tournament, join, export, organiser,\n\tpublic, conditional",
			Parse: func(c *referee.Command, l referee.LineWords) { c.Topic = strings.Join(l.Low, " ") }, Show: helpVerb},
		{Verb: clubplay.VerbAdjudicate, Help: clubplay.OrganiserHelp, Words: []string{"adjudicate"}, Authority: referee.Organiser, Suggest: true, Topic: "organiser",
			Usage: "adjudicate <game> [black|white|draw]\n\tend a game (by the solved table where there is one)", Parse: organiser, Run: clubplay.AdjudicateGame},
		{Verb: clubplay.VerbExtend, Words: []string{"extend"}, Authority: referee.Organiser, Topic: "organiser",
			Usage: "extend <game> <n> days\tgive the player to move n more days", Parse: organiser, Run: clubplay.ExtendGame},
	}
}

// parseRules reads "rules [game]".
func parseRules(c *referee.Command, l referee.LineWords) {
	if len(l.Low) > 0 {
		c.Variant = l.Low[0]
	}
	if len(l.Low) > 1 {
		c.Err = "write rules and one game's name, e.g. \"rules gufuu\""
	}
}

// parseDecline reads "decline [draw|undo] [game]", and "no" / "no thanks",
// which decline only when they say no more (else the line is talk or a
// move).
func parseDecline(c *referee.Command, l referee.LineWords) {
	if l.Verb == "no" || l.Verb == "nope" {
		if !parseNo(c, l.Low) {
			c.Verb = referee.VerbMove
			c.ParseMove(strings.Join(l.Words, " "))
		}
		return
	}
	if len(l.Low) > 0 && (l.Low[0] == "draw" || l.Low[0] == "undo") {
		c.Offer, l.Low = l.Low[0], l.Low[1:]
	}
	c.ParseGameArg(l.Low)
}

// parseMoveVerb reads "move [game] <move>" and "play <move>".
func parseMoveVerb(c *referee.Command, l referee.LineWords) {
	args, low := l.Args, l.Low
	if len(args) > 1 && c.Game == "" && keys.ValidGameID(low[0]) && !l.Keyword(low[0]) {
		c.Game = low[0]
		args = args[1:]
	}
	c.ParseMove(strings.Join(args, " "))
	if c.Move == "" {
		c.Err = "write the move after \"move\", e.g. \"move P-2c\""
	}
}

// parseJoinLine reads "join t7k3q" (a tournament), "join s7k3q" (a seek);
// a line that names neither ("Join us at the club") is talk in a game's
// thread, read as a move line.
func parseJoinLine(c *referee.Command, l referee.LineWords) {
	low := l.Low
	switch {
	case len(low) == 1 && club.ValidTournamentID(low[0]):
		clubplay.ParseJoin(c, low)
	case len(low) == 0 || slices.ContainsFunc(low, func(a string) bool {
		return club.ValidSeekID(a) || club.ValidTournamentID(a) || keys.ValidGameID(a)
	}):
		clubplay.ParseSeek(c, l.Verb, low)
	default:
		c.Verb = referee.VerbMove
		c.ParseMove(strings.Join(l.Words, " "))
	}
}

// parseTournamentWords reads tournament and withdraw lines; one that names
// no tournament is talk, read as a move line.
func parseTournamentWords(c *referee.Command, l referee.LineWords) {
	if !clubplay.ParseTournamentLine(c, l.Verb, l.Low, l.Args) {
		c.Verb = referee.VerbMove
		c.ParseMove(strings.Join(l.Words, " "))
	}
}
