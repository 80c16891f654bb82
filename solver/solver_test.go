package solver_test

import (
	"testing"

	"github.com/windpost/windpost/solver"
)

func TestValueFlipAndForMover(t *testing.T) {
	for _, c := range []struct{ in, flip, forMover solver.Value }{
		{solver.Value{Kind: solver.Won, Plies: 3}, solver.Value{Kind: solver.Lost, Plies: 3}, solver.Value{Kind: solver.Lost, Plies: 4}},
		{solver.Value{Kind: solver.Lost, Plies: 0}, solver.Value{Kind: solver.Won, Plies: 0}, solver.Value{Kind: solver.Won, Plies: 1}},
		{solver.Value{Kind: solver.Drawn}, solver.Value{Kind: solver.Drawn}, solver.Value{Kind: solver.Drawn}},
		{solver.Value{Kind: solver.Estimate, Score: 120}, solver.Value{Kind: solver.Estimate, Score: -120}, solver.Value{Kind: solver.Estimate, Score: -120}},
	} {
		if got := c.in.Flip(); got != c.flip {
			t.Errorf("%v.Flip() = %v, want %v", c.in, got, c.flip)
		}
		if got := c.in.ForMover(); got != c.forMover {
			t.Errorf("%v.ForMover() = %v, want %v", c.in, got, c.forMover)
		}
	}
}

func TestValueBetter(t *testing.T) {
	w1 := solver.Value{Kind: solver.Won, Plies: 1}
	w5 := solver.Value{Kind: solver.Won, Plies: 5}
	d := solver.Value{Kind: solver.Drawn}
	l2 := solver.Value{Kind: solver.Lost, Plies: 2}
	l8 := solver.Value{Kind: solver.Lost, Plies: 8}
	e1 := solver.Value{Kind: solver.Estimate, Score: 100}
	e2 := solver.Value{Kind: solver.Estimate, Score: -40}
	for _, c := range []struct {
		a, b solver.Value
		want bool
	}{
		{w1, w5, true}, {w5, w1, false}, {w5, d, true}, {d, l8, true},
		{l8, l2, true}, {l2, l8, false}, {d, d, false}, {l8, w5, false},
		{e1, e2, true}, {e2, e1, false}, {e1, d, false}, {d, e2, false}, {e2, l2, true}, {w5, e1, true},
	} {
		if got := c.a.Better(c.b); got != c.want {
			t.Errorf("%v.Better(%v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
