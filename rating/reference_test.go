package rating

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestReference rates the periods of testdata/reference.json, which
// testdata/reference.py rated by a second, independent reading of the
// paper: random players, one to twelve games, draws, τ from 0.3 to 1.2,
// and both ways step 5.2 brackets σ'. They agree to a millionth.
func TestReference(t *testing.T) {
	data, err := os.ReadFile("testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Tau    float64      `json:"tau"`
		Player [3]float64   `json:"player"`
		Games  [][3]float64 `json:"games"`
		Want   [3]float64   `json:"want"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases in testdata/reference.json")
	}
	for i, c := range cases {
		p := Rating{R: c.Player[0], RD: c.Player[1], Sigma: c.Player[2]}
		games := make([]Result, len(c.Games))
		for j, gm := range c.Games {
			games[j] = Result{Opponent: Rating{R: gm[0], RD: gm[1], Sigma: StartSigma}, Score: Score(gm[2])}
		}
		got, err := System{Tau: c.Tau}.Period(p, games)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if math.Abs(got.R-c.Want[0]) > 1e-6 || math.Abs(got.RD-c.Want[1]) > 1e-6 || math.Abs(got.Sigma-c.Want[2]) > 1e-9 {
			t.Errorf("case %d: %v with %d games at τ %v: got %#v, want %v", i, p, len(games), c.Tau, got, c.Want)
		}
	}
}
