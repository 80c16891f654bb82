package web

import (
	"errors"

	"github.com/windpost/windpost/games"
)

// StoreTournaments is the TournamentSource of a games store: its
// tournaments as games.Store.Tournaments reads them, the rounds' pairings
// flattened.
type StoreTournaments struct{ Store *games.Store }

// Tournaments lists the store's tournaments.
func (s StoreTournaments) Tournaments() ([]Tournament, error) {
	vs, err := s.Store.Tournaments()
	if err != nil {
		return nil, err
	}
	out := make([]Tournament, 0, len(vs))
	for _, v := range vs {
		out = append(out, fromGames(v))
	}
	return out, nil
}

// Tournament reads tournament id; an id the store does not have is
// ErrNotFound.
func (s StoreTournaments) Tournament(id string) (Tournament, error) {
	v, err := s.Store.Tournament(id)
	if errors.Is(err, games.ErrNoTournament) {
		return Tournament{}, ErrNotFound
	}
	if err != nil {
		return Tournament{}, err
	}
	return fromGames(v), nil
}

// fromGames is games' view of a tournament as the pages show it.
func fromGames(v games.TournamentView) Tournament {
	t := Tournament{ID: v.ID, Name: v.Name, Variant: v.Variant, Format: v.Format, Rounds: v.Rounds,
		DaysPerMove: v.DaysPerMove, Rated: v.Rated, State: v.State, Players: v.Players, Tables: v.Tables}
	for _, r := range v.Pairings {
		for _, p := range r.Games {
			res := p.Result
			if res == "playing" {
				res = ""
			}
			t.Pairings = append(t.Pairings, Pairing{Round: r.Round, White: p.White, Black: p.Black, GameID: p.GameID, Result: res})
		}
	}
	return t
}
