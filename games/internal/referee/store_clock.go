package referee

import (
	"encoding/json"
	"time"

	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/store"
)

// The clocks' part of the store (last run, prune, the time indexes) is
// package clocks's; what it needs of a game is when its clock next wakes,
// which this file reads from the game's record (wakeOf).

// gameClock is the part of a game record the clocks read: decoding only
// these fields (not the moves) keeps a look at every game cheap.
type gameClock struct {
	State       record.State `json:"state"`
	DaysPerMove int          `json:"days_per_move"`
	Deadline    time.Time    `json:"deadline"`
	Reminded    bool         `json:"reminded"`
	// RemindBefore: see record.Game.
	RemindBefore []time.Duration `json:"remind_before"`
}

func ClockOf(rec *record.Game) gameClock {
	return gameClock{State: rec.State, DaysPerMove: rec.DaysPerMove, Deadline: rec.Deadline, Reminded: rec.Reminded, RemindBefore: rec.RemindBefore}
}

// Wake is when the clock next has something to do in the game (a
// reminder, a loss on time, an expired challenge: record.Game.Due is true
// from then on), or zero if never.
func (g gameClock) Wake() time.Time {
	// Read from record.Game.Due, so that the two cannot disagree: due at
	// the end of time means due some day; due a day before the deadline
	// means a reminder is waiting.
	rec := record.Game{State: g.State, DaysPerMove: g.DaysPerMove, Deadline: g.Deadline, Reminded: g.Reminded, RemindBefore: g.RemindBefore}
	at, reminder := rec.NextReminder()
	switch {
	case !rec.Due(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)):
		return time.Time{}
	case reminder && rec.Due(at):
		return at.Truncate(time.Second)
	}
	return g.Deadline.Truncate(time.Second)
}

// wakeOf is the wake time of the game whose record is raw (clocks.Wake):
// only the clock's fields are decoded.
func wakeOf(raw []byte) (time.Time, error) {
	var gc gameClock
	if err := json.Unmarshal(raw, &gc); err != nil {
		return time.Time{}, err
	}
	return gc.Wake(), nil
}

// indexGame keeps rec's entry in the clocks index as putGame writes it;
// was is the wake time of the record as stored before (zero if new).
func (st StoreTx) indexGame(rec *record.Game, was time.Time) error {
	return st.Clocks().IndexGame(rec.ID, was, ClockOf(rec).Wake())
}

// forgetOld says which records of bucket the prune forgets at cutoff:
// handled Message-IDs, and sent mails of the outbox (pending mail stays).
func forgetOld(bucket store.Name, cutoff time.Time) func(raw []byte) bool {
	if bucket == store.Processed {
		return func(v []byte) bool {
			var p record.Processed
			return json.Unmarshal(v, &p) == nil && p.At.Before(cutoff)
		}
	}
	return func(v []byte) bool { return outbox.SentBefore(v, cutoff) }
}
