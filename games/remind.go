package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
)

// Reminders on the player's terms: when a move's clock starts, the
// reminders for its deadline are set from the mover's schedule
// (reminderTimes) into the game record, where the clocks index reads
// them (gameClock.wake), and the tick sends them one by one.

// armReminders sets the reminders for the deadline of the side to move
// from that player's schedule.
func armReminders(c *change, lg *liveGame) error {
	rec := lg.rec
	rec.RemindBefore = nil
	if rec.State != record.Playing || rec.Deadline.IsZero() {
		return nil
	}
	p, err := c.player(rec.Players[lg.toMove()].Address)
	if err != nil {
		return err
	}
	rec.RemindBefore = reminderTimes(p.Reminders(), time.Duration(rec.DaysPerMove)*24*time.Hour)
	rec.Reminded = len(rec.RemindBefore) == 0
	return nil
}

// remind sends the reminder due in lg to p, the player to move, if one
// is: one mail even when the tick comes late for several.
func remind(c *change, lg *liveGame, p *record.Player) {
	rec := lg.rec
	at, ok := rec.NextReminder()
	if !ok || c.now.Before(at) {
		return
	}
	before := record.ReminderBefore
	if len(rec.RemindBefore) == 0 {
		rec.Reminded = true
	}
	for len(rec.RemindBefore) > 0 && !c.now.Before(rec.Deadline.Add(-rec.RemindBefore[0])) {
		before, rec.RemindBefore = rec.RemindBefore[0], rec.RemindBefore[1:]
	}
	if len(rec.RemindBefore) == 0 {
		rec.Reminded = true
		rec.RemindBefore = nil
	}
	within := "a day"
	if before != 24*time.Hour {
		within = remindList([]time.Duration{before})
	}
	c.notify(Reminder, p.Address, rec.ID, fmt.Sprintf(
		"A reminder: it is your move in game %s, and the deadline is %s (in less than %s). If no move arrives by then, you lose on time.",
		rec.ID, localTime(p, rec.Deadline), within))
}
