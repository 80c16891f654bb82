package referee

import (
	"errors"
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// ErrNoSuchGame is matched (errors.Is) by GameRecord's error for an id the
// store does not have.
var ErrNoSuchGame = errors.New("no such game")

// GameRecord is one game as a record of it needs it (`windpost admin
// export`): who played, from where, the moves as their texts in the
// variant's notation, and how it ended.
type GameRecord struct {
	ID          string
	Variant     string
	State       string        // "invited", "playing", "over" or "declined"
	Players     [2]RecordSide // index: rules.Side (Black, White)
	Start       string        // the start position string
	Moves       []string      // each move as the variant's notation writes it
	Outcome     rules.Outcome // how a game over ended; the zero Outcome otherwise
	DaysPerMove int           // 0: no clock (bot games)
	Created     time.Time
	Updated     time.Time
	// Tournament and Round name the tournament game this is ("" and 0
	// outside a tournament); Organiser is its organiser's address.
	Tournament string
	Round      int
	Organiser  string
}

// RecordSide is one player of a GameRecord: an address, or the bot and
// its level.
type RecordSide struct {
	Address string // "" for the bot
	Bot     bool
	Level   string // the bot's level
}

// GameRecord reads game id for a record of it.
func (s *Store) GameRecord(id string) (GameRecord, error) {
	var rec *record.Game
	err := s.View(func(st StoreTx) error {
		var err error
		rec, _, err = st.Game(id)
		return err
	})
	if err == nil && rec == nil {
		err = fmt.Errorf("game %s: %w", id, ErrNoSuchGame)
	}
	if err != nil {
		return GameRecord{}, err
	}
	return RecordOf(rec), nil
}

// RecordOf is the GameRecord of the stored game rec.
func RecordOf(rec *record.Game) GameRecord {
	r := GameRecord{ID: rec.ID, Variant: rec.Variant, State: string(rec.State), Start: rec.Start,
		Outcome: rec.Outcome(), DaysPerMove: rec.DaysPerMove, Created: rec.Created, Updated: rec.Updated,
		Tournament: rec.Tournament, Round: rec.Round, Organiser: rec.Organiser}
	for i, p := range rec.Players {
		r.Players[i] = RecordSide{Address: p.Address, Bot: p.Bot, Level: string(p.Level)}
	}
	for _, m := range rec.Moves {
		r.Moves = append(r.Moves, m.Text)
	}
	return r
}
