package referee

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// TestJudgeMove: a proven value that drops is a mistake, an estimate that
// becomes a loss a blunder; between estimates the winning chances lost
// decide (0.2 a mistake, 0.3 a blunder), so a drop while far ahead or far
// behind weighs less than one near equality.
func TestJudgeMove(t *testing.T) {
	est := func(s int) solver.Value { return solver.Value{Kind: solver.Estimate, Score: s} }
	won := solver.Value{Kind: solver.Won, Plies: 5}
	lost := solver.Value{Kind: solver.Lost, Plies: 4}
	drawn := solver.Value{Kind: solver.Drawn}
	for _, tc := range []struct {
		name          string
		before, after solver.Value
		want          string
	}{
		{"a win kept", won, solver.Value{Kind: solver.Won, Plies: 4}, ""},
		{"a win into a draw", won, drawn, "mistake"},
		{"a draw into a loss", drawn, lost, "mistake"},
		{"an estimate into a loss", est(40), lost, "blunder"},
		{"the issue's bishop lost", est(-53), est(-2409), "blunder"},
		{"a small slip", est(20), est(-10), ""},
		{"a pawn near equality", est(100), est(-20), "mistake"},
		{"two pawns near equality", est(100), est(-120), "blunder"},
		{"a pawn while far ahead", est(900), est(800), ""},
		{"a pawn while far behind", est(-800), est(-900), ""},
		{"a better move than the estimate", est(-30), est(150), ""},
		{"an estimate into a win", est(0), won, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, why := judgeMove(tc.before, tc.after); got != tc.want || got != "" && why == "" {
				t.Errorf("judgeMove(%v, %v) = %q, %q; want %q", tc.before, tc.after, got, why, tc.want)
			}
		})
	}
}

// TestMicroAnalysisCounts: the analysis of a Micro-shogi game, whose
// values are estimates, marks mistakes and blunders by the winning chances
// lost, and its summary counts exactly the moves its list marks.
func TestMicroAnalysisCounts(t *testing.T) {
	kit, ok := variants.Default(variants.Options{CacheDir: t.TempDir()}).Lookup("micro")
	if !ok {
		t.Fatal("no micro in the catalog")
	}
	g := rules.NewGameFrom(kit.Rules, kit.Rules.Start())
	for range 8 {
		if err := g.Play(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	// The value of each position for its side to move: ply 3's mover
	// throws away a bishop (-0.53 -> -24.09 for the mover), ply 5's a pawn
	// near equality, ply 7's a slip.
	scores := []int{10, -10, -53, 2409, -2409, 100, 20, -40, 30}
	evaluate := func(p *rules.Game) (solver.Value, error) {
		return solver.Value{Kind: solver.Estimate, Score: scores[len(p.Moves)]}, nil
	}
	lg := &LiveGame{Rec: &record.Game{ID: "g7k3q"}, Kit: kit, Game: g}
	d, err := Analyse(evaluate, lg)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(d.Text(), "\n")
	marked := map[string]int{}
	for _, line := range strings.Split(text, "\n") {
		if m := regexp.MustCompile(`  (mistake|blunder): `).FindStringSubmatch(line); m != nil {
			marked[m[1]]++
		}
	}
	want := fmt.Sprintf("\n%d mistake%s, %d blunder%s.", marked["mistake"], map[bool]string{true: "s"}[marked["mistake"] != 1],
		marked["blunder"], map[bool]string{true: "s"}[marked["blunder"] != 1])
	if !strings.HasSuffix(text, want) || marked["blunder"] != 1 || marked["mistake"] != 1 {
		t.Errorf("marked %v; want 1 mistake, 1 blunder, counted as %q:\n%s", marked, want, text)
	}
	if !regexp.MustCompile(`-0\.53  ->  -24\.09 +blunder`).MatchString(text) || !strings.Contains(text, "winning chances") {
		t.Errorf("the bishop's loss is not a blunder, or the thresholds are not said:\n%s", text)
	}
}
