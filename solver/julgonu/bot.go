package julgonu

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

// The bot levels, all of which play only moves that the game's history
// allows (positional superko):
//
//   - perfect: in a won position the fastest win that superko allows: the
//     table's line is trusted unless a position of the game's history could
//     lie on it, and then a depth-first search over table-won moves, with
//     the history, finds the fastest forced win (within a node budget; past
//     it, the table's fastest legal win). In any other position it runs
//     the history search on every legal move: first the proof-number
//     search (pns.go), which follows narrow forcing lines to their end,
//     then the depth-first search (history.go), deepening while its budget
//     lasts. It plays a move after which the search proves a
//     win (a repetition trap for the opponent), else a move the search
//     does not prove lost (a table draw before a table loss; among equals,
//     the one that leaves it most moves that keep its table value after
//     the opponent's reply), else the loss the search found longest. So it
//     never walks into a repetition trap the search sees. Among table
//     draws left open it then looks deeper along table-faithful lines
//     (keep.go) and avoids those with a trap there; a trap deeper than
//     both it can still walk into (see the package doc).
//   - strong: as perfect, but on every other turn of a won game it may
//     choose a win up to two plies slower; the table distance still falls
//     at least every second turn, so a won game ends.
//   - casual: a random legal move, but it takes a win in one and avoids a
//     move after which the opponent wins in one.
//
// In a won position the 100-ply no-capture draw is not taken into account:
// the longest win (57 plies) is shorter than the limit.

// searchBudget bounds the positions a won-game search visits per move.
const searchBudget = 50000

// defaultBotNodes bounds the positions the history search of a move
// visits in a position the table does not call won (1.5-2 s of one core of
// this machine: in the tightest positions botPlan's times end it first).
const defaultBotNodes = 1_000_000

// moveNodes is the history search's budget per bot move.
func (s *Solver) moveNodes() int {
	if s.nodes > 0 {
		return s.nodes
	}
	return defaultBotNodes
}

// Levels lists perfect, strong and casual.
func (s *Solver) Levels() []solver.Level {
	return []solver.Level{solver.Perfect, solver.Strong, solver.Casual}
}

// concrete converts a game's positions.
func concrete(g *rules.Game) ([]jg.Position, error) {
	ps := make([]jg.Position, len(g.Positions))
	for i, p := range g.Positions {
		q, err := rules.As[jg.Position](p)
		if err != nil {
			return nil, fmt.Errorf("jul-gonu bot: position %d: %w", i, err)
		}
		ps[i] = q
	}
	return ps, nil
}

// Choose returns the bot's move at level in g's current position.
func (s *Solver) Choose(ctx context.Context, g *rules.Game, level solver.Level, rng *rand.Rand) (rules.Move, error) {
	ps, err := concrete(g)
	if err != nil {
		return rules.NoMove, err
	}
	if o := g.Outcome(); o.Over() {
		return rules.NoMove, fmt.Errorf("jul-gonu bot: %w (%s)", solver.ErrGameOver, o)
	}
	legal := jg.SuperkoMoves(ps)
	switch level {
	case solver.Casual:
		return solver.CasualMove(g, rng)
	case solver.Perfect, solver.Strong:
	default:
		return rules.NoMove, fmt.Errorf("jul-gonu bot: no level %q (perfect, strong or casual)", level)
	}
	t, err := s.Table(ctx)
	if err != nil {
		return rules.NoMove, fmt.Errorf("jul-gonu bot: %w", err)
	}
	wins, others := split(t, ps, legal)
	if len(wins) > 0 {
		slow := level == solver.Strong && (g.Ply()/2)%2 == 0
		return newSearch(t, ps).win(ctx, wins, slow, rng), nil
	}
	return keep(ctx, t, ps, others, s.moveNodes(), rng), nil
}

// split sorts the legal moves of the last of ps by the table: the wins,
// and the others, table draws before table losses.
func split(t *Table, ps []jg.Position, legal []rules.Move) (wins, others []cand) {
	p := ps[len(ps)-1]
	var losses []cand
	for _, m := range legal {
		c, _ := p.After(m)
		cv, _ := t.Lookup(c)
		switch cv.Kind {
		case solver.Lost:
			wins = append(wins, cand{m, c, cv.Plies + 1})
		case solver.Drawn:
			others = append(others, cand{m, c, 0})
		default:
			losses = append(losses, cand{m, c, cv.Plies + 1})
		}
	}
	return wins, append(others, losses...)
}

// cand is a legal move, the position it leads to, and its distance in plies
// by the table (for a win or a loss).
type cand struct {
	m     rules.Move
	child jg.Position
	plies int
}

func pick(cs []cand, rng *rand.Rand) rules.Move { return cs[rng.IntN(len(cs))].m }

// search plays out lines from the game's current position with the
// history (game positions, then the line) in mind.
type search struct {
	t    *Table
	hist []jg.Position
	// blk[i] is, for hist[i], the table distance of a position a winning
	// line of ours may pass through (our side to move and won, or the
	// opponent's and lost), else -1.
	blk   []int
	us    rules.Side
	nodes int
}

func newSearch(t *Table, ps []jg.Position) *search {
	s := &search{t: t, us: ps[len(ps)-1].ToMove()}
	for _, p := range ps {
		s.push(p)
	}
	return s
}

