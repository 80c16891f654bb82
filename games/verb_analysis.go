package games

import (
	"fmt"
	"math"
	"strings"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// analysisVerb answers "analysis" after the end of a game: every move's value
// and the mistakes, worked out once and kept with the game.
func analysisVerb(h *handling, c Command) (string, error) {
	lg, _, err := gameFor(h, c, false, func(g *gameRecord) bool { return g.State == stateOver }, "finished game")
	if err != nil {
		return "", err
	}
	rec := lg.rec
	if rec.State != stateOver {
		return "", refused("game %s is not over;", rec.ID).instead("the analysis comes after the end, so that it cannot help during the game.")
	}
	if rec.Analysis == "" {
		if lg.kit.Analyst == nil {
			return "", refused("there is no analysis for %s.", lg.kit.Rules.Title()).
				instead(`Write "history %s" for the game's moves.`, lg.rec.ID)
		}
		if err := h.mayThink(lg, jobAnalysis); err != nil {
			return "", err
		}
		return "", h.think(jobAnalysis, lg, "") // BotWork analyses, then runs this again
	}
	return rec.Analysis, nil
}

// analyse values every position of a finished game and marks the moves
// that made the mover's result worse: a proven value dropped (a win into a
// draw or a loss, a draw into a loss, by solver.Value.Rank), or, between
// the search's estimates of a game that is not solved, winning chances
// lost (judgeMove).
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
	fmt.Fprintf(&b, "Analysis of game %s (%s).\n", lg.rec.ID, lg.result())
	b.WriteString("Each move, who made it, and the position's value for that player\n" +
		"before and after the move, with best play from both sides:\n" +
		"  W n  a win; the winning move comes n plies (single moves) from here\n" +
		"  L n  a loss; the game is lost n plies from here\n" +
		"  D    a draw\n" +
		"  +1.20 or -0.50  the engine's estimate (above 0 is good for that player)\n" +
		"A mistake turns a win into a draw or a loss, or a draw into a loss.\n")
	if lg.kit.Analyst != nil && !solved(values) {
		b.WriteString(chancesHelp + "\n")
	}
	if _, ok := lg.kit.Analyst.(solver.Prover); ok {
		b.WriteString("No position may repeat: a value is the one proven with the game's\n" +
			"history where a search of the moves since the last capture proves it,\n" +
			"else the solved table's, which ignores that rule (in a table draw, a\n" +
			"repetition trap deeper than the search is not seen).\n")
	}
	var mistakes, blunders int
	for i, m := range g.Moves {
		before := values[i]
		after := values[i+1].ForMover()
		text := fmt.Sprintf("%d.%s", i+1, lg.kit.Notation.FormatMove(g.Positions[i], m))
		line := fmt.Sprintf("%-16s %-6s %5s -> %-6s", text, g.Positions[i].ToMove(), before, after)
		switch kind, why := judgeMove(before, after); kind {
		case "mistake":
			mistakes++
			line += "  mistake: " + why
		case "blunder":
			blunders++
			line += "  blunder: " + why
		}
		b.WriteString("\n" + strings.TrimRight(line, " "))
	}
	fmt.Fprintf(&b, "\n\n%d %s", mistakes, plural(mistakes, "mistake", "mistakes"))
	if blunders > 0 || !solved(values) {
		fmt.Fprintf(&b, ", %d %s", blunders, plural(blunders, "blunder", "blunders"))
	}
	b.WriteString(".")
	return b.String(), nil
}

// The thresholds of an estimate's drop, in winning chances (lichess's
// scale: 2/(1+e^(-0.00368208 score))-1, from -1 lost to +1 won, the score
// in hundredths of a pawn, capped at 10 pawns either way).
const (
	mistakeChances = 0.2 // a mistake loses this much of the winning chances
	blunderChances = 0.3 // a blunder this much
)

// chancesHelp says the thresholds, in the analysis and in "help analysis".
const chancesHelp = "Between estimates, a move that loses 0.2 of the winning chances (from -1,\n" +
	"lost, to +1, won: +1.00 is about +0.35, +3.00 about +0.8) is a mistake;\n" +
	"one that loses 0.3 or more is a blunder."

// judgeMove says what a move was for its mover, from the value before it
// (for the mover) and after it (for the mover, ForMover): "mistake" when a
// proven value dropped (a win into a draw or a loss, a draw into a loss)
// or an estimate lost mistakeChances, "blunder" when an estimate lost
// blunderChances or became a loss; "" otherwise. why says it in words.
func judgeMove(before, after solver.Value) (kind, why string) {
	if after.Rank() < before.Rank() {
		if before.Kind == solver.Estimate {
			return "blunder", worse(before, after) // a loss walked into
		}
		return "mistake", worse(before, after)
	}
	if before.Kind != solver.Estimate || after.Kind != solver.Estimate {
		return "", ""
	}
	lost := winningChances(before.Score) - winningChances(after.Score)
	switch {
	case lost >= blunderChances:
		kind = "blunder"
	case lost >= mistakeChances:
		kind = "mistake"
	default:
		return "", ""
	}
	return kind, fmt.Sprintf("%s turned into %s", before, after)
}

// winningChances is an estimate's score (hundredths of a pawn) on the
// scale from -1 (lost) to +1 (won).
func winningChances(score int) float64 {
	s := float64(max(min(score, 1000), -1000))
	return 2/(1+math.Exp(-0.00368208*s)) - 1
}

// solved reports whether every value is proven (a solved game's analysis
// has no estimates, and so no blunders to count).
func solved(values []solver.Value) bool {
	for _, v := range values {
		if v.Kind == solver.Estimate {
			return false
		}
	}
	return true
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
