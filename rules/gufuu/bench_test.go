package gufuu

import (
	"testing"

	"github.com/windpost/windpost/rules"
)

// benchPositions returns the first n positions reachable from the start in
// breadth-first order: a mix of opening, quiet and check positions.
func benchPositions(n int) []Pos {
	seen := map[Pos]bool{Start: true}
	out := []Pos{Start}
	var buf [MaxMoves]rules.Move
	for i := 0; i < len(out) && len(out) < n; i++ {
		for _, m := range out[i].AppendMoves(buf[:0]) {
			if q := out[i].Apply(m); !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out[:n]
}

// BenchmarkMoveGen generates and plays the legal moves of one position per
// iteration.
func BenchmarkMoveGen(b *testing.B) {
	ps := benchPositions(50000)
	var buf [MaxMoves]rules.Move
	var sink Pos
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		for _, m := range p.AppendMoves(buf[:0]) {
			sink ^= p.Apply(m)
		}
	}
	_ = sink
}

func BenchmarkPerft5(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Start.Perft(5)
	}
}
