package referee

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
func armReminders(c *Change, lg *LiveGame) error {
	rec := lg.Rec
	rec.RemindBefore = nil
	if rec.State != record.Playing || rec.Deadline.IsZero() {
		return nil
	}
	p, err := c.Player(rec.Players[lg.ToMove()].Address)
	if err != nil {
		return err
	}
	rec.RemindBefore = ReminderTimes(p.Reminders(), time.Duration(rec.DaysPerMove)*24*time.Hour)
	rec.Reminded = len(rec.RemindBefore) == 0
	return nil
}

// remind sends the reminder due in lg to p, the player to move, if one
// is: one mail even when the tick comes late for several.
func remind(c *Change, lg *LiveGame, p *record.Player) {
	rec := lg.Rec
	at, ok := rec.NextReminder()
	if !ok || c.Now.Before(at) {
		return
	}
	before := record.ReminderBefore
	if len(rec.RemindBefore) == 0 {
		rec.Reminded = true
	}
	for len(rec.RemindBefore) > 0 && !c.Now.Before(rec.Deadline.Add(-rec.RemindBefore[0])) {
		before, rec.RemindBefore = rec.RemindBefore[0], rec.RemindBefore[1:]
	}
	if len(rec.RemindBefore) == 0 {
		rec.Reminded = true
		rec.RemindBefore = nil
	}
	within := "a day"
	if before != 24*time.Hour {
		within = RemindList([]time.Duration{before})
	}
	c.Notify(Reminder, p.Address, rec.ID, fmt.Sprintf(
		"A reminder: it is your move in game %s, and the deadline is %s (in less than %s). If no move arrives by then, you lose on time.",
		rec.ID, LocalTime(p, rec.Deadline), within))
}
