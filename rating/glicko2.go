package rating

import (
	"fmt"
	"math"
	"time"
)

// Scale converts between the Glicko scale (r, RD) and the Glicko-2 scale
// (μ, φ): μ = (r − 1500)/Scale, φ = RD/Scale.
const Scale = 173.7178

// Tolerance is the paper's ε: the volatility iteration stops when its
// bracket is no wider.
const Tolerance = 0.000001

// The start of every rating, and the bounds every rating keeps.
const (
	StartR     = 1500.0 // a new player's r
	MaxRD      = 350.0  // a new player's RD, and the most any RD grows to
	StartSigma = 0.06   // a new player's volatility σ
	MinRD      = 30.0   // the least RD an update leaves
	MinSigma   = 0.001  // the least volatility
	MaxSigma   = 0.1    // the most volatility (Lichess's bound)
	MinR       = 100.0  // the lowest rating
	MaxR       = 4000.0 // the highest rating
)

// DefaultTau is the paper's system constant τ when System.Tau is zero;
// other values must be within [MinTau, MaxTau] (the paper finds 0.3 to 1.2
// sensible; Lichess uses 0.75).
const (
	DefaultTau = 0.5
	MinTau     = 0.1
	MaxTau     = 2.0
)

// maxIterations ends the volatility iteration should it ever fail to
// narrow its bracket; the Illinois algorithm needs a few dozen at most.
const maxIterations = 200

// Rating is a player's Glicko-2 rating on the Glicko scale: the rating R,
// the rating deviation RD (the rating is R ± 2RD with 95% confidence) and
// the volatility Sigma (how erratic the player's results are).
type Rating struct {
	R, RD, Sigma float64
}

// Start is the rating of a player without rated games: 1500, 350, 0.06.
func Start() Rating {
	return Rating{R: StartR, RD: MaxRD, Sigma: StartSigma}
}

// RangeError refuses a value out of its bounds: What names it ("RD",
// "score", ...).
type RangeError struct {
	What     string
	Value    float64
	Min, Max float64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("rating: %s %v is not within [%v, %v]", e.What, e.Value, e.Min, e.Max)
}

// within returns a *RangeError unless min ≤ x ≤ max (NaN never is).
func within(what string, x, min, max float64) error {
	if x >= min && x <= max {
		return nil
	}
	return &RangeError{What: what, Value: x, Min: min, Max: max}
}

// Valid returns a *RangeError for the first of R, RD, Sigma out of its
// bounds, or nil. Every rating this package returns is valid.
func (r Rating) Valid() error {
	if err := within("R", r.R, MinR, MaxR); err != nil {
		return err
	}
	if err := within("RD", r.RD, MinRD, MaxRD); err != nil {
		return err
	}
	return within("sigma", r.Sigma, MinSigma, MaxSigma)
}

// Mu is the rating on the Glicko-2 scale (the paper's μ).
func (r Rating) Mu() float64 { return (r.R - StartR) / Scale }

// Phi is the deviation on the Glicko-2 scale (the paper's φ).
func (r Rating) Phi() float64 { return r.RD / Scale }

// FromGlicko2 is the rating with μ, φ and σ on the Glicko-2 scale (the
// paper's step 8), held within the bounds.
func FromGlicko2(mu, phi, sigma float64) Rating {
	return Rating{
		R:     clamp(Scale*mu+StartR, MinR, MaxR),
		RD:    clamp(Scale*phi, MinRD, MaxRD),
		Sigma: clamp(sigma, MinSigma, MaxSigma),
	}
}

// aged is the rating after t periods without games: φ² grows by t·σ², up
// to MaxRD (the paper's step 6 for t = 1, worked on the Glicko scale so
// that r and σ stay exactly).
func (r Rating) aged(t float64) Rating {
	s := Scale * r.Sigma
	r.RD = math.Min(MaxRD, math.Sqrt(r.RD*r.RD+t*s*s))
	return r
}

func clamp(x, min, max float64) float64 {
	return math.Max(min, math.Min(max, x))
}

// Result is one game of a rating period from the rated player's side: the
// opponent's rating before the period and the player's score.
type Result struct {
	Opponent Rating
	Score    Score
}

