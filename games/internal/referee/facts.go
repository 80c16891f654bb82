package referee

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// Facts a mail states about a game, made from the game itself and never
// from a stored sentence: the move shown as an example (the rules engine's
// legal move in the position at hand) and the status under the board at
// the end of a game (the end and the result, never whose move).

// ExampleMove is the move a player is shown as "e.g.": the casual bot's
// kind of choice in g's position for the side to move (solver.SafeMove: a
// move that wins at once, else one that does not lose at once), written in
// n's notation as the player would type it. The choice is random but fixed by seed and the
// ply, so the same mail says the same. It is "" when g is over or has no
// legal move.
func ExampleMove(n notation.Notation, g *rules.Game, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, uint64(g.Ply())))
	m, err := solver.SafeMove(g, rng)
	if err != nil {
		return ""
	}
	return n.FormatMove(g.Position(), m)
}

// exampleSeed is the seed of a game's examples: its id, so that two games
// in the same position need not show the same move.
func exampleSeed(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// endStatus is the status of a game that has ended or never began, as the
// line under its board says it in text and picture: "Black is
// checkmated: White wins.", "White resigned: Black wins.", "Drawn by
// agreement." It is "" for a game that is offered or being played: its
// position's own line (whose move, a check) is then the status. o is the
// outcome of a game over; result is the record's Result of one that never
// began or was cancelled.
func endStatus(state record.State, o rules.Outcome, result string) string {
	switch state {
	case record.Declined:
		return Capitalise(result) + ": the game never began."
	case record.Cancelled:
		return "Cancelled by the server's operator: no result."
	case record.Over:
	default:
		return ""
	}
	if o.Status != rules.Win {
		switch o.Reason {
		case rules.AgreedDraw:
			return "Drawn by agreement."
		case adjudication:
			return "Adjudicated a draw."
		case rules.NoCaptureLimit:
			return "Drawn: no capture in 100 plies."
		}
		return fmt.Sprintf("Drawn by %s.", o.Reason)
	}
	winner, loser := notation.SideName(o.Winner), notation.SideName(o.Winner.Opponent())
	what := map[rules.Reason]string{
		rules.Checkmate:      loser + " is checkmated",
		rules.Stalemate:      loser + " has no legal move",
		rules.NoLegalMove:    loser + " has no legal move",
		rules.OnePieceLeft:   loser + " has one piece left",
		rules.PerpetualCheck: loser + " gave perpetual check",
		rules.Resignation:    loser + " resigned",
		rules.Timeout:        loser + " ran out of time",
		rules.Abandoned:      loser + " abandoned the game",
		adjudication:         "Adjudicated",
	}[o.Reason]
	if what == "" {
		what = "Won by " + string(o.Reason)
	}
	return fmt.Sprintf("%s: %s wins.", what, winner)
}

// gameStatus is lg's endStatus: "" while it is offered or played.
func (lg *LiveGame) gameStatus() string {
	return endStatus(lg.Rec.State, lg.Outcome, lg.Rec.Result)
}

// BoardText is n's text board of p, bottom's side at the bottom, with its status line saying status
// instead of the position's own (whose move, a check), when status is not
// "": the board of a game that has ended says the end, as its picture's
// caption does (BoardRef.Status). A legend on the status line ("b = Black
// (4), w = White (1).") stays.
func BoardText(n notation.Notation, p rules.Position, bottom rules.Side, status string) string {
	board := n.BoardFrom(p, bottom)
	if status == "" {
		return board
	}
	lines := strings.Split(board, "\n")
	for i, l := range lines {
		at := strings.Index(l, " to move")
		if at < 0 {
			continue
		}
		start := strings.LastIndexAny(l[:at], " ") + 1 // the side's name
		var legend []string
		for _, s := range strings.SplitAfter(l[start:], ". ") {
			if strings.Contains(s, " = ") {
				legend = append(legend, strings.TrimSpace(s))
			}
		}
		lines[i] = strings.TrimRight(l[:start]+strings.Join(append([]string{status}, legend...), " "), " ")
		break
	}
	return strings.Join(lines, "\n")
}

// subjectTag matches windpost's subject tags, "[windpost <id> <key>]".
var subjectTag = regexp.MustCompile(`(?i)\[windpost\s+[^\s\]]+\s+[^\s\]]+\s*\]`)

// withoutTags is subject without windpost's tags, its spaces folded: an
// answer carries the one key it gives (carryKey), and a reply to a mail
// that had another must not stack both ("Re: join [windpost ga..]
// [windpost gd..]").
func withoutTags(subject string) string {
	return strings.Join(strings.Fields(subjectTag.ReplaceAllString(subject, " ")), " ")
}

// analysable reports whether lg, a game over, has something for "analysis"
// to say: a move played and an analyst for its game.
func (lg *LiveGame) analysable() bool {
	return len(lg.Rec.Moves) > 0 && lg.Kit.Analyst != nil
}
