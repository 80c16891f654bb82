package variants

import (
	notation "github.com/windpost/windpost/notation/microshogi"
	rules "github.com/windpost/windpost/rules/microshogi"
	solver "github.com/windpost/windpost/solver/microshogi"
)

// microshogiKit wires the Micro-shogi engine, notation and bot (2 s per
// move). Building it does no work: the bot makes its tables on its first
// search. Micro-shogi is not solved: the kit has no table.
func microshogiKit(Options) Kit {
	bot := solver.New(solver.Options{})
	return Kit{Rules: rules.Variant{}, Notation: notation.Notation{}, Bot: bot, Analyst: bot}
}
