package microshogi

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/internal/testenv"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

// chooser picks a move in a game that is not over.
type chooser func(g *rules.Game, rng *rand.Rand) rules.Move

func randomMover(g *rules.Game, rng *rand.Rand) rules.Move {
	ms := g.LegalMoves()
	return ms[rng.IntN(len(ms))]
}

// greedyCapturer looks one ply ahead: it wins at once if it can, else
// takes the most valuable piece it can capture, else moves at random.
func greedyCapturer(g *rules.Game, rng *rand.Rand) rules.Move {
	p := g.Position().(engine.Position)
	ms := g.LegalMoves()
	var best []rules.Move
	bestGain := -1
	for _, m := range ms {
		gain := 0
		if p.After(m).CountMoves() == 0 {
			gain = 100000
		} else if c := p.Captured(m); c != engine.NoFace {
			gain = 1 + faceValue[c]
		}
		switch {
		case gain > bestGain:
			best, bestGain = []rules.Move{m}, gain
		case gain == bestGain:
			best = append(best, m)
		}
	}
	return best[rng.IntN(len(best))]
}

const maxGamePlies = 400

// playGame plays black against white and returns 1, 0.5 or 0 for black.
func playGame(t testing.TB, black, white chooser, rng *rand.Rand) (float64, rules.Outcome, int) {
	g := rules.NewGame(engine.Variant{})
	for g.Ply() < maxGamePlies {
		if o := g.Outcome(); o.Over() {
			switch {
			case o.Status == rules.Draw:
				return 0.5, o, g.Ply()
			case o.Winner == rules.Black:
				return 1, o, g.Ply()
			}
			return 0, o, g.Ply()
		}
		c := black
		if g.Position().ToMove() == rules.White {
			c = white
		}
		if err := g.Play(c(g, rng)); err != nil {
			t.Fatalf("ply %d: %v", g.Ply()+1, err)
		}
	}
	return 0.5, rules.DrawBy("move limit"), g.Ply()
}

func botChooser(t testing.TB, b *Bot) chooser {
	return func(g *rules.Game, rng *rand.Rand) rules.Move {
		m, err := b.Choose(context.Background(), g, solver.Strong, rng)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
}

// strengthGames is how many games each match plays: 200 (20 with -short),
// or WINDPOST_MICRO_GAMES.
func strengthGames(t *testing.T) int {
	def := 200
	if testing.Short() {
		def = 20
	}
	return testenv.Count(t, "WINDPOST_MICRO_GAMES", 2, def)
}

func TestStrength(t *testing.T) {
	games := strengthGames(t)
	bot := New(Options{Nodes: 3000, TableBits: 14})
	for _, opp := range []struct {
		name string
		c    chooser
		want float64
	}{
		{"random mover", randomMover, 0.99},
		{"greedy capturer", greedyCapturer, 0.95},
	} {
		rng := rand.New(rand.NewPCG(11, 12))
		var score float64
		reasons := map[string]int{}
		plies := 0
		for i := 0; i < games; i++ {
			var s float64
			var o rules.Outcome
			var n int
			if i%2 == 0 {
				s, o, n = playGame(t, botChooser(t, bot), opp.c, rng)
			} else {
				s, o, n = playGame(t, opp.c, botChooser(t, bot), rng)
				s = 1 - s
			}
			score += s
			plies += n
			reasons[o.String()]++
		}
		frac := score / float64(games)
		t.Logf("bot vs %s: %.1f/%d = %.1f%% (average %d plies) %v", opp.name, score, games, 100*frac, plies/games, reasons)
		if frac < opp.want {
			t.Errorf("bot vs %s: %.1f%%, want at least %.0f%%", opp.name, 100*frac, 100*opp.want)
		}
	}
}
