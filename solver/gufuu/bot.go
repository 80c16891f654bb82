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

// Choose returns the bot's move in g's current position.
func (b Bot) Choose(ctx context.Context, g *rules.Game, level solver.Level, rng *rand.Rand) (rules.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if o := g.Outcome(); o.Over() {
		return 0, fmt.Errorf("gufuu bot: %w (%s)", solver.ErrGameOver, o)
	}
	x, err := rules.As[engine.Position](g.Position())
	if err != nil {
		return 0, fmt.Errorf("gufuu bot: %w", err)
	}
	p := x.P
	ms := g.LegalMoves()
	if len(ms) == 0 {
		return 0, fmt.Errorf("gufuu bot: %w (no legal move)", solver.ErrGameOver)
	}
	var pick []rules.Move
	switch level {
	case solver.Perfect:
		pick = b.best(p, ms)
	case solver.Strong:
		pick = b.strong(g, p, ms)
	case solver.Casual:
		return solver.CasualMove(g, rng)
	default:
		return 0, fmt.Errorf("gufuu bot: no level %q (perfect, strong or casual)", level)
	}
	return pick[rng.IntN(len(pick))], nil
}

// MoveValues returns each move's value for the player making it (the
// child's value, ForMover), and whether the table knows it.
func (b Bot) MoveValues(p engine.Pos, ms []rules.Move) ([]solver.Value, []bool) {
	vs := make([]solver.Value, len(ms))
	known := make([]bool, len(ms))
	for i, m := range ms {
		v, ok := b.Table.Lookup(p.Apply(m))
		vs[i], known[i] = v.ForMover(), ok
	}
	return vs, known
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
		case !have || vs[i].Better(top):
			top, out, have = vs[i], []rules.Move{m}, true
		case !top.Better(vs[i]):
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
		} else if q, err := rules.As[engine.Position](g.Positions[n-3]); err == nil {
			if before, ok := b.Table.Lookup(q.P); ok && before.Kind == solver.Won && before.Plies > here.Plies {
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

// Analyst reads positions' values from the table. The table ignores the
// repetition rule; Evaluate values a finished game by its outcome
// (solver.OutcomeValue: a draw by repetition D, a checkmate L 0), and
// otherwise reports the table's value of the current position.
type Analyst struct{ Table *Table }

var _ solver.Analyst = Analyst{}

// ErrNotInTable is returned for a position that cannot arise from the start.
var ErrNotInTable = errors.New("the position cannot arise from the start, so the solved table does not hold it")

// Evaluate returns the value of g's current position for the side to move.
func (a Analyst) Evaluate(ctx context.Context, g *rules.Game) (solver.Value, error) {
	if err := ctx.Err(); err != nil {
		return solver.Value{}, err
	}
	if v, over := solver.OutcomeValue(g); over {
		return v, nil
	}
	p, err := rules.As[engine.Position](g.Position())
	if err != nil {
		return solver.Value{}, fmt.Errorf("gufuu analyst: %w", err)
	}
	v, ok := a.Table.Lookup(p.P)
	if !ok {
		return solver.Value{}, ErrNotInTable
	}
	return v, nil
}
