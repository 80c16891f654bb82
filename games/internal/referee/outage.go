package referee

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
)

// Time windpost did not run is not charged to players. Every Handle and
// Tick notes when it ran (the meta key "clock"); the first one after a gap
// longer than Config.OutageAfter (the service was stopped, or the clock
// jumped forward) moves every running deadline by the gap, as
// correspondence federations do after a server outage, and the mails about
// those games say so in their status block until the next move. A clock
// that goes back changes nothing: the note keeps the latest time seen, and
// reminders and losses on time happen once, whatever the clock says later.

// DefaultOutageAfter is Config.OutageAfter's default.
const DefaultOutageAfter = 10 * time.Minute

// outageAfter is the gap beyond which deadlines move; 0 = never.
func (cfg Config) outageAfter() time.Duration {
	switch {
	case cfg.OutageAfter < 0:
		return 0
	case cfg.OutageAfter == 0:
		return DefaultOutageAfter
	}
	return cfg.OutageAfter
}

// pauseNote is the status block's line about p.
func pauseNote(p *record.Pause) string {
	s := fmt.Sprintf("windpost was not running (or its clock jumped) from %s to %s; that time does not count, so this deadline moved by %s.",
		FormatTime(p.From), FormatTime(p.Until), formatSpan(p.Until.Sub(p.From)))
	if p.Total > p.Until.Sub(p.From) {
		s += fmt.Sprintf(" With earlier stops, it moved by %s in all.", formatSpan(p.Total))
	}
	return s
}

// resumeClocks notes that the server runs now, and moves the running
// deadlines by the gap since it last ran if that is longer than
// OutageAfter.
func (s *Server) resumeClocks(st StoreTx) error {
	now := s.now()
	last := st.Clocks().LastRun()
	if !now.After(last) {
		return nil // the same second, or the clock went back: keep the latest
	}
	if err := st.Clocks().SetLastRun(now); err != nil {
		return err
	}
	gap := now.Sub(last)
	if last.IsZero() || s.Config.outageAfter() == 0 || gap <= s.Config.outageAfter() {
		return nil
	}
	moved, err := st.moveDeadlines(last, now)
	if err != nil {
		return err
	}
	s.Log.Warn("windpost ran no clock for a while (it was not running, or the clock jumped): running deadlines moved by the gap",
		"from", last, "until", now, "gap", gap.String(), "games", moved)
	return nil
}

// moveDeadlines moves the deadline of every game in progress that was
// running at from by until-from, and notes the pause in the game. A
// reminder already sent goes out again if its time is now ahead.
func (st StoreTx) moveDeadlines(from, until time.Time) (int, error) {
	gap := until.Sub(from)
	var moved []*record.Game
	err := st.EachGame(func(_ string, rec *record.Game, err error) error {
		if err == nil && rec.State == record.Playing && rec.Deadline.After(from) {
			moved = append(moved, rec)
		}
		return nil // a damaged record is the tick's to log
	})
	if err != nil {
		return 0, err
	}
	for _, rec := range moved {
		was := ClockOf(rec).Wake()
		rec.Deadline = rec.Deadline.Add(gap)
		if rec.Reminded && until.Before(rec.Deadline.Add(-record.ReminderBefore)) {
			rec.Reminded = false
		}
		total := gap
		if rec.Paused != nil {
			total += rec.Paused.Total
		}
		rec.Paused = &record.Pause{From: from, Until: until, Total: total}
		if err := st.PutGame(rec, nil, was, until); err != nil {
			return 0, err
		}
	}
	return len(moved), nil
}

// formatSpan writes a duration for players: "3 days 2 hours", "25
// minutes".
func formatSpan(d time.Duration) string {
	d = d.Round(time.Minute)
	days, hours, minutes := int(d/(24*time.Hour)), int(d/time.Hour)%24, int(d/time.Minute)%60
	var parts []string
	for _, p := range []struct {
		n         int
		one, many string
	}{{days, "day", "days"}, {hours, "hour", "hours"}, {minutes, "minute", "minutes"}} {
		if p.n > 0 && len(parts) < 2 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, Plural(p.n, p.one, p.many)))
		}
	}
	if len(parts) == 0 {
		return "less than a minute"
	}
	if len(parts) == 2 {
		return parts[0] + " " + parts[1]
	}
	return parts[0]
}
