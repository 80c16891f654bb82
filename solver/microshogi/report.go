package microshogi

// What a search reports as it goes (Bot.Watch), for a GUI to show while
// the bot thinks: each finished iteration, and each root move as its
// search begins.

import (
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// Reports is what a search tells as it goes; a nil func is told nothing.
// The funcs run on the search's goroutine, which waits for them: they
// must be quick.
type Reports struct {
	// Iteration is told each iteration the search finishes.
	Iteration func(Iteration)
	// RootMove is told each move of the root as its search begins.
	RootMove func(RootMove)
}

// Iteration is what one finished iteration of the search found.
type Iteration struct {
	Depth    int          // the iteration's depth, in plies
	SelDepth int          // the deepest ply a line of the iteration reached
	Score    int          // centipawns for the side to move (mates beyond ±31000)
	Value    solver.Value // Won/Lost when a mate was proven, else Estimate with Score
	PV       []rules.Move // the principal variation; the caller's to keep
	Nodes    int64        // the nodes of every thread so far
	Time     time.Duration
	Hashfull int // the transposition table's fill, in permille
	MultiPV  int // the line's rank among the iteration's (Options.MultiPV), from 1
}

// RootMove is a move of the root whose search begins.
type RootMove struct {
	Depth  int        // the iteration's depth
	Move   rules.Move // the move
	Number int        // its place in the iteration's order, from 1
}

// reportLine tells the reports line n (1: the best) of the iteration that
// just finished.
func (s *searcher) reportLine(res Result, n int) {
	if s.reports.Iteration == nil || s.helper {
		return
	}
	nodes := s.nodes
	if s.crew != nil {
		nodes = max(nodes, s.crew.nodes.Load())
	}
	s.reports.Iteration(Iteration{
		Depth: res.Depth, SelDepth: max(s.selDepth, res.Depth), Score: res.Score, Value: valueOf(res.Score),
		PV: append([]rules.Move(nil), res.PV...), Nodes: nodes, Time: time.Since(s.start), Hashfull: s.tt.fill(),
		MultiPV: n,
	})
}

// reportRootMove tells the reports the search of root move m begins.
func (s *searcher) reportRootMove(m rules.Move, i int) {
	if s.reports.RootMove == nil || s.helper {
		return
	}
	s.reports.RootMove(RootMove{Depth: s.rootDepth, Move: m, Number: i + 1})
}

// fillSample is how many of the table's first slots fill looks at.
const fillSample = 1000

// fill is the share of the table's slots in use, in permille, from its
// first fillSample slots.
func (t *table) fill() int {
	n := min(fillSample, len(t.slots))
	used := 0
	for i := range n {
		if t.slots[i].data.Load() != 0 {
			used++
		}
	}
	return used * 1000 / n
}
