package games

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// answer is the reply to the request being handled.
type answer struct {
	present  bool
	sections []string
	focus    string // the game the answer is about, "" if none
	help     bool   // append the help text
	done     int    // commands done
}

// result is what one command did.
type result struct {
	refused bool
	unknown bool // the line is not a command and not a move
	text    string
}

func done(format string, a ...any) result { return result{text: fmt.Sprintf(format, a...)} }
func refuse(format string, a ...any) result {
	return result{refused: true, text: "Refused: " + fmt.Sprintf(format, a...)}
}

// handle runs the request's commands and prepares the answer.
func (ss *session) handle() error {
	ss.authenticate()
	ss.answer.present = true
	if ss.authGame != "" {
		ss.answer.focus = ss.authGame
	}
	if ss.req.TooLarge {
		ss.answer.sections = append(ss.answer.sections, "Your mail was too large for me to read. Send your commands in a short plain-text mail, one per line.")
		return ss.limitErrors()
	}
	var cmds []Command
	for _, l := range ss.req.Lines {
		if c, ok := ParseCommand(l); ok {
			cmds = append(cmds, c)
		}
	}
	if len(cmds) == 0 {
		ss.answer.sections = append(ss.answer.sections, "I found no command in your mail.")
		ss.answer.help = true
	}
	for i, c := range cmds {
		res, err := ss.run(c)
		if err != nil {
			return err
		}
		if res.unknown && ss.answer.done > 0 {
			ss.answer.sections = append(ss.answer.sections, fmt.Sprintf(
				"I stopped reading at %q: it is not a command, so I took it for the end of your commands and ignored it and what follows.", c.Line))
			break
		}
		ss.answer.sections = append(ss.answer.sections, "> "+c.Line+"\n"+res.text)
		if !res.refused {
			ss.answer.done++
			continue
		}
		if res.unknown {
			ss.answer.help = true
		}
		if rest := cmds[i+1:]; len(rest) > 0 {
			var b strings.Builder
			b.WriteString("Not run, because the command above was refused:")
			for j, r := range rest {
				if j == 10 {
					fmt.Fprintf(&b, "\n(and %d more lines)", len(rest)-j)
					break
				}
				b.WriteString("\n> " + r.Line)
			}
			ss.answer.sections = append(ss.answer.sections, b.String())
		}
		break
	}
	if ss.answer.done == 0 {
		return ss.limitErrors()
	}
	return nil
}

// limitErrors counts an answer in which nothing was done against the
// sender's allowance and drops the answer beyond it.
func (ss *session) limitErrors() error {
	p, err := ss.player(ss.from)
	if err != nil {
		return err
	}
	hourAgo := ss.now.Add(-time.Hour)
	p.ErrorAnswers = slices.DeleteFunc(p.ErrorAnswers, func(t time.Time) bool { return !t.After(hourAgo) })
	if len(p.ErrorAnswers) >= ss.s.cfg.ErrorAnswersPerHour {
		ss.answer.present = false
		ss.s.log.Info("no answer: too many refused mails from this sender",
			"from", ss.from, "message_id", ss.req.MessageID, "limit_per_hour", ss.s.cfg.ErrorAnswersPerHour)
		return nil
	}
	p.ErrorAnswers = append(p.ErrorAnswers, ss.now)
	ss.changed[ss.from] = true
	return nil
}

// queueAnswer composes the answer mail.
func (ss *session) queueAnswer() error {
	a := ss.answer
	body := strings.Join(a.sections, "\n\n") + "\n"
	if a.help {
		body += "\n" + ss.s.helpText("") + "\n"
	}
	var m Mail
	var err error
	if a.focus != "" {
		lg := ss.games[a.focus]
		body += "\n" + ss.statusBlock(lg, ss.from)
		if _, player := lg.rec.sideOf(ss.from); player {
			m, err = ss.gameMail(Answer, lg, ss.from, ss.req.MessageID, body)
		} else {
			m, err = ss.plainMail(Answer, ss.from, replySubject(ss.req.Subject), ss.req.MessageID, body)
		}
	} else {
		if !a.help {
			body += "\nWrite \"help\" for the commands.\n"
		}
		m, err = ss.plainMail(Answer, ss.from, replySubject(ss.req.Subject), ss.req.MessageID, body)
	}
	if err != nil {
		return err
	}
	ss.queued = append([]Mail{m}, ss.queued...)
	return nil
}

func replySubject(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "Re: windpost"
	}
	if strings.HasPrefix(strings.ToLower(s), "re:") {
		return s
	}
	return "Re: " + s
}

