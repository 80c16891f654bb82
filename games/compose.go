package games

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/rules"
)

// The mails windpost writes: the answer to a request, the notices and
// reminders about a game, their headers, subjects and status blocks.

// answer is the reply to the request being handled, written as its
// commands run.
type answer struct {
	present  bool
	sections []string
	focus    string // the game the answer is about, "" if none
	help     bool   // append the help text
	done     int    // commands done
	// over says which commands were not run for the commands budget; it
	// is kept whole when a long answer is cut (overSection).
	over string
	// attachments are the files the answer carries (attachment.go).
	attachments []Attachment
}

type noticeKey struct{ to, game string }

// notice is news for one player about one game, collected while a change
// runs and sent as one mail.
type notice struct {
	kind   MailKind
	events []string
	order  int
}

// notify adds an event to the notice for address about game.
func (c *change) notify(kind MailKind, to, game, event string) {
	if to == "" {
		return
	}
	k := noticeKey{to, game}
	n, ok := c.notices[k]
	if !ok {
		n = &notice{kind: kind, order: len(c.notices)}
		c.notices[k] = n
	}
	if kind == Notice {
		n.kind = Notice
	}
	n.events = append(n.events, event)
}

// dropNotice drops the news collected for address about game: it is not
// sent.
func (c *change) dropNotice(to, game string) {
	if n, ok := c.notices[noticeKey{to, game}]; ok {
		n.events = nil
	}
}

// queueNotices composes and queues one mail per notice, in the order they
// were begun.
func (c *change) queueNotices() error {
	if err := c.tournamentResults(); err != nil { // results, crosstables, next rounds' games (tournament.go)
		return err
	}
	keys := make([]noticeKey, 0, len(c.notices))
	for k := range c.notices {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b noticeKey) int { return c.notices[a].order - c.notices[b].order })
	for _, k := range keys {
		n := c.notices[k]
		lg := c.games[k.game]
		if len(n.events) == 0 || (c.st.doNotMail(k.to) && lg.rec.State == stateInvited) || c.st.banned(k.to) {
			// Dropped (dropNotice), or an invitation to an address that
			// said "stop". A game the address accepted goes on being
			// mailed: "stop" is kept for ever and a key can leak (a
			// forwarded mail), so it must not silence a player's moves
			// and reminders (that would lose them the game on time);
			// "forget me" ends their games. A
			// banned address is mailed nothing (store_ban.go).
			continue
		}
		if folded, err := c.foldIntoDigest(k.to, lg, n); err != nil || folded {
			return err // nil when folded: the digest tells it
		}
		body := strings.Join(n.events, "\n\n") + "\n\n" + statusBlock(lg, k.to, c.locationOf(k.to))
		m, err := c.gameMail(n.kind, lg, k.to, "", body)
		if err != nil {
			return err
		}
		c.queued = append(c.queued, m)
	}
	return nil
}

// queueAnswer composes the answer mail and queues it first.
func (h *handling) queueAnswer() error {
	a := h.answer
	body := strings.Join(a.sections, "\n\n") + "\n"
	var tail string
	if a.over != "" {
		tail = "\n" + a.over + "\n"
	}
	if a.help {
		tail += "\n" + h.srv.helpText("") + "\n"
	}
	body = capText(body, h.srv.answerBodyBytes()-len(tail)) + tail
	var m Mail
	var err error
	if a.focus != "" {
		lg := h.games[a.focus]
		body += "\n" + statusBlock(lg, h.from, h.locationOf(h.from))
		if _, player := lg.rec.sideOf(h.from); player {
			m, err = h.gameMail(Answer, lg, h.from, h.req.MessageID, body, withAttachments(a.attachments))
		} else {
			m, err = h.plainMail(Answer, h.from, replySubject(h.req.Subject), h.req.MessageID, body, h.senderKeyMail, withAttachments(a.attachments))
		}
	} else {
		if !a.help {
			body += "\nWrite \"help\" for the commands.\n"
		}
		m, err = h.plainMail(Answer, h.from, replySubject(h.req.Subject), h.req.MessageID, body, h.confirmMail, h.senderKeyMail, withAttachments(a.attachments))
	}
	if err != nil {
		return err
	}
	h.queued = append([]Mail{m}, h.queued...)
	return nil
}

