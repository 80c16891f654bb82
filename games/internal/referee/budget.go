package referee

import (
	"fmt"
	"strings"
)

// What one incoming mail may cost: the budgets of Config, each read
// through one accessor. The bot's own budget (one search per game per
// mail, outside the mail's transaction) is in botwork.go.

// Defaults of the per-mail budgets of Config. An answer's text goes out
// twice (the text/plain part and the HTML part) and encoded (flowed
// lines, quoted-printable, HTML paragraphs): 30 KiB of long lines made a
// 68,854-octet mail, so 24 KiB keeps the whole mail as sent under 64 KiB.
const (
	DefaultCommandsPerMail = 20
	DefaultAnswerBytes     = 24 << 10
	DefaultMailsPerMail    = 10
)

func (cfg Config) commandsPerMail() int {
	return orDefault(cfg.CommandsPerMail, DefaultCommandsPerMail)
}
func (cfg Config) answerBytes() int       { return orDefault(cfg.AnswerBytes, DefaultAnswerBytes) }
func (cfg Config) MailsPerMailLimit() int { return orDefault(cfg.MailsPerMail, DefaultMailsPerMail) }

// answerBodyBytes bounds an answer's text before its status block, which
// takes up to statusRoom.
func (cfg Config) answerBodyBytes() int { return max(cfg.answerBytes()-statusRoom, 1<<10) }

const statusRoom = 4 << 10

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// skipped are the command lines of a mail that are not run because the
// mail holds more commands than Config.CommandsPerMail: the first few as
// written, and how many in all.
type skipped struct {
	Lines []string `json:"lines,omitempty"`
	Count int      `json:"count,omitempty"`
}

// listedLines is how many skipped lines an answer quotes.
const listedLines = 10

// capCommands keeps the first Config.CommandsPerMail commands and notes
// the rest in h.Over.
func (h *Handling) capCommands(cmds []Command) []Command {
	limit := h.Server.Config.commandsPerMail()
	if len(cmds) <= limit {
		return cmds
	}
	rest := cmds[limit:]
	h.Over.Count = len(rest)
	for _, c := range rest[:min(len(rest), listedLines)] {
		h.Over.Lines = append(h.Over.Lines, c.Line)
	}
	return cmds[:limit]
}

// overSection says which commands were not run for the commands budget;
// "" if none.
func (h *Handling) overSection() string {
	o := h.Over
	if o.Count == 0 {
		return ""
	}
	head := fmt.Sprintf("Not run, because one mail may hold at most %d commands (send the rest in another mail):", h.Server.Config.commandsPerMail())
	return listLines(head, o.Lines, o.Count)
}

// mailsSpent reports whether the mail has caused as many mails as
// Config.MailsPerMail allows before the next command, which may cause one
// more (or, moving a tournament on, one to each of its players).
func (h *Handling) mailsSpent() bool { return h.mailsCaused() >= h.Server.Config.MailsPerMailLimit() }

// mailsCaused counts the mails the mail has caused so far: its answer, the
// news for players (one mail per player and game), the mails queued
// already (a tournament's pairings and crosstables, invitations), the
// crosstables that the tournament games ended in it bring at commit, a
// confirm request, and what it caused before a pause for the bot.
func (h *Handling) mailsCaused() int {
	n := 1 + len(h.Notices) + len(h.Queued) + h.Server.club.mailsFor(h.Change) + h.Caused
	if h.Consent.Asked {
		n++ // the confirm request may go as a mail of its own (queueConfirmation)
	}
	return n
}

// mailsSection lists the commands not run because the mail has caused as
// many mails as it may.
func (h *Handling) mailsSection(rest []Command) string {
	lines := make([]string, 0, listedLines)
	for _, c := range rest[:min(len(rest), listedLines)] {
		lines = append(lines, c.Line)
	}
	head := fmt.Sprintf("Not run, because one mail may cause at most %d mails (this answer, the news to other players and a tournament's mails), and this one has:", h.Server.Config.MailsPerMailLimit())
	return listLines(head, lines, len(rest))
}

// listLines writes head and the lines quoted, then how many more there
// were of total.
func listLines(head string, lines []string, total int) string {
	var b strings.Builder
	b.WriteString(head)
	for _, l := range lines {
		b.WriteString("\n> " + l)
	}
	if more := total - len(lines); more > 0 {
		fmt.Fprintf(&b, "\n(and %d more lines)", more)
	}
	return b.String()
}

// capText cuts text to at most limit bytes at a line's end and says how
// many lines were left out.
func capText(text string, limit int) string {
	if len(text) <= limit {
		return text
	}
	const room = 80 // for the summary line
	cut := strings.LastIndexByte(text[:max(limit-room, 0)], '\n')
	rest := text
	if cut < 0 {
		cut = 0
	} else {
		rest = text[cut+1:]
	}
	more := strings.Count(rest, "\n")
	if !strings.HasSuffix(rest, "\n") {
		more++
	}
	return text[:cut] + fmt.Sprintf("\n\n... and %d more %s not shown: the answer was too long.\n", more, Plural(more, "line", "lines"))
}
