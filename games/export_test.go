package games

import (
	"errors"
	"testing"

	"github.com/windpost/windpost/rules"
)

// TestGameRecord: a finished human game reads back with its players,
// clock, dates, move texts and how it ended; an unknown id is
// ErrNoSuchGame.
func TestGameRecord(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	started := h.clock.Now()
	toAlice, toBob := startHumanGame(t, h)
	id := toAlice.Headers["X-Windpost-Game"]
	h.reply(t, toAlice, "t3")
	h.reply(t, toBob, "t2")
	h.reply(t, toAlice, "resign")

	rec, err := h.store.GameRecord(id)
	if err != nil {
		t.Fatal(err)
	}
	want := [2]RecordSide{{Address: alice}, {Address: bob}}
	if rec.ID != id || rec.Variant != "nim" || rec.State != "over" || rec.Players != want || rec.DaysPerMove != 3 ||
		rec.Outcome != rules.WinFor(rules.White, rules.Resignation) || !rec.Created.Equal(started) {
		t.Errorf("record %+v", rec)
	}
	if len(rec.Moves) != 2 || rec.Moves[0] != "t3" || rec.Moves[1] != "t2" || rec.Start == "" {
		t.Errorf("moves %q from %q", rec.Moves, rec.Start)
	}
	if _, err := h.store.GameRecord("gzzzz"); !errors.Is(err, ErrNoSuchGame) {
		t.Errorf("unknown game: %v", err)
	}
}
