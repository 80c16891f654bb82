package match

import (
	"fmt"
	"math"
)

// Score is a match's wins, draws and losses, from the first engine's side.
type Score struct {
	Wins, Draws, Losses int
}

// Games is the number of games scored.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Fraction is the points per game, a draw counting half: 0 to 1.
func (s Score) Fraction() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games())
}

// variance is the variance of one game's points.
func (s Score) variance() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	f := s.Fraction()
	return (float64(s.Wins)*(1-f)*(1-f) + float64(s.Draws)*(0.5-f)*(0.5-f) + float64(s.Losses)*f*f) / n
}

// Elo is the logistic Elo difference that expects fraction f of the
// points: -400·log10(1/f - 1). It is ±Inf at 1 and 0.
func Elo(f float64) float64 {
	switch {
	case f <= 0:
		return math.Inf(-1)
	case f >= 1:
		return math.Inf(1)
	}
	return -400*math.Log10(1/f-1) + 0 // + 0 turns -0 into 0
}

// expected is the points per game that an Elo difference expects.
func expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo returns the Elo difference the score shows and its 95% interval:
// the score ± 1.96 standard errors (of a game's points, over the root of
// the number of games), each turned into Elo.
func (s Score) Elo() (elo, low, high float64) {
	f := s.Fraction()
	margin := 1.96 * math.Sqrt(s.variance()/math.Max(1, float64(s.Games())))
	return Elo(f), Elo(f - margin), Elo(f + margin)
}

// SPRT is a sequential probability ratio test of H0 "the Elo difference is
// Elo0" against H1 "it is Elo1", with false positive rate Alpha and false
// negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds are the log-likelihood ratios at which the test stops:
// ln(β/(1-α)) accepts H0, ln((1-β)/α) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of the score under H1 against H0, by
// the generalized SPRT's normal approximation (as fishtest computes it
// for game triples): n·(s1-s0)·(2f-s0-s1) / (2σ²), with f the score, σ²
// the variance of one game's points and s0, s1 the scores Elo0 and Elo1
// expect. It is 0 until the games differ (σ² = 0).
func (t SPRT) LLR(s Score) float64 {
	v := s.variance()
	if v == 0 {
		return 0
	}
	s0, s1 := expected(t.Elo0), expected(t.Elo1)
	return float64(s.Games()) * (s1 - s0) * (2*s.Fraction() - s0 - s1) / (2 * v)
}

// Verdict is an SPRT's state.
type Verdict int

// The verdicts.
const (
	Continue Verdict = iota
	AcceptH0
	AcceptH1
)

func (v Verdict) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[v]
}

// Decide returns the score's LLR and what it decides.
func (t SPRT) Decide(s Score) (float64, Verdict) {
	llr := t.LLR(s)
	lower, upper := t.Bounds()
	switch {
	case llr <= lower:
		return llr, AcceptH0
	case llr >= upper:
		return llr, AcceptH1
	}
	return llr, Continue
}

func (t SPRT) String() string {
	return fmt.Sprintf("SPRT(elo0 %g, elo1 %g, alpha %g, beta %g)", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}
