package referee

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/document"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/record"
)

// The mails windpost writes: the answer to a request, the notices and
// reminders about a game, their headers, subjects and status blocks.

// Reply is the reply to the request being handled, written as its
// commands run.
type Reply struct {
	Present bool `json:"present"`
	// Blocks are the answer's sections in order, each beginning with a
	// block that is not joined (say, reply).
	Blocks []document.Block `json:"blocks,omitempty"`
	// Sections is an older windpost's answer, as text, in a continuation
	// it saved: the resume reads it into Blocks.
	Sections []string `json:"sections,omitempty"`
	Focus    string   `json:"focus,omitempty"` // the game the answer is about, "" if none
	Help     bool     `json:"help,omitempty"`  // append the help text
	Done     int      `json:"done,omitempty"`  // commands done
	// Over says which commands were not run for the commands budget; it
	// is kept whole when a long answer is cut (overSection).
	Over string `json:"over,omitempty"`
	// Attachments are the files the answer carries (outbox.Attachment); a
	// continuation keeps what "export" attached before the bot's turn.
	Attachments []Attachment `json:"attachments,omitempty"`
	// Shown is the side a "board" line chose to draw at the bottom, ""
	// if none (outbox.BoardRef).
	Shown string `json:"shown,omitempty"`
}

// Resumed is the answer as a continuation kept it, an older windpost's
// text sections read into blocks, after the blocks.
func (a Reply) Resumed() Reply {
	for _, s := range a.Sections {
		a.Blocks = append(a.Blocks, Paragraphs(s)...)
	}
	a.Sections = nil
	return a
}

// say adds a section of prose to the answer.
func (a *Reply) say(text string) { a.Blocks = append(a.Blocks, Paragraphs(text)...) }

// reply adds the section that answers a player's line: the line quoted,
// then blocks, the first on the line after it.
func (a *Reply) reply(line string, blocks []document.Block) {
	a.Blocks = append(a.Blocks, document.Said(line))
	for i, b := range blocks {
		if i == 0 {
			b = document.Joined(b)
		}
		a.Blocks = append(a.Blocks, b)
	}
}

// Paragraphs is text as paragraph blocks, one a run of lines between blank lines.
func Paragraphs(text string) []document.Block { return document.FromText(text).Blocks }

type NoticeKey struct{ To, Game string }

// notice is news for one player about one game, collected while a change
// runs and sent as one mail.
type notice struct {
	kind   MailKind
	Events []string
	order  int
}

// Notify adds an event to the notice for address about game.
func (c *Change) Notify(kind MailKind, to, game, event string) {
	if to == "" {
		return
	}
	k := NoticeKey{to, game}
	n, ok := c.Notices[k]
	if !ok {
		n = &notice{kind: kind, order: len(c.Notices)}
		c.Notices[k] = n
	}
	if kind == Notice {
		n.kind = Notice
	}
	n.Events = append(n.Events, event)
}

// dropNotice drops the news collected for address about game: it is not
// sent.
func (c *Change) dropNotice(to, game string) {
	if n, ok := c.Notices[NoticeKey{to, game}]; ok {
		n.Events = nil
	}
}

// queueNotices composes and queues one mail per notice, in the order they
// were begun.
func (c *Change) queueNotices() error {
	if err := c.Server.club.resultsOf(c); err != nil { // results, crosstables, next rounds' games (tournament.go)
		return err
	}
	keys := make([]NoticeKey, 0, len(c.Notices))
	for k := range c.Notices {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b NoticeKey) int { return c.Notices[a].order - c.Notices[b].order })
	for _, k := range keys {
		n := c.Notices[k]
		lg := c.Games[k.Game]
		if len(n.Events) == 0 || (c.Tx.DoNotMail(k.To) && lg.Rec.State == record.Invited) || c.Tx.Banned(k.To) {
			// Dropped (dropNotice), or an invitation to an address that
			// said "stop". A game the address accepted goes on being
			// mailed: "stop" is kept for ever and a key can leak (a
			// forwarded mail), so it must not silence a player's moves
			// and reminders (that would lose them the game on time);
			// "forget me" ends their games. A
			// banned address is mailed nothing (store_ban.go).
			continue
		}
		if folded, err := foldIntoDigest(c, k.To, lg, n); err != nil || folded {
			return err // nil when folded: the digest tells it
		}
		body := document.FromText(strings.Join(n.Events, "\n\n"))
		body.Add(statusBlock(lg, k.To, c.viewFor(lg, k.To))...)
		m, err := c.gameMail(n.kind, lg, k.To, "", body)
		if err != nil {
			return err
		}
		c.Queued = append(c.Queued, m)
	}
	return nil
}

