package match

import (
	"math"
	"testing"
)

func near(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) < 0.01
}

// The values below were worked by hand (and checked with a calculator):
// for 6-2-2, f = 0.7, Elo = 400·log10(7/3) = 147.19; σ² = (6·0.3² + 2·0.2²
// + 2·0.7²)/10 = 0.16, the margin 1.96·0.4/√10 = 0.24792, so f runs from
// 0.45208 (-33.40 Elo) to 0.94792 (504.05 Elo). For 10-20-30, f = 1/3,
// Elo = -400·log10 2 = -120.41; σ² = (10·4/9 + 20/36 + 30/9)/60 = 0.13889.
func TestElo(t *testing.T) {
	for _, c := range []struct {
		s              Score
		f              float64
		elo, low, high float64
	}{
		{Score{6, 2, 2}, 0.7, 147.19, -33.40, 504.05},
		{Score{10, 20, 30}, 1.0 / 3, -120.41, -201.16, -50.64},
		{Score{0, 8, 0}, 0.5, 0, 0, 0},
		{Score{3, 0, 0}, 1, math.Inf(1), math.Inf(1), math.Inf(1)},
		{Score{}, 0.5, 0, 0, 0},
	} {
		elo, low, high := c.s.Elo()
		if !near(c.s.Fraction(), c.f) || !near(elo, c.elo) || !near(low, c.low) || !near(high, c.high) {
			t.Errorf("%+v: f %.4f, Elo %.2f (%.2f..%.2f), want %.4f, %.2f (%.2f..%.2f)",
				c.s, c.s.Fraction(), elo, low, high, c.f, c.elo, c.low, c.high)
		}
	}
	if !near(Elo(0.25), -190.85) || !near(Elo(0.5), 0) || !math.IsInf(Elo(0), -1) {
		t.Errorf("Elo(0.25) = %.2f, Elo(0.5) = %.2f, Elo(0) = %v", Elo(0.25), Elo(0.5), Elo(0))
	}
}

// By hand: for elo0 0, elo1 10, s0 = 0.5 and s1 = 1/(1+10^-0.025) =
// 0.514387; for 6-2-2 the LLR is 10·0.014387·(1.4-1.014387)/(2·0.16) =
// 0.1734. For elo0 -5, elo1 5 and 10-20-30, s0 = 0.492806, s1 = 0.507194:
// 60·0.014387·(0.666667-1)/(2·0.138889) = -1.0361. With α = β = 0.05 the
// bounds are ln(0.05/0.95) = -2.9444 and +2.9444.
func TestSPRT(t *testing.T) {
	for _, c := range []struct {
		test SPRT
		s    Score
		llr  float64
		want Verdict
	}{
		{SPRT{0, 10, 0.05, 0.05}, Score{6, 2, 2}, 0.1734, Continue},
		{SPRT{-5, 5, 0.05, 0.05}, Score{10, 20, 30}, -1.0361, Continue},
		{SPRT{-5, 5, 0.05, 0.05}, Score{30, 60, 90}, -3.1083, AcceptH0},
		{SPRT{-5, 5, 0.05, 0.05}, Score{90, 60, 30}, 3.1083, AcceptH1},
		{SPRT{0, 10, 0.05, 0.05}, Score{5, 0, 0}, 0, Continue},
	} {
		llr, v := c.test.Decide(c.s)
		if !near(llr, c.llr) || v != c.want {
			t.Errorf("%v on %+v: LLR %.4f, %v; want %.4f, %v", c.test, c.s, llr, v, c.llr, c.want)
		}
	}
	lo, hi := SPRT{0, 5, 0.05, 0.05}.Bounds()
	if !near(lo, -2.9444) || !near(hi, 2.9444) {
		t.Errorf("bounds %.4f, %.4f", lo, hi)
	}
	lo, hi = SPRT{0, 5, 0.05, 0.10}.Bounds()
	if !near(lo, math.Log(0.10/0.95)) || !near(hi, math.Log(0.90/0.05)) {
		t.Errorf("bounds %.4f, %.4f", lo, hi)
	}
}
