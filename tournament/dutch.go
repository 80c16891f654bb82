package tournament

import (
	"fmt"
	"math/bits"
	"sort"
)

// maxPlayers is how many players the pairing's bit sets hold.
const maxPlayers = 64

// Search budgets: how many steps a bracket's search may take once it has
// a legal candidate (then it keeps the best so far), and before it has
// one (then it tries one pair fewer; zero pairs always succeeds).
const (
	improveSteps = 20000
	findSteps    = 200000
)

// field is the players of one Swiss round, ranked (score, then seed), and
// who may meet whom.
type field struct {
	ps    []*history
	prefs []preference
	may   [][]bool
	memo  map[uint64]bool
}

func newField(ps []*history) *field {
	f := &field{ps: ps, prefs: make([]preference, len(ps)), may: make([][]bool, len(ps)), memo: map[uint64]bool{}}
	for i, p := range ps {
		f.prefs[i] = preferenceOf(p.colours)
	}
	for i, p := range ps {
		f.may[i] = make([]bool, len(ps))
		for j, q := range ps {
			a, b := f.prefs[i], f.prefs[j]
			sameAbsolute := a.strength == absolute && b.strength == absolute && a.colour == b.colour
			f.may[i][j] = i != j && !p.met[q.id] && !sameAbsolute
		}
	}
	return f
}

// pairable reports whether the players in set can all be paired among
// themselves under the absolute criteria (memoised: exact, fast on the
// dense graphs of a Swiss that has rounds left).
func (f *field) pairable(set uint64) bool {
	if set == 0 {
		return true
	}
	if bits.OnesCount64(set)%2 == 1 {
		return false
	}
	if v, ok := f.memo[set]; ok {
		return v
	}
	i := bits.TrailingZeros64(set)
	rest := set &^ (1 << i)
	found := false
	for m := rest; m != 0 && !found; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		found = f.may[i][j] && f.pairable(rest&^(1<<j))
	}
	f.memo[set] = found
	return found
}

// pairSwiss pairs the next Swiss round by the Dutch system.
func (t *Tournament) pairSwiss() ([]Game, error) {
	hs := t.histories()
	var ps []*history
	for _, p := range t.Players {
		if !t.Withdrawn[p.ID] {
			ps = append(ps, hs[p.ID])
		}
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("%w: every player has withdrawn", ErrNoPairing)
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].score > ps[j].score })
	f := newField(ps)
	all := uint64(1)<<len(ps) - 1
	if len(ps) == maxPlayers {
		all = ^uint64(0)
	}
	bye := -1
	if len(ps)%2 == 1 {
		for i := len(ps) - 1; i >= 0 && bye < 0; i-- {
			if !ps[i].byeBarred && f.pairable(all&^(1<<i)) {
				bye = i
			}
		}
		if bye < 0 {
			return nil, fmt.Errorf("%w: nobody left can take the bye", ErrNoPairing)
		}
		all &^= 1 << bye
	} else if !f.pairable(all) {
		return nil, fmt.Errorf("%w: everyone has met everyone they may meet", ErrNoPairing)
	}
	pairs := f.dutch(all)
	if 2*len(pairs) != bits.OnesCount64(all) {
		// Cannot happen: every bracket keeps the rest pairable.
		return nil, fmt.Errorf("tournament: the search paired %d of %d players", 2*len(pairs), bits.OnesCount64(all))
	}
	sort.SliceStable(pairs, func(x, y int) bool {
		a, b := pairs[x], pairs[y]
		sa, sb := ps[a[0]].score+ps[a[1]].score, ps[b[0]].score+ps[b[1]].score
		ma, mb := max(ps[a[0]].score, ps[a[1]].score), max(ps[b[0]].score, ps[b[1]].score)
		if ma != mb {
			return ma > mb
		}
		if sa != sb {
			return sa > sb
		}
		return min(a[0], a[1]) < min(b[0], b[1])
	})
	games := make([]Game, 0, len(pairs)+1)
	for _, pr := range pairs {
		hi, lo := ps[min(pr[0], pr[1])], ps[max(pr[0], pr[1])]
		if allocate(hi, lo) {
			games = append(games, Game{White: hi.id, Black: lo.id})
		} else {
			games = append(games, Game{White: lo.id, Black: hi.id})
		}
	}
	if bye >= 0 {
		games = append(games, Game{White: ps[bye].id})
	}
	return games, nil
}

// dutch pairs the players in set, score bracket by score bracket from
// the top; whoever a bracket cannot pair floats down to the next.
func (f *field) dutch(set uint64) [][2]int {
	var order []int
	for m := set; m != 0; m &= m - 1 {
		order = append(order, bits.TrailingZeros64(m))
	}
	var pairs [][2]int
	var floaters []int
	for start := 0; start < len(order); {
		end := start
		for end < len(order) && f.ps[order[end]].score == f.ps[order[start]].score {
			end++
		}
		bracket := append(append([]int(nil), floaters...), order[start:end]...)
		var lower uint64
		for _, i := range order[end:] {
			lower |= 1 << i
		}
		got, left := f.pairBracket(bracket, len(floaters), lower)
		pairs = append(pairs, got...)
		floaters = left
		start = end
	}
	return pairs
}