// run runs one command.
func (ss *session) run(c Command) (result, error) {
	if c.Err != "" {
		return refuse("%s.", strings.TrimSuffix(c.Err, ".")), nil
	}
	switch c.Verb {
	case VerbHelp:
		return ss.help(c), nil
	case VerbRules:
		return ss.rules(c), nil
	case VerbNew:
		return ss.newBotGame(c)
	case VerbChallenge:
		return ss.challenge(c)
	case VerbAccept, VerbDecline:
		return ss.acceptOrDecline(c)
	case VerbMove:
		return ss.move(c)
	case VerbBoard, VerbHistory, VerbMoves:
		return ss.look(c)
	case VerbGames:
		return ss.listGames()
	case VerbResign:
		return ss.resign(c)
	case VerbDraw:
		return ss.draw(c)
	case VerbUndo:
		return ss.undo(c)
	case VerbAnalysis:
		return ss.analysis(c)
	case VerbVacation:
		return ss.vacation(c)
	}
	return refuse("I do not know the command %q.", c.Verb), nil
}

// gameFor finds the game command c is about: the one it names, else the
// one an earlier command of the same mail created, else the one of the
// reply token, else the sender's only game that pick accepts. write says
// the command changes the game: then the sender must be one of its players
// and have proved it with the reply token (a game the same mail created
// needs no proof). It returns a refusal when there is no such game.
func (ss *session) gameFor(c Command, write bool, pick func(*gameRecord) bool, what string) (*liveGame, rules.Side, *result, error) {
	id := c.Game
	if id == "" {
		id = ss.created
	}
	if id == "" {
		id = ss.authGame
	}
	if id == "" && ss.req.GameID != "" {
		id = strings.ToLower(ss.req.GameID)
	}
	if id == "" {
		ids, err := ss.pickGames(pick)
		if err != nil {
			return nil, 0, nil, err
		}
		switch len(ids) {
		case 0:
			r := refuse("you have no %s. Write \"games\" to list your games, or \"help\" for how to start one.", what)
			return nil, 0, &r, nil
		case 1:
			id = ids[0]
		default:
			r := refuse("more than one of your games could be meant (%s): write the game id before the command, e.g. \"%s %s\".",
				strings.Join(ids, ", "), ids[0], c.Line)
			return nil, 0, &r, nil
		}
	}
	lg, err := ss.loadGame(id)
	if err != nil {
		return nil, 0, nil, err
	}
	if err := ss.unreadable[id]; err != nil {
		r := refuse("game %s cannot be played on this server at the moment (%v). The server's admin can see it in the log.", id, err)
		return nil, 0, &r, nil
	}
	if lg == nil {
		r := refuse("there is no game %s. Write \"games\" to list yours.", id)
		return nil, 0, &r, nil
	}
	side, player := lg.rec.sideOf(ss.from)
	if write {
		if !player {
			r := refuse("you (%s) do not play in game %s, so you cannot change it (anyone may look at it). If you play it under another address, write from that one.", ss.from, id)
			return nil, 0, &r, nil
		}
		if ss.authGame == "" && ss.created != id {
			r := ss.authRefusal(id)
			return nil, 0, &r, nil
		}
	}
	if player || ss.answer.focus == "" {
		ss.answer.focus = id
	}
	return lg, side, nil, nil
}

func (ss *session) authRefusal(id string) result {
	if ss.badToken {
		return refuse("the reply key in this mail does not belong to %s, so it cannot change game %s. Answer from the address windpost wrote to, by replying to its last mail about the game.", ss.from, id)
	}
	return refuse("to change game %s, reply to the last mail windpost sent you about it: its reply address (or the tag [windpost %s ...] in the subject) carries your personal key, which proves the mail comes from you.", id, id)
}

func isPlaying(g *gameRecord) bool { return g.State == statePlaying }

// playingGame is gameFor for the commands that change a game in progress
// (a move, resign, draw, undo): it refuses a game that is not being played.
func (ss *session) playingGame(c Command) (*liveGame, rules.Side, *result, error) {
	lg, side, r, err := ss.gameFor(c, true, isPlaying, "game in progress")
	if r != nil || err != nil {
		return nil, 0, r, err
	}
	if lg.rec.State != statePlaying {
		r := stateRefusal(lg.rec, ss.from)
		return nil, 0, &r, nil
	}
	return lg, side, nil, nil
}

