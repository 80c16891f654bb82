// Package gufuu solves Gufuu Shogi and plays it: a retrograde table of every
// position reachable from the start (won or lost with the distance to mate in
// plies, or drawn), the bots built on it (perfect, strong, casual) and the
// analyst that reads it.
//
// The table ignores the fourfold-repetition rule: a position's value is its
// value under perfect play without the repetition draw (a drawn position is
// one neither side can force a mate from). In a game a won position can still
// be drawn by repetition if the winner dawdles; the bots never dawdle (see
// Bot).
package gufuu

import (
	"sync"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/solver"
)

// numCodes is the size of the dense index: every piece has 25 states
// (6 squares x 4 facings, or in hand), times the side to move and the
// opening mark.
const numCodes = 25 * 25 * 25 * 25 * 4

// code maps a packed position to its dense index below numCodes.
func code(p engine.Pos) uint32 {
	v := uint32(p)
	return ((((v&31)*25+(v>>5&31))*25+(v>>10&31))*25+(v>>15&31))<<2 | v>>20&3
}

// Solution is the solved game: a value for every position reachable from
// the start, and the figures about them.
type Solution struct {
	// values[code(p)]: 0 unknown (not reachable), 1 drawn, 2+2n won in n
	// plies, 3+2n lost in n plies.
	values []uint8

	Reachable  int // positions reachable from the start
	Checkmated int // positions whose side to move is checkmated (L 0)
	Won, Lost  int // positions won / lost for the side to move (mates included)
	Draws      int // positions neither side can force a mate from
	MateInOne  int // positions with a mating move (W 1)
	LongestWin int // the largest n of a W n
}

func encode(v solver.Value) uint8 {
	switch v.Kind {
	case solver.Won:
		return uint8(2 + 2*v.Plies)
	case solver.Lost:
		return uint8(3 + 2*v.Plies)
	}
	return 1
}

func decode(c uint8) (solver.Value, bool) {
	switch {
	case c == 0:
		return solver.Value{}, false
	case c == 1:
		return solver.Value{Kind: solver.Drawn}, true
	case c&1 == 0:
		return solver.Value{Kind: solver.Won, Plies: int(c-2) / 2}, true
	}
	return solver.Value{Kind: solver.Lost, Plies: int(c-3) / 2}, true
}

// Lookup returns the value of p for its side to move, and false when p is
// not reachable from the start (the table does not hold it).
func (s *Solution) Lookup(p engine.Pos) (solver.Value, bool) {
	if uint32(p) >= engine.PosLimit {
		return solver.Value{}, false
	}
	return decode(s.values[code(p)])
}

// Solve enumerates every position reachable from the start and solves
// them by retrograde analysis. It takes some tens of milliseconds.
func Solve() *Solution {
	// 1. Breadth-first enumeration with a dense index (index+1 in idx,
	// 0 = not seen), recording each position's children as indices.
	idx := make([]int32, numCodes)
	poss := make([]engine.Pos, 0, 210000)
	off := make([]int32, 1, 210000)
	edges := make([]int32, 0, 3000000)
	poss = append(poss, engine.Start)
	idx[code(engine.Start)] = 1
	var buf [engine.MaxMoves]rules.Move
	for i := 0; i < len(poss); i++ {
		p := poss[i]
		for _, m := range p.AppendMoves(buf[:0]) {
			q := p.Apply(m)
			c := code(q)
			j := idx[c]
			if j == 0 {
				poss = append(poss, q)
				j = int32(len(poss))
				idx[c] = j
			}
			edges = append(edges, j-1)
		}
		off = append(off, int32(len(edges)))
	}
	n := len(poss)

	// 2. Predecessor lists.
	predOff := make([]int32, n+1)
	for _, c := range edges {
		predOff[c+1]++
	}
	for i := 0; i < n; i++ {
		predOff[i+1] += predOff[i]
	}
	preds := make([]int32, len(edges))
	fill := make([]int32, n)
	copy(fill, predOff[:n])
	for i := 0; i < n; i++ {
		for _, c := range edges[off[i]:off[i+1]] {
			preds[fill[c]] = int32(i)
			fill[c]++
		}
	}

	// 3. Retrograde analysis, distance by distance: a FIFO queue of decided
	// positions holds non-decreasing distances, so a win is found at its
	// shortest and a loss (all children won) at its longest.
	const undecided = 0
	val := make([]uint8, n) // as in Solution.values
	left := make([]int32, n)
	queue := make([]int32, 0, n)
	sol := &Solution{Reachable: n}
	for i := 0; i < n; i++ {
		left[i] = off[i+1] - off[i]
		if left[i] == 0 {
			val[i] = 3 // L 0 (every reachable dead end is a mate; see the rules tests)
			queue = append(queue, int32(i))
			sol.Checkmated++
		}
	}
	for h := 0; h < len(queue); h++ {
		c := queue[h]
		v := val[c]
		if v&1 == 1 { // c is lost in d: its predecessors win in d+1
			w := v + 1 // 3+2d -> 2+2(d+1)
			for _, p := range preds[predOff[c]:predOff[c+1]] {
				if val[p] == undecided {
					val[p] = w
					queue = append(queue, p)
				}
			}
		} else { // c is won in d: a predecessor with all children won loses in d+1
			l := v + 3 // 2+2d -> 3+2(d+1)
			for _, p := range preds[predOff[c]:predOff[c+1]] {
				if val[p] == undecided {
					left[p]--
					if left[p] == 0 {
						val[p] = l
						queue = append(queue, p)
					}
				}
			}
		}
	}

	// 4. The table by dense code, and the figures.
	sol.values = make([]uint8, numCodes)
	for i, p := range poss {
		v := val[i]
		if v == undecided {
			v = 1
			sol.Draws++
		} else if v&1 == 0 {
			sol.Won++
			if v == 4 {
				sol.MateInOne++
			}
			if d := int(v-2) / 2; d > sol.LongestWin {
				sol.LongestWin = d
			}
		} else {
			sol.Lost++
		}
		sol.values[code(p)] = v
	}
	return sol
}

// Table is the solution built on first use (so that making a Table, or a
// catalog holding one, costs nothing). The zero Table is ready to use.
type Table struct {
	once sync.Once
	sol  *Solution
}

// Solution returns the solution, solving the game the first time.
func (t *Table) Solution() *Solution {
	t.once.Do(func() { t.sol = Solve() })
	return t.sol
}

// Lookup is Solution().Lookup.
func (t *Table) Lookup(p engine.Pos) (solver.Value, bool) { return t.Solution().Lookup(p) }
