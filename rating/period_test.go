package rating

import (
	"errors"
	"math"
	"testing"
	"time"
)

// grid is the ratings the property tests walk: every rating and RD a
// player may have, at three volatilities.
func grid() []Rating {
	var rs []Rating
	for _, r := range []float64{MinR, 800, 1200, 1500, 1800, 2400, MaxR} {
		for _, rd := range []float64{MinRD, 45, 60, 110, 200, MaxRD} {
			for _, sigma := range []float64{MinSigma, StartSigma, MaxSigma} {
				rs = append(rs, Rating{R: r, RD: rd, Sigma: sigma})
			}
		}
	}
	return rs
}

// TestResultDirection: a win never lowers a rating, a loss never raises
// one, against any opponent, for two people and against an anchor.
func TestResultDirection(t *testing.T) {
	sys := System{}
	ratings := grid()
	for _, p := range ratings {
		for _, o := range ratings {
			for _, c := range []struct {
				score Score
				ok    func(before, after float64) bool
				says  string
			}{
				{Win, func(b, a float64) bool { return a >= b }, "a win lowered"},
				{Loss, func(b, a float64) bool { return a <= b }, "a loss raised"},
			} {
				np, no, err := sys.Game(p, o, c.score)
				if err != nil {
					t.Fatal(err)
				}
				if !c.ok(p.R, np.R) {
					t.Fatalf("%s %v to %v against %v", c.says, p, np, o)
				}
				if c.ok(o.R, no.R) && no.R != o.R {
					t.Fatalf("the other side of %s moved %v to %v", c.says, o, no)
				}
				na, err := sys.AgainstAnchor(p, Anchor{R: o.R, RD: o.RD}, c.score)
				if err != nil {
					t.Fatal(err)
				}
				if !c.ok(p.R, na.R) {
					t.Fatalf("%s %v to %v against the anchor %v", c.says, p, na, o)
				}
			}
		}
	}
}

// TestGamesShrinkRD: a game lowers the RD of a provisional player against
// an opponent within 400 points, and a new player's RD (350) after any
// game. (Near the RD where one game a period holds a rating, about 60 at
// σ 0.06, one game's information is less than the period's growth of σ²,
// and RD may rise by a point: Glicko-2 as the paper has it.)
func TestGamesShrinkRD(t *testing.T) {
	sys := System{}
	for _, p := range grid() {
		if !p.Provisional() || p.Sigma > StartSigma {
			continue
		}
		for _, o := range grid() {
			newPlayer := p.RD == MaxRD
			if !newPlayer && math.Abs(o.R-p.R) > 400 {
				continue
			}
			for _, score := range []Score{Loss, Draw, Win} {
				got, err := sys.Period(p, []Result{{Opponent: o, Score: score}})
				if err != nil {
					t.Fatal(err)
				}
				if got.RD >= p.RD {
					t.Errorf("RD rose from %v to %v after a %v against %v", p, got, score, o)
				}
			}
		}
	}
	// A period of ten games lowers any RD above the least.
	for _, p := range grid() {
		if p.RD == MinRD {
			continue
		}
		var games []Result
		for i := range 10 {
			games = append(games, Result{Opponent: Rating{R: clamp(p.R-100+float64(20*i), MinR, MaxR), RD: 60, Sigma: StartSigma}, Score: Score(i % 2)})
		}
		got, err := sys.Period(p, games)
		if err != nil {
			t.Fatal(err)
		}
		if got.RD >= p.RD {
			t.Errorf("RD rose from %v to %v after ten games", p, got)
		}
	}
}

