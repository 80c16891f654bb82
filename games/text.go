package games

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// formatTime writes a deadline for players: "Sat 28 Nov 2026 12:00 UTC".
func formatTime(t time.Time) string { return t.UTC().Format("Mon 2 Jan 2006 15:04 UTC") }

// gameSubject is the subject of every mail about a game (before the tag);
// it stays the same during the game so that clients keep the thread.
func (ss *session) gameSubject(lg *liveGame, to string) string {
	rec := lg.rec
	side, _ := rec.sideOf(to)
	return fmt.Sprintf("%s game %s: you (%s) vs. %s", lg.kit.Rules.Title(), rec.ID, side, rec.Players[side.Opponent()].label())
}

// statusBlock is the part of every mail about a game that shows it: the
// players, the board, whose turn, the last move, the move number, the
// deadline and the result.
func (ss *session) statusBlock(lg *liveGame, reader string) string {
	rec := lg.rec
	var b strings.Builder
	fmt.Fprintf(&b, "%s, game %s: %s vs. %s\n\n", lg.kit.Rules.Title(), rec.ID,
		playerName(rec, rules.Black, reader), playerName(rec, rules.White, reader))
	b.WriteString(strings.TrimRight(lg.kit.Notation.Board(lg.g.Position()), "\n"))
	b.WriteString("\n\n")
	if last := rec.lastMove(); last != "" {
		fmt.Fprintf(&b, "Last move: %s\n", last)
	}
	switch rec.State {
	case stateInvited:
		if reader == rec.invitee() {
			fmt.Fprintf(&b, "Waiting for your answer to the challenge (until %s).\n", formatTime(rec.Deadline))
		} else {
			fmt.Fprintf(&b, "Waiting for %s to accept the challenge (until %s).\n", rec.invitee(), formatTime(rec.Deadline))
		}
	case stateDeclined:
		fmt.Fprintf(&b, "This game never began: %s.\n", rec.Result)
	case stateOver:
		fmt.Fprintf(&b, "Game over after %d %s: %s.\n", len(rec.Moves), plural(len(rec.Moves), "move", "moves"), rec.Result)
		if _, player := rec.sideOf(reader); player {
			fmt.Fprintf(&b, "Write \"analysis\" for every move's value and the mistakes.\n")
		}
	case statePlaying:
		toMove := lg.g.Position().ToMove()
		fmt.Fprintf(&b, "Move #%d: %s to move.\n", len(rec.Moves)+1, nameOf(rec, toMove, reader))
		if !rec.Deadline.IsZero() {
			fmt.Fprintf(&b, "Deadline for this move: %s (%d days per move).\n", formatTime(rec.Deadline), rec.DaysPerMove)
		}
		side, player := rec.sideOf(reader)
		if rec.DrawOffer != "" {
			s, _ := rules.ParseSide(rec.DrawOffer)
			fmt.Fprintf(&b, "%s offers a draw.", capitalise(nameOf(rec, s, reader)))
			if player && s != side {
				b.WriteString(` Reply "draw" to accept it; a move declines it.`)
			}
			b.WriteString("\n")
		}
		if rec.UndoRequest != "" {
			s, _ := rules.ParseSide(rec.UndoRequest)
			fmt.Fprintf(&b, "%s asks to take back the last move.", capitalise(nameOf(rec, s, reader)))
			if player && s != side {
				b.WriteString(` Reply "undo" to agree; a move refuses.`)
			}
			b.WriteString("\n")
		}
		if player && side == toMove {
			if ms := lg.g.LegalMoves(); len(ms) > 0 {
				fmt.Fprintf(&b, "Reply with your move, e.g. \"%s #%d\"; \"moves\" lists the legal ones.\n",
					lg.kit.Notation.FormatMove(lg.g.Position(), ms[0]), len(rec.Moves)+1)
			}
		}
	}
	return b.String()
}

