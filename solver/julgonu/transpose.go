package julgonu

import (
	"math"
	"math/bits"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// The transposition table of the history search (stretch.attack). Within a
// capture-free stretch the same position is reached by many move orders,
// but a result of attack depends on more than the position: on the
// positions above its node on the path (the graph-history interaction, or
// GHI, problem: Kishimoto and Müller, "A General Solution to the Graph
// History Interaction Problem", AAAI 2004). A result is reused here only
// where the search below the node, run again, would give the same answer:
// the same computation, or (the half rule of item 1) one that the rules
// make at least as good for the side the result favours. So the reuse is
// as sound as the search itself.
//
// What attack(a, d) at node N (path index k) reads besides N, a, d and the
// positions below N on the path:
//
//  1. Whether a position Y it generates repeats a position above N (kids,
//     hasMove, keeping). Every such Y is reached from N by at most d+1
//     quiet moves: Y can equal a position X above N only if X lies within
//     d+1 plies of N by the lower bound plies(N, X). So the result is the
//     same with another history whose positions within that bound of N
//     are the same set. Both directions matter: a position above N in the
//     old path but not in the new one may have ruled out a move the result
//     rests on (the defender's, in a win), and one in the new path but not
//     in the old may rule out a move the stored result used (the
//     attacker's winning move). Tracking only the first, as "a result that
//     met no position above its node is reusable", would be unsound:
//     TestTranspositionsRespectHistory has a position that the search with
//     an empty history finds not won, having met nothing above it, and
//     that the game's history makes won. The sets are kept as 64-bit hashes
//     (the XOR of their positions' hashes), one for the positions with the
//     attacker to move and one for those with the defender to move; a
//     collision is as unlikely as in any hashed table. One of the two is
//     enough where the game's monotony allows it (ttEntry.nearOK): a win
//     whose search ruled out no defender's move by a position above N
//     (deps.defHit) needs only the same positions with the defender to
//     move (the attacker's moves lead to those), since a defender with
//     fewer moves loses at least as surely; a "not won" whose search ruled
//     out none of the attacker's moves (deps.attHit) needs only the same
//     positions with the attacker to move.
//  2. The no-capture count, where a line stays in N's stretch: the test
//     quiet() >= NoCaptureLimit and the count part of clear. If one of them
//     held (the count decided), the result is not stored; otherwise it is
//     reused only with at least as many quiet plies left as the farthest
//     of them needed (need).
//  3. The table values of the positions above N, read by clear: a clear
//     that held for winner w and a line of n plies stays true with any
//     history whose positions above N have no table line for w shorter
//     than the longest such n (demand); a clear that failed because of a
//     position above N only (none below it blocked) depends on that
//     position, and the result is not stored.
//
// After a capture the stretch starts again: below it nothing reads the
// positions above, and the child's result carries no dependency up (a
// position at the start of a stretch has no history at all). A result read
// from the table carries up its own dependencies (a move it had ruled out
// by a position above its node counts as ruled out above every node of
// the path: the entry keeps only whether there was one, ttEntry.above), so
// a result computed from reused ones is stored under the same rules. Results are reused in
// the direction that stays true: a win found within depth d at any depth
// of at least d, a "not won" within depth d at any depth of at most d, and
// a certain (exact) "not won" at any depth.

// ttBits is the log2 of the table's buckets, two entries each: 2^18
// entries of 32 bytes, 8 MiB, allocated at the first store of a search.
const ttBits = 17

// ttDepth is the least depth whose results are stored: below it a node's
// search costs about what a probe does.
const ttDepth = 2

// deps is what a result of attack rests on above its node, within the
// node's stretch (see the table's comment): reach is the highest path
// index plus the quiet plies a passed count test needed; bound says a
// count test decided; blocked is the least, over the clears that failed
// on a position of the path, of the deepest such position's index
// (math.MaxInt: none); demand is, by the winner's side, the longest table
// line a clear that held trusted.
type deps struct {
	reach   int
	bound   bool
	blocked int
	demand  [2]int
	// attHit and defHit are the least path index of a position that
	// ruled out a move of the attacker, of the defender (math.MaxInt:
	// none).
	attHit, defHit int
}

// noDeps is the dependency of a result that reads nothing above its node.
var noDeps = deps{blocked: math.MaxInt, attHit: math.MaxInt, defHit: math.MaxInt}

// addHit adds to d that a position at path index i (math.MaxInt: none)
// ruled out a move of the attacker (attacker true) or of the defender.
func (d *deps) addHit(attacker bool, i int) {
	if attacker {
		d.attHit = min(d.attHit, i)
	} else {
		d.defHit = min(d.defHit, i)
	}
}

// add merges the dependencies of a child's result into d; a child after a
// capture starts a new stretch and adds nothing.
func (d *deps) add(c deps, captured bool) {
	if captured {
		return
	}
	d.reach = max(d.reach, c.reach)
	d.bound = d.bound || c.bound
	d.blocked = min(d.blocked, c.blocked)
	d.attHit = min(d.attHit, c.attHit)
	d.defHit = min(d.defHit, c.defHit)
	d.demand[0] = max(d.demand[0], c.demand[0])
	d.demand[1] = max(d.demand[1], c.demand[1])
}

// ttEntry is a stored result of attack: the position and the search's
// attacker and mode, the depth, the result, and its dependencies.
type ttEntry struct {
	near         [2]uint64 // by the side to move: the attacker's, the defender's
	black, white uint16
	flags        uint8
	depth        uint8
	dist         uint8
	need         uint8
	demand       [2]uint8
	// above says whether a position above the node ruled out a move of
	// the attacker (ttAttackerRuledOut) or of the defender
	// (ttDefenderRuledOut) in the search that made the result.
	above uint8
}

// The bits of ttEntry.above.
const (
	ttAttackerRuledOut = 1 << iota
	ttDefenderRuledOut
)

// The bits of ttEntry.flags.
const (
	ttUsed = 1 << iota
	ttWhiteToMove
	ttWhiteAttacks
	ttNarrow
	ttWon
	ttExact
	ttKey = ttUsed | ttWhiteToMove | ttWhiteAttacks | ttNarrow
)

// transpositions is the table: fixed-size buckets of two entries, the
// first kept for the deeper result, the second for the latest. hits and
// stores count its use.
type transpositions struct {
	e            []ttEntry
	hits, stores int
}

// key is the flags of p, a and the mode, and p's bucket.
func (t *transpositions) key(p jg.Position, a rules.Side, narrow bool) (uint8, int) {
	f := uint8(ttUsed)
	if p.ToMove() == rules.White {
		f |= ttWhiteToMove
	}
	if a == rules.White {
		f |= ttWhiteAttacks
	}
	if narrow {
		f |= ttNarrow
	}
	x := uint64(p.Black())<<20 | uint64(p.White())<<4 | uint64(f)
	return f, int((x*0x9E3779B97F4A7C15)>>(64-ttBits)) * 2
}

// history is what probe and store read of the positions of the stretch
// above a node, computed once a node when first needed: by lower bound of
// plies from the node (capped at maxSearchDepth+1), the XOR of their
// hashes, and by side w the shortest table line that one of them could
// lie on for w's win (as clear counts it; math.MaxInt: none).
type history struct {
	done  bool
	byLB  [2][maxSearchDepth + 2]uint64 // by the side to move, by the bound
	least [2]int
}

// near returns the hashes of the sets of the positions above the node
// within radius plies of it with a to move and with the other side to move.
func (h *history) near(a rules.Side, radius int) (near [2]uint64) {
	for i, side := range [2]rules.Side{a, a.Opponent()} {
		for _, v := range h.byLB[side][:min(radius, maxSearchDepth+1)+1] {
			near[i] ^= v
		}
	}
	return near
}

// level returns the history of the last position of the path, not yet
// computed. (A slice grown here leaves the callers above with their own
// copies, which is all they read.)
func (s *stretch) level() *history {
	k := len(s.path) - 1
	if k >= len(s.levels) {
		s.levels = make([]history, k+maxSearchDepth+2)
	}
	h := &s.levels[k]
	h.done = false
	return h
}

// above fills h for the last position of s's path, once.
func (s *stretch) above(h *history) {
	if h.done {
		return
	}
	h.done = true
	h.byLB = [2][maxSearchDepth + 2]uint64{}
	h.least = [2]int{math.MaxInt, math.MaxInt}
	k := len(s.path) - 1
	p := s.path[k].p
	for _, e := range s.path[s.base:k] {
		h.byLB[e.p.ToMove()][min(plies(p, e.p), maxSearchDepth+1)] ^= positionHash(e.p)
		mover := e.p.ToMove()
		switch e.kind {
		case solver.Won:
			h.least[mover] = min(h.least[mover], e.plies)
		case solver.Lost:
			h.least[mover.Opponent()] = min(h.least[mover.Opponent()], e.plies)
		}
	}
}

// probe returns the stored result for the last position of s's path at
// depth d, if one may be reused there.
func (s *stretch) probe(a rules.Side, d int, h *history) (proof, bool) {
	t := s.tt
	if t == nil || t.e == nil {
		return proof{}, false
	}
	k := len(s.path) - 1
	p := s.path[k].p
	f, b := t.key(p, a, s.narrow)
	for i := b; i < b+2; i++ {
		e := &t.e[i]
		if e.flags&ttKey != f || e.black != p.Black() || e.white != p.White() {
			continue
		}
		won, exact := e.flags&ttWon != 0, e.flags&ttExact != 0
		if won && d < int(e.depth) || !won && !exact && d > int(e.depth) {
			continue
		}
		if s.quiet()+int(e.need) > jg.NoCaptureLimit {
			continue
		}
		s.above(h)
		if !e.nearOK(h.near(a, int(e.depth)+1)) || h.least[0] < int(e.demand[0]) || h.least[1] < int(e.demand[1]) {
			continue
		}
		t.hits++
		dp := noDeps
		dp.reach = k + int(e.need)
		dp.blocked = k // what blocked a clear lay below the node
		// A move ruled out by a position above the node: that position
		// (the same in both paths) may lie above every node of the path.
		dp.attHit, dp.defHit = k, k
		if e.above&ttAttackerRuledOut != 0 {
			dp.attHit = -1
		}
		if e.above&ttDefenderRuledOut != 0 {
			dp.defHit = -1
		}
		dp.demand = [2]int{int(e.demand[0]), int(e.demand[1])}
		return proof{won: won, exact: exact, dist: int(e.dist), deps: dp}, true
	}
	return proof{}, false
}

// store keeps r, attack's result at depth d for the last position of s's
// path, where the rules of the table's comment allow it.
func (s *stretch) store(a rules.Side, d int, r proof, h *history) {
	t := s.tt
	k := len(s.path) - 1
	if t == nil || r.bound || r.blocked < k || r.dist > math.MaxUint8 {
		return
	}
	if t.e == nil {
		t.e = make([]ttEntry, 2<<ttBits)
	}
	p := s.path[k].p
	f, b := t.key(p, a, s.narrow)
	if r.won {
		f |= ttWon
	}
	if r.exact {
		f |= ttExact
	}
	var above uint8
	if r.attHit < k {
		above |= ttAttackerRuledOut
	}
	if r.defHit < k {
		above |= ttDefenderRuledOut
	}
	s.above(h)
	e := ttEntry{near: h.near(a, d+1), black: p.Black(), white: p.White(), flags: f, depth: uint8(d), dist: uint8(r.dist),
		need: uint8(max(r.reach-k, 0)), demand: [2]uint8{uint8(r.demand[0]), uint8(r.demand[1])}, above: above}
	if old := &t.e[b]; old.flags&ttUsed == 0 || int(old.depth) <= d {
		*old = e
	} else {
		t.e[b+1] = e
	}
	t.stores++
}

// positionHash is p's hash in a near set.
func positionHash(p jg.Position) uint64 {
	x := uint64(p.Black())<<17 | uint64(p.White())<<1 | uint64(p.ToMove())
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	return x ^ x>>31
}

// oddSquares is the mask of the squares whose file and rank sum to an odd
// number: a step changes the parity of its piece's square.
const oddSquares = 0x5a5a

// plies returns a lower bound of the quiet plies from p to q (math.MaxInt
// when no number of them leads there): each ply moves one piece of the
// side to move one step, and the sides alternate from p's side to move. So
// each side needs a move for each of its pieces not on a square of its
// pieces in q, and moves of the parity by which the count of its pieces on
// odd squares differs (a step changes its piece's square's parity); the
// plies are twice the moves of the side that moves more, plus one when
// p's side to move makes one move more.
func plies(p, q jg.Position) int {
	s := p.ToMove()
	var need, par [2]int
	for _, c := range [2]rules.Side{rules.Black, rules.White} {
		a, b := p.Black(), q.Black()
		if c == rules.White {
			a, b = p.White(), q.White()
		}
		need[c] = bits.OnesCount16(a &^ b)
		par[c] = (bits.OnesCount16(a&oddSquares) + bits.OnesCount16(b&oddSquares)) & 1
		need[c] += (need[c] ^ par[c]) & 1
	}
	o := s.Opponent()
	if q.ToMove() == s { // both sides make m moves, m of both parities
		if par[s] != par[o] {
			return math.MaxInt
		}
		return 2 * max(need[s], need[o])
	}
	// p's side to move makes m+1 moves, the other m.
	if par[s] == par[o] {
		return math.MaxInt
	}
	return 2*max(need[s]-1, need[o]) + 1
}

// nearOK reports whether e may be reused where the positions above the node
// within its radius make the sets near (by the side to move: the
// attacker's, the defender's). Both must be the sets e was computed with,
// or only the one that can rule out the moves that carry e's result: a win whose search ruled out no defender's move by a position
// above the node stays a win with any positions with the attacker to move
// above it (they can only rule out more of the defender's moves: a
// defender with fewer moves loses at least as surely, and one left with
// none loses), as long as the attacker's moves are the same (the same
// positions with the defender to move); and a "not won" whose search
// ruled out none of the attacker's moves stays so with any positions with
// the defender to move, as long as those with the attacker to move are the
// same.
func (e *ttEntry) nearOK(near [2]uint64) bool {
	switch {
	case e.flags&ttWon != 0 && e.above&ttDefenderRuledOut == 0:
		return near[1] == e.near[1]
	case e.flags&ttWon == 0 && e.above&ttAttackerRuledOut == 0:
		return near[0] == e.near[0]
	}
	return near == e.near
}