// pairBracket pairs as many of a bracket (the first mdps moved down from
// above) as it can such that those left over and the lower brackets can
// still be paired (completion), and among those the candidate with the
// fewest colour clashes, first in the Dutch order.
func (f *field) pairBracket(bracket []int, mdps int, lower uint64) ([][2]int, []int) {
	for p := len(bracket) / 2; p > 0; p-- {
		if lower == 0 && 2*p != len(bracket) {
			continue
		}
		s := &bracketSearch{f: f, bracket: bracket, mdps: mdps, pairs: p, floats: len(bracket) - 2*p, lower: lower,
			partner: make([]int, len(bracket))}
		for i := range s.partner {
			s.partner[i] = undecided
		}
		if s.run() {
			return s.best, s.bestLeft
		}
	}
	return nil, bracket
}

const (
	undecided = -1
	floated   = -2
)

// bracketSearch walks the candidate pairings of one bracket in the Dutch
// order: the moved-down players (the bracket's first mdps) against the
// residents in order; then the remainder's S1 (as many as the pairs still
// to make) against its S2 in transposition order, then exchanges within
// S1, then floaters.
type bracketSearch struct {
	f       *field
	bracket []int
	mdps    int
	pairs   int
	floats  int
	lower   uint64
	partner []int // per bracket position: another position, undecided or floated

	steps    int
	found    bool
	bestCost cost
	best     [][2]int
	bestLeft []int
}

func (s *bracketSearch) run() bool {
	s.walk(0, s.floats)
	return s.found
}

// open is every player of the field still to be paired: the bracket's
// undecided and floated players and the lower brackets.
func (s *bracketSearch) open() uint64 {
	set := s.lower
	for pos, q := range s.partner {
		if q < 0 {
			set |= 1 << s.bracket[pos]
		}
	}
	return set
}

// walk decides positions from pos on; it returns false to stop the search.
func (s *bracketSearch) walk(pos, floatsLeft int) bool {
	s.steps++
	if (s.found && s.steps > improveSteps) || (!s.found && s.steps > findSteps) {
		return false
	}
	if !s.f.pairable(s.open()) {
		return true
	}
	for pos < len(s.bracket) && s.partner[pos] != undecided {
		pos++
	}
	if pos == len(s.bracket) {
		if floatsLeft == 0 {
			return s.leaf()
		}
		return true
	}
	tryFloat := func() bool {
		if floatsLeft == 0 {
			return true
		}
		s.partner[pos] = floated
		ok := s.walk(pos+1, floatsLeft-1)
		s.partner[pos] = undecided
		return ok
	}
	try := func(in func(q int) bool) bool {
		for q := pos + 1; q < len(s.bracket); q++ {
			if s.partner[q] != undecided || !in(q) || !s.f.may[s.bracket[pos]][s.bracket[q]] {
				continue
			}
			s.partner[pos], s.partner[q] = q, pos
			ok := s.walk(pos+1, floatsLeft)
			s.partner[pos], s.partner[q] = undecided, undecided
			if !ok {
				return false
			}
		}
		return true
	}
	if pos < s.mdps { // the residents in order, then the other moved-down players
		return try(func(q int) bool { return q >= s.mdps }) && try(func(q int) bool { return q < s.mdps }) && tryFloat()
	}
	inS1 := s.remainderS1()
	if inS1[pos] { // S2 in order (transpositions), then S1 (exchanges)
		return try(func(q int) bool { return !inS1[q] }) && try(func(q int) bool { return inS1[q] }) && tryFloat()
	}
	return tryFloat() && try(func(int) bool { return true })
}

// remainderS1 marks the remainder's S1, once the moved-down players are
// decided: of the residents not paired with one, the first as many as
// there are pairs still to make.
func (s *bracketSearch) remainderS1() []bool {
	made := 0
	for pos := range s.mdps {
		if s.partner[pos] > pos {
			made++
		}
	}
	left := max(s.pairs-made, 0)
	in := make([]bool, len(s.bracket))
	idx := 0
	for pos := s.mdps; pos < len(s.bracket); pos++ {
		if q := s.partner[pos]; q >= 0 && q < s.mdps {
			continue
		}
		in[pos] = idx < left
		idx++
	}
	return in
}

// cost weighs a candidate by the quality criteria, most important first:
// colour preferences not granted, strong ones not granted, players
// floating down who floated down in the round before.
type cost [3]int

func (c cost) less(d cost) bool {
	for i := range c {
		if c[i] != d[i] {
			return c[i] < d[i]
		}
	}
	return false
}

// leaf weighs a complete candidate; it returns false once one is perfect.
func (s *bracketSearch) leaf() bool {
	var c cost
	var pairs [][2]int
	var left []int
	for pos, q := range s.partner {
		switch {
		case q == floated:
			left = append(left, s.bracket[pos])
			if s.f.ps[s.bracket[pos]].floatedDown {
				c[2]++
			}
		case q > pos:
			a, b := s.bracket[pos], s.bracket[q]
			conflict, hard := clash(s.f.prefs[a], s.f.prefs[b])
			if conflict {
				c[0]++
			}
			if hard {
				c[1]++
			}
			pairs = append(pairs, [2]int{a, b})
		}
	}
	if !s.found || c.less(s.bestCost) {
		s.found, s.bestCost, s.best, s.bestLeft = true, c, pairs, left
	}
	return c != cost{}
}
