package julgonu

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// The value of a position with the game's history (see the package doc):
// the table ignores the rule that no position may repeat and the 100-ply
// no-capture draw, so in a game it can call a position drawn whose only
// drawing move would repeat an earlier one. A capture lowers the material,
// so a position from before the last capture can never recur: the history
// that matters is the current capture-free stretch, and the no-capture
// count, which are the state of this search.
//
// The search proves wins and losses: "can the attacker force a win" is an
// AND/OR search over the game with the positions of the stretch on its path
// (a capture starts a new stretch, whose first position is then the only
// one that counts). Its leaves are the game's ends and the table's won and
// lost values where no position of the stretch can lie on the table's line
// (every position on a table line of n plies is the winner's won or the
// loser's lost in fewer than n plies, and the line ends within the
// no-capture count): there the table's value is the value under the real
// rules. A table draw is a leaf only at the search's horizon, and then
// proves nothing.

// DefaultJudgeNodes is the node budget of Judge when none is given: about
// half a second of one core here; a deadline on the context may end it
// sooner.
const DefaultJudgeNodes = 300_000

// errSpent is returned when a search has visited its budget of nodes.
var errSpent = errors.New("history search: node budget spent")

// Verdict is the value of a game's position for the side to move under the
// real rules (no repeated position, the 100-ply no-capture draw).
type Verdict struct {
	// Value is proven when Proven is true; otherwise it is the table's
	// value, which ignores repetition.
	Value solver.Value
	// Proven says whether the search decided Value. A proven win or loss
	// gives in Value.Plies the length of the line the search found (the
	// table's distance where the table decided it), which may exceed the
	// fastest one.
	Proven bool
	// Depth is how many plies the search looked ahead (fully, on every
	// line) and Nodes how many positions it visited.
	Depth, Nodes int
}

// Basis says in words on what the verdict rests.
func (v Verdict) Basis() string {
	switch {
	case v.Proven && v.Value.Kind == solver.Drawn:
		return "proven with the game's history (no repeated position, the 100-ply draw)"
	case v.Proven:
		return fmt.Sprintf("proven with the game's history, %d plies searched", v.Depth)
	}
	return fmt.Sprintf("by the table (repetition not searched beyond %d plies)", v.Depth)
}

// step is one position on the search's path with its table value.
type step struct {
	p     jg.Position
	kind  solver.Kind
	plies int
}

// stretch is the search's state: the path of positions (the game's current
// capture-free stretch, then the line searched) and where the current
// stretch begins on it.
type stretch struct {
	t      *Table
	ctx    context.Context
	path   []step
	base   int
	nodes  int
	budget int
	// narrow makes attack a look-ahead, not a proof: both sides play only
	// moves that keep their table value, and a side that has none loses
	// (it would have to step into a table loss). Its "won" means "won
	// against every table-faithful defence", which the bot uses to see
	// repetition traps deeper than a full search reaches.
	narrow bool
	// seen counts the positions of the path by their bucket: a position
	// whose bucket is empty is not on it (repeats looks no further).
	seen [1 << seenBits]uint16
	// tt holds results of attack for reuse (transpose.go); nil: none.
	tt *transpositions
	// levels holds, by path index, what probe and store read of the
	// positions above the node (transpose.go).
	levels []history
	// hit is the least path index of a position repeats found since it
	// was last set to math.MaxInt.
	hit int
}

// newStretch starts a search from the end of the game ps: the positions
// since the last capture are its history.
func newStretch(ctx context.Context, t *Table, ps []jg.Position, budget int) *stretch {
	first := len(ps) - 1
	n := material(ps[first])
	for first > 0 && material(ps[first-1]) == n {
		first--
	}
	s := &stretch{t: t, ctx: ctx, budget: budget, path: make([]step, 0, len(ps)-first+64), tt: &transpositions{}}
	for _, p := range ps[first:] {
		s.push(p)
	}
	return s
}

func material(p jg.Position) int { return bits.OnesCount16(p.Black() | p.White()) }

func (s *stretch) push(p jg.Position) {
	s.path = append(s.path, s.step(p))
	s.seen[bucket(p)]++
}

