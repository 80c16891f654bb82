package referee

import (
	"fmt"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // time zones on any machine, with or without its own tz data

	"github.com/windpost/windpost/games/internal/record"
)

// The player's mail settings: "notify each" or "notify digest <hh:mm>",
// "remind <durations>", "timezone <IANA name>"; each with no argument says
// the current setting. They live on the player record.

const (
	// maxReminders is how many times before a deadline a player may name.
	maxReminders = 4
	// minRemind and maxRemind bound each of those times.
	minRemind = 30 * time.Minute
	maxRemind = 14 * 24 * time.Hour
)

// NotifySetting is what a notify, remind or timezone line sets.
type NotifySetting struct {
	Each     bool            // notify each
	Digest   bool            // notify digest
	DigestAt int             // notify digest: minutes after local midnight
	Remind   []time.Duration // remind: longest first
	Zone     string          // timezone: the IANA name as time.LoadLocation knows it
}

// ParseSetting reads the arguments of notify, remind and timezone (args as
// written: time zone names are case-sensitive).
func (c *Command) ParseSetting(verb string, args []string) {
	c.Verb = Verb(verb)
	if len(args) == 0 {
		return
	}
	s := &NotifySetting{}
	switch c.Verb {
	case VerbNotify:
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
	case VerbRemind:
		if len(args) > maxReminders {
			c.Err = fmt.Sprintf("name at most %d times before the deadline, e.g. \"remind 48h 12h 2h\"", maxReminders)
			return
		}
		for _, a := range args {
			d, err := time.ParseDuration(strings.ToLower(a))
			if err != nil || d < minRemind || d > maxRemind || slices.Contains(s.Remind, d) {
				c.Err = fmt.Sprintf("write each reminder as hours (or minutes) before the deadline, from 30m to 336h and each once, e.g. \"remind 48h 12h 2h\" (not %q)", a)
				return
			}
			s.Remind = append(s.Remind, d)
		}
		slices.SortFunc(s.Remind, func(a, b time.Duration) int { return int(b - a) })
	case VerbTimezone:
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

// SettingVerb answers notify, remind and timezone: it sets, or with no
// argument says, the sender's setting.
func SettingVerb(h *Handling, c Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	if s := c.Setting; s != nil {
		switch c.Verb {
		case VerbNotify:
			p.Notify, p.DigestAt = "", 0
			if s.Digest {
				p.Notify, p.DigestAt = notifyDigest, s.DigestAt
			}
		case VerbRemind:
			p.Remind = s.Remind
		case VerbTimezone:
			p.Timezone = s.Zone
			if s.Zone == "UTC" {
				p.Timezone = ""
			}
		}
		h.MarkChanged(h.From)
		if err := scheduleDigest(h.Change, p); err != nil {
			return "", err
		}
	}
	say := map[Verb]func() string{
		VerbNotify: func() string {
			if p.Notify != notifyDigest {
				return `you get a mail for every event in your games ("notify each"). "notify digest 07:00" gets you one mail a day instead.`
			}
			return fmt.Sprintf(`you get one mail a day at %s (%s), listing every game where it is your move. "notify each" gets you a mail for every event instead.`, digestClock(p), p.ZoneName())
		},
		VerbRemind: func() string {
			return fmt.Sprintf(`reminders go %s before a deadline (more when the time per move is short: see "help remind").`, remindList(p.Reminders()))
		},
		VerbTimezone: func() string {
			return fmt.Sprintf("times are shown to you in %s: it is now %s.", p.ZoneName(), LocalTime(p, h.Now))
		},
	}[c.Verb]
	if c.Setting != nil {
		return "Done: " + say(), nil
	}
	return Capitalise(say()), nil
}

const notifyDigest = "digest"

// LocalTime writes t in the player's time zone, with its abbreviation
// ("Mon 2 Jan 2006 09:00 EET").
func LocalTime(p *record.Player, t time.Time) string { return FormatTimeIn(t, p.Location()) }

// digestClock is the digest's local time of day as "07:00".
func digestClock(p *record.Player) string {
	return fmt.Sprintf("%02d:%02d", p.DigestAt/60, p.DigestAt%60)
}

// ReminderTimes is when reminders go before a deadline, longest first, for
// a player with schedule remind and a move with perMove: the times of the
// schedule shorter than perMove; and, so that no game is lost on time
// without two reminders, while fewer than two are left, two hours before
// (if that is at most half of perMove) and then half of perMove. With the
// default schedule (a day before): 1 day per move gets 12h and 2h, 2 days
// or more get 24h and 2h.
func ReminderTimes(remind []time.Duration, perMove time.Duration) []time.Duration {
	var ts []time.Duration
	for _, r := range remind {
		if r < perMove {
			ts = append(ts, r)
		}
	}
	lastCall := 2 * time.Hour
	for _, r := range []time.Duration{lastCall, perMove / 2} {
		if len(ts) < 2 && r > 0 && r <= perMove/2 && !slices.Contains(ts, r) {
			ts = append(ts, r)
		}
	}
	slices.SortFunc(ts, func(a, b time.Duration) int { return int(b - a) })
	return ts
}

// remindList writes durations as "48h, 12h and 2h".
func remindList(ds []time.Duration) string {
	ws := make([]string, len(ds))
	for i, d := range ds {
		ws[i] = strings.TrimSuffix(strings.TrimSuffix(d.String(), "0s"), "0m")
	}
	if len(ws) == 1 {
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
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
