package referee

import (
	"fmt"
	"math"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/solver"
)

// valueKey is the key to the values of an analysis: a table, so that a
// phone wraps its words and keeps its columns.
func valueKey() document.TablePart {
	return document.TablePart{Indent: 2, Columns: []document.Column{{Whole: true}, {}}, Rows: [][]string{
		{"W n", "a win; the winning move comes n plies (single moves) from here"},
		{"L n", "a loss; the game is lost n plies from here"},
		{"D", "a draw"},
		{"+1.20", "the engine's estimate, in pawns (above 0 is good for that player)"},
	}}
}

// The thresholds of an estimate's drop, in winning chances (lichess's
// scale: 2/(1+e^(-0.00368208 score))-1, from -1 lost to +1 won, the score
// in hundredths of a pawn, capped at 10 pawns either way).
const (
	mistakeChances = 0.2 // a mistake loses this much of the winning chances
	blunderChances = 0.3 // a blunder this much
)

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

// ChancesHelp says the thresholds, in the analysis and in "help analysis".
const ChancesHelp = "Between estimates, a move that loses 0.2 of the winning chances (from -1,\n" +
	"lost, to +1, won: +1.00 is about +0.35, +3.00 about +0.8) is a mistake;\n" +
	"one that loses 0.3 or more is a blunder."