// bucket is p's place in stretch.seen.
func bucket(p jg.Position) int {
	x := uint64(p.Black())<<17 | uint64(p.White())<<1 | uint64(p.ToMove())
	return int((x * 0x9E3779B97F4A7C15) >> (64 - seenBits))
}

// seenBits is the log2 of the size of stretch.seen.
const seenBits = 10

// step is p with its table value.
func (s *stretch) step(p jg.Position) step {
	e := step{p: p, kind: solver.Won} // the side not to move has one piece or none
	if v, ok := s.t.Lookup(p); ok {
		e.kind, e.plies = v.Kind, v.Plies
	}
	return e
}

// enter pushes the child c, starting a new stretch when the move to it
// captured; leave undoes it.
func (s *stretch) enter(c jg.Position, captured bool) (oldBase int) {
	return s.enterStep(s.step(c), captured)
}

// enterStep is enter with the child's table value already looked up.
func (s *stretch) enterStep(c step, captured bool) (oldBase int) {
	oldBase = s.base
	s.path = append(s.path, c)
	s.seen[bucket(c.p)]++
	if captured {
		s.base = len(s.path) - 1
	}
	return oldBase
}

func (s *stretch) leave(oldBase int) {
	s.seen[bucket(s.path[len(s.path)-1].p)]--
	s.path = s.path[:len(s.path)-1]
	s.base = oldBase
}

// quiet is the no-capture count at the last position.
func (s *stretch) quiet() int { return len(s.path) - 1 - s.base }

// clear reports whether no earlier position of the stretch can lie on a
// table line of n plies from the last position that winner wins, and the
// line ends within the no-capture count; it adds to dp what it read (see
// deps).
func (s *stretch) clear(n int, winner rules.Side, dp *deps) bool {
	j := len(s.path) - 1
	if s.quiet()+n > jg.NoCaptureLimit {
		dp.bound = true
		return false
	}
	dp.reach = max(dp.reach, j+n)
	for i := j - 1; i >= s.base; i-- { // the deepest blocking position first
		e := s.path[i]
		if e.plies >= n {
			continue
		}
		mover := e.p.ToMove()
		if (mover == winner && e.kind == solver.Won) || (mover != winner && e.kind == solver.Lost) {
			dp.blocked = min(dp.blocked, i)
			return false
		}
	}
	dp.demand[winner] = max(dp.demand[winner], n)
	return true
}

// kid is a legal move's result: the position with its table value, and
// whether it captured.
type kid struct {
	step
	captured bool
	rank     int // the child's table value for the mover: 2 won, 1 drawn, 0 lost
	// replies is, when narrowestFirst counted them, how many moves of the
	// child keep its mover's table value without repeating.
	replies int
}

// moves calls f with the position after each move of the last position
// and the pieces it captures, until f returns false.
func (s *stretch) moves(f func(c jg.Position, caps uint16) bool) {
	p := s.path[len(s.path)-1].p
	own, opp := p.Own(), p.Opp()
	if bits.OnesCount16(own) <= 1 {
		return
	}
	empty := ^(own | opp)
	next := p.ToMove().Opponent()
	for o := own; o != 0; o &= o - 1 {
		from := bits.TrailingZeros16(o)
		for _, to := range jg.Neighbours(from) {
			if to < 0 || empty&(1<<to) == 0 {
				continue
			}
			nown := own&^(1<<from) | 1<<to
			caps := jg.Captures(nown, opp, to)
			if !f(jg.FromOwnOpp(opp&^caps, nown, next), caps) {
				return
			}
		}
	}
}

