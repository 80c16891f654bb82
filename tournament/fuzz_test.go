package tournament

import (
	"errors"
	"strings"
	"testing"
)

// FuzzResultSequences plays a tournament from bytes: the first three give
// the players, the system and the rounds; each next byte scores the first
// open game, withdraws someone, or (once the round is done) pairs the next.
// Whatever the sequence, pairings stay valid, a Swiss stops only when no
// legal round is left, the points add up and the tables fit 78 columns.
func FuzzResultSequences(f *testing.F) {
	f.Add([]byte{6, 2, 5, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{3, 0, 0, 3, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{9, 1, 0, 15, 31, 47, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4})
	f.Add([]byte{4, 2, 8, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6})
	f.Add([]byte{14, 2, 7, 5, 4, 79, 3, 2, 1, 0, 255, 128, 64, 32, 16, 8, 4, 2, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		n := 2 + int(data[0])%15
		system := System(1 + int(data[1])%3)
		tour, err := New(system, 1+int(data[2])%9, players(n))
		if err != nil {
			t.Fatal(err)
		}
		stopped := false
		for _, b := range data[3:] {
			round, board := openGame(tour)
			switch {
			case b%16 == 15:
				if err := tour.Withdraw(tour.Players[int(b/16)%n].ID); err != nil {
					t.Fatal(err)
				}
			case board == 0 || (system != Swiss && b%16 == 14):
				_, err := tour.PairNext()
				if errors.Is(err, ErrFinished) {
					stopped = true
				} else if errors.Is(err, ErrNoPairing) {
					if system != Swiss || legalRoundExists(tour) {
						t.Fatalf("%v, but a legal round exists", err)
					}
					stopped = true
				} else if err != nil {
					t.Fatal(err)
				}
			default:
				if err := tour.Record(round, board, Result(1+int(b)%6)); err != nil {
					t.Fatal(err)
				}
			}
			if stopped {
				break
			}
		}
		if system == Swiss {
			checkSwiss(t, tour)
		} else {
			checkRobin(t, tour)
		}
		checkScores(t, tour)
		for _, line := range strings.Split(tour.Crosstable()+tour.StandingsTable(), "\n") {
			if len([]rune(line)) > Width {
				t.Fatalf("line wider than %d: %q", Width, line)
			}
		}
	})
}

// openGame is the first game without a result (round and board from 1),
// or 0, 0.
func openGame(tour *Tournament) (int, int) {
	for r, round := range tour.Paired {
		for b, g := range round.Games {
			if !g.Bye() && g.Result == Pending {
				return r + 1, b + 1
			}
		}
	}
	return 0, 0
}

// checkRobin fails unless each round pairs everyone at most once and no
// two players meet more often than the cycles allow, the same way round
// twice.
func checkRobin(t *testing.T, tour *Tournament) {
	t.Helper()
	cycles := 1
	if tour.System == DoubleRoundRobin {
		cycles = 2
	}
	met := map[[2]string]int{}
	for _, r := range tour.Paired {
		pairedOnce(t, r)
		for _, g := range r.Games {
			if !g.Bye() {
				met[[2]string{g.White, g.Black}]++
				if met[[2]string{g.White, g.Black}] > 1 || met[[2]string{g.White, g.Black}]+met[[2]string{g.Black, g.White}] > cycles {
					t.Fatalf("round %d: %s-%s once too often", r.Number, g.White, g.Black)
				}
			}
		}
	}
}
