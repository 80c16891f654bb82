package web

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games"
)

// TestStoreTournamentsReadsTheStore: a store without tournaments lists
// none, and an id it does not have is ErrNotFound (a 404, not a 500).
func TestStoreTournamentsReadsTheStore(t *testing.T) {
	s := newSite(t)
	src := StoreTournaments{Store: s.store}
	ts, err := src.Tournaments()
	if err != nil || len(ts) != 0 {
		t.Fatalf("Tournaments() = %v, %v; want none", ts, err)
	}
	if _, err := src.Tournament("t2345"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Tournament(t2345) error %v, want ErrNotFound", err)
	}
}

// TestFromGames: games' view of a tournament becomes the page's, every
// round's boards in order, a game still played without a result.
func TestFromGames(t *testing.T) {
	v := games.TournamentView{ID: "t2345", Name: "Autumn", Variant: "gufuu", Format: "swiss", Rounds: 2, DaysPerMove: 3,
		Rated: true, State: "playing", Players: []string{"alice@...", "bob@...", "carol@..."}, Tables: document.Document{Blocks: []document.Block{document.Para("table")}},
		Pairings: []games.TournamentRound{
			{Round: 1, Games: []games.TournamentPairing{{White: "alice@...", Black: "bob@...", GameID: "g2345", Result: "1-0"}, {White: "carol@...", Result: "bye"}}},
			{Round: 2, Games: []games.TournamentPairing{{White: "bob@...", Black: "carol@...", GameID: "g3456", Result: "playing"}}},
		}}
	want := Tournament{ID: "t2345", Name: "Autumn", Variant: "gufuu", Format: "swiss", Rounds: 2, DaysPerMove: 3,
		Rated: true, State: "playing", Players: v.Players, Tables: v.Tables,
		Pairings: []Pairing{
			{Round: 1, White: "alice@...", Black: "bob@...", GameID: "g2345", Result: "1-0"},
			{Round: 1, White: "carol@...", Result: "bye"},
			{Round: 2, White: "bob@...", Black: "carol@...", GameID: "g3456"},
		}}
	if got := fromGames(v); !reflect.DeepEqual(got, want) {
		t.Errorf("fromGames:\n got %+v\nwant %+v", got, want)
	}
}

// TestShownTournament: whatever a source gives, every address in a
// tournament's name, players, pairings and tables (their words, column
// names and cells) is cut to "local@...", and the source's own tournament
// is left as it was.
func TestShownTournament(t *testing.T) {
	whole := "dave.o'neil@players.test"
	in := Tournament{ID: "t2345", Name: "Cup of " + whole, Players: []string{whole, "bob@..."},
		Pairings: []Pairing{{Round: 1, White: whole, Black: "<" + whole + ">"}},
		Tables: document.Document{Blocks: []document.Block{
			document.Para("Organised by " + whole + "."),
			document.Grid(document.TablePart{Columns: []document.Column{{Name: "Name"}, {Name: whole}},
				Rows: [][]string{{whole, "1"}, {"bob@...", whole + ", " + whole}}}),
		}}}
	before := in.Tables.Text()
	got := shownTournament(in)
	page := fmt.Sprintf("%s %v %v %s", got.Name, got.Players, got.Pairings, got.Tables.Text())
	if strings.Contains(page, "@players") || strings.Count(page, "dave.o'neil@...") != 9 {
		t.Errorf("shown: %s", page)
	}
	if in.Tables.Text() != before || in.Players[0] != whole || in.Pairings[0].White != whole {
		t.Errorf("the source's tournament was changed: %+v", in)
	}
}