func (s *search) push(p jg.Position) {
	s.hist = append(s.hist, p)
	v, ok := s.t.Lookup(p)
	b := -1
	if ok && ((p.ToMove() == s.us && v.Kind == solver.Won) || (p.ToMove() != s.us && v.Kind == solver.Lost)) {
		b = v.Plies
	}
	s.blk = append(s.blk, b)
}

func (s *search) pop() {
	s.hist = s.hist[:len(s.hist)-1]
	s.blk = s.blk[:len(s.blk)-1]
}

// clear reports whether no earlier position could lie on a table line of
// n plies from the last position: every position on such a line is ours
// and won or theirs and lost, in fewer than n plies.
func (s *search) clear(n int) bool {
	for _, b := range s.blk[:len(s.blk)-1] {
		if b >= 0 && b < n {
			return false
		}
	}
	return true
}

var errBudget = errors.New("search budget spent")

// forced reports whether we, to move at the end of hist, can force a win
// within r plies.
func (s *search) forced(r int) (bool, error) {
	p := s.hist[len(s.hist)-1]
	v, _ := s.t.Lookup(p)
	if v.Kind != solver.Won || r < 1 {
		return false, nil
	}
	if v.Plies <= r && s.clear(v.Plies) {
		return true, nil
	}
	s.nodes++
	if s.nodes > searchBudget {
		return false, errBudget
	}
	for _, m := range jg.SuperkoMoves(s.hist) {
		c, _ := p.After(m)
		cv, _ := s.t.Lookup(c)
		if cv.Kind != solver.Lost || cv.Plies+1 > r {
			continue
		}
		ok, err := s.loses(c, r-1)
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// loses reports whether the opponent, to move in c after our move, loses
// within r plies.
func (s *search) loses(c jg.Position, r int) (bool, error) {
	s.push(c)
	defer s.pop()
	if bits.OnesCount16(c.Own()) <= 1 {
		return true, nil
	}
	replies := jg.SuperkoMoves(s.hist)
	if len(replies) == 0 {
		return true, nil
	}
	if r < 2 {
		return false, nil
	}
	for _, m := range replies {
		gc, _ := c.After(m)
		s.push(gc)
		ok, err := s.forced(r - 1)
		s.pop()
		if !ok || err != nil {
			return false, err
		}
	}
	return true, nil
}

// win chooses among the winning moves wins: the fastest win superko allows
// (or, when slow, one up to two plies slower than that).
func (s *search) win(ctx context.Context, wins []cand, slow bool, rng *rand.Rand) rules.Move {
	best := 1 << 30
	for _, c := range wins {
		best = min(best, c.plies)
	}
	for r := best; r < 256; r += 2 {
		if ctx.Err() != nil {
			break
		}
		var ok []cand
		for _, c := range wins {
			if c.plies > r {
				continue
			}
			won, err := s.loses(c.child, r-1)
			if err != nil {
				return fastest(wins, rng)
			}
			if won {
				ok = append(ok, c)
			}
		}
		if len(ok) == 0 {
			continue
		}
		if !slow {
			return pick(ok, rng)
		}
		// A slower win, still forced within r+2 plies.
		var slower []cand
		for _, c := range wins {
			if c.plies > r+2 {
				continue
			}
			if won, err := s.loses(c.child, r+1); err == nil && won {
				slower = append(slower, c)
			}
		}
		if len(slower) == 0 {
			return pick(ok, rng)
		}
		return pick(slower, rng)
	}
	return fastest(wins, rng)
}

// fastest returns a move that wins fastest by the table.
func fastest(cs []cand, rng *rand.Rand) rules.Move {
	best := 1 << 30
	var bs []cand
	for _, c := range cs {
		if c.plies < best {
			best, bs = c.plies, bs[:0]
		}
		if c.plies == best {
			bs = append(bs, c)
		}
	}
	return pick(bs, rng)
}

// Evaluate returns the value of g's current position for the side to move
// with the game's history (Prove), proven or the table's.
func (s *Solver) Evaluate(ctx context.Context, g *rules.Game) (solver.Value, error) {
	v, err := s.Judge(ctx, g)
	return v.Value, err
}

// Prove is Evaluate, with whether the value is proven under the real rules
// and on what it rests (solver.Prover).
func (s *Solver) Prove(ctx context.Context, g *rules.Game) (solver.Value, bool, string, error) {
	v, err := s.Judge(ctx, g)
	return v.Value, v.Proven, v.Basis(), err
}

// Judge returns Table.Judge of g's current position with its history,
// within DefaultJudgeNodes or until ctx is done. A finished game is valued
// by its result: L 0 for the loser to move, D for a draw.
func (s *Solver) Judge(ctx context.Context, g *rules.Game) (Verdict, error) {
	ps, err := concrete(g)
	if err != nil {
		return Verdict{}, fmt.Errorf("jul-gonu analyst: %w", err)
	}
	if v, over := solver.OutcomeValue(g); over {
		return Verdict{Value: v, Proven: true}, nil
	}
	t, err := s.Table(ctx)
	if err != nil {
		return Verdict{}, fmt.Errorf("jul-gonu analyst: %w", err)
	}
	return t.Judge(ctx, ps, DefaultJudgeNodes), nil
}
