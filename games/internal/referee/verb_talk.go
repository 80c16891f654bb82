package referee

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/windpost/windpost/games/internal/record"
)

// Players who can talk. In a mail that carries the sender's reply key
// for a game between people that has begun, the lines that are not
// commands (a greeting, a comment) are the sender's message to the
// opponent: passed on in the notice of the mail, kept in the game's
// record (history shows it to both players), and the sender is told.
// "say <text>" says it explicitly, "note <text>" keeps a note only its
// writer sees, "mute" and "unmute" stop and let through the opponent's
// messages. In the thread of a game against the bot, such lines get a
// friendly word instead of the help.

// Limits of what players say.
const (
	talkLimit = 500 // characters of one mail's message to one game, or of one note
	talkKept  = 200 // messages and notes a game's record keeps, the newest
	talkShown = 30  // messages and notes history shows, the newest
)

// talk is what the mail being handled says: the message to each game's
// opponent, the lines written in a bot game's thread, and whether a
// refused command stopped the mail (then no message goes).
type talk struct {
	games []string            // the games, in the order their messages began
	lines map[string][]string // game -> the message's lines
	bot   []string
	stop  bool
}

func (t *talk) add(game, line string) {
	if t.lines == nil {
		t.lines = map[string][]string{}
	}
	if _, ok := t.lines[game]; !ok {
		t.games = append(t.games, game)
	}
	t.lines[game] = append(t.lines[game], line)
}

func (t *talk) any() bool { return len(t.games) > 0 || len(t.bot) > 0 }

// ParseTalk reads "say <text>", "note <text>", "mute [game]" and "unmute
// [game]".
func (c *Command) ParseTalk(verb, line string, args []string) {
	c.Verb = Verb(verb)
	if c.Verb == VerbMute || c.Verb == VerbUnmute {
		c.ParseGameArg(args)
		return
	}
	rest := line
	if c.Game != "" {
		rest = strings.TrimSpace(rest[len(strings.Fields(rest)[0]):])
	}
	c.Text = strings.TrimSpace(rest[len(strings.Fields(rest)[0]):])
	if c.Text == "" {
		c.Err = fmt.Sprintf("write %s and your text on one line, e.g. \"%s Nice move!\"", verb, verb)
	}
}

// talkGame is the game whose thread the mail talks in: the game of its
// reply key, once it has begun; nil if none.
func talkGame(h *Handling) *LiveGame {
	if h.AuthGame == "" {
		return nil
	}
	lg := h.Game(h.AuthGame)
	if lg == nil || (lg.Rec.State != record.Playing && lg.Rec.State != record.Over) {
		return nil
	}
	return lg
}

// talkTarget finds the game say and note are about: one the sender plays
// and proved with the reply key, that has begun.
func talkTarget(h *Handling, c Command) (*LiveGame, error) {
	lg, _, err := GameFor(h, c, true, isPlaying, "game in progress")
	if err != nil {
		return nil, err
	}
	if s := lg.Rec.State; s != record.Playing && s != record.Over {
		return nil, Refused("game %s has not begun;", lg.Rec.ID).Instead("you can write to your opponent once it has.")
	}
	return lg, nil
}

// Say answers "say <text>": the text joins the sender's message to the
// opponent, passed on when the mail's commands have run.
func Say(h *Handling, c Command) (string, error) {
	lg, err := talkTarget(h, c)
	if err != nil {
		return "", err
	}
	if lg.Rec.IsBotGame() {
		return `The bot does not read messages, so this went to no one ("note <text>" keeps a note for yourself).`, nil
	}
	h.talk.add(lg.Rec.ID, c.Text)
	// What becomes of the message is said once, below the commands
	// (passTalk): it may yet not be passed on.
	return "Added to your message (below).", nil
}

// NoteVerb answers "note <text>": a note in the game's record that only its
// writer sees.
func NoteVerb(h *Handling, c Command) (string, error) {
	lg, err := talkTarget(h, c)
	if err != nil {
		return "", err
	}
	text, cut := cutTalk(c.Text)
	side, _ := lg.Rec.SideOf(h.From)
	keepTalk(lg.Rec, record.TalkEntry{Side: side.String(), Ply: len(lg.Rec.Moves), At: h.Now, Text: text, Note: true})
	done := fmt.Sprintf("Done: noted in game %s. Only you see your notes, in \"history\".", lg.Rec.ID)
	if cut {
		done += fmt.Sprintf(" The note was cut to %d characters.", talkLimit)
	}
	return done, nil
}

// Mute answers "mute" and "unmute": the opponent's messages in a game
// stop reaching the sender, or reach them again.
func Mute(h *Handling, c Command) (string, error) {
	lg, side, err := GameFor(h, c, true, isPlaying, "game in progress")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if rec.IsBotGame() {
		return "", Refused("the bot sends no messages in game %s.", rec.ID).
			Instead(`Reply with your move, or "help" for the commands.`)
	}
	opp := rec.OpponentAddress(side)
	on := slices.Contains(rec.Muted, side.String())
	switch {
	case c.Verb == VerbMute && on:
		return fmt.Sprintf("Messages from %s in game %s are already muted; \"unmute\" lets them through again.", opp, rec.ID), nil
	case c.Verb == VerbMute:
		rec.Muted = append(rec.Muted, side.String())
		return fmt.Sprintf("Done: messages from %s in game %s no longer reach you; \"unmute\" lets them through again.", opp, rec.ID), nil
	case !on:
		return fmt.Sprintf("Messages from %s in game %s are not muted.", opp, rec.ID), nil
	}
	rec.Muted = slices.DeleteFunc(rec.Muted, func(s string) bool { return s == side.String() })
	return fmt.Sprintf("Done: messages from %s in game %s reach you again.", opp, rec.ID), nil
}

