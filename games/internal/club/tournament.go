package club

import (
	"fmt"
	"slices"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/tournament"
)

// Caps of the tournaments' fields.
const (
	MaxTournamentPlayers = 64 // in a Swiss (what package tournament pairs)
	MaxRoundRobinPlayers = 16 // in a round robin, whose games all run at once: 15 each
)

// State is where a tournament is in its life.
type State string

// The states of a tournament.
const (
	Open    State = "open"    // players join
	Playing State = "playing" // started: rounds are paired and played
	Over    State = "over"    // every game has a result
)

// The formats an organiser chooses.
const (
	RoundRobin = "roundrobin"
	Swiss      = "swiss"
)

// Tournament is a tournament as its bucket keeps it.
type Tournament struct {
	V           int    `json:"v"`
	ID          string `json:"id"`
	Name        string `json:"name"`
	Variant     string `json:"variant"`
	Format      string `json:"format"`           // RoundRobin or Swiss
	Rounds      int    `json:"rounds,omitempty"` // a Swiss's as asked; a round robin's from its players at the start
	DaysPerMove int    `json:"days_per_move"`
	Rated       bool   `json:"rated,omitempty"`
	Organiser   string `json:"organiser"`
	State       State  `json:"state"`
	// Entrants are the players' addresses in the order they joined.
	Entrants []string `json:"entrants,omitempty"`
	// Pairing is the tournament as package tournament keeps it (players by
	// address, rounds, results, withdrawals); nil until it starts.
	Pairing *tournament.Tournament `json:"pairing,omitempty"`
	// Games holds, per round and board, the id of the game played there;
	// "" for a bye or a game scored without being played.
	Games   [][]string `json:"games,omitempty"`
	Created time.Time  `json:"created"`
	Started time.Time  `json:"started,omitempty"`
	Ended   time.Time  `json:"ended,omitempty"`
}

// ValidTournamentID reports whether s has the form of a tournament id.
func ValidTournamentID(s string) bool { return keys.ValidID(s, 't') }

// System is the pairing system of the tournament's format.
func (tr *Tournament) System() tournament.System {
	if tr.Format == Swiss {
		return tournament.Swiss
	}
	return tournament.RoundRobin
}

// FormatWords names a format for players: "round robin" or "Swiss".
func FormatWords(format string) string {
	if format == Swiss {
		return "Swiss"
	}
	return "round robin"
}

// MaxPlayers is how many players the tournament's format takes.
func (tr *Tournament) MaxPlayers() int {
	if tr.Format == Swiss {
		return MaxTournamentPlayers
	}
	return MaxRoundRobinPlayers
}

// Withdrawn reports whether address has withdrawn (or was withdrawn).
func (tr *Tournament) Withdrawn(address string) bool {
	return tr.Pairing != nil && tr.Pairing.Withdrawn[address]
}

// Title is the tournament as subjects and first lines name it:
// "Club Swiss (tournament t7k3q)".
func (tr *Tournament) Title() string {
	return fmt.Sprintf("%s (tournament %s)", tr.Name, tr.ID)
}

// GameAt finds the round and board (both from 0) of game id.
func (tr *Tournament) GameAt(id string) (round, board int, ok bool) {
	for r, ids := range tr.Games {
		if b := slices.Index(ids, id); b >= 0 {
			return r, b, true
		}
	}
	return 0, 0, false
}