// queueAnswer composes the answer mail and queues it first.
func (h *Handling) queueAnswer() error {
	a := h.Answer
	body := document.Document{Blocks: slices.Clone(a.Blocks)}
	var tail document.Document
	if a.Over != "" {
		tail.Add(Paragraphs(a.Over)...)
	}
	if a.Help {
		tail.Add(h.Server.HelpBlocks("")...)
	}
	if limit := h.Server.Config.answerBodyBytes() - len(tail.Text()) - 1; len(body.Text()) > limit {
		// Too long: the text cut, its blocks lost (capText).
		body = document.FromText(capText(body.Text(), limit))
	}
	body.Add(tail.Blocks...)
	var m Mail
	var err error
	if a.Focus != "" {
		lg := h.Games[a.Focus]
		v := h.viewFor(lg, h.From)
		v.bottom = chosenBottom(h, lg)
		body.Add(statusBlock(lg, h.From, v)...)
		if _, player := lg.Rec.SideOf(h.From); player {
			m, err = h.gameMail(Answer, lg, h.From, h.Req.MessageID, body, withAttachments(a.Attachments), withBottom(chosenBottom(h, lg)))
		} else {
			m, err = h.PlainMail(Answer, h.From, replySubject(h.Req.Subject), h.Req.MessageID, body, h.senderKeyMail, withAttachments(a.Attachments))
		}
	} else {
		if !a.Help {
			body.Add(document.Para(`Write "help" for the commands.`))
		}
		m, err = h.PlainMail(Answer, h.From, replySubject(h.Req.Subject), h.Req.MessageID, body, h.confirmMail, h.senderKeyMail, withAttachments(a.Attachments))
	}
	if err != nil {
		return err
	}
	h.Queued = append([]Mail{m}, h.Queued...)
	return nil
}

func replySubject(s string) string {
	s = withoutTags(s)
	if s == "" {
		return "Re: windpost"
	}
	if strings.HasPrefix(strings.ToLower(s), "re:") {
		return ShortenSubject(s)
	}
	return ShortenSubject("Re: " + s)
}

// gameMail composes and queues a mail about lg to address. inReplyTo is
// the request answered, or ""; each adjust changes the mail before it is
// queued.
func (c *Change) gameMail(kind MailKind, lg *LiveGame, to, inReplyTo string, body document.Document, adjust ...func(*Mail)) (Mail, error) {
	n, err := c.Tx.Outbox().NewNumber()
	if err != nil {
		return Mail{}, err
	}
	rec := lg.Rec
	if url := c.Server.webURL(rec.ID); url != "" {
		body.Add(document.Joined(document.WebLink("Web page:", url)))
	}
	tok := keys.Token(c.Server.Store.Secret, rec.ID, to)
	m := Mail{
		ID:        outbox.Key(n),
		MessageID: keys.GameMessageID(rec.ID, tok, n, c.Server.Domain),
		Kind:      kind,
		To:        to,
		Subject:   ShortenSubject(gameSubject(lg, to) + " " + keys.SubjectTag(rec.ID, tok)),
		ReplyTo:   keys.ReplyAddress(c.Server.Local, c.Server.Domain, rec.ID, tok),
		InReplyTo: inReplyTo,
		Headers:   gameHeaders(lg),
		Text:      body.Text(),
		Doc:       &body,
		Board:     boardRef(lg, c.bottomFor(lg, to)),
		Later:     goesLater(kind, rec),
		NextTry:   c.Now,
	}
	if c.viewFor(lg, to).words {
		m.Board = nil // format accessible: the game in words, no picture
	}
	if rec.State == record.Invited && to == rec.Invitee() {
		// RFC 2369: a mailto whose mail says "stop" to the invitee's
		// keyed address, so that the button acts in one step.
		listUnsubscribe(c.Server.Config, &m, rec.ID, tok) // with RFC 8058's one-click URL when the web view is on (unsubscribe.go)
	}
	if kind == Answer {
		m.Subject = ShortenSubject("Re: " + m.Subject)
	}
	if side, ok := rec.SideOf(to); ok {
		if t := rec.Players[side].Thread; t != "" {
			m.References = append(m.References, t)
		} else {
			rec.Players[side].Thread = m.MessageID
		}
	}
	if inReplyTo != "" {
		m.References = append(m.References, inReplyTo)
	}
	for _, f := range adjust {
		f(&m)
	}
	if err := c.Tx.Outbox().Queue(&m); err != nil {
		return Mail{}, err
	}
	return m, nil
}

