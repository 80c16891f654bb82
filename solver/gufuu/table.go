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
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/windpost/windpost/rules"

	engine "github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/solver"
)

// The dense code of a canonical position (see canonical: Black's king on
// 2a, 1a or 2b, or in hand), used as the node number of the solver and the
// index of the table. Mid-game positions (both kings on the board) number
// ((kings*17 + wind)*17 + storm)*2 + side, where kings (0..239) is the
// kings' two squares and facings and wind/storm (0..16) is 0 for a general
// in hand or 1 + 4*(its square's rank among the four squares the kings
// leave free) + its facing. The opening positions follow: pending general
// drop ((kings*17 + wind)*2 + side), the start, and Black's king alone.
const (
	kingCodes   = 15 * 16
	genCodes    = 17
	midCodes    = kingCodes * genCodes * genCodes * 2
	openingBase = midCodes
	startCode   = openingBase + kingCodes*genCodes*2
	kingOnlyAt  = startCode + 1
	numCodes    = kingOnlyAt + 12
)

// kingTable[b<<5|w], for the kings' fields b and w (square*4+facing, 24 in
// hand; Black's king on 2a, 1a or 2b), holds the kings' code (0..239) times
// 32 plus their squares' pair number (0..14); genTable[pair<<5|g] holds a general's code (0..16) for its
// field g when the kings stand on pair.
var kingTable, genTable = makeCodeTables()

func makeCodeTables() (kings [1024]uint32, gens [1024]uint8) {
	pair := uint32(0)
	for a := uint32(0); a < 3; a++ {
		for b := uint32(0); b < 6; b++ {
			if a == b {
				continue
			}
			for fa := uint32(0); fa < 4; fa++ {
				for fb := uint32(0); fb < 4; fb++ {
					kings[(a*4+fa)<<5|(b*4+fb)] = (pair<<4|fa<<2|fb)<<5 | pair
				}
			}
			rank := uint8(0)
			for sq := uint32(0); sq < 6; sq++ {
				if sq == a || sq == b {
					continue
				}
				for f := uint32(0); f < 4; f++ {
					gens[pair<<5|(sq*4+f)] = 1 + rank*4 + uint8(f)
				}
				rank++
			}
			pair++
		}
	}
	return
}

// code maps a valid packed position to its dense code below numCodes.
func code(p engine.Pos) uint32 {
	v := uint32(p)
	b, w := v&31, v>>5&31
	if b == 24 {
		return startCode
	}
	if w == 24 {
		return kingOnlyAt + b
	}
	kt := kingTable[(b<<5|w)&1023]
	pair := (kt & 31) << 5
	gw := uint32(genTable[(pair|v>>10&31)&1023])
	side := v >> 20 & 1
	if v&(1<<21) != 0 {
		return openingBase + ((kt>>5)*genCodes+gw)*2 + side
	}
	gs := uint32(genTable[(pair|v>>15&31)&1023])
	return (((kt>>5)*genCodes+gw)*genCodes+gs)*2 + side
}

// Solution is the solved game: a value for every position reachable from
// the start, and the figures about them.
type Solution struct {
	// values[code(p)]: solver.PackedNone for a position not reachable.
	values []solver.Packed
	keys   []engine.Pos // keys[code(p)] == p for the positions in the table

	Reachable  int // positions reachable from the start
	Checkmated int // positions whose side to move is checkmated (L 0)
	Won, Lost  int // positions won / lost for the side to move (mates included)
	Draws      int // positions neither side can force a mate from
	MateInOne  int // positions with a mating move (W 1)
	LongestWin int // the largest n of a W n
}

// Lookup returns the value of p for its side to move, and false when p is
// not reachable from the start (the table does not hold it).
func (s *Solution) Lookup(p engine.Pos) (solver.Value, bool) {
	p = canonical(p)
	c := code(p)
	if s.keys[c] != p {
		return solver.Value{}, false
	}
	return s.values[c].Value()
}

// canonical picks one of a position and its half-turned image (the rules
// do not change when the board is turned half a turn, so both have the
// same value): the one with Black's king on 2a, 1a or 2b (or in hand, which
// happens only on the empty board). The table holds only that one, which
// halves the work.
func canonical(p engine.Pos) engine.Pos {
	if v := uint32(p) & 31; v >= 12 && v < 24 {
		return p.HalfTurn()
	}
	return p
}