// kids fills ks with the moves of the last position that do not repeat a
// position of the stretch, best first by the table for the mover, and
// returns how many there are.
func (s *stretch) kids(ks *[16]kid) int {
	n := 0
	s.moves(func(c jg.Position, caps uint16) bool {
		if caps == 0 && s.repeats(c) {
			return true
		}
		e := s.step(c)
		r := 0 // the child's mover wins: lost for us
		if e.kind == solver.Lost {
			r = 2
		} else if e.kind == solver.Drawn {
			r = 1
		}
		ks[n] = kid{step: e, captured: caps != 0, rank: r}
		n++
		return true
	})
	// Insertion sort, best first (stable: the generator's order otherwise).
	for i := 1; i < n; i++ {
		for j := i; j > 0 && ks[j].rank > ks[j-1].rank; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return n
}

// narrowestFirst orders ks, which kids sorted, among moves of the same
// rank by how many replies keep the other side's table value without
// repeating, fewest first: the attacker tries first the moves that leave
// the defender least choice (its proof is likeliest there and smallest),
// the defender the replies that leave the attacker least (the cheapest to
// refute), as proof-number search would. Moves that give up the mover's
// table value keep their place at the end.
func (s *stretch) narrowestFirst(ks []kid) {
	for i := range ks {
		if ks[i].rank == 0 {
			break
		}
		old := s.enterStep(ks[i].step, ks[i].captured)
		ks[i].replies = s.keeping()
		s.leave(old)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j].rank == ks[j-1].rank && ks[j].rank > 0 && ks[j].replies < ks[j-1].replies; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// keeping counts the moves of the last position that do not repeat a
// position of the stretch and keep the mover's table value.
func (s *stretch) keeping() int {
	p := s.path[len(s.path)-1].p
	known := s.t.ix.in(p.Own(), p.Opp())
	n := 0
	if known {
		n = int(s.t.keeps[s.t.ix.of(p.Own(), p.Opp())])
	}
	s.moves(func(c jg.Position, caps uint16) bool {
		switch {
		case !known && (caps != 0 || !s.repeats(c)) && s.step(c).kind != solver.Won:
			n++ // not in the table (the side not to move has one piece or none)
		case known && caps == 0 && s.repeats(c) && s.step(c).kind != solver.Won:
			n-- // counted by the table, forbidden by the history
		}
		return true
	})
	return n
}

// hasMove reports whether the last position has a move that does not
// repeat a position of the stretch.
func (s *stretch) hasMove() bool {
	found := false
	s.moves(func(c jg.Position, caps uint16) bool {
		found = caps != 0 || !s.repeats(c)
		return !found
	})
	return found
}

// repeats reports whether c is a position of the stretch; the least index
// on the path of a position it found goes to s.hit.
func (s *stretch) repeats(c jg.Position) bool {
	if s.seen[bucket(c)] == 0 {
		return false
	}
	for i := s.base; i < len(s.path); i++ {
		if s.path[i].p == c {
			s.hit = min(s.hit, i)
			return true
		}
	}
	return false
}

// proof is an attack's answer: won (the attacker forces a win, in at most
// dist plies), or not; exact says a "not won" is certain (no line was cut
// at the horizon).
type proof struct {
	won   bool
	exact bool
	dist  int
	deps
}

// attack reports whether side a can force a win from the last position of
// the path within depth plies of search (the table's proven values count
// as leaves at any depth). Its results are reused through the
// transposition table where that is sound (transpose.go).
func (s *stretch) attack(a rules.Side, depth int) (proof, error) {
	p := s.path[len(s.path)-1].p
	mover := p.ToMove()
	switch {
	case bits.OnesCount16(p.Own()) <= 1:
		return proof{won: mover != a, exact: true, deps: noDeps}, nil
	case bits.OnesCount16(p.Opp()) <= 1:
		return proof{won: mover == a, exact: true, deps: noDeps}, nil
	}
	if depth < ttDepth {
		return s.search(a, depth)
	}
	h := s.level()
	if r, ok := s.probe(a, depth, h); ok {
		return r, nil
	}
	r, err := s.search(a, depth)
	if err == nil {
		s.store(a, depth, r, h)
	}
	return r, err
}

// search is attack at a position where both sides have two pieces or
// more, without the table.
func (s *stretch) search(a rules.Side, depth int) (proof, error) {
	last := s.path[len(s.path)-1]
	p := last.p
	mover := p.ToMove()
	dp := noDeps
	var ks [16]kid
	n := 0
	s.hit = math.MaxInt
	if depth > 0 {
		n = s.kids(&ks)
		dp.addHit(mover == a, s.hit)
		if depth > 1 {
			s.narrowestFirst(ks[:n])
		}
		if s.narrow && n > 0 {
			if ks[0].rank == 0 { // kids are best first: every move gives up the table value
				return proof{won: mover != a, deps: dp}, nil
			}
			for n > 0 && ks[n-1].rank == 0 {
				n--
			}
		}
	} else if s.hasMove() {
		n = 1 // a leaf needs no more than that
	}
	if depth <= 0 {
		dp.addHit(mover == a, s.hit)
	}
	if n == 0 { // blocked, or every move repeats
		return proof{won: mover != a, exact: true, deps: dp}, nil
	}
	if s.quiet() >= jg.NoCaptureLimit {
		dp.bound = true
		return proof{exact: true, deps: dp}, nil
	}
	dp.reach = len(s.path)
	switch {
	case last.kind == solver.Won && s.clear(last.plies, mover, &dp):
		return proof{won: mover == a, exact: true, dist: last.plies, deps: dp}, nil
	case last.kind == solver.Lost && s.clear(last.plies, mover.Opponent(), &dp):
		return proof{won: mover != a, exact: true, dist: last.plies, deps: dp}, nil
	case depth <= 0:
		return proof{deps: dp}, nil
	}
	s.nodes++
	if s.nodes > s.budget {
		return proof{}, errSpent
	}
	if s.nodes&4095 == 0 && s.ctx.Err() != nil {
		return proof{}, fmt.Errorf("history search: %w", s.ctx.Err())
	}
	// The attacker's node needs one won child, the defender's all.
	attacker := mover == a
	exact, longest := true, 0
	for _, k := range ks[:n] {
		old := s.enterStep(k.step, k.captured)
		r, err := s.attack(a, depth-1)
		s.leave(old)
		if err != nil {
			return proof{}, err
		}
		dp.add(r.deps, k.captured)
		switch {
		case attacker && r.won:
			return proof{won: true, exact: true, dist: r.dist + 1, deps: dp}, nil
		case attacker:
			exact = exact && r.exact
		case !r.won:
			r.deps = dp
			return r, nil
		default:
			longest = max(longest, r.dist+1)
		}
	}
	if attacker {
		return proof{exact: exact, deps: dp}, nil
	}
	return proof{won: true, exact: true, dist: longest, deps: dp}, nil
}

// verdict deepens the two attacks from the last position of the path (the
// side to move's and its opponent's) until one proves a win, both are
// exact, or the budget is spent.
func (s *stretch) verdict(maxDepth int) Verdict {
	last := s.path[len(s.path)-1]
	p := last.p
	mover := p.ToMove()
	v := Verdict{Value: solver.Value{Kind: last.kind, Plies: last.plies}}
	for d := 0; d <= maxDepth; d++ {
		us, err := s.attack(mover, d)
		if err != nil {
			break
		}
		if us.won {
			v.Value, v.Proven = solver.Value{Kind: solver.Won, Plies: us.dist}, true
			v.Depth = d
			break
		}
		them, err := s.attack(mover.Opponent(), d)
		if err != nil {
			break
		}
		v.Depth = d
		if them.won {
			v.Value, v.Proven = solver.Value{Kind: solver.Lost, Plies: them.dist}, true
			break
		}
		if us.exact && them.exact {
			v.Value, v.Proven = solver.Value{Kind: solver.Drawn}, true
			break
		}
	}
	v.Nodes = s.nodes
	return v
}

// maxSearchDepth bounds the look-ahead of every history search.
const maxSearchDepth = 64

// Judge returns the value of the last of ps, the positions of a game from
// its first, for the side to move under the real rules, searching at most
// budget positions (0: DefaultJudgeNodes) or until ctx is done: first the
// proof-number search (pns.go) within half the budget, then the
// depth-first search, deepening, with the rest. A game that is over gets
// its result.
func (t *Table) Judge(ctx context.Context, ps []jg.Position, budget int) Verdict {
	if budget <= 0 {
		budget = DefaultJudgeNodes
	}
	if o := jg.Judge(ps); o.Over() {
		v := solver.Value{Kind: solver.Drawn}
		if o.Status == rules.Win {
			v.Kind = solver.Lost
			if o.Winner == ps[len(ps)-1].ToMove() {
				v.Kind = solver.Won
			}
		}
		return Verdict{Value: v, Proven: true}
	}
	s := newStretch(ctx, t, ps, budget)
	if v, ok := s.verdictByNumbers(); ok {
		return v
	}
	return s.verdict(maxSearchDepth)
}
