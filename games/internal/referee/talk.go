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
	TalkLimit = 500 // characters of one mail's message to one game, or of one note
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

func (t *talk) Add(game, line string) {
	if t.lines == nil {
		t.lines = map[string][]string{}
	}
	if _, ok := t.lines[game]; !ok {
		t.games = append(t.games, game)
	}
	t.lines[game] = append(t.lines[game], line)
}

func (t *talk) any() bool { return len(t.games) > 0 || len(t.bot) > 0 }

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

// passTalk passes on the mail's messages and says in the answer what
// became of them, and of lines written in a bot game's thread.
func passTalk(h *Handling) {
	if len(h.Talk.bot) > 0 {
		h.Answer.say("The bot does not read messages, so these lines went to no one:\n" +
			quoteLines(strings.Join(h.Talk.bot, "\n")) + "\nWrite your move, or \"help\" for the commands (\"note <text>\" keeps a note for yourself).")
		h.Talk.bot = nil
	}
	for _, id := range h.Talk.games {
		if lg := h.Game(id); lg != nil {
			h.Answer.say(passMessage(h, lg, strings.Join(h.Talk.lines[id], "\n")))
		}
	}
	h.Talk.games, h.Talk.lines = nil, nil
}

// passMessage passes text on to the sender's opponent in lg and keeps it
// in the record, unless a command was refused, the opponent muted the
// sender, or the mail has caused as many mails as it may; it returns the
// answer's section.
func passMessage(h *Handling, lg *LiveGame, text string) string {
	rec := lg.Rec
	side, _ := rec.SideOf(h.From)
	opp := rec.OpponentAddress(side)
	text, cut := CutTalk(text)
	quoted := quoteLines(text)
	n, noticed := h.Notices[NoticeKey{opp, rec.ID}]
	switch {
	case strings.HasSuffix(opp, "@invalid"):
		return fmt.Sprintf("Not passed on: your opponent in game %s has left windpost (\"forget me\"):\n%s", rec.ID, quoted)
	case h.Talk.stop:
		return fmt.Sprintf("Not passed on to %s, because a command above was refused; send your message again with the right command:\n%s", opp, quoted)
	case slices.Contains(rec.Muted, side.Opponent().String()):
		KeepTalk(rec, record.TalkEntry{Side: side.String(), Ply: len(rec.Moves), At: h.Now, Text: text, Held: true})
		h.Answer.Done++
		return fmt.Sprintf("Not passed on: %s has muted messages in game %s. Your message is kept in the game's record:\n%s", opp, rec.ID, quoted)
	case !(noticed && len(n.Events) > 0) && h.mailsSpent():
		return fmt.Sprintf("Not passed on, because one mail may cause at most %d mails, and this one has; send it again in another mail:\n%s", h.Server.Config.MailsPerMailLimit(), quoted)
	}
	KeepTalk(rec, record.TalkEntry{Side: side.String(), Ply: len(rec.Moves), At: h.Now, Text: text})
	h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s writes:\n%s\n\nTo answer, write your message in your reply; \"mute\" stops their messages.", h.FromShown(), quoted))
	h.Answer.Done++
	if cut {
		return fmt.Sprintf("Passed on to %s as your message, cut to %d characters:\n%s", opp, TalkLimit, quoted)
	}
	return fmt.Sprintf("Passed on to %s as your message:\n%s", opp, quoted)
}

// KeepTalk adds e to rec's messages and notes, keeping the newest
// talkKept.
func KeepTalk(rec *record.Game, e record.TalkEntry) {
	rec.Talk = append(rec.Talk, e)
	if len(rec.Talk) > talkKept {
		rec.Talk = slices.Clone(rec.Talk[len(rec.Talk)-talkKept:])
	}
}

// CutTalk cuts text to talkLimit characters, at a word where it can, and
// marks the cut with " [...]"; cut says it did.
func CutTalk(text string) (string, bool) {
	if utf8.RuneCountInString(text) <= TalkLimit {
		return text, false
	}
	i, n := 0, 0
	for i = range text {
		if n == TalkLimit {
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
