package microshogi

import (
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// Pruning is off in check, at nodes of the principal variation and when
// alpha is a mate score; futility needs the evaluation far enough below
// alpha; move-count pruning starts later the deeper the node.
func TestPruningLimits(t *testing.T) {
	for _, c := range []struct {
		name               string
		inCheck, pvNode    bool
		depth, eval, alpha int
		on, futile         bool
		lateMoves          int
	}{
		{"in check", true, false, 2, 0, 500, false, false, 0},
		{"principal variation", false, true, 2, 0, 500, false, false, 0},
		{"alpha a mate", false, false, 2, 0, mate - 10, false, false, 0},
		{"far below alpha", false, false, 2, 0, futilityGain(2), true, true, 3 + 2*2},
		{"just above the margin", false, false, 2, 1, futilityGain(2), true, false, 3 + 2*2},
		{"too deep for futility", false, false, futilityDepth + 1, 0, 5000, true, false, 1 << 30},
		{"deepest move-count pruning", false, false, lateMovesDepth, 0, 0, true, false, 3 + lateMovesDepth*lateMovesDepth},
	} {
		s := newSearcher(4)
		l := s.pruning(c.inCheck, c.pvNode, c.depth, c.eval, c.alpha)
		if l.on != c.on || l.futile != c.futile || (c.on && l.lateMoves != c.lateMoves) {
			t.Errorf("%s: %+v, want on %v, futile %v, late moves from %d", c.name, l, c.on, c.futile, c.lateMoves)
		}
	}
}

// A quiet move that fails high becomes the countermove of the move before
// it and gains continuation history there; the quiet moves tried before
// it lose some.
func TestRewardQuiet(t *testing.T) {
	p := gameFrom(t, "kbgs/p3/4/3P/SGBK b - 1").Position().(engine.Position)
	ms := p.Generate(nil)
	var quiets []rules.Move
	for _, m := range ms {
		if p.Captured(m) == engine.NoFace {
			quiets = append(quiets, m)
		}
	}
	if len(quiets) < 3 {
		t.Fatalf("%d quiet moves", len(quiets))
	}
	s := newSearcher(4)
	s.reset(false)
	const ply = 3
	s.played[ply-1], s.played[ply-2] = 7, 123
	good, tried := quiets[2], quiets[:2]
	s.rewardQuiet(&p, good, ply, 6, tried)
	if !s.isCounter(ply, good) || s.isCounter(ply, tried[0]) {
		t.Error("the countermove is not the move that failed high")
	}
	if s.killers[ply][0] != good {
		t.Error("the move that failed high is not the first killer")
	}
	if sc := s.contScore(ply, moveKey(&p, good)); sc <= 0 {
		t.Errorf("continuation history of the move that failed high: %d", sc)
	}
	for _, m := range tried {
		if sc := s.contScore(ply, moveKey(&p, m)); sc >= 0 {
			t.Errorf("continuation history of a move tried before: %d", sc)
		}
	}
	// Ageing halves it; a new game clears it.
	before := s.contScore(ply, moveKey(&p, good))
	s.reset(true)
	s.played[ply-1], s.played[ply-2] = 7, 123
	if got := s.contScore(ply, moveKey(&p, good)); got < before/2-1 || got > before/2+1 {
		t.Errorf("aged continuation history %d, want about %d", got, before/2)
	}
	s.reset(false)
	s.played[ply-1], s.played[ply-2] = 7, 123
	if got := s.contScore(ply, moveKey(&p, good)); got != 0 || s.isCounter(ply, good) {
		t.Errorf("after a new game: continuation history %d, countermove kept %v", got, s.isCounter(ply, good))
	}
}
