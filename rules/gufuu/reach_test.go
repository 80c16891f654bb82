package gufuu

import (
	"testing"

	"github.com/windpost/windpost/rules"
)

// TestReachable enumerates every position reachable from the start with a
// plain map and checks the figures of the rules spec: 203,195 positions,
// 23,020 of them checkmate. It also checks that no reachable position
// leaves the side to move without a move while out of check (no
// stalemate), and that every reachable position is Valid.
func TestReachable(t *testing.T) {
	seen := map[Pos]bool{Start: true}
	queue := []Pos{Start}
	mates, stale := 0, 0
	var buf [MaxMoves]rules.Move
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if err := p.Valid(); err != nil {
			t.Fatalf("reachable position %d invalid: %v", p, err)
		}
		ms := p.AppendMoves(buf[:0])
		if len(ms) == 0 {
			if p.InCheck() {
				mates++
			} else {
				stale++
			}
		}
		for _, m := range ms {
			q := p.Apply(m)
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	t.Logf("reachable %d, mates %d", len(seen), mates)
	if len(seen) != 203195 {
		t.Errorf("reachable positions: %d, want 203195", len(seen))
	}
	if mates != 23020 {
		t.Errorf("checkmated positions: %d, want 23020", mates)
	}
	if stale != 0 {
		t.Errorf("%d reachable positions leave the side to move without a move out of check", stale)
	}
}

// TestChildren: AppendChildren gives exactly Apply of each AppendMoves
// move, in the same order, in every reachable position.
func TestChildren(t *testing.T) {
	seen := map[Pos]bool{Start: true}
	queue := []Pos{Start}
	var buf [MaxMoves]rules.Move
	var kids [MaxMoves]Pos
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		ms := p.AppendMoves(buf[:0])
		cs := p.AppendChildren(kids[:0])
		if len(cs) != len(ms) {
			t.Fatalf("position %d: %d children, %d moves", p, len(cs), len(ms))
		}
		for i, m := range ms {
			q := p.Apply(m)
			if cs[i] != q {
				t.Fatalf("position %d, move %d: child %d, Apply gives %d", p, m, cs[i], q)
			}
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
}

// TestHalfTurn: the half-turned image of every child is a child of the
// half-turned position, and only the empty board is its own image.
func TestHalfTurn(t *testing.T) {
	seen := map[Pos]bool{Start: true}
	queue := []Pos{Start}
	var kids, mkids [MaxMoves]Pos
	selfImage := 0
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.HalfTurn().HalfTurn() != p {
			t.Fatalf("position %d: mirror is not an involution", p)
		}
		if p.HalfTurn() == p {
			selfImage++
		}
		cs := p.AppendChildren(kids[:0])
		ms := map[Pos]bool{}
		for _, q := range p.HalfTurn().AppendChildren(mkids[:0]) {
			ms[q] = true
		}
		if len(ms) != len(cs) {
			t.Fatalf("position %d: %d children, its mirror %d", p, len(cs), len(ms))
		}
		for _, q := range cs {
			if !ms[q.HalfTurn()] {
				t.Fatalf("position %d: child %d has no mirror among the mirror's children", p, q)
			}
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	if selfImage != 1 {
		t.Errorf("%d positions are their own mirror image, want 1 (the start)", selfImage)
	}
}
