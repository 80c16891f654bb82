package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/windpost/windpost/rules"
)

// CasualMove chooses the casual level's move in g's current position, for every
// variant alike: a move that wins at once if there is one; else a move
// after which the game goes on and the opponent cannot win at once; else
// any legal move. Each choice is at random with rng (the first candidate
// when rng is nil). It judges moves with the game's own rules, history
// rules included, and leaves g as it was.
func CasualMove(g *rules.Game, rng *rand.Rand) (rules.Move, error) {
	us, ms, err := toChoose(g)
	if err != nil {
		return rules.NoMove, err
	}
	line := g.Clone()
	var wins, safe []rules.Move
	for _, m := range ms {
		if err := line.Play(m); err != nil {
			return rules.NoMove, err
		}
		switch o := line.Outcome(); {
		case o.Status == rules.Win && o.Winner == us:
			wins = append(wins, m)
		case !o.Over() && !winsInOne(line):
			safe = append(safe, m)
		}
		line.Undo()
	}
	switch {
	case len(wins) > 0:
		return pick(wins, rng), nil
	case len(safe) > 0:
		return pick(safe, rng), nil
	}
	return pick(ms, rng), nil
}

// SafeMove chooses a move of g's current position as an example may show
// it, at random with rng (in the order of the legal moves when rng is
// nil): a move that wins at once if there is one; else the first after
// which the game goes on and the opponent cannot win at once; else any
// legal move. It is CasualMove's choice, but it stops at the first safe
// move, where CasualMove looks at every move's every reply. It judges with
// the game's own rules and leaves g as it was.
func SafeMove(g *rules.Game, rng *rand.Rand) (rules.Move, error) {
	us, ms, err := toChoose(g)
	if err != nil {
		return rules.NoMove, err
	}
	order := slices.Clone(ms)
	if rng != nil {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	line := g.Clone()
	goesOn := make([]bool, len(order))
	for i, m := range order {
		if err := line.Play(m); err != nil {
			return rules.NoMove, err
		}
		o := line.Outcome()
		if o.Status == rules.Win && o.Winner == us {
			return m, nil
		}
		goesOn[i] = !o.Over()
		line.Undo()
	}
	for i, m := range order {
		if !goesOn[i] {
			continue
		}
		if err := line.Play(m); err != nil {
			return rules.NoMove, err
		}
		safe := !winsInOne(line)
		line.Undo()
		if safe {
			return m, nil
		}
	}
	return order[0], nil
}

// toChoose is what CasualMove and SafeMove choose from: the side to move
// in g and its legal moves, or ErrGameOver.
func toChoose(g *rules.Game) (rules.Side, []rules.Move, error) {
	if o := g.Outcome(); o.Over() {
		return 0, nil, fmt.Errorf("%w (%s)", ErrGameOver, o)
	}
	ms := g.LegalMoves()
	if len(ms) == 0 {
		return 0, nil, fmt.Errorf("%w (no legal move)", ErrGameOver)
	}
	return g.Position().ToMove(), ms, nil
}

// WinsInOne reports whether the side to move in g has a legal move that
// wins the game at once.
func WinsInOne(g *rules.Game) bool { return winsInOne(g.Clone()) }

// winsInOne is WinsInOne playing on g itself and taking the moves back.
func winsInOne(g *rules.Game) bool {
	us := g.Position().ToMove()
	for _, m := range g.LegalMoves() {
		if err := g.Play(m); err != nil {
			continue
		}
		o := g.Outcome()
		g.Undo()
		if o.Status == rules.Win && o.Winner == us {
			return true
		}
	}
	return false
}

// pick returns a move of ms at random, or the first when rng is nil.
func pick(ms []rules.Move, rng *rand.Rand) rules.Move {
	if rng == nil {
		return ms[0]
	}
	return ms[rng.IntN(len(ms))]
}
