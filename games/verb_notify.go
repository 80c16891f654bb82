package games

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/referee"
)

// parseSetting reads the arguments of notify, remind and timezone (args as
// written: time zone names are case-sensitive).
func parseSetting(c *referee.Command, verb string, args []string) {
	c.Verb = referee.Verb(verb)
	if len(args) == 0 {
		return
	}
	s := &referee.NotifySetting{}
	switch c.Verb {
	case referee.VerbNotify:
		mode := strings.ToLower(args[0])
		switch {
		case mode == "each" && len(args) == 1:
			s.Each = true
		case mode == "digest" && len(args) == 2:
			at, err := time.Parse("15:04", args[1])
			if err != nil {
				c.Err = `write the digest's time as hours and minutes, e.g. "notify digest 07:00"`
				return
			}
			s.Digest, s.DigestAt = true, at.Hour()*60+at.Minute()
		default:
			c.Err = `write "notify each" (a mail for every event) or "notify digest 07:00" (one mail a day at that time)`
			return
		}
	case referee.VerbRemind:
		if len(args) > referee.MaxReminders {
			c.Err = fmt.Sprintf("name at most %d times before the deadline, e.g. \"remind 48h 12h 2h\"", referee.MaxReminders)
			return
		}
		for _, a := range args {
			d, err := time.ParseDuration(strings.ToLower(a))
			if err != nil || d < referee.MinRemind || d > referee.MaxRemind || slices.Contains(s.Remind, d) {
				c.Err = fmt.Sprintf("write each reminder as hours (or minutes) before the deadline, from 30m to 336h and each once, e.g. \"remind 48h 12h 2h\" (not %q)", a)
				return
			}
			s.Remind = append(s.Remind, d)
		}
		slices.SortFunc(s.Remind, func(a, b time.Duration) int { return int(b - a) })
	case referee.VerbTimezone:
		if len(args) != 1 {
			c.Err = `write one time zone name, e.g. "timezone Europe/Helsinki"`
			return
		}
		name := args[0]
		if strings.EqualFold(name, "utc") {
			name = "UTC"
		}
		if _, err := time.LoadLocation(name); err != nil || name == "" || name == "Local" {
			c.Err = fmt.Sprintf("I do not know the time zone %q; write its name as in \"timezone Europe/Helsinki\" or \"timezone America/New_York\"", args[0])
			return
		}
		s.Zone = name
	}
	c.Setting = s
}

// settingVerb answers notify, remind and timezone: it sets, or with no
// argument says, the sender's setting.
func settingVerb(h *referee.Handling, c referee.Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	if s := c.Setting; s != nil {
		switch c.Verb {
		case referee.VerbNotify:
			p.Notify, p.DigestAt = "", 0
			if s.Digest {
				p.Notify, p.DigestAt = referee.NotifyDigest, s.DigestAt
			}
		case referee.VerbRemind:
			p.Remind = s.Remind
		case referee.VerbTimezone:
			p.Timezone = s.Zone
			if s.Zone == "UTC" {
				p.Timezone = ""
			}
		}
		h.MarkChanged(h.From)
		if err := referee.ScheduleDigest(h.Change, p); err != nil {
			return "", err
		}
	}
	say := map[referee.Verb]func() string{
		referee.VerbNotify: func() string {
			if p.Notify != referee.NotifyDigest {
				return `you get a mail for every event in your games ("notify each"). "notify digest 07:00" gets you one mail a day instead.`
			}
			return fmt.Sprintf(`you get one mail a day at %s (%s), listing every game where it is your move. "notify each" gets you a mail for every event instead.`, referee.DigestClock(p), p.ZoneName())
		},
		referee.VerbRemind: func() string {
			return fmt.Sprintf(`reminders go %s before a deadline (more when the time per move is short: see "help remind").`, referee.RemindList(p.Reminders()))
		},
		referee.VerbTimezone: func() string {
			return fmt.Sprintf("times are shown to you in %s: it is now %s.", p.ZoneName(), referee.LocalTime(p, h.Now))
		},
	}[c.Verb]
	if c.Setting != nil {
		return "Done: " + say(), nil
	}
	return referee.Capitalise(say()), nil
}

// notifyHelp is the help on notify, remind and timezone.
const notifyHelp = `"notify each" sends you a mail for every event in your games (the
default); "notify digest 07:00" sends one mail a day at that time instead,
listing every game where it is your move, most urgent first. "remind 48h
12h 2h" sets when reminders go before a deadline (at most 4; the default is
24h); a game is never lost on time without two reminders when the time per
move allows: with 1 day per move they go 12h and 2h before. "timezone
Europe/Helsinki" shows you every time in that zone (the default is UTC).
Each of them alone says your current setting.`
