package rating

import (
	"math"
	"testing"
)

// TestGameIsAPeriodEach: a game between two people is, for each, a period
// of that one game against the other's rating before it.
func TestGameIsAPeriodEach(t *testing.T) {
	cases := []struct {
		name  string
		a, b  Rating
		score Score
	}{
		{"new players, a wins", Start(), Start(), Win},
		{"established draw", Rating{1620, 55, 0.058}, Rating{1480, 70, 0.061}, Draw},
		{"provisional beats established", Rating{1500, 240, 0.06}, Rating{1900, 60, 0.05}, Win},
		{"established loses", Rating{2100, 45, 0.06}, Rating{1300, 300, 0.06}, Loss},
	}
	for _, c := range cases {
		na, nb, err := System{}.Game(c.a, c.b, c.score)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		wa, _ := System{}.Period(c.a, []Result{{Opponent: c.b, Score: c.score}})
		wb, _ := System{}.Period(c.b, []Result{{Opponent: c.a, Score: 1 - c.score}})
		if na != wa || nb != wb {
			t.Errorf("%s: Game gives %v, %v; the periods %v, %v", c.name, na, nb, wa, wb)
		}
		if c.score == Draw && (c.a.R < c.b.R) != (na.R > c.a.R) {
			t.Errorf("%s: a draw moved %v to %v against %v, not towards it", c.name, c.a, na, c.b)
		}
	}
}

// TestAnchorsRateALonePlayer: a player who only plays the bot levels, each
// a fixed anchor, gets a real rating: winning against the 1200 level,
// drawing the 1600 and losing to the 2000 puts the player near 1600 and
// no longer provisional, while the anchors stay as they are.
func TestAnchorsRateALonePlayer(t *testing.T) {
	levels := []struct {
		anchor Anchor
		score  Score
	}{
		{Anchor{R: 1200, RD: 50}, Win},
		{Anchor{R: 1600, RD: 50}, Draw},
		{Anchor{R: 2000, RD: 50}, Loss},
	}
	p := Start()
	for i := range 30 {
		l := levels[i%len(levels)]
		next, err := System{}.AgainstAnchor(p, l.anchor, l.score)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := System{}.Period(p, []Result{{Opponent: l.anchor.Rating(), Score: l.score}})
		if next != want {
			t.Fatalf("game %d: %v against the anchor, %v as a period", i+1, next, want)
		}
		p = next
	}
	if math.Abs(p.R-1600) > 50 || p.Provisional() {
		t.Errorf("after 30 games against the levels: %v, want near 1600, established", p)
	}
	for _, l := range levels {
		if got := l.anchor.Rating(); got.R != l.anchor.R || got.RD != l.anchor.RD {
			t.Errorf("anchor %v became %v", l.anchor, got)
		}
	}
}

// TestProvisionalGames: a new player leaves provisional after about ten
// games against established opponents (Lichess's rule of RD under 110).
func TestProvisionalGames(t *testing.T) {
	for _, rd := range []float64{30, 60, 100} {
		p, games := Start(), 0
		for ; p.Provisional(); games++ {
			next, err := System{}.AgainstAnchor(p, Anchor{R: 1500, RD: rd}, Score(games%2))
			if err != nil {
				t.Fatal(err)
			}
			p = next
		}
		if games < 8 || games > 12 {
			t.Errorf("against RD %v: provisional for %d games, want about ten", rd, games)
		}
		t.Logf("against opponents of RD %v: established after %d games: %v", rd, games, p)
	}
}

// TestExpected checks the paper's E: even for equal ratings, the paper's
// figures, more for the stronger player, less when the opponent's RD is
// higher (the result says less). The last two by hand: g(30/173.7178) =
// 0.9955, E = 1/(1+e^(-0.9955·2.3026)) = 0.908; g(350/173.7178) = 0.6691,
// E = 1/(1+e^(-0.6691·2.3026)) = 0.824.
func TestExpected(t *testing.T) {
	cases := []struct {
		name             string
		player, opponent Rating
		want, tol        float64
	}{
		{"equal", Start(), Start(), 0.5, 0},
		{"paper, opponent 1", paperPlayer, paperGames[0].Opponent, 0.639, 0.0005},
		{"paper, opponent 2", paperPlayer, paperGames[1].Opponent, 0.432, 0.0005},
		{"paper, opponent 3", paperPlayer, paperGames[2].Opponent, 0.303, 0.0005},
		{"400 stronger, known opponent", Rating{1900, 50, 0.06}, Rating{1500, 30, 0.06}, 0.908, 0.0005},
		{"400 stronger, unknown opponent", Rating{1900, 50, 0.06}, Rating{1500, 350, 0.06}, 0.824, 0.0005},
	}
	for _, c := range cases {
		if got := Expected(c.player, c.opponent); math.Abs(got-c.want) > c.tol {
			t.Errorf("%s: E = %.4f, want %v", c.name, got, c.want)
		}
	}
}