// passTalk passes on the mail's messages and says in the answer what
// became of them, and of lines written in a bot game's thread.
func passTalk(h *Handling) {
	if len(h.talk.bot) > 0 {
		h.Answer.say("The bot does not read messages, so these lines went to no one:\n" +
			quoteLines(strings.Join(h.talk.bot, "\n")) + "\nWrite your move, or \"help\" for the commands (\"note <text>\" keeps a note for yourself).")
		h.talk.bot = nil
	}
	for _, id := range h.talk.games {
		if lg := h.Game(id); lg != nil {
			h.Answer.say(passMessage(h, lg, strings.Join(h.talk.lines[id], "\n")))
		}
	}
	h.talk.games, h.talk.lines = nil, nil
}

// passMessage passes text on to the sender's opponent in lg and keeps it
// in the record, unless a command was refused, the opponent muted the
// sender, or the mail has caused as many mails as it may; it returns the
// answer's section.
func passMessage(h *Handling, lg *LiveGame, text string) string {
	rec := lg.Rec
	side, _ := rec.SideOf(h.From)
	opp := rec.OpponentAddress(side)
	text, cut := cutTalk(text)
	quoted := quoteLines(text)
	n, noticed := h.Notices[NoticeKey{opp, rec.ID}]
	switch {
	case strings.HasSuffix(opp, "@invalid"):
		return fmt.Sprintf("Not passed on: your opponent in game %s has left windpost (\"forget me\"):\n%s", rec.ID, quoted)
	case h.talk.stop:
		return fmt.Sprintf("Not passed on to %s, because a command above was refused; send your message again with the right command:\n%s", opp, quoted)
	case slices.Contains(rec.Muted, side.Opponent().String()):
		keepTalk(rec, record.TalkEntry{Side: side.String(), Ply: len(rec.Moves), At: h.Now, Text: text, Held: true})
		h.Answer.Done++
		return fmt.Sprintf("Not passed on: %s has muted messages in game %s. Your message is kept in the game's record:\n%s", opp, rec.ID, quoted)
	case !(noticed && len(n.Events) > 0) && h.mailsSpent():
		return fmt.Sprintf("Not passed on, because one mail may cause at most %d mails, and this one has; send it again in another mail:\n%s", h.Srv.Cfg.MailsPerMailLimit(), quoted)
	}
	keepTalk(rec, record.TalkEntry{Side: side.String(), Ply: len(rec.Moves), At: h.Now, Text: text})
	h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s writes:\n%s\n\nTo answer, write your message in your reply; \"mute\" stops their messages.", h.FromShown(), quoted))
	h.Answer.Done++
	if cut {
		return fmt.Sprintf("Passed on to %s as your message, cut to %d characters:\n%s", opp, talkLimit, quoted)
	}
	return fmt.Sprintf("Passed on to %s as your message:\n%s", opp, quoted)
}

// keepTalk adds e to rec's messages and notes, keeping the newest
// talkKept.
func keepTalk(rec *record.Game, e record.TalkEntry) {
	rec.Talk = append(rec.Talk, e)
	if len(rec.Talk) > talkKept {
		rec.Talk = slices.Clone(rec.Talk[len(rec.Talk)-talkKept:])
	}
}

// cutTalk cuts text to talkLimit characters, at a word where it can, and
// marks the cut with " [...]"; cut says it did.
func cutTalk(text string) (string, bool) {
	if utf8.RuneCountInString(text) <= talkLimit {
		return text, false
	}
	i, n := 0, 0
	for i = range text {
		if n == talkLimit {
			break
		}
		n++
	}
	kept := text[:i]
	if j := strings.LastIndexAny(kept, " \n"); j > len(kept)/2 {
		kept = kept[:j]
	}
	return strings.TrimSpace(kept) + " [...]", true
}

// quoteLines puts "> " before each line of text.
func quoteLines(text string) string {
	return "> " + strings.ReplaceAll(text, "\n", "\n> ")
}

// TalkHistory is what history shows reader of lg's messages and notes:
// both players see the messages, each their own notes; "" for anyone
// else, or if there are none.
func TalkHistory(rec *record.Game, reader string) string {
	side, player := rec.SideOf(reader)
	if !player {
		return ""
	}
	var lines []string
	for _, e := range rec.Talk {
		if e.Note && e.Side != side.String() {
			continue
		}
		when := "before the first move"
		if e.Ply > 0 && e.Ply <= len(rec.Moves) {
			when = fmt.Sprintf("after %d.%s", e.Ply, rec.Moves[e.Ply-1].Text)
		}
		who := rec.OpponentAddress(side)
		switch {
		case e.Note:
			who = "your note"
		case e.Side == side.String():
			who = "you"
		}
		line := fmt.Sprintf("%s, %s: %s", when, who, strings.ReplaceAll(e.Text, "\n", " / "))
		if e.Held {
			line += " (not passed on: muted)"
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return ""
	}
	head := "Messages:"
	if len(lines) > talkShown {
		head = fmt.Sprintf("Messages (the last %d of %d):", talkShown, len(lines))
		lines = lines[len(lines)-talkShown:]
	}
	return "\n\n" + head + "\n" + strings.Join(lines, "\n")
}
