package tournament

import (
	"fmt"
	"reflect"
	"testing"
)

func TestBergerTableMatchesFIDE(t *testing.T) {
	tests := []struct {
		players int
		want    [][][2]int
	}{
		{4, [][][2]int{ // FIDE Handbook C.05 Annex 1, 3 or 4 players
			{{1, 4}, {2, 3}},
			{{4, 3}, {1, 2}},
			{{2, 4}, {3, 1}},
		}},
		{3, [][][2]int{ // the same table, 4 the bye
			{{1, 4}, {2, 3}},
			{{4, 3}, {1, 2}},
			{{2, 4}, {3, 1}},
		}},
		{6, [][][2]int{ // 5 or 6 players
			{{1, 6}, {2, 5}, {3, 4}},
			{{6, 4}, {5, 3}, {1, 2}},
			{{2, 6}, {3, 1}, {4, 5}},
			{{6, 5}, {1, 4}, {2, 3}},
			{{3, 6}, {4, 2}, {5, 1}},
		}},
	}
	for _, tt := range tests {
		if got := BergerTable(tt.players); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("BergerTable(%d) = %v, want %v", tt.players, got, tt.want)
		}
	}
}

func TestRoundRobinPairsEveryoneOnceWithBalancedColours(t *testing.T) {
	tests := []struct {
		players int
		system  System
		rounds  int
		byes    int // rounds of rest per player
	}{
		{4, RoundRobin, 3, 0},
		{8, RoundRobin, 7, 0},
		{5, RoundRobin, 5, 1},
		{7, RoundRobin, 7, 1},
		{4, DoubleRoundRobin, 6, 0},
		{8, DoubleRoundRobin, 14, 0},
		{5, DoubleRoundRobin, 10, 2},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d %s", tt.players, tt.system), func(t *testing.T) {
			tour, err := New(tt.system, 0, players(tt.players))
			if err != nil {
				t.Fatal(err)
			}
			rounds, err := tour.PairAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(rounds) != tt.rounds || tour.Rounds != tt.rounds {
				t.Fatalf("%d rounds (Rounds %d), want %d", len(rounds), tour.Rounds, tt.rounds)
			}
			if _, err := tour.PairNext(); err != ErrFinished {
				t.Errorf("PairNext after the last round: %v, want ErrFinished", err)
			}
			met := map[[2]string]int{}
			colours := map[string][]Colour{}
			byes := map[string]int{}
			for _, r := range rounds {
				if n := pairedOnce(t, r); n != tt.players {
					t.Fatalf("round %d pairs %d players, want %d", r.Number, n, tt.players)
				}
				for _, g := range r.Games {
					if g.Bye() {
						byes[g.White]++
						continue
					}
					met[[2]string{g.White, g.Black}]++
					colours[g.White] = append(colours[g.White], White)
					colours[g.Black] = append(colours[g.Black], Black)
				}
			}
			cycles := tt.rounds / (tt.players + tt.players%2 - 1)
			for i, a := range tour.Players {
				if byes[a.ID] != tt.byes {
					t.Errorf("%s rests %d rounds, want %d", a.ID, byes[a.ID], tt.byes)
				}
				for _, b := range tour.Players[i+1:] {
					ab, ba := met[[2]string{a.ID, b.ID}], met[[2]string{b.ID, a.ID}]
					if ab+ba != cycles || (cycles == 2 && ab != 1) {
						t.Errorf("%s-%s %d times, %s-%s %d times", a.ID, b.ID, ab, b.ID, a.ID, ba)
					}
				}
				checkColours(t, a.ID, colours[a.ID], 1)
			}
		})
	}
}

func TestRoundRobinWithdrawalForfeitsTheGamesToCome(t *testing.T) {
	tour, err := New(RoundRobin, 0, players(4))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.PairNext(); err != nil { // 1-4, 2-3
		t.Fatal(err)
	}
	if err := tour.Record(1, 1, WhiteWins); err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw("p3"); err != nil { // p3's game with p2 is still open
		t.Fatal(err)
	}
	rest, err := tour.PairAll() // 4-3 1-2, then 2-4 3-1
	if err != nil {
		t.Fatal(err)
	}
	want := []Game{{White: "p2", Black: "p3", Result: WhiteWinsByForfeit}}
	if got := tour.Paired[0].Games[1:]; !reflect.DeepEqual(got, want) {
		t.Errorf("round 1 board 2 after the withdrawal: %v, want %v", got, want)
	}
	wantRest := [][]Game{
		{{White: "p4", Black: "p3", Result: WhiteWinsByForfeit}, {White: "p1", Black: "p2"}},
		{{White: "p2", Black: "p4"}, {White: "p3", Black: "p1", Result: BlackWinsByForfeit}},
	}
	for i, r := range rest {
		if !reflect.DeepEqual(r.Games, wantRest[i]) {
			t.Errorf("round %d: %v, want %v", r.Number, r.Games, wantRest[i])
		}
	}
	for _, s := range tour.Standings() {
		if s.Player.ID == "p3" && (!s.Withdrawn || s.Points != 0) {
			t.Errorf("p3's standing: %+v", s)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	refused := map[string]struct {
		system  System
		rounds  int
		players []Player
	}{
		"one player": {RoundRobin, 0, players(1)},
		"no id":      {Swiss, 3, []Player{{ID: "a"}, {Name: "Nobody"}}},
		"twice":      {Swiss, 3, []Player{{ID: "a"}, {ID: "a"}}},
		"no rounds":  {Swiss, 0, players(4)},
		"no system":  {0, 3, players(4)},
		"too many":   {Swiss, 3, players(65)},
	}
	for name, tt := range refused {
		if _, err := New(tt.system, tt.rounds, tt.players); err == nil {
			t.Errorf("%s: New succeeded", name)
		}
	}
}