// Score is a game's result for one side: Win, Draw or Loss.
type Score float64

// The scores of a game.
const (
	Loss Score = 0
	Draw Score = 0.5
	Win  Score = 1
)

// System holds the constants of a Glicko-2 system. The zero System is the
// paper's: τ = 0.5.
type System struct {
	// Tau constrains how fast volatility changes (the paper's τ); zero
	// means DefaultTau, and a value outside [MinTau, MaxTau] is refused.
	Tau float64
	// PeriodLength is the time one rating period stands for when System.Age
	// ages a rating; zero or negative means DefaultPeriod.
	PeriodLength time.Duration
}

func (s System) tau() float64 {
	if s.Tau == 0 {
		return DefaultTau
	}
	return s.Tau
}

// check refuses the system's own constants out of bounds.
func (s System) check() error {
	return within("tau", s.tau(), MinTau, MaxTau)
}

// g is the paper's g(φ).
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// e is the paper's E(μ, μj, φj).
func e(mu, muj, phij float64) float64 {
	return 1 / (1 + math.Exp(-g(phij)*(mu-muj)))
}

// Expected is the score player expects against opponent, from 0 to 1: the
// paper's E(μ, μj, φj), which counts the opponent's RD only.
func Expected(player, opponent Rating) float64 {
	return e(player.Mu(), opponent.Mu(), opponent.Phi())
}

// Period is the rating after one rating period with these games, all
// against the opponents' ratings before the period. With no games only the
// deviation grows (the paper's step 6 alone), up to MaxRD.
func (s System) Period(r Rating, games []Result) (Rating, error) {
	if err := s.check(); err != nil {
		return Rating{}, err
	}
	if err := r.Valid(); err != nil {
		return Rating{}, err
	}
	for i, res := range games {
		if err := res.Opponent.Valid(); err != nil {
			return Rating{}, fmt.Errorf("game %d: opponent: %w", i+1, err)
		}
		if err := within("score", float64(res.Score), 0, 1); err != nil {
			return Rating{}, fmt.Errorf("game %d: %w", i+1, err)
		}
	}
	if len(games) == 0 {
		return r.aged(1), nil
	}
	return s.steps(r, games).rating(), nil
}

// steps holds the paper's intermediate values of one period with games.
type steps struct {
	mu, phi       float64 // step 2
	v             float64 // step 3
	delta         float64 // step 4
	sigma         float64 // step 5: σ'
	phiStar       float64 // step 6
	phiNew, muNew float64 // step 7
}

func (st steps) rating() Rating { return FromGlicko2(st.muNew, st.phiNew, st.sigma) }

// steps runs the paper's steps 2 to 7 for valid input.
func (s System) steps(r Rating, games []Result) steps {
	st := steps{mu: r.Mu(), phi: r.Phi()}
	var invV, sum float64
	for _, res := range games {
		muj, phij := res.Opponent.Mu(), res.Opponent.Phi()
		gj, ej := g(phij), e(st.mu, muj, phij)
		invV += gj * gj * ej * (1 - ej)
		sum += gj * (float64(res.Score) - ej)
	}
	st.v = 1 / invV
	st.delta = st.v * sum
	st.sigma = s.volatility(st.phi, st.v, st.delta, r.Sigma)
	// The deviation grows first, never past that of a new player.
	st.phiStar = math.Min(math.Sqrt(st.phi*st.phi+st.sigma*st.sigma), MaxRD/Scale)
	st.phiNew = 1 / math.Sqrt(1/(st.phiStar*st.phiStar)+1/st.v)
	st.muNew = st.mu + st.phiNew*st.phiNew*sum
	return st
}

// volatility is the paper's step 5: σ' by the Illinois algorithm.
func (s System) volatility(phi, v, delta, sigma float64) float64 {
	tau := s.tau()
	a := math.Log(sigma * sigma)
	d2, p2 := delta*delta, phi*phi
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := p2 + v + ex
		return ex*(d2-p2-v-ex)/(2*den*den) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if d2 > p2+v {
		B = math.Log(d2 - p2 - v)
	} else {
		// f(a−kτ) > k/τ − 1/2, so k stays below τ/2 + 1.
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIterations {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > Tolerance && i < maxIterations && fB != fA; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
