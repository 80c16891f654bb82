package club

import (
	"testing"

	"github.com/windpost/windpost/tournament"
)

// TestWinners: one winner, or the first place shared on points and every tie-break.
func TestWinners(t *testing.T) {
	p := func(name string) tournament.Player { return tournament.Player{Name: name} }
	tests := []struct {
		ss   []tournament.Standing
		want string
	}{
		{[]tournament.Standing{{Rank: 1, Player: p("ann@..."), Points: 5}, {Rank: 2, Player: p("bo@..."), Points: 5}},
			"\nWinner: ann@..., 2.5 points.\n"},
		{[]tournament.Standing{{Rank: 1, Player: p("ann@..."), Points: 2}, {Rank: 1, Player: p("bo@..."), Points: 2}, {Rank: 3, Player: p("cy@...")}},
			"\nFirst place shared (equal on points and tie-breaks): ann@..., bo@..., 1 point each.\n"},
		{nil, ""},
	}
	for _, tc := range tests {
		if got := Winners(tc.ss); got != tc.want {
			t.Errorf("Winners(%+v) = %q, want %q", tc.ss, got, tc.want)
		}
	}
}

// TestPage: a tournament not yet begun shows its players and organiser as
// others see them and no tables; a pairing's line and a result are the
// words "tournament <t>" lists.
func TestPage(t *testing.T) {
	tr := &Tournament{ID: "t3456", Name: "Cup", Variant: "gufuu", Format: Swiss, Rounds: 3, DaysPerMove: 2, State: Open,
		Organiser: "olga@club.test", Entrants: []string{"alice@players.test", "bob@players.test"}}
	p := tr.Page()
	if p.ID != "t3456" || p.Organiser != "olga@..." || len(p.Players) != 2 || p.Players[1] != "bob@..." ||
		p.Crosstable != "" || len(p.Tables.Blocks) != 0 || p.Pairings != nil || p.State != "open" {
		t.Errorf("page %+v", p)
	}
	for _, tc := range []struct {
		p    Pairing
		want string
	}{
		{Pairing{White: "alice@...", Black: "bob@...", GameID: "g2345", Result: "1-0"}, "g2345  alice@... - bob@...  1-0"},
		{Pairing{White: "alice@...", Black: "bob@...", Result: "+/-"}, "-      alice@... - bob@...  +/-"},
		{Pairing{White: "carol@...", Result: "bye"}, "       carol@... has a bye"},
	} {
		if got := tc.p.Line(); got != tc.want {
			t.Errorf("Line() = %q, want %q", got, tc.want)
		}
	}
	if got := ResultWords(tournament.Game{Result: tournament.Pending}); got != "playing" {
		t.Errorf("a game not over: %q", got)
	}
}
