package referee

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/record"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// Handling is one Request being handled inside its change: the sender,
// what the reply token proved, the game the commands made, and the answer
// being written. Its methods are the mail's course (read the lines, check
// authority, run, pause for the bot, answer); the commands are the
// registry's handlers (verb_*.go), functions of the handling: each parses
// nothing more (ParseCommand did), checks, acts, and says what it did, or
// returns a *refusal.
type Handling struct {
	*Change
	MailState
	bot  botState // the bot's work for this mail (botwork.go)
	Talk talk     // what the mail says to opponents (talk.go)
}

// MailState is what a handling knows of its mail: the request, what it
// proved, the answer written so far and the budgets spent. It is one
// value, kept whole in a continuation while the mail waits for the bot
// (botwork.go): a pause marshals it and a resume unmarshals it, so that
// nothing of the mail is forgotten across the bot's turn.
type MailState struct {
	Req  Request `json:"request"` // without its lines in a continuation
	From string  `json:"from"`
	// AuthGame is the game whose reply token the request carried and
	// proved (the token is From's); "" if none or a wrong one.
	AuthGame string      `json:"auth_game,omitempty"`
	BadToken bool        `json:"bad_token,omitempty"`
	ByDigest bool        `json:"digest,omitempty"`  // the request carried the key of the sender's digest
	Created  string      `json:"created,omitempty"` // the game the last new or challenge of this mail made
	Answer   Reply       `json:"answer"`
	Consent  senderProof `json:"consent,omitempty"` // what proves the sender (consent.go)
	// Caused is what the mail caused before its last pause, besides the
	// news it keeps (mailsCaused).
	Caused int `json:"caused,omitempty"`
	// Searched are the bot's searches this mail had (searchKey): each
	// runs once a mail.
	Searched []string `json:"searched,omitempty"`
	Over     skipped  `json:"over"` // the lines not run for the budgets
}

// runLines runs the mail's lines as commands and writes the answer.
func (h *Handling) runLines() error {
	h.authenticate()
	if err := noteProof(h); err != nil {
		return err
	}
	if err := h.noteName(); err != nil {
		return err
	}
	h.Answer.Present = true
	if h.AuthGame != "" {
		h.Answer.Focus = h.AuthGame
	}
	if h.Req.TooLarge {
		h.Answer.say("Your mail was too large for me to read. Send your commands in a short plain-text mail, one per line.")
		return h.limitErrors()
	}
	cmds := subjectStop(h, readLines(h, conditional.Join(h.Req.Lines)))
	if len(cmds) == 0 && !h.Talk.any() {
		h.Answer.say("I found no command in your mail.")
		h.Answer.Help = true
	}
	return h.runCommands(h.capCommands(cmds))
}

// runCommands runs cmds in order and ends the answer; a command that
// needs the bot to think leaves the rest to a continuation (h.bot.pending).
func (h *Handling) runCommands(cmds []Command) error {
	for i, c := range cmds {
		if h.mailsSpent() {
			h.Answer.say(h.mailsSection(cmds[i:]))
			break
		}
		h.bot.line = c.Line
		shown, err := h.runShown(c)
		var r *Refusal
		if th := (*thinking)(nil); errors.As(err, &th) {
			passTalk(h)
			h.pause(th.job, cmds[i+1:])
			return nil
		}
		if err != nil && !errors.As(err, &r) {
			return err
		}
		if r != nil && r.notCommand && !r.slip && h.Answer.Done > 0 {
			h.Answer.say(fmt.Sprintf(
				"I stopped reading at %q: it is not a command, so I took it for the end of your commands and ignored it and what follows.", c.Line))
			break
		}
		if r == nil {
			h.Answer.reply(c.Line, shown)
			h.Answer.Done++
			continue
		}
		h.Answer.reply(c.Line, Paragraphs(r.Text()))
		h.Talk.stop = true
		if r.notCommand && !r.slip {
			h.Answer.Help = true // a slip gets its suggestion and a pointer to "help", not the list
		}
		if rest := cmds[i+1:]; len(rest) > 0 {
			h.Answer.say(notRun(rest))
		}
		break
	}
	passTalk(h)
	h.Answer.Over = h.overSection()
	if h.Answer.Done == 0 || !h.Consent.proven {
		// A sender who never proved their address may be forged: every
		// answer counts, help included.
		return h.limitErrors()
	}
	return nil
}

