package referee

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// The clocks: deadlines, reminders, losses on time, expired challenges,
// and the daily pruning of what the store no longer needs. Server.Tick
// runs them.

// realClock is the Clock of a Server configured without one.
type realClock struct{}

// Now is time.Now.
func (realClock) Now() time.Time { return time.Now() }

// KeepFor is how long the store remembers handled Message-IDs and sent
// mails. A mail handed over again after that would be handled again; the
// mailer moves handled mail out of the inbox long before.
const KeepFor = 90 * 24 * time.Hour

// tick fires what is due in every game. Deadlines (losses on time,
// expired challenges) fire only when they are before handledUpTo: a mail
// that arrived before it may still be waiting to be handled.
func tick(c *Change, handledUpTo time.Time) error {
	due, err := c.Tx.Clocks().DueGames(c.Now, func(id string, err error) {
		// One damaged record must not stop every clock.
		c.Server.Log.Error("game cannot be read", "game", id, "err", err)
	})
	if err != nil {
		return err
	}
	for _, id := range due {
		if lg := c.Game(id); lg != nil {
			if err := tickGame(c, lg, handledUpTo); err != nil {
				return err
			}
		}
	}
	if err := c.Server.club.expireBy(c, handledUpTo); err != nil {
		return err
	}
	return tickDigests(c)
}

// tickGame fires what is due in one game.
func tickGame(c *Change, lg *LiveGame, handledUpTo time.Time) error {
	rec := lg.Rec
	if rec.State == record.Invited {
		if handledUpTo.Before(rec.Deadline) {
			return nil
		}
		lg.decline("the challenge expired")
		c.Notify(Notice, rec.Challenger, rec.ID, fmt.Sprintf("%s did not answer your challenge within %d days; it has expired.", rec.Invitee(), InvitationDays))
		return nil
	}
	side := lg.ToMove()
	late := rec.Players[side]
	if late.Bot {
		return nil
	}
	p, err := c.Player(late.Address)
	if err != nil {
		return err
	}
	if p.OnVacation(c.Now) {
		return nil
	}
	if c.Now.Before(rec.Deadline) {
		remind(c, lg, p)
		return nil
	}
	if handledUpTo.Before(rec.Deadline) {
		return nil // the move may be in a mail not yet handled
	}
	loseOnTime(c, lg)
	return nil
}

// loseOnTime ends lg at its deadline: the side to move loses on time,
// unless the opponent offered a draw that the late player had not
// answered, which then counts as accepted.
func loseOnTime(c *Change, lg *LiveGame) {
	rec := lg.Rec
	side := lg.ToMove()
	late := rec.Players[side]
	other := rec.OpponentAddress(side)
	if rec.DrawOffer == side.Opponent().String() {
		lg.Finish(rules.DrawBy(rules.AgreedDraw))
		c.Notify(Reminder, late.Address, rec.ID, "The deadline passed without a move from you, so the draw your opponent offered counts as accepted: the game is drawn.")
		c.Notify(Notice, other, rec.ID, "Your opponent did not move in time while your draw offer was open: it counts as accepted, and the game is drawn.")
		return
	}
	deadline := FormatTime(rec.Deadline)
	lg.Finish(rules.WinFor(side.Opponent(), rules.Timeout))
	c.Notify(Reminder, late.Address, rec.ID, fmt.Sprintf("The deadline (%s) passed without a move from you: you lose on time.", deadline))
	c.Notify(Notice, other, rec.ID, fmt.Sprintf("Your opponent did not move by the deadline (%s): you win on time.", deadline))
}

// deadlineFor is when a player who gets the move now must have moved.
func deadlineFor(c *Change, lg *LiveGame, side rules.Side) (time.Time, error) {
	if lg.Rec.DaysPerMove == 0 || lg.Rec.Players[side].Bot {
		return time.Time{}, nil
	}
	p, err := c.Player(lg.Rec.Players[side].Address)
	if err != nil {
		return time.Time{}, err
	}
	from := c.Now
	if p.VacationUntil.After(from) {
		from = p.VacationUntil
	}
	return from.Add(time.Duration(lg.Rec.DaysPerMove) * 24 * time.Hour), nil
}

// StartClock sets the deadline for the side to move after a change.
func StartClock(c *Change, lg *LiveGame) error {
	lg.Rec.Reminded = false
	lg.Rec.Paused = nil // it explained the deadline that ends here
	if lg.Rec.State != record.Playing {
		lg.Rec.Deadline = time.Time{}
		return nil
	}
	d, err := deadlineFor(c, lg, lg.ToMove())
	lg.Rec.Deadline = d
	if err != nil {
		return err
	}
	return armReminders(c, lg)
}
