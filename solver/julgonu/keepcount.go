package julgonu

import (
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// keepCounts fills t.keeps: for each entry, how many moves of the side to
// move keep its table value (lead to a position the table does not call
// won for the opponent), the game's history aside. The history search's
// move ordering reads it and subtracts the moves the history forbids
// (stretch.keeping), instead of looking every reply up.
func (t *Table) keepCounts() {
	t.keeps = make([]uint8, t.ix.size)
	var ms []rules.Move
	t.ix.each(func(i int, own, opp uint16) {
		p := jg.FromOwnOpp(own, opp, rules.Black) // the rules know no colour
		ms = p.AppendMoves(ms[:0])
		n := 0
		for _, m := range ms {
			c, _ := p.After(m)
			if v, ok := t.Lookup(c); ok && v.Kind != solver.Won {
				n++ // as stretch.step reads it: a position not in the table is won for its side to move
			}
		}
		t.keeps[i] = uint8(n)
	})
}
