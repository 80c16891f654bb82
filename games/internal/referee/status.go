package referee

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"

	"github.com/windpost/windpost/rules"
)

// The status block of a game's mails and how players are named in it.

// statusBlock is the part of every mail about a game that shows it: the
// players, the board, whose turn, the last move, the move number, the
// deadline and the result, and what to write next, as reader sees it (v):
// times in their zone, the board with their side (or the side they chose)
// at the bottom, or for format accessible the game in words (inWords).
func statusBlock(lg *LiveGame, reader string, v view) []document.Block {
	rec, loc := lg.Rec, v.loc
	var b strings.Builder
	if last := rec.LastMove(); last != "" && !v.words {
		fmt.Fprintf(&b, "Last move: %s\n", last)
	}
	var action string
	switch rec.State {
	case record.Invited:
		if reader == rec.Invitee() {
			fmt.Fprintf(&b, "Waiting for your answer to the challenge (until %s).\n", FormatTimeIn(rec.Deadline, loc))
		} else {
			fmt.Fprintf(&b, "Waiting for %s to accept the challenge (until %s).\n", rec.ShownTo(rec.Invitee(), reader), FormatTimeIn(rec.Deadline, loc))
		}
	case record.Declined, record.Cancelled:
		// The line under the board (or in words, under the title) says
		// it: "Cancelled by the server's operator: no result." (endStatus).
	case record.Over:
		fmt.Fprintf(&b, "Game over after %d %s: %s.\n", len(rec.Moves), Plural(len(rec.Moves), "move", "moves"), lg.ResultFor(reader))
		b.WriteString(ratingLine(rec, reader))
		if _, player := rec.SideOf(reader); player && lg.analysable() {
			action = "Write \"analysis\" for every move's value and the mistakes.\n"
		}
	case record.Playing:
		action = playingStatus(&b, lg, reader, loc)
	}
	blocks := []document.Block{
		document.Para(fmt.Sprintf("%s, game %s: %s", lg.Kit.Rules.Title(), rec.ID, versus(rec, reader))),
	}
	if v.words {
		blocks = append(blocks, inWords(lg, reader)...)
	} else {
		blocks = append(blocks, document.Diagram(boardPart(lg, v.bottom)))
	}
	if b.Len() > 0 {
		blocks = append(blocks, document.Para(b.String()))
	}
	if action != "" {
		act := document.Act(action, exampleIn(action))
		if b.Len() > 0 {
			act = document.Joined(act)
		}
		blocks = append(blocks, act)
	}
	return blocks
}

// versus is who plays whom as reader sees it: "you (black) vs.
// bob@example.org (white)".
func versus(rec *record.Game, reader string) string {
	return PlayerThenSide(rec, rules.Black, reader) + " vs. " + PlayerThenSide(rec, rules.White, reader)
}

// boardPart is the board of lg as the status block shows it, bottom's side
// at the bottom, with what its picture's alt text says: the last move and
// whose move it is, or the end (gameStatus, as the text board and the
// picture's caption say it).
func boardPart(lg *LiveGame, bottom rules.Side) document.BoardPart {
	rec := lg.Rec
	status := lg.gameStatus()
	switch {
	case status != "":
	case rec.State == record.Playing:
		status = Capitalise(lg.ToMove().String()) + " to move"
	default:
		status = Capitalise(lg.Result())
	}
	return document.BoardPart{
		Title:    lg.Kit.Rules.Title(),
		Diagram:  BoardText(lg.Kit.Notation, lg.Game.Position(), bottom, lg.gameStatus()),
		Bottom:   bottom.String(),
		LastMove: rec.LastMove(),
		Status:   status,
	}
}

// exampleIn is the example an action quotes: its first quoted words.
func exampleIn(action string) string {
	_, rest, ok := strings.Cut(action, "\"")
	if !ok {
		return ""
	}
	example, _, ok := strings.Cut(rest, "\"")
	if !ok {
		return ""
	}
	return example
}

