package rating

import (
	"fmt"
	"math"
	"time"
)

// DefaultPeriod is the time one rating period stands for when
// System.PeriodLength is zero: Lichess's 0.21436 periods a day (about 4.67
// days), at which a typical RD of 60 grows to 110 in a year without games.
const DefaultPeriod = 403060 * time.Second // 86400 s / 0.21436

func (s System) periodLength() time.Duration {
	if s.PeriodLength > 0 {
		return s.PeriodLength
	}
	return DefaultPeriod
}

// Game rates one game between two people when it ends, as its own rating
// period: a's score is score, b's the rest. Both are rated against the
// other's rating before the game. Age each first for the time since their
// last rated game.
func (s System) Game(a, b Rating, score Score) (Rating, Rating, error) {
	na, err := s.one(a, b, score)
	if err != nil {
		return Rating{}, Rating{}, fmt.Errorf("first player: %w", err)
	}
	nb, err := s.one(b, a, 1-score)
	if err != nil {
		return Rating{}, Rating{}, fmt.Errorf("second player: %w", err)
	}
	return na, nb, nil
}

// one is a period of one game.
func (s System) one(r, opponent Rating, score Score) (Rating, error) {
	games := [1]Result{{Opponent: opponent, Score: score}}
	return s.Period(r, games[:])
}

// Anchor is a fixed rating that no game changes: a bot level's. Its RD says
// how well its strength is known (within [MinRD, MaxRD]), and weighs its
// games as any opponent's RD does.
type Anchor struct {
	R, RD float64
}

// Rating is the anchor as an opponent's rating.
func (a Anchor) Rating() Rating {
	return Rating{R: a.R, RD: a.RD, Sigma: StartSigma}
}

// AgainstAnchor rates one game of a person against an anchor when it ends,
// as its own rating period: only the person's rating changes.
func (s System) AgainstAnchor(r Rating, anchor Anchor, score Score) (Rating, error) {
	if err := anchor.Rating().Valid(); err != nil {
		return Rating{}, fmt.Errorf("anchor: %w", err)
	}
	return s.one(r, anchor.Rating(), score)
}

// Age is the rating after idle time without rated games: the deviation
// grows as over t = idle/System.PeriodLength periods without games
// (φ² + t·σ²), up to MaxRD; r and σ stay. Negative time counts as none.
func (s System) Age(r Rating, idle time.Duration) (Rating, error) {
	if err := r.Valid(); err != nil {
		return Rating{}, err
	}
	t := math.Max(0, float64(idle)/float64(s.periodLength()))
	return r.aged(t), nil
}