func replySubject(s string) string {
	s = strings.TrimSpace(s)
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
func (c *change) gameMail(kind MailKind, lg *liveGame, to, inReplyTo, body string, adjust ...func(*Mail)) (Mail, error) {
	n, err := c.st.outbox().newMailNumber()
	if err != nil {
		return Mail{}, err
	}
	rec := lg.rec
	tok := ReplyToken(c.srv.store.secret, rec.ID, to)
	m := Mail{
		ID:        mailKey(n),
		MessageID: gameMessageID(rec.ID, tok, n, c.srv.domain),
		Kind:      kind,
		To:        to,
		Subject:   ShortenSubject(gameSubject(lg, to) + " " + subjectTag(rec.ID, tok)),
		ReplyTo:   replyAddress(c.srv.local, c.srv.domain, rec.ID, tok),
		InReplyTo: inReplyTo,
		Headers:   gameHeaders(lg),
		Text:      body + c.srv.webLine(rec.ID),
		Board:     boardRef(lg),
		Later:     goesLater(kind, rec),
		NextTry:   c.now,
	}
	if rec.State == stateInvited && to == rec.invitee() {
		// RFC 2369: a mailto whose mail says "stop" to the invitee's
		// keyed address, so that the button acts in one step.
		m.Headers["List-Unsubscribe"] = "<mailto:" + m.ReplyTo + "?subject=stop&body=stop>"
	}
	if kind == Answer {
		m.Subject = ShortenSubject("Re: " + m.Subject)
	}
	if side, ok := rec.sideOf(to); ok {
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
	if err := c.st.outbox().queueMail(&m); err != nil {
		return Mail{}, err
	}
	return m, nil
}

// plainMail composes and queues a mail about no game; each adjust changes
// it before it is queued.
func (c *change) plainMail(kind MailKind, to, subject, inReplyTo, body string, adjust ...func(*Mail)) (Mail, error) {
	n, err := c.st.outbox().newMailNumber()
	if err != nil {
		return Mail{}, err
	}
	m := Mail{
		ID: mailKey(n), MessageID: plainMessageID(n, c.srv.domain), Kind: kind, To: to,
		Subject: subject, InReplyTo: inReplyTo, Text: body, Later: goesLater(kind, nil), NextTry: c.now,
	}
	if inReplyTo != "" {
		m.References = []string{inReplyTo}
	}
	for _, f := range adjust {
		f(&m)
	}
	if err := c.st.outbox().queueMail(&m); err != nil {
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
func goesLater(kind MailKind, rec *gameRecord) bool {
	switch {
	case kind == Answer:
		return false
	case rec == nil:
		return true
	case kind == Reminder:
		return rec.State != stateOver
	default:
		return rec.State != statePlaying && rec.State != stateOver
	}
}

// gameHeaders are the X-Windpost-* headers of a mail about lg.
func gameHeaders(lg *liveGame) map[string]string {
	rec := lg.rec
	last := ""
	if len(rec.Moves) > 0 {
		last = rec.Moves[len(rec.Moves)-1].Text
	}
	toMove := "none"
	if rec.State == statePlaying {
		toMove = lg.toMove().String()
	}
	return map[string]string{
		"X-Windpost-Game":      rec.ID,
		"X-Windpost-Variant":   rec.Variant,
		"X-Windpost-Position":  lg.kit.Notation.FormatPosition(lg.g.Position()),
		"X-Windpost-Last-Move": last,
		"X-Windpost-To-Move":   toMove,
		"X-Windpost-Result":    lg.result(),
	}
}

// gameSubject is the subject of every mail about a game (before the tag);
// it stays the same during the game so that clients keep the thread.
func gameSubject(lg *liveGame, to string) string {
	rec := lg.rec
	side, _ := rec.sideOf(to)
	return fmt.Sprintf("%s game %s: you (%s) vs. %s", lg.kit.Rules.Title(), rec.ID, side, rec.Players[side.Opponent()].shown())
}

// statusBlock is the part of every mail about a game that shows it: the
// players, the board, whose turn, the last move, the move number, the
// deadline and the result. Times are shown in loc, the reader's zone.
func statusBlock(lg *liveGame, reader string, loc *time.Location) string {
	rec := lg.rec
	var b strings.Builder
	fmt.Fprintf(&b, "%s, game %s: %s vs. %s\n\n", lg.kit.Rules.Title(), rec.ID,
		playerThenSide(rec, rules.Black, reader), playerThenSide(rec, rules.White, reader))
	b.WriteString(strings.TrimRight(lg.kit.Notation.Board(lg.g.Position()), "\n"))
	b.WriteString("\n\n")
	if last := rec.lastMove(); last != "" {
		fmt.Fprintf(&b, "Last move: %s\n", last)
	}
	switch rec.State {
	case stateInvited:
		if reader == rec.invitee() {
			fmt.Fprintf(&b, "Waiting for your answer to the challenge (until %s).\n", formatTimeIn(rec.Deadline, loc))
		} else {
			fmt.Fprintf(&b, "Waiting for %s to accept the challenge (until %s).\n", rec.shownTo(rec.invitee(), reader), formatTimeIn(rec.Deadline, loc))
		}
	case stateDeclined:
		fmt.Fprintf(&b, "This game never began: %s.\n", lg.result())
	case stateCancelled:
		fmt.Fprintf(&b, "Game %s was %s.\n", rec.ID, lg.result())
	case stateOver:
		fmt.Fprintf(&b, "Game over after %d %s: %s.\n", len(rec.Moves), plural(len(rec.Moves), "move", "moves"), lg.resultFor(reader))
		b.WriteString(ratingLine(rec, reader))
		if _, player := rec.sideOf(reader); player {
			fmt.Fprintf(&b, "Write \"analysis\" for every move's value and the mistakes.\n")
		}
	case statePlaying:
		playingStatus(&b, lg, reader, loc)
	}
	return b.String()
}

// playingStatus is the end of the status block of a game in progress:
// whose move, the deadline, open offers, how to reply.
func playingStatus(b *strings.Builder, lg *liveGame, reader string, loc *time.Location) {
	rec := lg.rec
	toMove := lg.toMove()
	fmt.Fprintf(b, "Move #%d: %s to move.\n", len(rec.Moves)+1, sideThenPlayer(rec, toMove, reader))
	if !rec.Deadline.IsZero() {
		fmt.Fprintf(b, "Deadline for this move: %s (%d days per move).\n", formatTimeIn(rec.Deadline, loc), rec.DaysPerMove)
		if rec.Paused != nil {
			b.WriteString(rec.Paused.says() + "\n")
		}
	}
	side, player := rec.sideOf(reader)
	if rec.DrawOffer != "" {
		s, _ := rules.ParseSide(rec.DrawOffer)
		b.WriteString(whoDoes(rec, s, reader, "offer a draw.", "offers a draw."))
		if player && s != side && side == toMove {
			b.WriteString(` Reply "draw" to accept it; a move declines it.`)
		} else if player && s != side {
			fmt.Fprintf(b, ` Reply "draw" to accept it, or "%s".`, declineWords(rec, side, offerDraw))
		}
		b.WriteString("\n")
	}
	if rec.UndoRequest != "" {
		s, _ := rules.ParseSide(rec.UndoRequest)
		b.WriteString(whoDoes(rec, s, reader, "ask to take back the last move.", "asks to take back the last move."))
		if player && s != side {
			b.WriteString(` Reply "undo" to agree; a move refuses.`)
		}
		b.WriteString("\n")
	}
	if player && side == toMove {
		if ms := lg.g.LegalMoves(); len(ms) > 0 {
			b.WriteString(replyWithMove(lg.kit.Notation, lg.g.Position(), len(rec.Moves)+1))
		}
	}
}

// hasPlayer reports whether address plays in the game: only players see
// each other's whole addresses and names; to anyone else (who may have
// written any From line) a player is "alice@...".
func (rec *gameRecord) hasPlayer(address string) bool {
	_, ok := rec.sideOf(address)
	return ok
}

// shownTo is address as reader may see it in this game (hasPlayer).
func (rec *gameRecord) shownTo(address, reader string) string {
	if rec.hasPlayer(reader) {
		return address
	}
	return shownAddress(address, reader)
}

// sideThenPlayer names the side and who plays it for reader: "black
// (you)", "white (the bot)", "black (alice@example.org)".
func sideThenPlayer(rec *gameRecord, side rules.Side, reader string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return fmt.Sprintf("%s (the bot)", side)
	case p.Address == reader:
		return fmt.Sprintf("%s (you)", side)
	}
	if !rec.hasPlayer(reader) {
		return fmt.Sprintf("%s (%s)", side, shownAddress(p.Address, reader))
	}
	return fmt.Sprintf("%s (%s)", side, nameAnd(p, ""))
}

// playerThenSide names who plays side, and the side, for reader: "you
// (black)", "the bot (white, perfect)", "alice@example.org (black)".
func playerThenSide(rec *gameRecord, side rules.Side, reader string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return fmt.Sprintf("the bot (%s, %s)", side, p.Level)
	case p.Address == reader:
		return fmt.Sprintf("you (%s)", side)
	}
	if !rec.hasPlayer(reader) {
		return fmt.Sprintf("%s (%s)", shownAddress(p.Address, reader), side)
	}
	if p.Name != "" {
		return fmt.Sprintf("%s (%s)", p.Name, nameAnd(playerSlot{Address: p.Address}, side.String()))
	}
	return fmt.Sprintf("%s (%s)", p.Address, side)
}

// formatTime writes a deadline for players: "Sat 28 Nov 2026 12:00 UTC".
func formatTime(t time.Time) string { return formatTimeIn(t, time.UTC) }

// formatTimeIn writes t in the zone loc ("Mon 2 Jan 2006 15:04 EET");
// nil is UTC.
func formatTimeIn(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 2006 15:04 MST")
}

// locationOf is the time zone address reads times in: its "timezone"
// setting, or UTC.
func (c *change) locationOf(address string) *time.Location {
	p, err := c.player(address)
	if err != nil {
		return time.UTC // a record that cannot be read shows UTC; the error surfaces where it is written
	}
	return p.location()
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
