package web

import (
	"errors"

	"github.com/windpost/windpost/document"
)

// ErrNotFound is matched (errors.Is) by a TournamentSource's error for a
// tournament it does not have; the page is then a 404.
var ErrNotFound = errors.New("not found")

// TournamentSource is where the tournaments' pages come from (games'
// store, through a small adapter).
type TournamentSource interface {
	// Tournaments lists every tournament, in the order the index shows.
	Tournaments() ([]Tournament, error)
	// Tournament reads one, or fails with ErrNotFound.
	Tournament(id string) (Tournament, error)
}

// Tournament is a tournament as its page shows it.
type Tournament struct {
	ID          string // "t2345"
	Name        string
	Variant     string // the game's name ("gufuu")
	Format      string // "roundrobin" or "swiss"
	Rounds      int
	DaysPerMove int
	Rated       bool
	State       string   // "open", "running", "over", as the source says it
	Players     []string // as the standings show players ("alice@..."); addresses are cut so anyway
	// Tables are the crosstable (and the final standings) as the
	// crosstable mail's blocks (games.TournamentView.Tables); addresses
	// in them are cut too.
	Tables   document.Document
	Pairings []Pairing
}

// Pairing is one game of a tournament.
type Pairing struct {
	Round        int
	White, Black string // as Players
	GameID       string // "" for a bye or a game not made yet
	Result       string // "1-0", "½-½", "0-1", "" while it is played
}