// TestIdlePeriod: a period without games keeps r and σ and lets RD grow
// (the paper's step 6 alone), up to a new player's 350 and no further.
func TestIdlePeriod(t *testing.T) {
	for _, p := range grid() {
		got, err := System{}.Period(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.R != p.R || got.Sigma != p.Sigma {
			t.Errorf("an idle period changed r or σ: %v to %v", p, got)
		}
		want := math.Min(MaxRD, Scale*math.Hypot(p.Phi(), p.Sigma))
		if math.Abs(got.RD-want) > 1e-9 || got.RD < p.RD {
			t.Errorf("idle RD %v to %v, want %v", p.RD, got.RD, want)
		}
		if p.RD < MaxRD && got.RD <= p.RD {
			t.Errorf("idle RD did not grow: %v to %v", p, got)
		}
	}
	r := Rating{R: 1500, RD: MinRD, Sigma: StartSigma}
	periods := 0
	for ; r.RD < MaxRD; periods++ {
		next, err := System{}.Period(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		if next.RD > MaxRD || next.RD <= r.RD {
			t.Fatalf("idle period %d: RD %v to %v", periods+1, r.RD, next.RD)
		}
		r = next
	}
	if again, _ := (System{}).Period(r, nil); again != r {
		t.Errorf("an idle period past 350 changed %v to %v", r, again)
	}
	t.Logf("RD 30 grows to 350 in %d idle periods at σ 0.06", periods)
}

// TestAge: idle time grows RD as its share of a rating period: none for
// none, one period as Period without games, a year from 60 to 110, and no
// further than 350.
func TestAge(t *testing.T) {
	year := 365 * 24 * time.Hour
	p := Rating{R: 1700, RD: 60, Sigma: StartSigma}
	idle, err := System{}.Period(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		sys    System
		idle   time.Duration
		wantRD float64
		tol    float64
	}{
		{"no time", System{}, 0, 60, 0},
		{"negative time", System{}, -time.Hour, 60, 0},
		{"one default period", System{}, DefaultPeriod, idle.RD, 1e-9},
		{"one set period", System{PeriodLength: 30 * 24 * time.Hour}, 30 * 24 * time.Hour, idle.RD, 1e-9},
		{"a year (Lichess: 60 to 110)", System{}, year, 110, 0.5},
		{"thirty years", System{}, 30 * year, MaxRD, 0},
	}
	for _, c := range cases {
		got, err := c.sys.Age(p, c.idle)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got.RD-c.wantRD) > c.tol || got.R != p.R || got.Sigma != p.Sigma {
			t.Errorf("%s: %v aged to %v, want RD %v", c.name, p, got, c.wantRD)
		}
	}
}

// TestTau: zero τ is the paper's 0.5, τ out of its bounds is refused, and
// a larger τ lets an upset move the volatility further.
func TestTau(t *testing.T) {
	upset := []Result{{Opponent: Rating{R: 2100, RD: 60, Sigma: StartSigma}, Score: Win}}
	p := Rating{R: 1500, RD: 80, Sigma: StartSigma}
	sigma := func(tau float64) float64 {
		got, err := System{Tau: tau}.Period(p, upset)
		if err != nil {
			t.Fatal(err)
		}
		return got.Sigma
	}
	if sigma(0) != sigma(DefaultTau) {
		t.Errorf("τ 0 gives σ' %v, τ 0.5 %v", sigma(0), sigma(DefaultTau))
	}
	if !(sigma(0.3) < sigma(0.5) && sigma(0.5) < sigma(1.2)) || sigma(0.3) <= StartSigma {
		t.Errorf("σ' after an upset at τ 0.3, 0.5, 1.2: %v %v %v, want rising, above 0.06", sigma(0.3), sigma(0.5), sigma(1.2))
	}
	for _, tau := range []float64{-1, 0.05, 2.5, math.NaN(), math.Inf(1)} {
		_, err := System{Tau: tau}.Period(p, upset)
		var re *RangeError
		if !errors.As(err, &re) || re.What != "tau" {
			t.Errorf("τ %v: %v, want a *RangeError for tau", tau, err)
		}
	}
}

// TestRefused: out-of-bounds input is a *RangeError naming the value.
func TestRefused(t *testing.T) {
	ok := Start()
	cases := []struct {
		name string
		run  func() error
		what string
	}{
		{"R NaN", func() error { _, err := System{}.Period(Rating{math.NaN(), 100, 0.06}, nil); return err }, "R"},
		{"R infinite", func() error { _, err := System{}.Period(Rating{math.Inf(1), 100, 0.06}, nil); return err }, "R"},
		{"RD zero", func() error { _, err := System{}.Period(Rating{1500, 0, 0.06}, nil); return err }, "RD"},
		{"RD past 350", func() error { _, err := System{}.Age(Rating{1500, 351, 0.06}, time.Hour); return err }, "RD"},
		{"sigma zero", func() error { _, _, err := System{}.Game(ok, Rating{1500, 100, 0}, Win); return err }, "sigma"},
		{"sigma past the bound", func() error { _, _, err := System{}.Game(Rating{1500, 100, 0.2}, ok, Win); return err }, "sigma"},
		{"score 2", func() error { _, _, err := System{}.Game(ok, ok, 2); return err }, "score"},
		{"score NaN", func() error { _, err := System{}.AgainstAnchor(ok, Anchor{1500, 50}, Score(math.NaN())); return err }, "score"},
		{"anchor RD", func() error { _, err := System{}.AgainstAnchor(ok, Anchor{1500, 10}, Win); return err }, "RD"},
		{"an opponent", func() error {
			_, err := System{}.Period(ok, []Result{{Opponent: ok, Score: Win}, {Opponent: Rating{9000, 50, 0.06}, Score: Win}})
			return err
		}, "R"},
	}
	for _, c := range cases {
		err := c.run()
		var re *RangeError
		if !errors.As(err, &re) || re.What != c.what {
			t.Errorf("%s: got %v, want a *RangeError for %s", c.name, err, c.what)
		}
	}
}
