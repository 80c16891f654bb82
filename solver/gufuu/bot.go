package gufuu

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/solver"
)

// Bot plays Gufuu Shogi from the table at three levels:
//
//   - perfect: the fastest win, the slowest loss, a drawing move when the
//     position is drawn; a random choice among equally good moves.
//   - strong: never turns a win into a draw or a loss, nor a draw into a
//     loss, but takes its time: in a won position it picks at random among
//     the winning moves that are at most one move pair slower than the
//     fastest, and it allows itself that slack only when the distance to
//     mate has come down since its previous turn, so a won game always ends
//     (the distance drops by at least two plies every two turns). Lost, it
//     picks among the two slowest loss distances.
//   - casual: a beginner: a random legal move, except that it mates in one
//     when it can and avoids moves after which the opponent mates in one
//     (if every move allows that, any move).
//
// A position not reachable from the start (a game set up from a position
// string) is not in the table; then perfect and strong choose among the
// moves whose values the table knows first, and casual does not need it.
type Bot struct{ Table *Table }

var _ solver.Bot = Bot{}

// Levels lists perfect, strong and casual.
func (Bot) Levels() []solver.Level {
	return []solver.Level{solver.Perfect, solver.Strong, solver.Casual}
}

// ErrGameOver is returned when the bot is asked to move in a finished game.
var ErrGameOver = errors.New("the game is over")

// Choose returns the bot's move in g's current position.
func (b Bot) Choose(ctx context.Context, g *rules.Game, level solver.Level, rng *rand.Rand) (rules.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if o := g.Outcome(); o.Over() {
		return 0, fmt.Errorf("%w (%s)", ErrGameOver, o)
	}
	p, ok := engine.PosOf(g.Position())
	if !ok {
		return 0, fmt.Errorf("gufuu bot: not a Gufuu Shogi position")
	}
	ms := g.LegalMoves()
	if len(ms) == 0 {
		return 0, ErrGameOver
	}
	var pick []rules.Move
	switch level {
	case solver.Perfect:
		pick = b.best(p, ms)
	case solver.Strong:
		pick = b.strong(g, p, ms)
	case solver.Casual:
		pick = casual(p, ms)
	default:
		return 0, fmt.Errorf("gufuu bot: no level %q (perfect, strong or casual)", level)
	}
	return pick[rng.IntN(len(pick))], nil
}

// MoveValues returns each move's value for the player making it (the
// child's value, After), and whether the table knows it.
func (b Bot) MoveValues(p engine.Pos, ms []rules.Move) ([]solver.Value, []bool) {
	vs := make([]solver.Value, len(ms))
	known := make([]bool, len(ms))
	for i, m := range ms {
		v, ok := b.Table.Lookup(p.Apply(m))
		vs[i], known[i] = v.After(), ok
	}
	return vs, known
}

// Better reports whether a is a better value than b for the player who
// has it: a sooner win, a win over a draw, a draw over a loss, a later
// loss.
func Better(a, b solver.Value) bool {
	if a.Rank() != b.Rank() {
		return a.Rank() > b.Rank()
	}
	switch a.Kind {
	case solver.Won:
		return a.Plies < b.Plies
	case solver.Lost:
		return a.Plies > b.Plies
	}
	return false
}

// best returns the moves of best value (all moves when the table knows
// none of them).
func (b Bot) best(p engine.Pos, ms []rules.Move) []rules.Move {
	vs, known := b.MoveValues(p, ms)
	var out []rules.Move
	var top solver.Value
	have := false
	for i, m := range ms {
		if !known[i] {
			continue
		}
		switch {
		case !have || Better(vs[i], top):
			top, out, have = vs[i], []rules.Move{m}, true
		case !Better(top, vs[i]):
			out = append(out, m)
		}
	}
	if !have {
		return ms
	}
	return out
}

func (b Bot) strong(g *rules.Game, p engine.Pos, ms []rules.Move) []rules.Move {
	vs, known := b.MoveValues(p, ms)
	here, ok := b.Table.Lookup(p)
	if !ok {
		return b.best(p, ms)
	}
	var out []rules.Move
	switch here.Kind {
	case solver.Won:
		limit := here.Plies
		if n := len(g.Positions); n < 3 {
			limit += 2
		} else if q, ok := engine.PosOf(g.Positions[n-3]); ok {
			if before, ok := b.Table.Lookup(q); ok && before.Kind == solver.Won && before.Plies > here.Plies {
				limit += 2
			}
		}
		for i, m := range ms {
			if known[i] && vs[i].Kind == solver.Won && vs[i].Plies <= limit {
				out = append(out, m)
			}
		}
	case solver.Drawn:
		for i, m := range ms {
			if known[i] && vs[i].Kind == solver.Drawn {
				out = append(out, m)
			}
		}
	case solver.Lost:
		slowest := 0
		for i := range ms {
			if known[i] && vs[i].Plies > slowest {
				slowest = vs[i].Plies
			}
		}
		for i, m := range ms {
			if known[i] && vs[i].Plies >= slowest-2 {
				out = append(out, m)
			}
		}
	}
	if len(out) == 0 {
		return b.best(p, ms)
	}
	return out
}

// casual mates in one if it can, else plays any move that does not allow a
// mate in one, else any move. It looks two plies ahead with the rules
// engine, not the table.
func casual(p engine.Pos, ms []rules.Move) []rules.Move {
	var mates, safe []rules.Move
	var buf [engine.MaxMoves]rules.Move
	for _, m := range ms {
		q := p.Apply(m)
		replies := q.AppendMoves(buf[:0])
		if len(replies) == 0 {
			if q.InCheck() {
				mates = append(mates, m)
			}
			continue
		}
		allows := false
		var buf2 [engine.MaxMoves]rules.Move
		for _, r := range replies {
			z := q.Apply(r)
			if z.InCheck() && len(z.AppendMoves(buf2[:0])) == 0 {
				allows = true
				break
			}
		}
		if !allows {
			safe = append(safe, m)
		}
	}
	switch {
	case len(mates) > 0:
		return mates
	case len(safe) > 0:
		return safe
	}
	return ms
}

// Analyst reads positions' values from the table. The table ignores the
// repetition rule; Evaluate reports a game drawn by repetition as drawn
// and a checkmate as L 0, and otherwise the table's value of the current
// position.
type Analyst struct{ Table *Table }

var _ solver.Analyst = Analyst{}

// ErrNotInTable is returned for a position that cannot arise from the start.
var ErrNotInTable = errors.New("the position cannot arise from the start, so the solved table does not hold it")

// Evaluate returns the value of g's current position for the side to move.
func (a Analyst) Evaluate(ctx context.Context, g *rules.Game) (solver.Value, error) {
	if err := ctx.Err(); err != nil {
		return solver.Value{}, err
	}
	switch o := g.Outcome(); {
	case o.Status == rules.Draw:
		return solver.Value{Kind: solver.Drawn}, nil
	case o.Status == rules.Win:
		return solver.Value{Kind: solver.Lost}, nil
	}
	p, ok := engine.PosOf(g.Position())
	if !ok {
		return solver.Value{}, fmt.Errorf("gufuu analyst: not a Gufuu Shogi position")
	}
	v, ok := a.Table.Lookup(p)
	if !ok {
		return solver.Value{}, ErrNotInTable
	}
	return v, nil
}
