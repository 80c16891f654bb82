// Package tune fits the weights of the Micro-shogi evaluation to games, by
// Texel's method: the bot plays itself from seeded random openings at a
// fixed number of nodes a move (so the same seed gives the same games on
// the same build), the quiet positions of those games are labelled by the
// games' results, and the weights are moved to minimise the squared error
// between the results and a sigmoid of the evaluation.
package tune

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
	bot "github.com/windpost/windpost/solver/microshogi"
)

// Play is how the self-play games are made. Zero fields mean defaults.
type Play struct {
	Seed  uint64
	Games int   // 0 means 100
	Nodes int64 // per move; 0 means 4000
	// OpeningPlies are played at random (from the seed) before the bot
	// plays; 0 means 6.
	OpeningPlies int
	// MaxPlies ends a game as a draw; 0 means 250.
	MaxPlies int
	// Margin, if set, keeps only openings that a search of BalanceNodes
	// scores within so many centipawns (no mate): games from balanced
	// positions rather than from random blunders. 0 keeps every opening.
	Margin int
	// Played, if not nil, is told of each game as it ends.
	Played func(n int, g Game)
}

func (p Play) games() int        { return defaultTo(p.Games, 100) }
func (p Play) nodes() int64      { return int64(defaultTo(int(p.Nodes), 4000)) }
func (p Play) openingPlies() int { return defaultTo(p.OpeningPlies, 6) }
func (p Play) maxPlies() int     { return defaultTo(p.MaxPlies, 250) }

// BalanceNodes is the search that judges an opening's balance (Margin).
const BalanceNodes = 20000

func defaultTo(v, d int) int {
	if v <= 0 {
		return d
	}
	return v
}

// Game is one self-play game: its positions from the start and Black's
// points (1, 0.5 or 0).
type Game struct {
	Positions []engine.Position
	Opening   int // the number of positions after the start the random opening made
	Result    float64
}

// PlayGames plays the games, one after the other on one thread.
func PlayGames(ctx context.Context, p Play) ([]Game, error) {
	rng := rand.New(rand.NewPCG(p.Seed, 0x6d6963726f))
	b := bot.New(bot.Options{Nodes: p.nodes(), TableBits: 16})
	judge := bot.New(bot.Options{Nodes: BalanceNodes, TableBits: 16})
	var out []Game
	for n := range p.games() {
		g, err := playOne(ctx, b, judge, p, rng)
		if err != nil {
			return out, fmt.Errorf("tune: game %d: %w", n+1, err)
		}
		out = append(out, g)
		if p.Played != nil {
			p.Played(n+1, g)
		}
	}
	return out, nil
}

func playOne(ctx context.Context, b, judge *bot.Bot, p Play, rng *rand.Rand) (Game, error) {
	g, err := opening(ctx, judge, p, rng)
	if err != nil {
		return Game{}, err
	}
	opening := g.Ply()
	result := 0.5
	for g.Ply()-opening < p.maxPlies() {
		if o := g.Outcome(); o.Over() {
			if o.Status == rules.Win {
				result = float64(1 - o.Winner)
			}
			break
		}
		m, err := b.Choose(ctx, g, solver.Strong, rng)
		if err != nil {
			return Game{}, err
		}
		if err := g.Play(m); err != nil {
			return Game{}, err
		}
	}
	gm := Game{Opening: opening, Result: result}
	for _, rp := range g.Positions {
		gm.Positions = append(gm.Positions, rp.(engine.Position))
	}
	return gm, nil
}

// opening plays random plies from the start until they make an opening
// that goes on and, with a margin, is balanced.
func opening(ctx context.Context, judge *bot.Bot, p Play, rng *rand.Rand) (*rules.Game, error) {
	for {
		g := rules.NewGame(engine.Variant{})
		for g.Ply() < p.openingPlies() && !g.Outcome().Over() {
			ms := g.LegalMoves()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				return nil, err
			}
		}
		if g.Outcome().Over() {
			continue
		}
		if p.Margin <= 0 {
			return g, nil
		}
		r, err := judge.Analyse(ctx, g, 0)
		if err != nil {
			return nil, err
		}
		if r.Value.Kind == solver.Estimate && r.Score >= -p.Margin && r.Score <= p.Margin {
			return g, nil
		}
	}
}

// Sample is a quiet position's evaluation counts (only those not zero)
// and its game's result for Black.
type Sample struct {
	Counts []Count
	Result float64
}

// Count is one weight's count in a position.
type Count struct {
	Weight uint16
	N      int16
}

// Samples takes the quiet positions the bot played in the games (each
// position once, at the end of the captures it expected; see
// microshogi.Quiet), labelled by their games' results.
func Samples(games []Game) []Sample {
	seen := map[string]bool{}
	var out []Sample
	for _, g := range games {
		for _, p := range g.Positions[g.Opening:] {
			q, ok := bot.Quiet(p)
			if !ok || q.CountMoves() == 0 || seen[q.Key()] {
				continue
			}
			seen[q.Key()] = true
			_, tr := bot.EvalTrace(&q)
			s := Sample{Result: g.Result}
			for i, n := range tr {
				if n != 0 {
					s.Counts = append(s.Counts, Count{uint16(i), n})
				}
			}
			out = append(out, s)
		}
	}
	return out
}
