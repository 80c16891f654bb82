package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// vacation answers "vacation <days>" and "vacation off": the sender's
// clocks stop, or run again with the whole days left given back.
func vacation(h *referee.Handling, c referee.Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	// Vacation days count in the year the vacation starts; so does the
	// refund of "vacation off", even in the next year.
	year := fmt.Sprint(h.Now.Year())
	var shift time.Duration
	if c.Off {
		if !p.OnVacation(h.Now) {
			return "", referee.Refused("you are not on vacation, so your clocks are running.").
				Instead(`To begin one, write "vacation" and the days, e.g. "vacation 7".`)
		}
		started := year
		if !p.VacationFrom.IsZero() {
			started = fmt.Sprint(p.VacationFrom.Year())
		}
		left := p.VacationUntil.Sub(h.Now)
		refund := int(left / (24 * time.Hour))
		p.VacationDays[started] = max(0, p.VacationDays[started]-refund)
		p.VacationUntil = h.Now
		shift = -left
	} else {
		if p.OnVacation(h.Now) {
			return "", referee.Refused("you are already on vacation until %s;", referee.FormatTime(p.VacationUntil)).
				Instead(`write "vacation off" first to change it.`)
		}
		used := p.VacationDays[year]
		if left := referee.MaxVacationDays - used; c.Days > left {
			if left == 0 {
				return "", referee.Refused("you have taken %d of your %d vacation days in %s, so none are left this year.", used, referee.MaxVacationDays, year).
					Instead(`Write "games" for your deadlines.`)
			}
			return "", referee.Refused("you have taken %d of your %d vacation days in %s, so %d are left:", used, referee.MaxVacationDays, year, left).
				Instead(`write "vacation %d" or fewer days.`, left)
		}
		if p.VacationDays == nil {
			p.VacationDays = map[string]int{}
		}
		p.VacationDays[year] = used + c.Days
		shift = time.Duration(c.Days) * 24 * time.Hour
		p.VacationFrom = h.Now
		p.VacationUntil = h.Now.Add(shift)
	}
	h.MarkChanged(h.From)
	if err := shiftDeadlines(h, shift, !c.Off, p.VacationUntil); err != nil {
		return "", err
	}
	if c.Off {
		return fmt.Sprintf("Done: welcome back. Your clocks run again; you have %d vacation days left in %s.", referee.MaxVacationDays-p.VacationDays[year], year), nil
	}
	return fmt.Sprintf("Done: your clocks stop until %s. You have %d vacation days left in %s.", referee.FormatTime(p.VacationUntil), referee.MaxVacationDays-p.VacationDays[year], year), nil
}

// shiftDeadlines moves the deadlines of the sender's games where they are
// to move by shift; in the others, the clock starts after the vacation
// when their turn comes. tell has the opponents told of a vacation until.
func shiftDeadlines(h *referee.Handling, shift time.Duration, tell bool, until time.Time) error {
	mine, err := h.PlayerGames(h.From)
	if err != nil {
		return err
	}
	for _, lg := range mine {
		if lg.Rec.State != record.Playing || lg.Rec.Deadline.IsZero() {
			continue
		}
		side, _ := lg.Rec.SideOf(h.From)
		if lg.ToMove() == side {
			lg.Rec.Deadline = lg.Rec.Deadline.Add(shift)
			lg.Rec.Reminded = false
		}
		if tell {
			h.Notify(Notice, lg.Rec.OpponentAddress(side), lg.Rec.ID, fmt.Sprintf("%s is on vacation until %s; their clock stops until then.", h.FromShown(), referee.FormatTime(until)))
		}
	}
	return nil
}

// vacationHelp is "help vacation".
const vacationHelp = `"vacation <days>" stops your clocks for that many days (at most 30 days
in a calendar year); "vacation off" ends it early and gives back the
whole days left.`
