package tournament

import (
	"fmt"
	"slices"
	"testing"
)

// players makes n players p1..pn, rated from 2000 down, so that the
// pairing numbers are 1..n in order.
func players(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%d", i+1), Name: fmt.Sprintf("Player %d", i+1), Rating: 2000 - 10*i}
	}
	return ps
}

// pairedOnce fails unless a round pairs each player at most once; it
// returns how many players the round pairs.
func pairedOnce(t *testing.T, r Round) int {
	t.Helper()
	seen := map[string]bool{}
	for _, g := range r.Games {
		for _, id := range []string{g.White, g.Black} {
			if id == "" {
				continue
			}
			if seen[id] {
				t.Fatalf("round %d: %s paired twice", r.Number, id)
			}
			seen[id] = true
		}
	}
	return len(seen)
}

// ledger is what a test reads from the rounds, apart from the code under
// test: who has met whom, who may have no more byes, the colours played.
type ledger struct {
	met    map[[2]string]bool
	barred map[string]bool
	played map[string][]Colour
}

func newLedger(rounds []Round) *ledger {
	l := &ledger{met: map[[2]string]bool{}, barred: map[string]bool{}, played: map[string][]Colour{}}
	for _, r := range rounds {
		for _, g := range r.Games {
			l.add(g)
		}
	}
	return l
}

// add records one game; it says what breaks a Swiss's absolute rules (a
// repeat, a bye after a bye or a forfeit win), or "".
func (l *ledger) add(g Game) string {
	if g.Bye() {
		if l.barred[g.White] {
			return g.White + " has a bye after a bye or a forfeit win"
		}
		l.barred[g.White] = true
		return ""
	}
	key := [2]string{min(g.White, g.Black), max(g.White, g.Black)}
	if l.met[key] {
		return g.White + " and " + g.Black + " meet again"
	}
	l.met[key] = true
	switch g.Result {
	case WhiteWinsByForfeit:
		l.barred[g.White] = true
	case BlackWinsByForfeit:
		l.barred[g.Black] = true
	case WhiteWins, BlackWins, Draw:
		l.played[g.White] = append(l.played[g.White], White)
		l.played[g.Black] = append(l.played[g.Black], Black)
	}
	return ""
}

// allows reports whether a player may be given colour c next.
func (l *ledger) allows(id string, c Colour) bool {
	return colourProblem(append(slices.Clone(l.played[id]), c), 2) == ""
}

// colourProblem says what is wrong with a colour sequence: one colour
// three times in a row, a difference beyond ±2 on the way or beyond
// maxDiff at the end; or "".
func colourProblem(cs []Colour, maxDiff int) string {
	diff := 0
	for i, c := range cs {
		if i >= 2 && cs[i-1] == c && cs[i-2] == c {
			return "has one colour three times in a row"
		}
		if c == White {
			diff++
		} else {
			diff--
		}
		if diff > 2 || diff < -2 {
			return fmt.Sprintf("reaches colour difference %d", diff)
		}
	}
	if diff > maxDiff || diff < -maxDiff {
		return fmt.Sprintf("ends with colour difference %d", diff)
	}
	return ""
}

// checkColours fails if colourProblem finds one in a player's colours.
func checkColours(t *testing.T, id string, cs []Colour, maxDiff int) {
	t.Helper()
	if p := colourProblem(cs, maxDiff); p != "" {
		t.Errorf("%s %s: %v", id, p, cs)
	}
}
