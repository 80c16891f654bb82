package gufuu

import (
	"testing"

	"github.com/windpost/windpost/rules"
)

// The perft figures from the start. The first three follow from the rules
// by hand: 24 king drops; White's king then has 5 empty squares x 4
// facings, minus the face-to-face drops (one per orthogonal neighbour of
// Black's king that Black's king faces). The deeper ones were counted by the
// generator after TestReferenceMoves (reference_test.go) showed it agrees,
// in every reachable position, with a separate literal reading of the rules.
var perftStart = []uint64{1, 24, 466, 6096, 46164, 319200, 2407564}

func TestPerftStart(t *testing.T) {
	// Depth 2 by hand: every Black king drop (square s, facing f) leaves
	// 5*4 White drops, less one when f points at a square on the board.
	var want2 uint64
	for s := Square(0); s < NumSquares; s++ {
		for f := Facing(0); f < 4; f++ {
			want2 += 20
			if step[s][2*f] >= 0 {
				want2--
			}
		}
	}
	if got := Start.Perft(2); got != want2 {
		t.Errorf("perft 2 = %d, want %d (by hand)", got, want2)
	}
	for d, want := range perftStart {
		if want == 0 {
			continue
		}
		if got := Start.Perft(d); got != want {
			t.Errorf("perft %d = %d, want %d", d, got, want)
		}
	}
}

// TestPerftFastMatchesGeneric checks the fast Perft against rules.Perft on
// the adapter from the start and a few later positions.
func TestPerftFastMatchesGeneric(t *testing.T) {
	p := Start
	for i := 0; i < 7; i++ {
		d := 5
		if got, want := p.Perft(d), rules.Perft(Position{p}, d); got != want {
			t.Errorf("position %d: fast perft %d = %d, generic %d", p, d, got, want)
		}
		var buf [MaxMoves]rules.Move
		ms := p.AppendMoves(buf[:0])
		p = p.Apply(ms[len(ms)/2])
	}
}