// stateRefusal refuses a command of reader's on a game that is not being
// played, and says what reader can do instead.
func stateRefusal(rec *gameRecord, reader string) result {
	const other = ` Write "games" for your other games, or "help" to start a new one.`
	switch rec.State {
	case stateInvited:
		if reader == rec.invitee() {
			return refuse(`game %s has not begun: you have not accepted the challenge yet. Reply "accept" to begin, or "decline".`, rec.ID)
		}
		return refuse(`game %s has not begun: %s has not accepted the challenge yet. I will write to you when they answer ("decline" withdraws your challenge).`, rec.ID, rec.invitee())
	case stateDeclined:
		return refuse("game %s never began (%s)."+other, rec.ID, rec.Result)
	}
	return refuse("game %s is over: %s."+other, rec.ID, rec.Result)
}

// help answers "help [topic]"; a game's name as the topic gets its rules.
func (ss *session) help(c Command) result {
	if _, ok := ss.s.catalog.Lookup(c.Topic); ok {
		return ss.rules(Command{Variant: c.Topic})
	}
	if _, ok := helpTopic(c.Topic); !ok {
		return done("I have no help on %q; here is the overview.\n\n%s", c.Topic, ss.s.helpText(""))
	}
	return done("%s", ss.s.helpText(c.Topic))
}

func (ss *session) rules(c Command) result {
	if c.Variant == "" {
		return done("Write \"rules\" and a game's name for its rules: %s.", strings.Join(ss.s.catalog.Names(), ", "))
	}
	kit, err := ss.s.catalog.Get(c.Variant)
	if err != nil {
		return refuse("%v.", err)
	}
	return done("%s\n\n%s", kit.Rules.Title(), strings.TrimRight(kit.Notation.Rules(), "\n"))
}

func (ss *session) pickSide(s string) rules.Side {
	switch s {
	case "black":
		return rules.Black
	case "white":
		return rules.White
	}
	return rules.Side(ss.rng.IntN(2))
}

func (ss *session) newBotGame(c Command) (result, error) {
	kit, err := ss.s.catalog.Get(c.Variant)
	if err != nil {
		return refuse("%v.", err), nil
	}
	if kit.Bot == nil {
		return refuse("there is no bot for %s yet; challenge a friend instead, e.g. \"challenge friend@example.org %s\".", kit.Rules.Title(), kit.Rules.Name()), nil
	}
	level, err := levelFor(kit.Bot, c.Level)
	if err != nil {
		return refuse("%v.", err), nil
	}
	open, err := ss.pickGames(func(g *gameRecord) bool { return g.State == statePlaying && g.isBotGame() })
	if err != nil {
		return result{}, err
	}
	if len(open) >= maxBotGames {
		return refuse("you have %d games against the bot in progress (%s); finish one of them first, or give one up with \"%s resign\".",
			len(open), strings.Join(open, ", "), open[0]), nil
	}
	side := ss.pickSide(c.Side)
	lg, err := ss.newGame(kit, side, playerSlot{Bot: true, Level: level}, statePlaying)
	if err != nil {
		return result{}, err
	}
	ss.created = lg.rec.ID
	ss.answer.focus = lg.rec.ID
	text := fmt.Sprintf("Done: new game %s of %s. You play %s against the bot (level %s); this game has no clock.",
		lg.rec.ID, kit.Rules.Title(), side, level)
	played, err := ss.botMoves(lg)
	if err != nil {
		return result{}, err
	}
	if len(played) > 0 {
		text += "\nThe bot opened with " + strings.Join(played, " ") + "."
	}
	return done("%s", text), nil
}

func (ss *session) challenge(c Command) (result, error) {
	kit, err := ss.s.catalog.Get(c.Variant)
	if err != nil {
		return refuse("%v.", err), nil
	}
	if c.Address == ss.from {
		return refuse("you cannot challenge yourself; write \"new %s\" to play the bot.", kit.Rules.Name()), nil
	}
	if local, domain, _ := strings.Cut(c.Address, "@"); domain == ss.s.domain && (local == ss.s.local || strings.HasPrefix(local, ss.s.local+"+")) {
		return refuse("that is my own address; write \"new %s\" to play me.", kit.Rules.Name()), nil
	}
	open, err := ss.pickGames(func(g *gameRecord) bool { return g.State == stateInvited && g.Challenger == ss.from })
	if err != nil {
		return result{}, err
	}
	if len(open) >= maxOpenInvitations {
		return refuse("you already have %d challenges waiting for an answer (%s); wait for them, or withdraw one with \"%s decline\", before you send another.",
			len(open), strings.Join(open, ", "), open[0]), nil
	}
	side := ss.pickSide(c.Side)
	lg, err := ss.newGame(kit, side, playerSlot{Address: c.Address}, stateInvited)
	if err != nil {
		return result{}, err
	}
	days := c.Days
	if days == 0 {
		days = DefaultDaysPerMove
	}
	ss.created = lg.rec.ID
	rec := lg.rec
	rec.DaysPerMove = days
	rec.Deadline = ss.now.Add(invitationDays * 24 * time.Hour)
	ss.answer.focus = rec.ID
	ss.notify(Notice, c.Address, rec.ID, fmt.Sprintf(
		"%s challenges you to a game of %s (game %s). You would play %s, with %d days for each move.\n\n"+
			"To play, reply to this mail with the word: accept\nTo say no, reply with: decline\n"+
			"The challenge expires on %s. For the rules, reply with: rules %s",
		ss.from, kit.Rules.Title(), rec.ID, side.Opponent(), days, formatTime(rec.Deadline), kit.Rules.Name()))
	return done("Done: I invited %s to game %s of %s, with %d days per move. You play %s. I will write when they answer.",
		c.Address, rec.ID, kit.Rules.Title(), days, side), nil
}

