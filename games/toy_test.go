package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// nim is the toy variant that drives these tests: a pile of stones, each
// move takes 1, 2 or 3, and the side that cannot move (the pile is empty)
// loses. With n stones the side to move wins exactly when n%4 != 0. A
// move is written "t2" (take 2); "2" and "take 2" are read too.
type nim struct{ stones int }

type pile struct {
	n    int
	side rules.Side
}

// most is how many stones the side to move may take at most.
func (p pile) most() int { return min(3, p.n) }

func (p pile) ToMove() rules.Side  { return p.side }
func (p pile) Moves() []rules.Move { return []rules.Move{1, 2, 3}[:p.most()] }
func (p pile) Key() string         { return fmt.Sprint(p.n, p.side) }
func (p pile) Play(m rules.Move) (rules.Position, error) {
	if m < 1 || int(m) > p.most() {
		return nil, fmt.Errorf("%w: there are %d stones, you cannot take %d", rules.ErrIllegal, p.n, m)
	}
	return pile{p.n - int(m), p.side.Opponent()}, nil
}

func (nim) Name() string            { return "nim" }
func (nim) Aliases() []string       { return []string{"stones"} }
func (nim) Title() string           { return "Nim" }
func (v nim) Start() rules.Position { return pile{v.stones, rules.Black} }
func (v nim) LegalMoves(ps []rules.Position) []rules.Move {
	return ps[len(ps)-1].Moves() // none once the pile is empty: the game is over
}
func (nim) Outcome(ps []rules.Position) rules.Outcome {
	if p := ps[len(ps)-1].(pile); p.n == 0 {
		return rules.WinFor(p.side.Opponent(), rules.NoLegalMove)
	}
	return rules.Outcome{}
}

type nimNotation struct{}

func (nimNotation) ParseMove(p rules.Position, text string) (rules.Move, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.TrimPrefix(t, "take")
	t = strings.TrimPrefix(strings.TrimSpace(t), "t")
	n, err := strconv.Atoi(strings.TrimSpace(t))
	if err != nil {
		return 0, fmt.Errorf("write how many stones you take, e.g. t2")
	}
	if _, err := p.Play(rules.Move(n)); err != nil || n < 1 {
		return 0, fmt.Errorf("%w: you may take 1, 2 or 3 stones, and not more than there are (%d)", rules.ErrIllegal, p.(pile).n)
	}
	return rules.Move(n), nil
}
func (nimNotation) FormatMove(p rules.Position, m rules.Move) string { return fmt.Sprintf("t%d", m) }
func (nimNotation) ParsePosition(s string) (rules.Position, error) {
	if len(s) < 2 {
		return nil, fmt.Errorf("position %q", s)
	}
	n, err := strconv.Atoi(s[:len(s)-1])
	side, ok := rules.ParseSide(s[len(s)-1:])
	if err != nil || !ok {
		return nil, fmt.Errorf("position %q", s)
	}
	return pile{n, side}, nil
}
func (nimNotation) FormatPosition(p rules.Position) string {
	q := p.(pile)
	return fmt.Sprintf("%d%s", q.n, q.side.String()[:1])
}
func (nimNotation) Board(p rules.Position) string {
	q := p.(pile)
	return fmt.Sprintf("Pile: %s (%d)\n%s to move\n", strings.Repeat("o", q.n), q.n, q.side)
}
func (n nimNotation) BoardFrom(p rules.Position, _ rules.Side) string { return n.Board(p) }
func (nimNotation) Rules() string {
	return "Take 1, 2 or 3 stones; who cannot move loses. Write t1, t2 or t3.\n"
}

type nimBot struct{}

func (nimBot) Levels() []solver.Level { return []solver.Level{solver.Perfect, solver.Casual} }
func (nimBot) Choose(ctx context.Context, g *rules.Game, l solver.Level, rng *rand.Rand) (rules.Move, error) {
	p := g.Position().(pile)
	if l == solver.Perfect && p.n%4 != 0 {
		return rules.Move(p.n % 4), nil
	}
	ms := g.LegalMoves()
	return ms[rng.IntN(len(ms))], nil
}

type nimAnalyst struct{}

func (nimAnalyst) Evaluate(ctx context.Context, g *rules.Game) (solver.Value, error) {
	n := g.Position().(pile).n
	if n%4 == 0 {
		return solver.Value{Kind: solver.Lost, Plies: n / 2}, nil
	}
	return solver.Value{Kind: solver.Won, Plies: 1 + n/4*2}, nil
}

func nimKit(stones int) variants.Kit {
	return variants.Kit{Rules: nim{stones}, Notation: nimNotation{}, Bot: nimBot{}, Analyst: nimAnalyst{}}
}
