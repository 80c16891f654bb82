// Package julgonu is windpost's Jul-Gonu opponent: a table of every
// position's value computed by retrograde analysis, the bot levels that play
// from it with the game's history (positional superko) in mind, and the
// analyst.
//
// The table covers every position with at most four pieces for the side to
// move and two to four for its opponent (2,233,680 entries, three bytes
// each: the value, how many moves keep it, and its squeeze); it ignores the repetition
// rule and the 100-ply no-capture draw, as a table must: its W n / L n / D
// values are the game without history.
// Besides values it records which positions (with the side to move) are
// reachable from the start, for the figures.
//
// The table is built in a few seconds and cached in a file (see Solver);
// nothing is computed until it is first needed.
//
// Under the real rules a table draw is often not a draw: a side whose only
// drawing move would recreate a position of the game loses. Table.Judge
// values a game's position with its history (history.go): a search over
// the current capture-free stretch (a position from before the last
// capture can never recur) with the positions seen and the no-capture
// count as its state, whose leaves are the game's ends and the table's
// wins and losses where no position of the stretch can lie on the table's
// line. It proves wins and losses (and draws when every line reaches the
// 100-ply draw); when its budget ends first, the value is the table's,
// "repetition not searched" beyond the depth it reached. ProveWin first
// tries a proof-number search (pns.go), which follows narrow forcing lines
// far deeper than that search's fixed depth. The perfect bot,
// the analyst and adjudication use it. Many positions the table calls
// drawn are proven won or lost this way, a few plies into the game; the
// value of the start under the real rules is not known.
package julgonu

import (
	"math/bits"

	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// Table is the solved game. It is read-only once built.
type Table struct {
	ix *index
	// val holds each entry's value as a solver.Packed byte; every entry is
	// decided (won, lost or drawn).
	val []uint8
	// reach has bit i set when entry i is reachable from the start with
	// Black (reach[0]) or White (reach[1]) to move.
	reach [2][]uint64
	// keeps holds each entry's count of moves that keep the table value
	// (keepCounts).
	keeps []uint8
	// squeeze holds each entry's squeeze (squeezes): in how many turns
	// the side to move of a drawn entry can be forced into a position
	// with one drawing move.
	squeeze []uint8
}

// Stats are the figures of the solved game over the positions reachable from
// the start (a position counted once per side to move).
type Stats struct {
	Reachable  int    `json:"reachable"`
	Wins       int    `json:"wins"`
	Losses     int    `json:"losses"`
	Draws      int    `json:"draws"`
	Start      string `json:"start"`
	LongestWin int    `json:"longest_win"`
}

// Solve computes the table.
func Solve() *Table {
	ix := newIndex()
	t := &Table{ix: ix, val: make([]uint8, ix.size)}
	t.retrograde()
	t.reachable()
	t.keepCounts()
	t.squeezes()
	return t
}

// retrograde fills val: lost positions first (no piece or one, or no move),
// then, by increasing distance, the predecessors of lost positions are won
// and positions whose moves all lead to won ones are lost; the rest are
// drawn.
func (t *Table) retrograde() {
	ix := t.ix
	left := make([]uint8, ix.size) // moves not yet known to lose
	queue := make([]uint64, 0, ix.size)
	ix.each(func(i int, own, opp uint16) {
		n := jg.CountMoves(own, opp)
		if n == 0 {
			t.val[i] = uint8(solver.PackedLostNow)
			queue = append(queue, uint64(own)|uint64(opp)<<16|uint64(i)<<32)
			return
		}
		left[i] = uint8(n)
	})
	for head := 0; head < len(queue); head++ {
		e := queue[head]
		own, opp := uint16(e), uint16(e>>16)
		stored := solver.Packed(t.val[e>>32])
		if stored >= 252 {
			panic("julgonu: a distance does not fit the table")
		}
		lost := stored.Lost()
		occupied := own | opp
		// The position before: the opponent (opp here) moved a piece from
		// a free point next to "to" and may have captured own pieces.
		for o := opp; o != 0; o &= o - 1 {
			to := bits.TrailingZeros16(o)
			for fd, from := range neighbours(to) {
				if from < 0 || occupied&(1<<from) != 0 {
					continue
				}
				pOwn := opp&^(1<<to) | 1<<from
				var opts [4][3]uint16
				var nopt [4]int
				for d := 0; d < 4; d++ {
					opts[d][0], nopt[d] = 0, 1
					if d == fd {
						continue
					}
					m := rays(to, d)
					if occupied&m[0] != 0 || m[1] == 0 {
						continue
					}
					if opp&m[1] != 0 {
						opts[d][nopt[d]] = m[0]
						nopt[d]++
					} else if occupied&m[1] == 0 && opp&m[2] != 0 {
						opts[d][nopt[d]] = m[0] | m[1]
						nopt[d]++
					}
				}
				for i0 := 0; i0 < nopt[0]; i0++ {
					for i1 := 0; i1 < nopt[1]; i1++ {
						for i2 := 0; i2 < nopt[2]; i2++ {
							for i3 := 0; i3 < nopt[3]; i3++ {
								caps := opts[0][i0] | opts[1][i1] | opts[2][i2] | opts[3][i3]
								pOpp := own | caps
								if n := bits.OnesCount16(pOpp); n < 2 || n > 4 {
									continue
								}
								if jg.Captures(opp, pOpp, to) != caps {
									continue
								}
								pi := ix.of(pOwn, pOpp)
								if solver.Packed(t.val[pi]) != solver.PackedNone {
									continue
								}
								next := stored + 1 // won, one ply further than a loss
								if !lost {
									left[pi]--
									if left[pi] != 0 {
										continue
									}
									next = stored + 3 // lost, one ply further than a win
								}
								t.val[pi] = uint8(next)
								queue = append(queue, uint64(pOwn)|uint64(pOpp)<<16|uint64(pi)<<32)
							}
						}
					}
				}
			}
		}
	}
	for i, v := range t.val {
		if solver.Packed(v) == solver.PackedNone {
			t.val[i] = uint8(solver.PackedDrawn)
		}
	}
}

// reachable marks the positions reachable from the start, by a depth-first
// walk of the move graph (no repetition rule).
func (t *Table) reachable() {
	ix := t.ix
	words := (ix.size + 63) / 64
	t.reach = [2][]uint64{make([]uint64, words), make([]uint64, words)}
	start := jg.Start()
	stack := []uint64{uint64(start.Own()) | uint64(start.Opp())<<16}
	si := ix.of(start.Own(), start.Opp())
	t.reach[0][si/64] |= 1 << (si % 64)
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		own, opp, side := uint16(e), uint16(e>>16), int(e>>32)
		if bits.OnesCount16(own) <= 1 {
			continue
		}
		next := t.reach[side^1]
		empty := ^(own | opp)
		steps := [4]uint16{own & (empty >> 4), own & (empty << 4), own &^ 0x8888 & (empty >> 1), own &^ 0x1111 & (empty << 1)}
		for d, movers := range steps {
			delta := [4]int{4, -4, 1, -1}[d]
			for ; movers != 0; movers &= movers - 1 {
				from := bits.TrailingZeros16(movers)
				to := from + delta
				nown := own&^(1<<from) | 1<<to
				nopp := opp &^ jg.Captures(nown, opp, to)
				i := ix.of(nopp, nown)
				if next[i/64]&(1<<(i%64)) != 0 {
					continue
				}
				next[i/64] |= 1 << (i % 64)
				stack = append(stack, uint64(nopp)|uint64(nown)<<16|uint64(side^1)<<32)
			}
		}
	}
}