func (ss *session) acceptOrDecline(c Command) (result, error) {
	pick := func(g *gameRecord) bool { return g.State == stateInvited && g.invitee() == ss.from }
	if c.Verb == VerbDecline {
		pick = func(g *gameRecord) bool { return g.State == stateInvited }
	}
	if c.Game == "" && ss.created == "" && ss.authGame != "" && !pick(ss.games[ss.authGame].rec) {
		// A reply in the thread of another game: the challenge meant is
		// the one waiting, if there is only one.
		waiting, err := ss.pickGames(pick)
		if err != nil {
			return result{}, err
		}
		if len(waiting) == 1 {
			c.Game = waiting[0]
		}
	}
	lg, side, r, err := ss.gameFor(c, true, pick, "challenge waiting for your answer")
	if r != nil || err != nil {
		return deref(r), err
	}
	rec := lg.rec
	if rec.State != stateInvited {
		if rec.State == statePlaying {
			return refuse("game %s has already begun: the challenge was accepted. Write \"%s board\" to see the game.", rec.ID, rec.ID), nil
		}
		return stateRefusal(rec, ss.from), nil
	}
	if c.Verb == VerbDecline {
		rec.State = stateDeclined
		rec.Deadline = time.Time{}
		if ss.from == rec.Challenger {
			rec.Result = "the challenge was withdrawn"
			ss.notify(Notice, rec.invitee(), rec.ID, fmt.Sprintf("%s withdrew the challenge to game %s.", ss.from, rec.ID))
			return done("Done: you withdrew your challenge to %s.", rec.invitee()), nil
		}
		rec.Result = "the challenge was declined"
		ss.notify(Notice, rec.Challenger, rec.ID, fmt.Sprintf("%s declined your challenge to game %s.", ss.from, rec.ID))
		return done("Done: you declined the challenge of %s.", rec.Challenger), nil
	}
	if ss.from == rec.Challenger {
		return refuse("you made this challenge; %s has to accept it.", rec.invitee()), nil
	}
	rec.State = statePlaying
	if err := ss.startClock(lg); err != nil {
		return result{}, err
	}
	toMove := lg.g.Position().ToMove()
	turn := func(s rules.Side) string {
		if s == toMove {
			return "you have the first move"
		}
		return "your opponent has the first move"
	}
	ss.notify(Notice, rec.Challenger, rec.ID, fmt.Sprintf("%s accepted your challenge: game %s has begun. You play %s, and %s.",
		ss.from, rec.ID, side.Opponent(), turn(side.Opponent())))
	return done("Done: game %s has begun. You play %s, and %s.", rec.ID, side, turn(side)), nil
}

func deref(r *result) result {
	if r == nil {
		return result{}
	}
	return *r
}