// playingStatus is the end of the status block of a game in progress:
// whose move, the deadline, open offers; it returns how to reply, the
// action, "" when reader is not to move.
func playingStatus(b *strings.Builder, lg *LiveGame, reader string, loc *time.Location) string {
	rec := lg.Rec
	toMove := lg.ToMove()
	fmt.Fprintf(b, "Move #%d: %s to move.\n", len(rec.Moves)+1, SideThenPlayer(rec, toMove, reader))
	if !rec.Deadline.IsZero() {
		fmt.Fprintf(b, "Deadline for this move: %s (%s per move).\n", FormatTimeIn(rec.Deadline, loc), DayCount(rec.DaysPerMove))
		if rec.Paused != nil {
			b.WriteString(pauseNote(rec.Paused) + "\n")
		}
	}
	side, player := rec.SideOf(reader)
	if rec.DrawOffer != "" {
		s, _ := rules.ParseSide(rec.DrawOffer)
		b.WriteString(whoDoes(rec, s, reader, "offer a draw.", "offers a draw."))
		if player && s != side && side == toMove {
			b.WriteString(` Reply "draw" to accept it; a move declines it.`)
		} else if player && s != side {
			fmt.Fprintf(b, ` Reply "draw" to accept it, or "%s".`, DeclineWords(rec, side, OfferDraw))
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
		if ms := lg.Game.LegalMoves(); len(ms) > 0 {
			return replyWithMove(lg.Kit.Notation, lg.Game, exampleSeed(rec.ID), len(rec.Moves)+1)
		}
	}
	return ""
}

// SideThenPlayer names the side and who plays it for reader: "black
// (you)", "white (the bot)", "black (alice@example.org)".
func SideThenPlayer(rec *record.Game, side rules.Side, reader string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return fmt.Sprintf("%s (the bot)", side)
	case p.Address == reader:
		return fmt.Sprintf("%s (you)", side)
	}
	if !rec.HasPlayer(reader) {
		return fmt.Sprintf("%s (%s)", side, keys.Shown(p.Address, reader))
	}
	return fmt.Sprintf("%s (%s)", side, nameAnd(p, ""))
}

// PlayerThenSide names who plays side, and the side, for reader: "you
// (black)", "the bot (white, perfect)", "alice@example.org (black)".
func PlayerThenSide(rec *record.Game, side rules.Side, reader string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return fmt.Sprintf("the bot (%s, %s)", side, p.Level)
	case p.Address == reader:
		return fmt.Sprintf("you (%s)", side)
	}
	if !rec.HasPlayer(reader) {
		return fmt.Sprintf("%s (%s)", keys.Shown(p.Address, reader), side)
	}
	if p.Name != "" {
		return fmt.Sprintf("%s (%s)", p.Name, nameAnd(record.Slot{Address: p.Address}, side.String()))
	}
	return fmt.Sprintf("%s (%s)", p.Address, side)
}

// FormatTime writes a deadline for players: "Sat 28 Nov 2026 12:00 UTC".
func FormatTime(t time.Time) string { return FormatTimeIn(t, time.UTC) }

// FormatTimeIn writes t in the zone loc ("Mon 2 Jan 2006 15:04 EET");
// nil is UTC.
func FormatTimeIn(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 2006 15:04 MST")
}

// LocationOf is the time zone address reads times in: its "timezone"
// setting, or UTC.
func (c *Change) LocationOf(address string) *time.Location {
	p, err := c.Player(address)
	if err != nil {
		return time.UTC // a record that cannot be read shows UTC; the error surfaces where it is written
	}
	return p.Location()
}

func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// OffersTo lists what stands in rec for side to answer, draw first.
func OffersTo(rec *record.Game, side rules.Side) []string {
	var out []string
	opp := side.Opponent().String()
	if rec.DrawOffer == opp {
		out = append(out, OfferDraw)
	}
	if rec.UndoRequest == opp && rec.UndoPly == len(rec.Moves) {
		out = append(out, OfferUndo)
	}
	return out
}

// DeclineWords is what side writes to decline what (an offer standing in
// rec): "decline", or "decline draw" when two offers stand.
func DeclineWords(rec *record.Game, side rules.Side, what string) string {
	if len(OffersTo(rec, side)) > 1 {
		return "decline " + what
	}
	return "decline"
}

// OrMove ends the line of a notice that says how to decline: a move
// declines too, when it is the reader's (side's) turn.
func OrMove(lg *LiveGame, side rules.Side) string {
	if lg.ToMove() == side {
		return " (or just play your move)"
	}
	return ""
}

// What a player may offer the other in a game between people.
const (
	OfferDraw = "draw"
	OfferUndo = "undo"
)
