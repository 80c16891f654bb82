package microshogi

import (
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// quietPlies bounds the line of captures Quiet follows.
const quietPlies = 12

// Quiet returns the position at the end of the line of captures that a
// search of captures alone (standing pat on the evaluation) expects from
// p, and whether it found one: p itself when no capture pays, false when p
// or the line's end is in check (such positions are not quiet). The tuner
// labels quiet positions, whose evaluation the search trusts.
func Quiet(p engine.Position) (engine.Position, bool) {
	if p.InCheck() {
		return p, false
	}
	_, leaf := quiet(&p, -infinity, infinity, 0)
	return leaf, !leaf.InCheck()
}

// quiet is the search of captures behind Quiet: its score for the side to
// move and the position its best line ends in.
func quiet(p *engine.Position, alpha, beta, ply int) (int, engine.Position) {
	stand := evaluate(p)
	leaf := *p
	if stand >= beta || ply >= quietPlies {
		return stand, leaf
	}
	alpha = max(alpha, stand)
	var buf [engine.MaxMoves]rules.Move
	for _, m := range p.GenerateCaptures(buf[:0]) {
		child := p.After(m)
		v, l := quiet(&child, -beta, -alpha, ply+1)
		if v = -v; v > alpha {
			alpha, leaf = v, l
			if v >= beta {
				break
			}
		}
	}
	return alpha, leaf
}