// Solve enumerates every position reachable from the start and solves
// them by retrograde analysis. It takes some tens of milliseconds.
func Solve() *Solution {
	// 1. Breadth-first enumeration. A node is a position's dense code;
	// val doubles as the seen mark (seenMark until solved). For every node
	// the number of its moves (left) and of the moves into it (predOff)
	// are counted, and the children are listed in queue order.
	const seenMark solver.Packed = 255
	val := make([]solver.Packed, numCodes)
	left := make([]uint8, numCodes)
	predOff := make([]int32, numCodes+1)
	queue := make([]engine.Pos, 0, 210000)
	codes := make([]uint32, 0, 210000) // code(queue[i])
	edges := make([]uint32, 0, 1300000)
	queue = append(queue, engine.Start)
	codes = append(codes, code(engine.Start))
	val[codes[0]] = seenMark
	var kids [engine.MaxMoves]engine.Pos
	for i := 0; i < len(queue); i++ {
		cs := queue[i].AppendChildren(kids[:0])
		left[codes[i]] = uint8(len(cs))
		for _, q := range cs {
			q = canonical(q)
			c := code(q)
			if val[c] == 0 {
				val[c] = seenMark
				queue = append(queue, q)
				codes = append(codes, c)
			}
			predOff[c+1]++
			edges = append(edges, c)
		}
	}
	// Every node but the start (the empty board, its own image) stands
	// for two positions.
	n := 2*len(queue) - 1

	// 2. Predecessor lists (by code).
	for c := 0; c < numCodes; c++ {
		predOff[c+1] += predOff[c]
	}
	preds := make([]uint32, len(edges))
	fill := make([]int32, numCodes)
	copy(fill, predOff[:numCodes])
	e := 0
	for _, pc := range codes {
		for _, c := range edges[e : e+int(left[pc])] {
			preds[fill[c]] = pc
			fill[c]++
		}
		e += int(left[pc])
	}

	// 3. Retrograde analysis, distance by distance: a FIFO queue of decided
	// positions holds non-decreasing distances, so a win is found at its
	// shortest and a loss (all children won) at its longest. val holds
	// solver.Packed values, and seenMark for the undecided.
	done := make([]uint32, 0, n)
	sol := &Solution{Reachable: n}
	for _, c := range codes {
		if left[c] == 0 {
			val[c] = solver.PackedLostNow // every reachable dead end is a mate; see the rules tests
			done = append(done, c)
			sol.Checkmated += 2
		}
	}
	for h := 0; h < len(done); h++ {
		c := done[h]
		v := val[c]
		if v.Lost() { // c is lost in d: its predecessors win in d+1
			w := v + 1 // 3+2d -> 2+2(d+1)
			for _, p := range preds[predOff[c]:predOff[c+1]] {
				if val[p] == seenMark {
					val[p] = w
					done = append(done, p)
				}
			}
		} else { // c is won in d: a predecessor with all children won loses in d+1
			l := v + 3 // 2+2d -> 3+2(d+1)
			for _, p := range preds[predOff[c]:predOff[c+1]] {
				if val[p] == seenMark {
					left[p]--
					if left[p] == 0 {
						val[p] = l
						done = append(done, p)
					}
				}
			}
		}
	}

	// 4. The figures; the undecided positions are drawn.
	for i, c := range codes {
		v := val[c]
		weight := 2
		if i == 0 {
			weight = 1
		}
		switch {
		case v == seenMark:
			val[c] = solver.PackedDrawn
			sol.Draws += weight
		case v&1 == 0:
			sol.Won += weight
			if v == 4 {
				sol.MateInOne += weight
			}
			if d := int(v-2) / 2; d > sol.LongestWin {
				sol.LongestWin = d
			}
		default:
			sol.Lost += weight
		}
	}
	sol.values = val
	sol.keys = make([]engine.Pos, numCodes)
	for i, c := range codes {
		sol.keys[c] = queue[i]
	}
	return sol
}

// Table is the solution built on first use (so that making a Table, or a
// catalog holding one, costs nothing): the solver.Table of Gufuu Shogi. The
// zero Table is ready to use.
type Table struct {
	lazy solver.Lazy[*Solution]
}

var _ solver.Table = (*Table)(nil)

// build solves the game; the solution is never cached in a file.
func build() (*Solution, solver.Provenance) { return Solve(), solver.Provenance{} }

// Solution returns the solution, solving the game the first time.
func (t *Table) Solution() *Solution {
	sol, _, _ := t.lazy.Get(context.Background(), build)
	return sol
}

// Ready solves the game the first time.
func (t *Table) Ready(ctx context.Context) (solver.Provenance, error) {
	_, p, err := t.lazy.Get(ctx, build)
	return p, err
}

// Lookup is Solution().Lookup.
func (t *Table) Lookup(p engine.Pos) (solver.Value, bool) { return t.Solution().Lookup(p) }

// Figures returns the figures of the solved game: the positions reachable
// from the start and their values, the value of the start and its best
// moves (named by name).
func (t *Table) Figures(ctx context.Context, name func(rules.Move) string) (solver.Figures, error) {
	sol, _, err := t.lazy.Get(ctx, build)
	if err != nil {
		return solver.Figures{}, err
	}
	start, _ := sol.Lookup(engine.Start)
	best := []string{}
	for _, m := range (engine.Position{P: engine.Start}).Moves() {
		if v, ok := sol.Lookup(engine.Start.Apply(m)); ok && v.ForMover() == start {
			best = append(best, name(m))
		}
	}
	sort.Strings(best)
	return solver.Figures{
		Lines: []string{
			"Gufuu Shogi, solved (the table ignores the fourfold-repetition rule)",
			"",
			fmt.Sprintf("Positions reachable from the start: %d (the side to move and the opening state count)", sol.Reachable),
			fmt.Sprintf("  won for the side to move:  %d", sol.Won),
			fmt.Sprintf("  lost for the side to move: %d, of them checkmate on the board: %d", sol.Lost, sol.Checkmated),
			fmt.Sprintf("  drawn with best play:      %d", sol.Draws),
			fmt.Sprintf("Positions with a mate in one: %d", sol.MateInOne),
			fmt.Sprintf("The start: %s, %s", start, start.Meaning(rules.Black)),
			fmt.Sprintf("The longest forced win: %d plies", sol.LongestWin),
			fmt.Sprintf("Best first moves (%d): %s", len(best), strings.Join(best, " ")),
		},
		Fields: []solver.Field{
			{Name: "reachable", Value: sol.Reachable},
			{Name: "checkmated", Value: sol.Checkmated},
			{Name: "draws", Value: sol.Draws},
			{Name: "start", Value: start.String()},
			{Name: "longest_win", Value: sol.LongestWin},
			{Name: "mate_in_one", Value: sol.MateInOne},
			{Name: "best_first_moves", Value: best},
		},
	}, nil
}
