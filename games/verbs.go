package games

import (
	"slices"
	"strings"
)

// The command language is one table, the verb registry: each verb's words,
// the parser of its arguments, its authority and what it does. ParseCommand
// reads a line through it, handling.run checks the authority in one place
// (authority.go) and then runs the verb, keyword and "did you mean" take
// their words from it. A new verb is one verbSpec (in the verb's own file,
// listed in builtinVerbs) and its test.

// verbSpec is one verb of the command language.
type verbSpec struct {
	// verb is the Verb a line naming it gets (parse may choose another
	// verb of its family: "seeks" after "seek").
	verb Verb
	// words are the first words that name the verb; lower case.
	words []string
	// authority is what a mail must prove for the verb to run; authorityOf,
	// if set, decides it per command (a tournament's "new" and "start").
	authority   Authority
	authorityOf func(Command) Authority
	// parse reads the arguments; nil takes none but a game id.
	parse func(c *Command, l lineWords)
	// run does the verb: a text that says what it did, a *refusal, or a
	// failure that undoes the mail.
	run func(h *handling, c Command) (string, error)
	// suggest puts the verb among the words "did you mean" offers (not
	// "move", "new" or "say": one letter off everyday words).
	suggest bool
}

// lineWords is a command line as parse reads it: the verb as written
// (lower case, punctuation trimmed), the line, and the words after the
// verb as written and lower-cased.
type lineWords struct {
	verb string
	line string
	// keyword is the registry's: a word of the language is no game id.
	keyword func(string) bool
	words   []string // every word, from the verb on (the game id before it left out)
	args    []string // the words after the verb, as written
	low     []string // args lower-cased, punctuation trimmed
}

// authorityOf is the authority command c needs.
func (s *verbSpec) authorityFor(c Command) Authority {
	if s.authorityOf != nil {
		return s.authorityOf(c)
	}
	return s.authority
}

// verbRegistry is the command language: the verbs by their words and by
// their Verb.
type verbRegistry struct {
	byWord map[string]*verbSpec
	byVerb map[Verb]*verbSpec
	// suggestions are the verbs "did you mean" may offer, in table order.
	suggestions []Verb
}

// newVerbRegistry indexes specs; a later spec's word wins over an earlier
// one's (a test's toy verb may take a word).
func newVerbRegistry(specs []verbSpec) *verbRegistry {
	r := &verbRegistry{byWord: map[string]*verbSpec{}, byVerb: map[Verb]*verbSpec{}}
	for i := range specs {
		s := &specs[i]
		r.byVerb[s.verb] = s
		for _, w := range s.words {
			r.byWord[w] = s
		}
		if s.suggest {
			r.suggestions = append(r.suggestions, s.verb)
		}
	}
	return r
}

// keyword reports whether w is a word of the command language; such words
// are never game ids.
func (r *verbRegistry) keyword(w string) bool {
	if _, ok := r.byWord[w]; ok {
		return true
	}
	switch w {
	case "rated", "unrated", "analyse", "analyze", "holiday":
		return true
	}
	return false
}

// gameArg is the parser of the verbs that take at most a game id.
func gameArg(c *Command, l lineWords) { c.parseGameArg(l.low) }

