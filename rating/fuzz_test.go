package rating

import (
	"errors"
	"math"
	"testing"
	"time"
)

// FuzzPeriod feeds any numbers to an update: out-of-bounds input is a
// *RangeError, and valid input gives a valid rating (no NaN or Inf, RD in
// [30, 350]). The same numbers folded into their bounds are rated too, so
// that every run also reaches the mathematics.
func FuzzPeriod(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 1.0, 0.5, uint8(1), int64(0))
	f.Add(1500.0, 350.0, 0.06, 1700.0, 300.0, 0.0, 0.0, uint8(3), int64(time.Hour))
	f.Add(100.0, 30.0, 0.001, 4000.0, 350.0, 1.0, 2.0, uint8(20), int64(1<<62))
	f.Add(4000.0, 30.0, 0.1, 100.0, 30.0, 0.0, 0.1, uint8(255), int64(-5))
	f.Add(math.NaN(), 0.0, -1.0, math.Inf(1), 1e300, 2.0, math.Inf(-1), uint8(0), int64(0))
	f.Fuzz(func(t *testing.T, r, rd, sigma, or, ord, score, tau float64, n uint8, idle int64) {
		raw := update{
			sys: System{Tau: tau}, p: Rating{R: r, RD: rd, Sigma: sigma},
			o: Rating{R: or, RD: ord, Sigma: StartSigma}, score: Score(score), n: int(n % 32),
		}
		valid := raw.sys.check() == nil && raw.p.Valid() == nil &&
			(raw.n == 0 || raw.o.Valid() == nil && score >= 0 && score <= 1)
		if valid {
			raw.check(t, time.Duration(idle))
		} else if _, err := raw.run(); !errors.As(err, new(*RangeError)) {
			t.Fatalf("%+v: %v, want a *RangeError", raw, err)
		}
		folded := update{
			sys:   System{Tau: fold(tau, MinTau, MaxTau)},
			p:     Rating{R: fold(r, MinR, MaxR), RD: fold(rd, MinRD, MaxRD), Sigma: fold(sigma, MinSigma, MaxSigma)},
			o:     Rating{R: fold(or, MinR, MaxR), RD: fold(ord, MinRD, MaxRD), Sigma: StartSigma},
			score: Score(fold(score, 0, 1)), n: raw.n,
		}
		folded.check(t, time.Duration(idle))
	})
}

// update is one period the fuzz target rates: n games against o.
type update struct {
	sys   System
	p, o  Rating
	score Score
	n     int
}

func (u update) run() (Rating, error) {
	games := make([]Result, u.n)
	for i := range games {
		games[i] = Result{Opponent: u.o, Score: u.score}
	}
	return u.sys.Period(u.p, games)
}

// check rates valid input: the rating is valid, a win did not lower it nor
// a loss raise it, and idle time keeps it valid with RD no lower.
func (u update) check(t *testing.T, idle time.Duration) {
	t.Helper()
	got, err := u.run()
	if err != nil {
		t.Fatalf("%+v: %v", u, err)
	}
	if err := got.Valid(); err != nil {
		t.Fatalf("%+v gives %#v: %v", u, got, err)
	}
	if u.n > 0 && (u.score == Win && got.R < u.p.R || u.score == Loss && got.R > u.p.R) {
		t.Fatalf("%+v moved the rating to %v", u, got)
	}
	aged, err := u.sys.Age(got, idle)
	if err != nil || aged.Valid() != nil || aged.RD < got.RD {
		t.Fatalf("Age(%#v, %v) = %#v, %v", got, idle, aged, err)
	}
}

// fold maps any number into [lo, hi] (NaN and infinities to lo), ends
// included now and then.
func fold(x, lo, hi float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return lo
	}
	_, frac := math.Modf(math.Abs(x))
	switch {
	case x == 1:
		return hi
	case x == 0:
		return lo
	}
	return lo + frac*(hi-lo)
}

// BenchmarkGame rates one game between two people.
func BenchmarkGame(b *testing.B) {
	sys := System{}
	a, o := Rating{1620, 80, 0.06}, Rating{1550, 120, 0.06}
	for b.Loop() {
		if _, _, err := sys.Game(a, o, Win); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPaperPeriod rates the paper's period of three games.
func BenchmarkPaperPeriod(b *testing.B) {
	sys := System{}
	for b.Loop() {
		if _, err := sys.Period(paperPlayer, paperGames); err != nil {
			b.Fatal(err)
		}
	}
}
