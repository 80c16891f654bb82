package microshogi

// More than one line (Options.MultiPV): after an iteration has found its
// best move, the root's other moves are searched again, each time without
// the moves already chosen, for the second best line, the third, and so on.

import (
	"slices"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// otherLines searches, at depth, the best lines of root after best (the
// iteration's result), up to lines in all, and reports each as the
// iteration's line 2, 3, ...; it stops at the first the limits cut short.
// It changes neither ms nor the search's result.
func (s *searcher) otherLines(root *engine.Position, ms []rules.Move, depth int, best Result, lines int) {
	if lines < 2 || s.helper || s.reports.Iteration == nil {
		return
	}
	rest := slices.DeleteFunc(slices.Clone(ms), func(m rules.Move) bool { return m == best.Move })
	for n := 2; n <= lines && len(rest) > 0 && !s.stop; n++ {
		pass := s.rootPass(root, rest, depth, -infinity, infinity, -infinity, false)
		if s.stop || !pass.above {
			return
		}
		s.reportLine(Result{Move: pass.move, Score: pass.score, PV: pass.pv, Depth: depth}, n)
		rest = slices.DeleteFunc(rest, func(m rules.Move) bool { return m == pass.move })
	}
}