// neighbours and rays are the engine's geometry.
func neighbours(sq int) [4]int { return jg.Neighbours(sq) }
func rays(sq, d int) [3]uint16 { return jg.Ray(sq, d) }

// Lookup returns the value of p for the side to move, ignoring the game's
// history. ok is false for a position the table does not hold: one whose
// side not to move has one piece or none (the side to move has won; such a
// position cannot arise in play).
func (t *Table) Lookup(p jg.Position) (v solver.Value, ok bool) {
	own, opp := p.Own(), p.Opp()
	if !t.ix.in(own, opp) {
		return solver.Value{}, false
	}
	return solver.Packed(t.val[t.ix.of(own, opp)]).Value()
}

// Reachable reports whether p (with its side to move) can arise from the
// start.
func (t *Table) Reachable(p jg.Position) bool {
	own, opp := p.Own(), p.Opp()
	if !t.ix.in(own, opp) {
		return false
	}
	i := t.ix.of(own, opp)
	return t.reach[p.ToMove()][i/64]&(1<<(i%64)) != 0
}

// Stats counts the figures over the reachable positions.
func (t *Table) Stats() Stats {
	var s Stats
	for side := 0; side < 2; side++ {
		for w, word := range t.reach[side] {
			for b := word; b != 0; b &= b - 1 {
				i := w*64 + bits.TrailingZeros64(b)
				s.Reachable++
				v, _ := solver.Packed(t.val[i]).Value()
				switch v.Kind {
				case solver.Won:
					s.Wins++
					s.LongestWin = max(s.LongestWin, v.Plies)
				case solver.Lost:
					s.Losses++
				default:
					s.Draws++
				}
			}
		}
	}
	v, _ := t.Lookup(jg.Start())
	s.Start = v.String()
	return s
}
