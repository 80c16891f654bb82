package tournament_test

import (
	"fmt"

	"github.com/windpost/windpost/tournament"
)

func Example() {
	t, err := tournament.New(tournament.RoundRobin, 0, []tournament.Player{
		{ID: "ann@example.org", Name: "Ann Lee", Rating: 1620},
		{ID: "bo@example.org", Name: "Bo Varga", Rating: 1540},
		{ID: "cy@example.org", Name: "Cyrus Abernathy-Whitcombe", Rating: 1710},
		{ID: "di@example.org", Name: "Di Moreau"},
	})
	if err != nil {
		panic(err)
	}
	rounds, err := t.PairAll() // or PairNext, round by round
	if err != nil {
		panic(err)
	}
	results := [][]tournament.Result{
		{tournament.WhiteWins, tournament.Draw},
		{tournament.BlackWins, tournament.WhiteWins},
		{tournament.BlackWinsByForfeit, tournament.Draw},
	}
	for _, r := range rounds {
		for b, g := range r.Games {
			fmt.Printf("round %d board %d: %s - %s\n", r.Number, b+1, g.White, g.Black)
			if err := t.Record(r.Number, b+1, results[r.Number-1][b]); err != nil {
				panic(err)
			}
		}
	}
	board, g, _ := rounds[2].GameOf("bo@example.org")
	fmt.Printf("bo's last game: board %d, %s\n\n", board, g.Result)
	fmt.Print(t.Crosstable())
	// Output:
	// round 1 board 1: cy@example.org - di@example.org
	// round 1 board 2: ann@example.org - bo@example.org
	// round 2 board 1: di@example.org - bo@example.org
	// round 2 board 2: cy@example.org - ann@example.org
	// round 3 board 1: ann@example.org - di@example.org
	// round 3 board 2: bo@example.org - cy@example.org
	// bo's last game: board 2, 1/2-1/2
	//
	// Round robin, 4 players, after round 3 of 3
	// Points, then tie-break: Sonneborn-Berger
	//
	//  Rk  No  Name              Rtg  1 2 3 4   Pts     SB
	//   1   1  C. Abernathy-Wh. 1710  * 1 = 1   2.5   2.50
	//   2   3  Bo Varga         1540  = = * 1     2   2.50
	//   3   4  Di Moreau           -  0 + 0 *     1   0.50
	//   4   2  Ann Lee          1620  0 * = -   0.5   1.00
}
