package julgonu

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// ProveWin searches for a forced win of side a from the end of the game ps
// under the real rules, first by proof numbers (pns.go: up to half of
// budget positions expanded), then as Judge does (at most budget
// positions), and returns the proof tree: the search's lines down to their
// leaves, and below each leaf the table decided the table's fastest moves
// for the winner against every move of the loser, to the end of the game,
// so that rules/julgonu.VerifyWin checks it without the table. It returns
// an error when neither search proves the win within its budget. The depth
// it returns is the depth-first search's, or the proven line's length when
// the proof-number search found it.
func (t *Table) ProveWin(ctx context.Context, ps []jg.Position, a rules.Side, budget int) (*jg.Proof, int, error) {
	s := newStretch(ctx, t, ps, 1<<62)
	pn, won, _, dist, err := s.numbers(a, min(budget/2, pnMaxCap))
	if won {
		return pn.proof(recorder{stretch: s, shared: map[sharedAt]*jg.Proof{}}, 0, rules.NoMove), dist, nil
	}
	if err != nil && !errors.Is(err, errCapped) {
		return nil, 0, fmt.Errorf("no proof of a win for %s: %w", a, err)
	}
	s = newStretch(ctx, t, ps, budget)
	for d := 0; d <= maxSearchDepth; d++ {
		r, err := s.attack(a, d)
		if err != nil {
			return nil, d, fmt.Errorf("no proof of a win for %s within %d nodes (%d plies searched): %w", a, budget, d-1, err)
		}
		if r.won {
			s.budget = 1 << 62
			rec := recorder{stretch: s, shared: map[sharedAt]*jg.Proof{}}
			p := rec.attack(a, d, rules.NoMove, false)
			return p, d, nil
		}
		if r.exact {
			return nil, d, fmt.Errorf("%s cannot force a win: every line searched to its end", a)
		}
	}
	return nil, maxSearchDepth, fmt.Errorf("no proof of a win for %s within %d plies", a, maxSearchDepth)
}

// recorder builds the proof tree of a win attack proved; shared holds the
// subtrees after a capture, by their position and the move to it.
type recorder struct {
	*stretch
	shared map[sharedAt]*jg.Proof
}

// sharedAt is a subtree after a capture: its position and the move to it.
type sharedAt struct {
	p jg.Position
	m rules.Move
}

// attack returns the proof, under move m, of the win that s.attack(a,
// depth) proves from the last position of the path.
func (r recorder) attack(a rules.Side, depth int, m rules.Move, captured bool) *jg.Proof {
	last := r.path[len(r.path)-1]
	if captured {
		if n := r.shared[sharedAt{last.p, m}]; n != nil {
			return n
		}
	}
	n := &jg.Proof{Move: m}
	if captured {
		r.shared[sharedAt{last.p, m}] = n
	}
	p := last.p
	mover := p.ToMove()
	if bits.OnesCount16(p.Own()) <= 1 || bits.OnesCount16(p.Opp()) <= 1 {
		return n
	}
	var ks [16]kid
	k := r.kids(&ks)
	switch {
	case k == 0:
		return n
	case last.kind == solver.Won && r.clear(last.plies, mover, new(deps)) && mover == a,
		last.kind == solver.Lost && r.clear(last.plies, mover.Opponent(), new(deps)) && mover != a:
		r.table(a, n, ks[:k])
		return n
	}
	for _, c := range ks[:k] {
		old := r.enterStep(c.step, c.captured)
		won := true
		if mover == a {
			res, _ := r.stretch.attack(a, depth-1)
			won = res.won
		}
		if won {
			n.Next = append(n.Next, r.attack(a, depth-1, r.moveTo(p, c.p), c.captured))
		}
		r.leave(old)
		if won && mover == a {
			break
		}
	}
	return n
}

// table fills n, whose position the table decides for a with no position
// of the stretch on its lines, with the table's fastest moves for a and
// every move of the other side, to the end of the game.
func (r recorder) table(a rules.Side, n *jg.Proof, ks []kid) {
	last := r.path[len(r.path)-1]
	mover := last.p.ToMove()
	for _, c := range ks {
		if mover == a && !(c.kind == solver.Lost && c.plies == last.plies-1) {
			continue
		}
		old := r.enterStep(c.step, c.captured)
		m := r.moveTo(last.p, c.p)
		var child *jg.Proof
		if c.captured {
			child = r.shared[sharedAt{c.p, m}]
		}
		if child == nil {
			child = &jg.Proof{Move: m}
			if c.captured {
				r.shared[sharedAt{c.p, m}] = child
			}
			if cp := c.p; bits.OnesCount16(cp.Own()) > 1 && bits.OnesCount16(cp.Opp()) > 1 {
				var next [16]kid
				if k := r.kids(&next); k > 0 {
					r.table(a, child, next[:k])
				}
			}
		}
		n.Next = append(n.Next, child)
		r.leave(old)
		if mover == a {
			break
		}
	}
}

// moveTo returns the move of p that leads to c.
func (r recorder) moveTo(p, c jg.Position) rules.Move {
	for _, m := range p.AppendMoves(nil) {
		if q, _ := p.After(m); q == c {
			return m
		}
	}
	panic("julgonu: no move leads to the child")
}
