package referee

import (
	"time"

	"github.com/windpost/windpost/games/internal/record"
)

// A move counts by when its mail arrived, not by when windpost got to it:
// a mail that reached the inbox before the deadline while windpost was busy
// (or stopped) is in time, and one that came after it is late even if no
// tick has declared the loss yet.

// arrival is when the request's mail arrived, as a command in lg is judged:
// Request.Received, but never later than now and never earlier than the
// game's last move (or its creation, when no move was made yet). Received comes from the mail server (the IMAP INTERNALDATE),
// not from the sender, so a player cannot date a mail back; the bounds
// keep a wrong server clock from making a mail older than the position it
// answers.
func (h *Handling) arrival(lg *LiveGame) time.Time {
	at := h.Req.Received
	if at.IsZero() || at.After(h.Now) {
		return h.Now
	}
	rec := lg.Rec
	floor := rec.Created
	if n := len(rec.Moves); n > 0 {
		floor = rec.Moves[n-1].At
	}
	if at.Before(floor) {
		return earlier(floor, h.Now)
	}
	return at
}

// judgeArrival settles lg as the tick would have done had it run when the
// request's mail arrived: if the deadline had passed by then, the player
// to move (a person, not on vacation at that time) has lost on time, and
// the command that follows finds the game over.
func (h *Handling) judgeArrival(lg *LiveGame) {
	rec := lg.Rec
	if rec.State != record.Playing || rec.Deadline.IsZero() {
		return
	}
	at := h.arrival(lg)
	if at.Before(rec.Deadline) {
		return
	}
	late := rec.Players[lg.ToMove()]
	if late.Bot {
		return
	}
	if p, err := h.Player(late.Address); err != nil || p.OnVacation(at) {
		return // a store failure shows again where the command reads the player
	}
	loseOnTime(h.Change, lg)
}

// earlier is the earlier of a and b.
func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