// looksLikeMove reports whether text could be a move rather than prose:
// moves name squares, which have a digit, except Gufuu's rotations in place
// ("K:>W", "s : > e"), which are short and carry the notation's ':' or '>'.
func looksLikeMove(text string) bool {
	if strings.ContainsAny(text, "0123456789") {
		return true
	}
	letters := 0
	for _, r := range text {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return strings.ContainsAny(text, ":>") && letters <= 3
}

// saysMove reports whether line starts with the word "move" or "play",
// perhaps after a game id: then it is meant as a move even without a digit.
func saysMove(line string) bool {
	words := strings.Fields(strings.ToLower(line))
	if len(words) > 1 && validGameID(words[0]) {
		words = words[1:]
	}
	return len(words) > 0 && (words[0] == "move" || words[0] == "play")
}

func (ss *session) move(c Command) (result, error) {
	// A first word that has the form of a game id but names no game is
	// more likely a name ("Gunther Smith" signing off).
	noGame := c.Game == "" || ss.tx.Bucket(bucketGames).Get([]byte(c.Game)) == nil
	if !looksLikeMove(c.Move) && noGame && c.Number == 0 && !saysMove(c.Line) {
		return result{refused: true, unknown: true, text: "Refused: I do not understand this line. It is not a command, nor a move (moves name squares, so they have digits)."}, nil
	}
	lg, side, r, err := ss.playingGame(c)
	if r != nil || err != nil {
		return deref(r), err
	}
	rec := lg.rec
	pos := lg.g.Position()
	next := len(rec.Moves) + 1
	if c.Number != 0 && c.Number < next {
		return refuse("your move is numbered #%d, but move %d was already played (%d.%s); the next move is #%d. This mail may be an old one, or sent twice, so I did not play it.",
			c.Number, c.Number, c.Number, rec.Moves[c.Number-1].Text, next), nil
	}
	if pos.ToMove() != side {
		yours := ""
		if last := rec.lastMove(); last != "" {
			yours = " Your last move was " + last + "."
		}
		return refuse("it is not your turn in game %s: %s is to move.%s I will write to you when they have moved.",
			rec.ID, nameOf(rec, side.Opponent(), ss.from), yours), nil
	}
	if c.Number > next {
		return refuse("your move is numbered #%d, but the next move in game %s is #%d. Write the move with #%d, or without a number.", c.Number, rec.ID, next, next), nil
	}
	m, err := lg.kit.Notation.ParseMove(pos, c.Move)
	var text string
	if err == nil {
		text, err = lg.play(m, ss.now)
	}
	if err != nil {
		return refuse("%q is not a legal move in game %s: %s.\nThe legal moves (#%d) are:\n%s",
			c.Move, rec.ID, reason(err), next, legalMoves(lg)), nil
	}
	out := []string{"Done: you played " + text + "."}
	opp := opponentAddress(lg, side)
	var news []string
	news = append(news, fmt.Sprintf("%s played %s.", ss.from, text))
	if rec.DrawOffer == side.Opponent().String() {
		rec.DrawOffer = ""
		out = append(out, "Your move declines the draw your opponent offered.")
		news = append(news, "That move declines your draw offer.")
	}
	if rec.UndoRequest != "" {
		if rec.UndoRequest == side.Opponent().String() {
			news = append(news, "That move declines your request to take back your move.")
			out = append(out, "Your move declines your opponent's request to take back a move.")
		}
		rec.UndoRequest, rec.UndoPly = "", 0
	}
	if rec.State == statePlaying && rec.isBotGame() {
		played, err := ss.botMoves(lg)
		if err != nil {
			return result{}, err
		}
		if len(played) > 0 {
			out = append(out, "The bot answered "+strings.Join(played, " ")+".")
		}
	}
	if rec.State == stateOver {
		out = append(out, "Game over: "+rec.Result+".")
		news = append(news, "Game over: "+rec.Result+".")
	} else if !rec.isBotGame() {
		news = append(news, "It is your move.")
		if err := ss.startClock(lg); err != nil {
			return result{}, err
		}
	}
	ss.notify(Notice, opp, rec.ID, strings.Join(news, " "))
	return done("%s", strings.Join(out, " ")), nil
}

// reason is a refused move's error in plain words, without the generic
// "illegal move: " that every such error starts with.
func reason(err error) string {
	s := strings.TrimPrefix(err.Error(), rules.ErrIllegal.Error()+": ")
	return strings.TrimSuffix(s, ".")
}

// nameOf names the player of side for reader: "you", "the bot", or the
// address, with the side.
func nameOf(rec *gameRecord, side rules.Side, reader string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return fmt.Sprintf("%s (the bot)", side)
	case p.Address == reader:
		return fmt.Sprintf("%s (you)", side)
	}
	return fmt.Sprintf("%s (%s)", side, p.Address)
}

// legalMoves lists the legal moves in notation.
func legalMoves(lg *liveGame) string {
	pos := lg.g.Position()
	ms := lg.g.LegalMoves()
	if len(ms) == 0 {
		return "none"
	}
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = lg.kit.Notation.FormatMove(pos, m)
	}
	return wrapList(texts, 72)
}