// PlainMail composes and queues a mail about no game; each adjust changes
// it before it is queued.
func (c *Change) PlainMail(kind MailKind, to, subject, inReplyTo string, body document.Document, adjust ...func(*Mail)) (Mail, error) {
	n, err := c.Tx.Outbox().NewNumber()
	if err != nil {
		return Mail{}, err
	}
	m := Mail{
		ID: outbox.Key(n), MessageID: keys.PlainMessageID(n, c.Server.Domain), Kind: kind, To: to,
		Subject: subject, InReplyTo: inReplyTo, Text: body.Text(), Doc: &body, Later: goesLater(kind, nil), NextTry: c.Now,
	}
	if inReplyTo != "" {
		m.References = []string{inReplyTo}
	}
	for _, f := range adjust {
		f(&m)
	}
	if err := c.Tx.Outbox().Queue(&m); err != nil {
		return Mail{}, err
	}
	return m, nil
}

// goesLater says whether a mail of kind about game rec (nil: about no
// game) waits behind moves and results while a send limit holds mail
// back. Answers never wait: the player is waiting for them. A notice about
// a game being played or just ended tells of a move or a result; a
// reminder in a game that has ended tells its result (lost on time). The
// rest waits: reminders, challenges and what becomes of them, digests,
// seeks, tournament pages, failure notices.
func goesLater(kind MailKind, rec *record.Game) bool {
	switch {
	case kind == Answer:
		return false
	case rec == nil:
		return true
	case kind == Reminder:
		return rec.State != record.Over
	default:
		return rec.State != record.Playing && rec.State != record.Over
	}
}

// gameHeaders are the X-Windpost-* headers of a mail about lg.
func gameHeaders(lg *LiveGame) map[string]string {
	rec := lg.Rec
	last := ""
	if len(rec.Moves) > 0 {
		last = rec.Moves[len(rec.Moves)-1].Text
	}
	toMove := "none"
	if rec.State == record.Playing {
		toMove = lg.ToMove().String()
	}
	return map[string]string{
		"X-Windpost-Game":      rec.ID,
		"X-Windpost-Variant":   rec.Variant,
		"X-Windpost-Position":  lg.Kit.Notation.FormatPosition(lg.Game.Position()),
		"X-Windpost-Last-Move": last,
		"X-Windpost-To-Move":   toMove,
		"X-Windpost-Result":    lg.Result(),
	}
}

// gameSubject is the subject of every mail about a game (before the tag);
// it stays the same during the game so that clients keep the thread.
func gameSubject(lg *LiveGame, to string) string {
	rec := lg.Rec
	side, _ := rec.SideOf(to)
	return fmt.Sprintf("%s game %s: you (%s) vs. %s", lg.Kit.Rules.Title(), rec.ID, side, ShownSlot(rec.Players[side.Opponent()]))
}

// senderKeyMail gives an answer about no game of the sender's the
// sender's address key (addressKeyMail), unless it asks for a confirm
// (confirmMail): it goes only to that address, so a reply to it proves
// the sender, as a reply to any mail windpost sent there does.
func (h *Handling) senderKeyMail(m *Mail) {
	if !h.Consent.Asked {
		h.addressKeyMail(m, h.From)
	}
}
