package julgonu

import (
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

// TestSqueeze checks every entry's squeeze against its definition, with
// the moves generated afresh (squeezeAfter, not squeezes' child lists): 0
// for a position that is not drawn or has at most one drawing move;
// otherwise one more than the latest squeeze the side to move can choose
// (the most, over its drawing moves, of the least its opponent's drawing
// replies reach), or squeezeNever when one of its drawing moves is never
// squeezed. It also pins the figures squeezes' doc gives.
func TestSqueeze(t *testing.T) {
	tab := solved()
	never, longest := 0, 0
	var ms []rules.Move
	tab.ix.each(func(i int, own, opp uint16) {
		got := int(tab.squeeze[i])
		if !tab.drawnEntry(i) {
			if got != 0 {
				t.Fatalf("entry %d is not drawn, and its squeeze is %d", i, got)
			}
			return
		}
		p := jg.FromOwnOpp(own, opp, rules.Black)
		drawing, best := 0, -1
		ms = p.AppendMoves(ms[:0])
		for _, m := range ms {
			c, _ := p.After(m)
			if _, ok := tab.drawnIndex(c); ok {
				drawing++
				best = max(best, tab.squeezeAfter(c))
			}
		}
		want := best + 1
		switch {
		case drawing <= 1:
			want = 0
		case best == squeezeNever:
			want = squeezeNever
		}
		if got != want {
			t.Fatalf("%s: squeeze %d, want %d (%d drawing moves, latest squeeze after them %d)", p.Key(), got, want, drawing, best)
		}
		if got == squeezeNever {
			never++
		} else {
			longest = max(longest, got)
		}
	})
	start, _ := tab.drawnIndex(jg.Start())
	t.Logf("%d entries never squeezed, the longest squeeze %d turns, the start's %d", never, longest, tab.squeeze[start])
	if never != 627_599 || longest != 14 || tab.squeeze[start] != squeezeNever {
		t.Errorf("squeezes' doc says 627,599 entries never squeezed, the start among them, and 14 turns at the longest")
	}
}