// wrapList joins items with ", " and breaks lines at about width columns.
func wrapList(items []string, width int) string {
	var b strings.Builder
	col := 0
	for i, it := range items {
		if i > 0 {
			b.WriteString(",")
			col++
			if col+1+len(it) > width {
				b.WriteString("\n")
				col = 0
			} else {
				b.WriteString(" ")
				col++
			}
		}
		b.WriteString(it)
		col += len(it)
	}
	return b.String()
}

// look answers board, history and moves. Without a game named or implied,
// it shows the sender's game in progress, or if there is none, their
// latest game.
func (ss *session) look(c Command) (result, error) {
	going := func(g *gameRecord) bool { return g.State == statePlaying || g.State == stateInvited }
	if c.Game == "" && ss.created == "" && ss.authGame == "" && ss.req.GameID == "" {
		mine, err := ss.playerGames(ss.from)
		if err != nil {
			return result{}, err
		}
		if len(mine) > 0 && !slices.ContainsFunc(mine, func(lg *liveGame) bool { return going(lg.rec) }) {
			c.Game = mine[len(mine)-1].rec.ID
		}
	}
	lg, _, r, err := ss.gameFor(c, false, going, "game in progress")
	if r != nil || err != nil {
		return deref(r), err
	}
	ss.answer.focus = lg.rec.ID
	switch c.Verb {
	case VerbHistory:
		if len(lg.rec.Moves) == 0 {
			return done("Game %s: no moves yet.", lg.rec.ID), nil
		}
		return done("Game %s, %s:\n%s", lg.rec.ID, lg.kit.Rules.Title(), strings.TrimRight(notation.FormatRecord(lg.kit.Notation, lg.g), "\n")), nil
	case VerbMoves:
		if lg.rec.State != statePlaying {
			return stateRefusal(lg.rec, ss.from), nil
		}
		return done("The legal moves in game %s (#%d, %s to move):\n%s", lg.rec.ID, len(lg.rec.Moves)+1, lg.g.Position().ToMove(), legalMoves(lg)), nil
	}
	return done("Here is game %s.", lg.rec.ID), nil
}

func (ss *session) listGames() (result, error) {
	p, err := ss.player(ss.from)
	if err != nil {
		return result{}, err
	}
	mine, err := ss.playerGames(ss.from)
	if err != nil {
		return result{}, err
	}
	if len(p.Games) == 0 {
		return done("You have no games yet. Write \"new %s\" to play the bot, or \"challenge <address> %s\" to play a friend.",
			firstVariant(ss), firstVariant(ss)), nil
	}
	// Every game in progress or waiting, and the last finished ones.
	var list []*liveGame
	ended := 0
	for i := len(mine) - 1; i >= 0; i-- {
		lg := mine[i]
		if lg.rec.State == stateOver || lg.rec.State == stateDeclined {
			ended++
			if ended > maxListedEnded {
				continue
			}
		}
		list = append(list, lg)
	}
	slices.Reverse(list)
	var b strings.Builder
	b.WriteString("Your games:")
	if ended > maxListedEnded {
		fmt.Fprintf(&b, " (the last %d of %d finished ones)", maxListedEnded, ended)
	}
	for _, lg := range list {
		rec := lg.rec
		side, _ := rec.sideOf(ss.from)
		opp := rec.Players[side.Opponent()].label()
		fmt.Fprintf(&b, "\n%s  %-12s you (%s) vs. %s: ", rec.ID, rec.Variant, side, opp)
		switch rec.State {
		case stateInvited:
			if rec.Challenger == ss.from {
				fmt.Fprintf(&b, "waiting for them to accept (until %s)", formatTime(rec.Deadline))
			} else {
				fmt.Fprintf(&b, "they challenge you: accept or decline by %s", formatTime(rec.Deadline))
			}
		case statePlaying:
			if lg.g.Position().ToMove() == side {
				b.WriteString("your move")
			} else {
				b.WriteString("their move")
			}
			fmt.Fprintf(&b, " (#%d)", len(rec.Moves)+1)
			if !rec.Deadline.IsZero() {
				fmt.Fprintf(&b, ", deadline %s", formatTime(rec.Deadline))
			}
		default:
			b.WriteString(rec.Result)
		}
	}
	for _, id := range p.Games {
		if _, bad := ss.unreadable[id]; bad {
			fmt.Fprintf(&b, "\n%s  cannot be read on this server at the moment (the admin can see why in the log)", id)
		}
	}
	return done("%s", b.String()), nil
}

// maxListedEnded is how many finished games "games" lists.
const maxListedEnded = 10

func firstVariant(ss *session) string {
	if ks := ss.s.catalog.Kits(); len(ks) > 0 {
		return ks[0].Rules.Name()
	}
	return "<game>"
}