// notRun lists the commands after a refused one.
func notRun(rest []Command) string {
	var b strings.Builder
	b.WriteString("Not run, because the command above was refused:")
	for j, r := range rest {
		if j == 10 {
			fmt.Fprintf(&b, "\n(and %d more lines)", len(rest)-j)
			break
		}
		b.WriteString("\n> " + r.Line)
	}
	return b.String()
}

// commit queues the answer, then what the change collected.
func (h *Handling) commit() error {
	if err := rateEnded(h.Change); err != nil {
		return err
	}
	if h.Answer.Present {
		if err := h.queueAnswer(); err != nil {
			return err
		}
		if err := queueConfirmation(h); err != nil {
			return err
		}
	}
	return h.Change.Commit()
}

// limitErrors counts an answer in which nothing was done, or to a mail
// that does not prove its sender (anyone may have written it), against
// the address's hourly allowance (Config.ErrorAnswersPerHour, twice that
// for an address that proved itself once) and drops the answer beyond it.
func (h *Handling) limitErrors() error {
	p, err := h.Player(h.From)
	if err != nil {
		return err
	}
	p.ErrorAnswers = p.ErrorAnswers.Since(h.Now, time.Hour)
	limit := h.Server.Config.ErrorAnswersPerHour
	if !p.Proven.IsZero() {
		limit *= 2 // an address that proved itself once writes more
	}
	if len(p.ErrorAnswers) >= limit {
		h.Answer.Present = false
		h.Server.Log.Info("no answer: too many mails without the sender's key, or refused, from this address",
			"from", h.From, "message_id", h.Req.MessageID, "limit_per_hour", limit)
		return nil
	}
	p.ErrorAnswers = append(p.ErrorAnswers, h.Now)
	h.MarkChanged(h.From)
	return nil
}

// Run runs one command: the text says what it did; a *refusal error says
// why it did not; another error is a failure that undoes the request.
func (h *Handling) Run(c Command) (string, error) {
	shown, err := h.runShown(c)
	return strings.TrimSuffix(document.Document{Blocks: shown}.Text(), "\n"), err
}

// runShown is run with the answer as blocks: a verb's show, or the text
// its run writes as paragraphs.
func (h *Handling) runShown(c Command) ([]document.Block, error) {
	if c.Err != "" {
		return nil, Refused("%s.", strings.TrimSuffix(c.Err, "."))
	}
	spec := h.Server.Verbs.ByVerb[c.Verb]
	if spec == nil {
		return nil, Refused("I do not know the command %q.", c.Verb).Instead(`Write "help" for the commands.`)
	}
	if text, held, err := h.authorise(spec, c); held || err != nil {
		return Paragraphs(text), err
	}
	if spec.Show != nil {
		return spec.Show(h, c)
	}
	text, err := spec.Run(h, c)
	return Paragraphs(text), err
}

// Kit is the variant a command names, or a refusal.
func Kit(h *Handling, name string) (variants.Kit, error) {
	kit, err := h.Server.Catalog.Get(name)
	if err != nil {
		r := Refused("%v.", err)
		if meant := slippedGame(h, name); meant != "" {
			r = r.Instead("Did you mean %q?", meant)
		}
		return variants.Kit{}, r
	}
	return kit, nil
}

// slippedGame is the game's name or alias that name is a slip of (as
// didYouMean judges slips), "" if none.
func slippedGame(h *Handling, name string) string {
	name = strings.ToLower(name)
	best, meant := 3, ""
	for _, k := range h.Server.Catalog.Kits() {
		for _, cand := range append([]string{k.Rules.Name()}, k.Rules.Aliases()...) {
			d := Slips(name, cand)
			if d < best && (d == 1 || len(name) >= 6 && len(cand) >= 6) {
				best, meant = d, cand
			}
		}
	}
	return meant
}

// WithKit adapts a command that starts a game (new, challenge): it finds
// the variant the command names before do runs.
func WithKit[T any](do func(*Handling, Command, variants.Kit) (T, error)) func(*Handling, Command) (T, error) {
	return func(h *Handling, c Command) (T, error) {
		kit, err := Kit(h, c.Variant)
		if err != nil {
			var none T
			return none, err
		}
		return do(h, c, kit)
	}
}

