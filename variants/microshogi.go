package variants

import (
	notation "github.com/windpost/windpost/notation/microshogi"
	rules "github.com/windpost/windpost/rules/microshogi"
	solver "github.com/windpost/windpost/solver/microshogi"
)

// microshogiKit wires the Micro-shogi engine, notation and bot (o.MicroThink
// a move, 2 s if not set). Building it does no work: the bot makes its
// tables on its first search. Micro-shogi is not solved: the kit has no
// table.
func microshogiKit(o Options) Kit {
	bot := solver.New(solver.Options{Time: o.MicroThink, MaxTime: o.MicroMaxThink, Threads: o.MicroThreads})
	return Kit{Rules: rules.Variant{}, Notation: notation.Notation{}, Bot: bot, Analyst: bot}
}
