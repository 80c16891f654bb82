package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
)

// vacation answers "vacation <days>" and "vacation off": the sender's
// clocks stop, or run again with the whole days left given back.
func vacation(h *handling, c Command) (string, error) {
	p, err := h.player(h.From)
	if err != nil {
		return "", err
	}
	// Vacation days count in the year the vacation starts; so does the
	// refund of "vacation off", even in the next year.
	year := fmt.Sprint(h.now.Year())
	var shift time.Duration
	if c.Off {
		if !p.OnVacation(h.now) {
			return "", refused("you are not on vacation, so your clocks are running.").
				instead(`To begin one, write "vacation" and the days, e.g. "vacation 7".`)
		}
		started := year
		if !p.VacationFrom.IsZero() {
			started = fmt.Sprint(p.VacationFrom.Year())
		}
		left := p.VacationUntil.Sub(h.now)
		refund := int(left / (24 * time.Hour))
		p.VacationDays[started] = max(0, p.VacationDays[started]-refund)
		p.VacationUntil = h.now
		shift = -left
	} else {
		if p.OnVacation(h.now) {
			return "", refused("you are already on vacation until %s;", formatTime(p.VacationUntil)).
				instead(`write "vacation off" first to change it.`)
		}
		used := p.VacationDays[year]
		if left := maxVacationDays - used; c.Days > left {
			if left == 0 {
				return "", refused("you have taken %d of your %d vacation days in %s, so none are left this year.", used, maxVacationDays, year).
					instead(`Write "games" for your deadlines.`)
			}
			return "", refused("you have taken %d of your %d vacation days in %s, so %d are left:", used, maxVacationDays, year, left).
				instead(`write "vacation %d" or fewer days.`, left)
		}
		if p.VacationDays == nil {
			p.VacationDays = map[string]int{}
		}
		p.VacationDays[year] = used + c.Days
		shift = time.Duration(c.Days) * 24 * time.Hour
		p.VacationFrom = h.now
		p.VacationUntil = h.now.Add(shift)
	}
	h.markChanged(h.From)
	if err := shiftDeadlines(h, shift, !c.Off, p.VacationUntil); err != nil {
		return "", err
	}
	if c.Off {
		return fmt.Sprintf("Done: welcome back. Your clocks run again; you have %d vacation days left in %s.", maxVacationDays-p.VacationDays[year], year), nil
	}
	return fmt.Sprintf("Done: your clocks stop until %s. You have %d vacation days left in %s.", formatTime(p.VacationUntil), maxVacationDays-p.VacationDays[year], year), nil
}

// shiftDeadlines moves the deadlines of the sender's games where they are
// to move by shift; in the others, the clock starts after the vacation
// when their turn comes. tell has the opponents told of a vacation until.
func shiftDeadlines(h *handling, shift time.Duration, tell bool, until time.Time) error {
	mine, err := h.playerGames(h.From)
	if err != nil {
		return err
	}
	for _, lg := range mine {
		if lg.rec.State != record.Playing || lg.rec.Deadline.IsZero() {
			continue
		}
		side, _ := lg.rec.SideOf(h.From)
		if lg.toMove() == side {
			lg.rec.Deadline = lg.rec.Deadline.Add(shift)
			lg.rec.Reminded = false
		}
		if tell {
			h.notify(Notice, lg.rec.OpponentAddress(side), lg.rec.ID, fmt.Sprintf("%s is on vacation until %s; their clock stops until then.", h.fromShown(), formatTime(until)))
		}
	}
	return nil
}