func (ss *session) resign(c Command) (result, error) {
	lg, side, r, err := ss.playingGame(c)
	if r != nil || err != nil {
		return deref(r), err
	}
	rec := lg.rec
	lg.finish(rules.WinFor(side.Opponent(), rules.Resignation))
	ss.notify(Notice, opponentAddress(lg, side), rec.ID, fmt.Sprintf("%s resigned: you win game %s.", ss.from, rec.ID))
	return done("Done: you resigned game %s. Game over: %s.", rec.ID, rec.Result), nil
}

func (ss *session) draw(c Command) (result, error) {
	lg, side, r, err := ss.playingGame(c)
	if r != nil || err != nil {
		return deref(r), err
	}
	rec := lg.rec
	if rec.isBotGame() {
		if lg.kit.Analyst == nil {
			return refuse("the bot does not agree to draws in %s; play on, or resign.", lg.kit.Rules.Title()), nil
		}
		v, err := ss.evaluate(lg, lg.g.Clone())
		if err != nil {
			return result{}, fmt.Errorf("game %s: evaluate: %w", rec.ID, err)
		}
		botValue := v // for the side to move
		if lg.g.Position().ToMove() == side {
			botValue = flip(v)
		}
		if botValue.Kind != solver.Lost && botValue.Kind != solver.Drawn {
			// It does not say how it sees the game: "draw" must not be a
			// way to ask the table mid-game ("analysis" tells after the end).
			return refuse("the bot declines the draw and plays on. Play on, or resign."), nil
		}
		lg.finish(rules.DrawBy(rules.AgreedDraw))
		return done("Done: the bot accepts the draw. Game over: %s.", rec.Result), nil
	}
	opp := opponentAddress(lg, side)
	switch rec.DrawOffer {
	case side.Opponent().String():
		lg.finish(rules.DrawBy(rules.AgreedDraw))
		ss.notify(Notice, opp, rec.ID, fmt.Sprintf("%s accepted your draw offer. Game over: %s.", ss.from, rec.Result))
		return done("Done: you accepted the draw. Game over: %s.", rec.Result), nil
	case side.String():
		return done("Your draw offer stands; your opponent has not answered it yet."), nil
	}
	rec.DrawOffer = side.String()
	ss.notify(Notice, opp, rec.ID, fmt.Sprintf("%s offers a draw in game %s. To accept, reply with: draw\nTo decline, play a move.", ss.from, rec.ID))
	return done("Done: you offered a draw. Your opponent accepts by writing \"draw\", and declines by playing a move."), nil
}

// flip turns a value for one side into the value for the other, with
// the same distance.
func flip(v solver.Value) solver.Value {
	switch v.Kind {
	case solver.Won:
		v.Kind = solver.Lost
	case solver.Lost:
		v.Kind = solver.Won
	case solver.Unknown:
		v.Score = -v.Score
	}
	return v
}

func (ss *session) undo(c Command) (result, error) {
	lg, side, r, err := ss.playingGame(c)
	if r != nil || err != nil {
		return deref(r), err
	}
	rec := lg.rec
	ply := len(rec.Moves)
	if rec.isBotGame() {
		// Take back moves until it is the player's turn again and one of
		// their moves is gone.
		n, own := 0, false
		for i := ply - 1; i >= 0; i-- {
			mover := lg.g.Positions[i].ToMove()
			n++
			if mover == side {
				own = true
				break
			}
		}
		if !own {
			return refuse("you have made no move to take back in game %s.", rec.ID), nil
		}
		taken := make([]string, 0, n)
		for i := ply - n; i < ply; i++ {
			taken = append(taken, fmt.Sprintf("%d.%s", i+1, rec.Moves[i].Text))
		}
		lg.takeBack(n)
		return done("Done: taken back %s. It is your move (#%d).", strings.Join(taken, " "), len(rec.Moves)+1), nil
	}
	if ply == 0 {
		return refuse("there is no move to take back in game %s.", rec.ID), nil
	}
	opp := opponentAddress(lg, side)
	last := rec.lastMove()
	if rec.UndoRequest == side.Opponent().String() && rec.UndoPly == ply {
		lg.takeBack(1)
		rec.UndoRequest, rec.UndoPly, rec.DrawOffer = "", 0, ""
		if err := ss.startClock(lg); err != nil {
			return result{}, err
		}
		ss.notify(Notice, opp, rec.ID, fmt.Sprintf("%s agreed: %s is taken back. It is your move (#%d).", ss.from, last, len(rec.Moves)+1))
		return done("Done: you agreed to take back %s. It is your opponent's move.", last), nil
	}
	if lg.g.Positions[ply-1].ToMove() != side {
		return refuse("the last move, %s, was your opponent's; you can only ask to take back your own last move.", last), nil
	}
	if rec.UndoRequest == side.String() {
		return done("You already asked to take back %s; your opponent has not answered yet.", last), nil
	}
	rec.UndoRequest, rec.UndoPly = side.String(), ply
	ss.notify(Notice, opp, rec.ID, fmt.Sprintf("%s asks to take back their last move, %s. To agree, reply with: undo\nTo refuse, play your move.", ss.from, last))
	return done("Done: you asked to take back %s. Your opponent agrees by writing \"undo\"; a move from them refuses.", last), nil
}