// builtinVerbs is the table of windpost's verbs.
func builtinVerbs() []verbSpec {
	look := func(h *handling, c Command) (string, error) { return h.look(c) }
	talk := func(c *Command, l lineWords) { c.parseTalk(l.verb, l.line, l.low) }
	consent := func(c *Command, l lineWords) { c.parseConsent(l.low) }
	setting := func(c *Command, l lineWords) { c.parseSetting(l.verb, l.args) }
	seek := func(c *Command, l lineWords) { c.parseSeek(l.verb, l.low) }
	rating := func(c *Command, l lineWords) { c.parseRating(l.verb, l.low) }
	organiser := func(c *Command, l lineWords) { c.parseOrganiser(l.verb, l.args) }
	offer := func(c *Command, l lineWords) {
		if len(l.low) > 0 && (l.low[0] == "draw" || l.low[0] == "undo") {
			c.Offer, l.low = l.low[0], l.low[1:]
		}
		c.parseGameArg(l.low)
	}
	return []verbSpec{
		{verb: VerbHelp, words: []string{"help", "?"}, authority: Anyone, suggest: true,
			parse: func(c *Command, l lineWords) { c.Topic = strings.Join(l.low, " ") }, run: (*handling).help},
		{verb: VerbRules, words: []string{"rules"}, authority: Anyone, suggest: true, parse: parseRules, run: (*handling).rules},
		{verb: VerbNew, words: []string{"new"}, authority: Anyone,
			parse: func(c *Command, l lineWords) { c.parseNew(l.low) },
			run:   func(h *handling, c Command) (string, error) { return h.withKit(h.newBotGame)(c) }},
		{verb: VerbChallenge, words: []string{"challenge"}, authority: Sender, suggest: true,
			parse: func(c *Command, l lineWords) { c.parseChallenge(l.low) },
			run:   func(h *handling, c Command) (string, error) { return h.withKit(h.challenge)(c) }},
		{verb: VerbAccept, words: []string{"accept"}, authority: Player, suggest: true, parse: offer, run: (*handling).acceptOrDecline},
		{verb: VerbDecline, words: []string{"decline", "no", "nope"}, authority: Player, suggest: true, parse: parseDecline, run: (*handling).acceptOrDecline},
		{verb: VerbMove, words: []string{"move", "play"}, authority: Player, parse: parseMoveVerb, run: (*handling).move},
		{verb: VerbBoard, words: []string{"board"}, authority: Anyone, suggest: true, parse: gameArg, run: look},
		{verb: VerbHistory, words: []string{"history"}, authority: Anyone, suggest: true, parse: gameArg, run: look},
		{verb: VerbMoves, words: []string{"moves"}, authority: Anyone, suggest: true, parse: gameArg, run: look},
		{verb: VerbGames, words: []string{"games"}, authority: Anyone, suggest: true, parse: gameArg, run: (*handling).listGames},
		{verb: VerbResign, words: []string{"resign"}, authority: Player, suggest: true, parse: gameArg,
			run: func(h *handling, c Command) (string, error) { return h.playing(h.resign, h.resign)(c) }},
		{verb: VerbDraw, words: []string{"draw"}, authority: Player, suggest: true, parse: gameArg,
			run: func(h *handling, c Command) (string, error) { return h.playing(h.draw, h.drawWithBot)(c) }},
		{verb: VerbUndo, words: []string{"undo"}, authority: Player, suggest: true, parse: gameArg,
			run: func(h *handling, c Command) (string, error) { return h.playing(h.undo, undoWithBot)(c) }},
		{verb: VerbAnalysis, words: []string{"analysis", "analyse", "analyze"}, authority: Anyone, suggest: true, parse: gameArg, run: (*handling).analysis},
		{verb: VerbExport, words: []string{"export"}, authority: Anyone, parse: gameArg, run: (*handling).export},
		{verb: VerbVacation, words: []string{"vacation", "holiday"}, authority: Sender, suggest: true,
			parse: func(c *Command, l lineWords) { c.parseVacation(l.low) }, run: (*handling).vacation},
		{verb: VerbConfirm, words: []string{"confirm"}, authority: Anyone, suggest: true, parse: consent, run: (*handling).confirm},
		{verb: VerbStop, words: []string{"stop", "unsubscribe"}, authority: Sender, suggest: true, parse: consent, run: (*handling).stop},
		{verb: VerbBlock, words: []string{"block"}, authority: Sender, suggest: true, parse: consent, run: (*handling).block},
		{verb: VerbUnblock, words: []string{"unblock"}, authority: Sender, suggest: true, parse: consent, run: (*handling).unblock},
		{verb: VerbForget, words: []string{"forget"}, authority: Sender, suggest: true, parse: consent, run: (*handling).forgetMe},
		{verb: VerbRating, words: []string{"rating", "ratings"}, authority: Anyone, suggest: true, parse: rating, run: (*handling).myRating},
		{verb: VerbStandings, words: []string{"standings"}, authority: Anyone, suggest: true, parse: rating,
			run: func(h *handling, c Command) (string, error) { return h.withKit(h.standings)(c) }},
		{verb: VerbSay, words: []string{"say"}, authority: Player, parse: talk, run: (*handling).say},
		{verb: VerbNote, words: []string{"note"}, authority: Player, suggest: true, parse: talk, run: (*handling).note},
		{verb: VerbMute, words: []string{"mute"}, authority: Player, suggest: true, parse: talk, run: (*handling).mute},
		{verb: VerbUnmute, words: []string{"unmute"}, authority: Player, suggest: true, parse: talk, run: (*handling).mute},
		{verb: VerbNotify, words: []string{"notify"}, authority: Sender, parse: setting, run: (*handling).setting},
		{verb: VerbRemind, words: []string{"remind"}, authority: Sender, parse: setting, run: (*handling).setting},
		{verb: VerbTimezone, words: []string{"timezone"}, authority: Sender, parse: setting, run: (*handling).setting},
		{verb: VerbSeek, words: []string{"seek"}, authority: Sender, parse: seek,
			run: func(h *handling, c Command) (string, error) { return h.withKit(h.seek)(c) }},
		{verb: VerbUnseek, authority: Sender, run: (*handling).unseek},
		{verb: VerbSeeks, words: []string{"seeks"}, authority: Anyone, parse: seek, run: (*handling).listSeeks},
		{verb: VerbJoin, words: []string{"join"}, authority: Sender, parse: parseJoinLine, run: (*handling).join},
		{verb: VerbRematch, words: []string{"rematch"}, authority: Sender, suggest: true, parse: gameArg, run: (*handling).rematch},
		{verb: VerbTournament, words: []string{"tournament", "tournaments"}, authorityOf: tournamentAuthority, suggest: true,
			parse: parseTournamentWords, run: (*handling).tournamentVerb},
		{verb: VerbWithdraw, words: []string{"withdraw"}, authorityOf: tournamentAuthority, suggest: true,
			parse: parseTournamentWords, run: (*handling).withdraw},
		{verb: VerbAdjudicate, words: []string{"adjudicate"}, authority: Organiser, suggest: true, parse: organiser, run: (*handling).adjudicateGame},
		{verb: VerbExtend, words: []string{"extend"}, authority: Organiser, parse: organiser, run: (*handling).extendGame},
		{verb: VerbPublic, words: []string{"public"}, authority: Player, parse: gameArg, run: (*handling).publicity},
		{verb: VerbPrivate, words: []string{"private"}, authority: Player, parse: gameArg, run: (*handling).publicity},
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
		if !c.parseNo(l.low) {
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
	if len(args) > 1 && c.Game == "" && validGameID(low[0]) && !l.keyword(low[0]) {
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
	case len(low) == 1 && validTournamentID(low[0]):
		c.parseJoin(low)
	case len(low) == 0 || slices.ContainsFunc(low, func(a string) bool {
		return validSeekID(a) || validTournamentID(a) || validGameID(a)
	}):
		c.parseSeek(l.verb, low)
	default:
		c.Verb = VerbMove
		c.parseMove(strings.Join(l.words, " "))
	}
}

// parseTournamentWords reads tournament and withdraw lines; one that names
// no tournament is talk, read as a move line.
func parseTournamentWords(c *Command, l lineWords) {
	if !c.parseTournamentLine(l.verb, l.low, l.args) {
		c.Verb = VerbMove
		c.parseMove(strings.Join(l.words, " "))
	}
}
