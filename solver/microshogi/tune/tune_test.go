package tune

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
	bot "github.com/windpost/windpost/solver/microshogi"
)

func keys(games []Game) []string {
	var out []string
	for _, g := range games {
		for _, p := range g.Positions {
			out = append(out, p.Key())
		}
		out = append(out, map[float64]string{1: "1-0", 0.5: "draw", 0: "0-1"}[g.Result])
	}
	return out
}

// The same seed makes the same games; another seed, other games.
func TestPlayGamesReproducible(t *testing.T) {
	var runs [3][]string
	for i, seed := range []uint64{3, 3, 4} {
		var played int
		games, err := PlayGames(context.Background(), Play{Seed: seed, Games: 3, Nodes: 300, MaxPlies: 40,
			Played: func(n int, _ Game) { played = n }})
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != 3 || played != 3 {
			t.Fatalf("%d games, %d told", len(games), played)
		}
		for _, g := range games {
			if g.Opening != 6 || len(g.Positions) <= g.Opening || len(g.Positions) > 1+6+40 {
				t.Errorf("a game of %d positions, opening %d", len(g.Positions), g.Opening)
			}
		}
		runs[i] = keys(games)
	}
	if !equal(runs[0], runs[1]) {
		t.Error("seed 3 made different games twice")
	}
	if equal(runs[0], runs[2]) {
		t.Error("seeds 3 and 4 made the same games")
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Samples are quiet positions, each once, with their game's result, and
// their counts give the evaluation.
func TestSamples(t *testing.T) {
	games, err := PlayGames(context.Background(), Play{Seed: 9, Games: 4, Nodes: 300, MaxPlies: 60})
	if err != nil {
		t.Fatal(err)
	}
	samples := Samples(games)
	if len(samples) < 20 {
		t.Fatalf("%d samples from 4 games", len(samples))
	}
	w := Floats(bot.Weights())
	seen := map[string]bool{}
	for _, s := range samples {
		if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
			t.Errorf("result %v", s.Result)
		}
		key := ""
		for _, c := range s.Counts {
			if c.N == 0 {
				t.Errorf("a zero count of weight %d", c.Weight)
			}
			key += string(rune(c.Weight)) + string(rune(c.N+1000))
		}
		seen[key] = true
	}
	// Distinct positions may count alike, but not many.
	if len(seen) < len(samples)*3/4 {
		t.Errorf("%d distinct counts in %d samples", len(seen), len(samples))
	}
	if e := MeanError(samples, w, 0.006); e <= 0 || e >= 0.5 {
		t.Errorf("mean error %v", e)
	}
}

// On samples whose side with the feature wins three games in four, the
// fit finds the weight that predicts 75%, and the scale that goes with it.
func TestFit(t *testing.T) {
	var samples []Sample
	for i := range 4 {
		win := 1.0
		if i == 3 {
			win = 0
		}
		samples = append(samples, Sample{Counts: []Count{{0, 1}}, Result: win}, Sample{Counts: []Count{{0, -1}}, Result: 1 - win})
	}
	const k = 0.01
	want := math.Log(3) / k // σ(k·w) = 3/4
	before := MeanError(samples, []float64{0, 0}, k)
	var last float64
	w := Fit{Epochs: 1500, Rate: 1, Lambda: 1e-12, Epoch: func(_ int, e float64) { last = e }}.Weights(samples, []int{0, 7}, k)
	if math.Abs(float64(w[0])-want) > 2 || w[1] != 7 {
		t.Errorf("weights %v, want [%.0f 7]", w, want)
	}
	if after := MeanError(samples, Floats(w), k); after >= before || math.Abs(after-last) > 1e-4 {
		t.Errorf("error %v before, %v after (last epoch %v)", before, after, last)
	}
	if got := ScaleK(samples, []float64{want, 0}); math.Abs(got-k) > 1e-4 {
		t.Errorf("scale %v, want %v", got, k)
	}
}

// The untuned weights are those of eval_weights.go while it says it was
// made by -untuned.
func TestUntunedFile(t *testing.T) {
	src, err := os.ReadFile("../eval_weights.go")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "-untuned;") {
		t.Skip("eval_weights.go holds tuned weights")
	}
	if got, want := fmt.Sprint(bot.UntunedWeights()), fmt.Sprint(bot.Weights()); got != want {
		t.Errorf("untuned %v,\nthe file %v", got, want)
	}
}

// With a margin, every game starts from an opening the judge's search
// scores within it.
func TestBalancedOpenings(t *testing.T) {
	games, err := PlayGames(context.Background(), Play{Seed: 5, Games: 3, Nodes: 300, MaxPlies: 10, Margin: 60})
	if err != nil {
		t.Fatal(err)
	}
	judge := bot.New(bot.Options{Nodes: BalanceNodes, TableBits: 16})
	for _, g := range games {
		game := rules.NewGame(engine.Variant{})
		for _, p := range g.Positions[1 : g.Opening+1] {
			ms := game.LegalMoves()
			i := slices.IndexFunc(ms, func(m rules.Move) bool { return game.Position().(engine.Position).After(m) == p })
			if err := game.Play(ms[i]); err != nil {
				t.Fatal(err)
			}
		}
		r, err := judge.Analyse(context.Background(), game, 0)
		if err != nil || r.Value.Kind != solver.Estimate || r.Score < -60 || r.Score > 60 {
			t.Errorf("opening %s: %+v, %v", game.Position().Key(), r.Value, err)
		}
	}
}
