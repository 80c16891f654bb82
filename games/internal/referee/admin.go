package referee

import (
	"sort"
	"time"

	"github.com/windpost/windpost/games/internal/record"
)

// GameSummary is one line of `windpost admin games`.
type GameSummary struct {
	ID       string
	Variant  string
	Black    string
	White    string
	State    string // "invited", "playing", "over", "declined"; "damaged" for a record that is not JSON
	ToMove   string // "black", "white" or ""
	Ply      int
	Deadline time.Time
	Result   string
}

// Games lists every game in the store, by id. A damaged record is listed
// with State "damaged" and the error as its Result, so that the admin sees
// it.
func (s *Store) Games() ([]GameSummary, error) {
	var list []GameSummary
	err := s.View(func(st StoreTx) error {
		return st.EachGame(func(id string, g *record.Game, err error) error {
			if err != nil {
				list = append(list, GameSummary{ID: id, State: "damaged", Result: err.Error()})
				return nil
			}
			gs := GameSummary{ID: g.ID, Variant: g.Variant, Black: g.Players[0].Label(), White: g.Players[1].Label(),
				State: string(g.State), Ply: len(g.Moves), Deadline: g.Deadline, Result: g.Result}
			if g.State == record.Playing {
				gs.ToMove = g.ToMove
			}
			list = append(list, gs)
			return nil
		})
	})
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list, err
}