// PickGames returns the ids of the sender's games that pick accepts.
func PickGames(h *Handling, pick func(*record.Game) bool) ([]string, error) {
	mine, err := h.PlayerGames(h.From)
	var ids []string
	for _, lg := range mine {
		if pick(lg.Rec) {
			ids = append(ids, lg.Rec.ID)
		}
	}
	return ids, err
}

// GameFor finds the game command c is about: the one it names, else the
// one an earlier command of the same mail created, else the one of the
// reply token, else the sender's only game that pick accepts. write says
// the command changes the game: then the sender must be one of its players
// and have proved it with the reply token (a game the same mail created
// needs no proof). It returns a *refusal when there is no such game.
func GameFor(h *Handling, c Command, write bool, pick func(*record.Game) bool, what string) (*LiveGame, rules.Side, error) {
	id := c.Game
	if id == "" {
		id = h.Created
	}
	if id == "" {
		id = h.AuthGame
	}
	if id == "" {
		id = ThreadGame(h)
	}
	if id == "" {
		ids, err := PickGames(h, pick)
		if err != nil {
			return nil, 0, err
		}
		switch len(ids) {
		case 0:
			return nil, 0, Refused("you have no %s.", what).
				Instead(`Write "games" to list your games, or "help" for how to start one.`)
		case 1:
			id = ids[0]
		default:
			return nil, 0, Refused("more than one of your games could be meant (%s):", strings.Join(ids, ", ")).
				Instead(`write the game id before the command, e.g. "%s %s".`, ids[0], c.Line)
		}
	}
	lg := h.Game(id)
	if err := h.Unreadable[id]; err != nil {
		return nil, 0, Refused("game %s cannot be played on this server at the moment (%v).", id, err).
			Instead("The server's admin can see it in the log.")
	}
	if lg == nil {
		return nil, 0, Refused("there is no game %s.", id).Instead(`Write "games" to list yours.`)
	}
	side, player := lg.Rec.SideOf(h.From)
	if write {
		if !player {
			return nil, 0, Refused("you (%s) do not play in game %s, so you cannot change it (anyone may look at it).", h.From, id).
				Instead("If you play it under another address, write from that one.")
		}
		if h.AuthGame == "" && h.Created != id && !h.ByDigest {
			return nil, 0, authRefusal(h, id)
		}
	}
	if player || h.Answer.Focus == "" {
		h.Answer.Focus = id
	}
	return lg, side, nil
}

// ThreadGame is the game the mail's reply address or subject tag names,
// whether or not its key is right; "" for a key that names no game (a
// digest's, a confirm request's, an answer's).
func ThreadGame(h *Handling) string {
	if h.ByDigest || h.Consent.ConfirmKey || h.Consent.AddressKey {
		return ""
	}
	return strings.ToLower(h.Req.GameID)
}

// authRefusal refuses a change to game id that the mail did not prove.
func authRefusal(h *Handling, id string) *Refusal {
	if h.BadToken {
		return Refused("the reply key in this mail does not belong to %s, so it cannot change game %s.", h.From, id).
			Instead("Answer from the address windpost wrote to, by replying to its last mail about the game.")
	}
	return Refused("to change game %s,", id).
		Instead("reply to the last mail windpost sent you about it: its reply address (or the tag [windpost %s ...] in the subject) carries your personal key, which proves the mail comes from you.", id)
}

func IsPlaying(g *record.Game) bool { return g.State == record.Playing }

// PlayingGame is gameFor for the commands that change a game in progress
// (a move, resign, draw, undo): it refuses a game that is not being played.
func PlayingGame(h *Handling, c Command) (*LiveGame, rules.Side, error) {
	lg, side, err := GameFor(h, c, true, IsPlaying, "game in progress")
	if err != nil {
		return nil, 0, err
	}
	h.judgeArrival(lg)
	if lg.Rec.State != record.Playing {
		return nil, 0, StateRefusal(lg, h.From)
	}
	return lg, side, nil
}

// Playing adapts a command on a game in progress (resign, draw, undo): it
// finds the game with playingGame, then runs human or, in a game against
// the bot, bot.
func Playing(human, bot func(*Handling, *LiveGame, rules.Side) (string, error)) func(*Handling, Command) (string, error) {
	return func(h *Handling, c Command) (string, error) {
		lg, side, err := PlayingGame(h, c)
		if err != nil {
			return "", err
		}
		if lg.Rec.IsBotGame() {
			return bot(h, lg, side)
		}
		return human(h, lg, side)
	}
}