func (ss *session) analysis(c Command) (result, error) {
	lg, _, r, err := ss.gameFor(c, false, func(g *gameRecord) bool { return g.State == stateOver }, "finished game")
	if r != nil || err != nil {
		return deref(r), err
	}
	rec := lg.rec
	if rec.State != stateOver {
		return refuse("game %s is not over; the analysis comes after the end, so that it cannot help during the game.", rec.ID), nil
	}
	if rec.Analysis == "" {
		if lg.kit.Analyst == nil {
			return refuse("there is no analysis for %s.", lg.kit.Rules.Title()), nil
		}
		text, err := analyse(func(g *rules.Game) (solver.Value, error) { return ss.evaluate(lg, g) }, lg)
		if err != nil {
			return result{}, fmt.Errorf("game %s: analysis: %w", rec.ID, err)
		}
		rec.Analysis = text
	}
	return done("%s", rec.Analysis), nil
}

func (ss *session) vacation(c Command) (result, error) {
	p, err := ss.player(ss.from)
	if err != nil {
		return result{}, err
	}
	// Vacation days count in the year the vacation starts; so does the
	// refund of "vacation off", even in the next year.
	year := fmt.Sprint(ss.now.Year())
	var shift time.Duration
	if c.Off {
		if !p.onVacation(ss.now) {
			return refuse("you are not on vacation, so your clocks are running."), nil
		}
		started := year
		if !p.VacationFrom.IsZero() {
			started = fmt.Sprint(p.VacationFrom.Year())
		}
		left := p.VacationUntil.Sub(ss.now)
		refund := int(left / (24 * time.Hour))
		p.VacationDays[started] = max(0, p.VacationDays[started]-refund)
		p.VacationUntil = ss.now
		shift = -left
	} else {
		if p.onVacation(ss.now) {
			return refuse("you are already on vacation until %s; write \"vacation off\" first to change it.", formatTime(p.VacationUntil)), nil
		}
		used := p.VacationDays[year]
		if left := maxVacationDays - used; c.Days > left {
			if left == 0 {
				return refuse("you have taken %d of your %d vacation days in %s, so none are left this year.", used, maxVacationDays, year), nil
			}
			return refuse("you have taken %d of your %d vacation days in %s, so %d are left: write \"vacation %d\" or fewer days.", used, maxVacationDays, year, left, left), nil
		}
		if p.VacationDays == nil {
			p.VacationDays = map[string]int{}
		}
		p.VacationDays[year] = used + c.Days
		shift = time.Duration(c.Days) * 24 * time.Hour
		p.VacationFrom = ss.now
		p.VacationUntil = ss.now.Add(shift)
	}
	ss.changed[ss.from] = true
	// Move the deadlines of the games where the player is to move; in the
	// others, the clock starts after the vacation when their turn comes.
	mine, err := ss.playerGames(ss.from)
	if err != nil {
		return result{}, err
	}
	for _, lg := range mine {
		if lg.rec.State != statePlaying || lg.rec.Deadline.IsZero() {
			continue
		}
		side, _ := lg.rec.sideOf(ss.from)
		if lg.g.Position().ToMove() == side {
			lg.rec.Deadline = lg.rec.Deadline.Add(shift)
			lg.rec.Reminded = false
		}
		if !c.Off {
			ss.notify(Notice, opponentAddress(lg, side), lg.rec.ID, fmt.Sprintf("%s is on vacation until %s; their clock stops until then.", ss.from, formatTime(p.VacationUntil)))
		}
	}
	if c.Off {
		return done("Done: welcome back. Your clocks run again; you have %d vacation days left in %s.", maxVacationDays-p.VacationDays[year], year), nil
	}
	return done("Done: your clocks stop until %s. You have %d vacation days left in %s.", formatTime(p.VacationUntil), maxVacationDays-p.VacationDays[year], year), nil
}