func playerName(rec *gameRecord, side rules.Side, reader string) string {
	p := rec.Players[side]
	switch {
	case p.Bot:
		return fmt.Sprintf("the bot (%s, %s)", side, p.Level)
	case p.Address == reader:
		return fmt.Sprintf("you (%s)", side)
	}
	return fmt.Sprintf("%s (%s)", p.Address, side)
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// analyse values every position of a finished game and marks the moves
// that made the mover's result worse (a win into a draw or a loss, a draw
// into a loss), by solver.Value.Rank.
func analyse(evaluate func(*rules.Game) (solver.Value, error), lg *liveGame) (string, error) {
	g := lg.g
	values := make([]solver.Value, len(g.Positions))
	for i := range g.Positions {
		prefix := &rules.Game{Variant: g.Variant, Positions: g.Positions[:i+1], Moves: g.Moves[:i]}
		v, err := evaluate(prefix.Clone())
		if err != nil {
			return "", fmt.Errorf("position after move %d: %w", i, err)
		}
		values[i] = v
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Analysis of game %s (%s).\n", lg.rec.ID, lg.rec.Result)
	b.WriteString("Each move, who made it, and the position's value for that player\n" +
		"before and after the move, with best play from both sides:\n" +
		"  W n  a win; the winning move comes n plies (single moves) from here\n" +
		"  L n  a loss; the game is lost n plies from here\n" +
		"  D    a draw\n" +
		"  +1.20 or -0.50  the engine's estimate (above 0 is good for that player)\n" +
		"A mistake turns a win into a draw or a loss, or a draw into a loss.\n")
	mistakes := 0
	for i, m := range g.Moves {
		before := values[i]
		after := values[i+1].After()
		text := fmt.Sprintf("%d.%s", i+1, lg.kit.Notation.FormatMove(g.Positions[i], m))
		line := fmt.Sprintf("%-16s %-6s %5s -> %-6s", text, g.Positions[i].ToMove(), before, after)
		if after.Rank() < before.Rank() {
			mistakes++
			line += "  mistake: " + worse(before, after)
		}
		b.WriteString("\n" + strings.TrimRight(line, " "))
	}
	fmt.Fprintf(&b, "\n\n%d %s.", mistakes, plural(mistakes, "mistake", "mistakes"))
	return b.String(), nil
}

func worse(before, after solver.Value) string {
	name := func(v solver.Value) string {
		switch v.Rank() {
		case 2:
			return "a win"
		case 0:
			return "a loss"
		}
		if v.Kind == solver.Drawn {
			return "a draw"
		}
		return "an open game"
	}
	return name(before) + " turned into " + name(after)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// helpTopic returns the help text of topic; "" is the overview.
func helpTopic(topic string) (string, bool) {
	switch topic {
	case "clock":
		topic = "clocks"
	case "move":
		topic = "moves"
	case "new", "challenge", "accept", "decline":
		topic = "games"
	}
	switch topic {
	case "":
		return `Commands (one per line; several per mail run in order):
  new <game> [as black|white|random] [level perfect|strong|casual]
                          a game against the bot
  challenge <address> <game> [as black|white|random] [days <n>]
                          invite a friend (n days per move, 7 if not given)
  accept / decline        answer a challenge
  <move> [#<n>]           a move, e.g. "P-2c #5" (#n: the move's number,
                          so that an old or repeated mail is refused)
  board, history, moves   the board, the moves so far, the legal moves
  games                   your games
  draw                    offer a draw; the opponent's "draw" accepts it
  undo                    ask to take back your last move
  resign                  give up the game
  analysis                after the end: every move's value, mistakes marked
  vacation <days> / vacation off
                          stop your clocks (at most 30 days a year)
  rules <game>            the rules and the notation
  help <topic>            more on: moves, games, clocks, draw, undo, vacation
Reply to a mail about a game to act in it: the reply address carries your
key. Put a game id before a command ("g7k3q board") to name another game.`, true
	case "moves":
		return `A move is written in the game's notation ("rules <game>" explains it),
alone on a line, optionally after "move" and the game id and followed by
#<n>, the number the move must have: "g7k3q move P-2c #5" (written as
in a game record, "5.P-2c" is the same). A move is
accepted only in a reply to windpost's mail about the game, from the
address it was sent to. If the move is refused, the answer says why and
lists the legal moves.`, true
	case "games":
		return `Games against the bot: "new gufuu", "new micro as white level casual".
The bot plays its strongest unless you ask: perfect in Gufuu and Jul-Gonu
(they are solved), strong in Micro-shogi; "level casual" plays like a
beginner, "level strong" never gives away a win but takes its time.
Your side is drawn by lot unless you write "as black" or "as white" (Black
moves first; in Gufuu, Black wins with perfect play).
Games against people: "challenge friend@example.org gufuu days 3"; they
answer "accept" or "decline" (a challenge expires after 14 days; you
withdraw yours with "decline"). "games" lists your games.`, true
	case "clocks":
		return `Each player has a number of days per move (7 unless the challenge set
it). A reminder comes one day before the deadline (when there are two
days or more per move); at the deadline the player to move loses on
time, unless the opponent had offered a draw, which then counts as
accepted. Games against the bot have no clock.`, true
	case "draw":
		return `"draw" offers a draw; the opponent accepts with "draw" and declines by
playing a move. The bot accepts only when it sees the game as drawn or
as lost for itself; otherwise it declines, and you play on.`, true
	case "undo":
		return `"undo" asks to take back your last move; your opponent agrees with
"undo" and refuses by playing a move. Against the bot, "undo" takes back
your last move and its answer at once.`, true
	case "vacation":
		return `"vacation <days>" stops your clocks for that many days (at most 30 days
in a calendar year); "vacation off" ends it early and gives back the
whole days left.`, true
	}
	return "", false
}

// helpText is the help on topic ("" for the overview); an unknown topic
// gets the overview.
func (s *Server) helpText(topic string) string {
	if t, ok := helpTopic(strings.TrimSpace(topic)); ok && topic != "" {
		return t
	}
	t, _ := helpTopic("")
	return t + "\nGames: " + strings.Join(s.catalog.Names(), ", ") + "."
}
