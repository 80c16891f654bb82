package referee

import (
	"errors"
	"fmt"

	"github.com/windpost/windpost/games/internal/club"
)

// ErrNoTournament is Store.Tournament's error for an id that names none.
var ErrNoTournament = errors.New("no such tournament")

// The tournament's view is club's; these are its names as the web reads
// them.
type (
	// TournamentView is a tournament as the web view shows it (club.Page).
	TournamentView = club.Page
	// TournamentRound is one round's pairings.
	TournamentRound = club.Round
	// TournamentPairing is one board of a round.
	TournamentPairing = club.Pairing
)

// Tournaments returns every tournament, in id order; one that cannot be
// read is left out.
func (s *Store) Tournaments() ([]TournamentView, error) {
	var out []TournamentView
	err := s.View(func(st StoreTx) error {
		return st.Club().EachTournament(func(tr *club.Tournament, err error) error {
			if err == nil {
				out = append(out, tr.Page())
			}
			return nil
		})
	})
	return out, err
}

// Tournament returns tournament id; ErrNoTournament if there is none.
func (s *Store) Tournament(id string) (TournamentView, error) {
	var v TournamentView
	err := s.View(func(st StoreTx) error {
		tr, err := st.Club().Tournament(id)
		if err != nil {
			return err
		}
		if tr == nil {
			return fmt.Errorf("tournament %q: %w", id, ErrNoTournament)
		}
		v = tr.Page()
		return nil
	})
	return v, err
}
