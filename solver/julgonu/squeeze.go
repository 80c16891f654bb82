package julgonu

import (
	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// squeezeNever is the squeeze of a drawn position whose side to move can
// never be forced into a narrow one.
const squeezeNever = 255

// squeezes fills t.squeeze. A drawn position is narrow when its side to
// move has at most one move that keeps the draw: a repetition trap closes
// on a narrow position, whose one drawing move would repeat. The squeeze
// of a drawn entry is in how many of its own turns the side to move can be
// forced into a narrow position, both sides keeping the draw and the
// history aside: 0 for a narrow one, squeezeNever when it never can (it
// always has a drawing move after which no drawing reply squeezes it). It
// is 0 for the entries that are not drawn.
//
// Computed round by round: in round r, a drawn entry not yet squeezed is
// squeezed in r when each of its drawing moves allows a drawing reply into
// an entry squeezed before. Of the 2,233,680 entries 627,599 are never
// squeezed, the start among them; the longest finite squeeze is 14 turns.
func (t *Table) squeezes() {
	n := t.ix.size
	t.squeeze = make([]uint8, n)
	// first[i]:first[i+1] are the drawn children of entry i in kids.
	first := make([]uint32, n+1)
	kids := make([]uint32, 0, n)
	var ms []rules.Move
	t.ix.each(func(i int, own, opp uint16) {
		first[i] = uint32(len(kids))
		if !t.drawnEntry(i) {
			return
		}
		p := jg.FromOwnOpp(own, opp, rules.Black) // the rules know no colour
		ms = p.AppendMoves(ms[:0])
		for _, m := range ms {
			c, _ := p.After(m)
			if j, ok := t.drawnIndex(c); ok {
				kids = append(kids, uint32(j))
			}
		}
		if len(kids)-int(first[i]) > 1 {
			t.squeeze[i] = squeezeNever
		}
	})
	first[n] = uint32(len(kids))
	// least[c] is the least squeeze a drawing reply in c reaches: the
	// squeeze of the side that moved into c.
	least := make([]uint8, n)
	for round := 1; round < squeezeNever; round++ {
		for i := range n {
			if first[i] == first[i+1] {
				continue
			}
			l := uint8(squeezeNever)
			for _, k := range kids[first[i]:first[i+1]] {
				l = min(l, t.squeeze[k])
			}
			least[i] = l
		}
		changed := false
		for i := range n {
			if t.squeeze[i] != squeezeNever {
				continue
			}
			all := true
			for _, c := range kids[first[i]:first[i+1]] {
				if least[c] == squeezeNever {
					all = false
					break
				}
			}
			if all {
				t.squeeze[i], changed = uint8(round), true
			}
		}
		if !changed {
			return
		}
	}
	panic("julgonu: a squeeze does not fit the table")
}

// drawnEntry reports whether entry i is drawn.
func (t *Table) drawnEntry(i int) bool {
	v, _ := solver.Packed(t.val[i]).Value()
	return v.Kind == solver.Drawn
}

// drawnIndex returns the entry of p and whether the table calls p drawn.
func (t *Table) drawnIndex(p jg.Position) (int, bool) {
	own, opp := p.Own(), p.Opp()
	if !t.ix.in(own, opp) {
		return 0, false
	}
	i := t.ix.of(own, opp)
	return i, t.drawnEntry(i)
}

// squeezeAfter is the squeeze of the side that moved into c, a position
// the table calls drawn: the least squeeze among the positions the drawing
// replies in c reach. It is 0 when c is not drawn.
func (t *Table) squeezeAfter(c jg.Position) int {
	if _, ok := t.drawnIndex(c); !ok {
		return 0
	}
	var buf [16]rules.Move
	l := squeezeNever
	for _, m := range c.AppendMoves(buf[:0]) {
		r, _ := c.After(m)
		if j, ok := t.drawnIndex(r); ok {
			l = min(l, int(t.squeeze[j]))
		}
	}
	return l
}
