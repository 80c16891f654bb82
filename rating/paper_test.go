package rating

import (
	"math"
	"testing"
)

// paperPlayer and paperGames are the example of Glickman's "Example of the
// Glicko-2 system" (revised March 22, 2022): a player rated 1500, RD 200,
// σ 0.06 plays three games in a period with τ = 0.5.
var (
	paperPlayer = Rating{R: 1500, RD: 200, Sigma: 0.06}
	paperGames  = []Result{
		{Opponent: Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: Win},
		{Opponent: Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: Loss},
		{Opponent: Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: Loss},
	}
)

// printed says whether got rounds to the paper's printed want at its
// number of decimals.
func printed(got, want float64, decimals int) bool {
	p := math.Pow(10, float64(decimals))
	return math.Round(got*p) == math.Round(want*p)
}

// TestPaperSteps checks each intermediate value the paper prints. The
// paper works each step from the previous steps' printed, rounded figures
// (v from E to three decimals, φ* from φ = 1.1513), so each value is held
// to the paper's figure within what that rounding explains; σ' is printed
// cut, not rounded, to five decimals (0.059996 as 0.05999).
func TestPaperSteps(t *testing.T) {
	st := System{}.steps(paperPlayer, paperGames)
	cases := []struct {
		name           string
		got, want, tol float64
	}{
		{"step 2: mu", st.mu, 0, 0.00005},
		{"step 2: phi", st.phi, 1.1513, 0.00005},
		{"step 3: v", st.v, 1.7785, 0.001},
		{"step 4: delta", st.delta, -0.4834, 0.001},
		{"step 5: sigma'", st.sigma, 0.059995, 0.000005},
		{"step 6: phi*", st.phiStar, 1.152862, 0.00001},
		{"step 7: phi'", st.phiNew, 0.8722, 0.00005},
		{"step 7: mu'", st.muNew, -0.2069, 0.00005},
	}
	for _, c := range cases {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.8f, the paper prints %v (± %v)", c.name, c.got, c.want, c.tol)
		}
	}
}

// TestPaperVolatility runs step 5 on the paper's own figures (φ = 1.1513,
// v = 1.7785, Δ = −0.4834): σ' printed to five decimals is 0.05999, and
// step 6 then gives the paper's φ* = 1.152862 to all its six decimals.
func TestPaperVolatility(t *testing.T) {
	sigma := System{}.volatility(1.1513, 1.7785, -0.4834, 0.06)
	if got := math.Floor(sigma*1e5) / 1e5; got != 0.05999 {
		t.Errorf("sigma' = %.8f, the paper prints 0.05999", sigma)
	}
	phiStar := math.Sqrt(1.1513*1.1513 + 0.05999*0.05999)
	if !printed(phiStar, 1.152862, 6) {
		t.Errorf("phi* = %.8f from the paper's figures, the paper prints 1.152862", phiStar)
	}
}

// TestPaperOpponents checks the paper's table of step 3: each opponent's
// μj, φj, g(φj) and E.
func TestPaperOpponents(t *testing.T) {
	want := []struct{ mu, phi, g, e float64 }{
		{-0.5756, 0.1727, 0.9955, 0.639},
		{0.2878, 0.5756, 0.9531, 0.432},
		{1.1513, 1.7269, 0.7242, 0.303},
	}
	for i, w := range want {
		o := paperGames[i].Opponent
		got := []struct {
			name      string
			got, want float64
			decimals  int
		}{
			{"mu", o.Mu(), w.mu, 4},
			{"phi", o.Phi(), w.phi, 4},
			{"g", g(o.Phi()), w.g, 4},
			{"E", Expected(paperPlayer, o), w.e, 3},
		}
		for _, c := range got {
			if !printed(c.got, c.want, c.decimals) {
				t.Errorf("opponent %d: %s = %.6f, the paper prints %v", i+1, c.name, c.got, c.want)
			}
		}
	}
}

// TestPaperResult checks the new rating: r' = 1464.06, RD' = 151.52,
// σ' = 0.05999. The paper converts its μ' and φ' rounded to four decimals
// (−0.2069 gives 1464.06); unrounded, r' is 1464.05, so r' and RD' are
// held to the paper's last printed digit (0.01), σ' to its five decimals
// (cut, as the paper prints it).
func TestPaperResult(t *testing.T) {
	got, err := System{}.Period(paperPlayer, paperGames)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.R-1464.06) > 0.01 {
		t.Errorf("r' = %.4f, want 1464.06", got.R)
	}
	if math.Abs(got.RD-151.52) > 0.01 {
		t.Errorf("RD' = %.4f, want 151.52", got.RD)
	}
	if math.Floor(got.Sigma*1e5)/1e5 != 0.05999 {
		t.Errorf("sigma' = %.8f, want 0.05999", got.Sigma)
	}
	// The paper's own rounding: μ' and φ' to four decimals, then step 8.
	r := FromGlicko2(math.Round(got.Mu()*1e4)/1e4, math.Round(got.Phi()*1e4)/1e4, got.Sigma)
	if !printed(r.R, 1464.06, 2) || !printed(r.RD, 151.52, 2) {
		t.Errorf("from μ', φ' at four decimals: r' = %.4f, RD' = %.4f, the paper prints 1464.06, 151.52", r.R, r.RD)
	}
}
