package tournament

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// randomResult is a played result mostly, now and then a forfeit.
func randomResult(rng *rand.Rand) Result {
	switch n := rng.IntN(20); {
	case n == 0:
		return WhiteWinsByForfeit
	case n == 1:
		return BlackWinsByForfeit
	case n < 8:
		return Draw
	case n < 14:
		return WhiteWins
	}
	return BlackWins
}

func TestRandomSwissTournamentsPairValidly(t *testing.T) {
	count := 1000
	if testing.Short() {
		count = 60
	}
	rng := rand.New(rand.NewPCG(13, 2026))
	refused := 0
	for k := range count {
		n, rounds := 6+rng.IntN(15), 3+rng.IntN(7)
		ps := players(n)
		for i := range ps {
			ps[i].Rating = 1000 + rng.IntN(1000)
		}
		tour, err := New(Swiss, rounds, ps)
		if err != nil {
			t.Fatal(err)
		}
		for round := 1; round <= rounds; round++ {
			r, err := tour.PairNext()
			if errors.Is(err, ErrNoPairing) {
				if legalRoundExists(tour) {
					t.Fatalf("tournament %d round %d: %v, but a legal pairing exists", k, round, err)
				}
				refused++
				break
			}
			if err != nil {
				t.Fatalf("tournament %d round %d: %v", k, round, err)
			}
			for _, g := range r.Games {
				if tour.Withdrawn[g.White] || tour.Withdrawn[g.Black] {
					t.Fatalf("tournament %d round %d: a withdrawn player is paired", k, round)
				}
			}
			checkByeIsLowest(t, tour)
			if got, want := len(r.Games), (activeCount(tour)+1)/2; got != want {
				t.Fatalf("tournament %d round %d: %d games for %d players", k, round, got, activeCount(tour))
			}
			if rng.IntN(8) == 0 { // during the round: their game is forfeited
				if err := tour.Withdraw(ps[rng.IntN(n)].ID); err != nil {
					t.Fatal(err)
				}
			}
			for b, g := range tour.Paired[round-1].Games {
				if !g.Bye() && g.Result == Pending {
					if err := tour.Record(round, b+1, randomResult(rng)); err != nil {
						t.Fatal(err)
					}
				}
			}
			checkSwiss(t, tour)
		}
		checkScores(t, tour)
	}
	t.Logf("%d tournaments, %d stopped because no legal pairing was left", count, refused)
}

func activeCount(tour *Tournament) int {
	n := 0
	for _, p := range tour.Players {
		if !tour.Withdrawn[p.ID] {
			n++
		}
	}
	return n
}

// legalRoundExists searches, independently of the pairing code, for any
// next round meeting the absolute criteria: each player not withdrawn
// paired once, no repeat, at most one bye and none after a bye or a
// forfeit win, and a colour for each that keeps their played colours
// within ±2 and never three in a row.
func legalRoundExists(tour *Tournament) bool {
	return legalRoundWithBye(tour, "")
}

// legalRoundWithBye is legalRoundExists with the bye (if one is needed)
// given to bye, or to anyone if bye is "".
func legalRoundWithBye(tour *Tournament, bye string) bool {
	var ids []string
	for _, p := range tour.Players {
		if !tour.Withdrawn[p.ID] {
			ids = append(ids, p.ID)
		}
	}
	l := newLedger(tour.Paired)
	may := func(a, b string) bool {
		return !l.met[[2]string{min(a, b), max(a, b)}] &&
			((l.allows(a, White) && l.allows(b, Black)) || (l.allows(a, Black) && l.allows(b, White)))
	}
	memo := map[uint64]bool{}
	var pair func(set uint64) bool
	pair = func(set uint64) bool {
		if set == 0 {
			return true
		}
		if v, ok := memo[set]; ok {
			return v
		}
		i := bits.TrailingZeros64(set)
		found := false
		for j := range ids {
			if j != i && set&(1<<j) != 0 && may(ids[i], ids[j]) && pair(set&^(1<<i|1<<j)) {
				found = true
				break
			}
		}
		memo[set] = found
		return found
	}
	all := uint64(1)<<len(ids) - 1
	if len(ids)%2 == 0 {
		return len(ids) > 0 && pair(all)
	}
	for i, id := range ids {
		if !l.barred[id] && (bye == "" || bye == id) && pair(all&^(1<<i)) {
			return true
		}
	}
	return false
}

// checkByeIsLowest fails unless the last round's bye (if any) went to the
// lowest ranked player (fewest points, then the highest pairing number)
// who could have it with the rest still paired.
func checkByeIsLowest(t *testing.T, tour *Tournament) {
	t.Helper()
	last := tour.Paired[len(tour.Paired)-1]
	if n := len(last.Games); n == 0 || !last.Games[n-1].Bye() {
		return
	}
	before := *tour
	before.Paired = tour.Paired[:len(tour.Paired)-1]
	points := map[string]Score{}
	for _, s := range before.Standings() {
		points[s.Player.ID] = s.Points
	}
	got := last.Games[len(last.Games)-1].White
	for i := len(tour.Players) - 1; i >= 0; i-- {
		id := tour.Players[i].ID
		lower := points[id] < points[got] || (points[id] == points[got] && i > tour.seed(got))
		if lower && !tour.Withdrawn[id] && legalRoundWithBye(&before, id) {
			t.Fatalf("round %d: the bye went to %s, but %s ranks lower and could have it", last.Number, got, id)
		}
	}
}

// checkScores fails unless the standings' points add up to what the
// games and byes award, and each player's points are their own games'.
func checkScores(t *testing.T, tour *Tournament) {
	t.Helper()
	want := map[string]Score{}
	for _, r := range tour.Paired {
		for _, g := range r.Games {
			if g.Bye() {
				want[g.White] += tour.byePoints()
				continue
			}
			want[g.White] += g.Result.points(White)
			want[g.Black] += g.Result.points(Black)
		}
	}
	st := tour.Standings()
	if len(st) != len(tour.Players) {
		t.Fatalf("%d standings for %d players", len(st), len(tour.Players))
	}
	for i, s := range st {
		if s.Points != want[s.Player.ID] {
			t.Errorf("%s has %s points in the standings, %s by the games", s.Player.ID, s.Points, want[s.Player.ID])
		}
		if i > 0 && (s.Points > st[i-1].Points || s.Rank < st[i-1].Rank) {
			t.Errorf("standings out of order at %d: %+v after %+v", i+1, s, st[i-1])
		}
	}
}
