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
	// MaxReminders is how many times before a deadline a player may name.
	MaxReminders = 4
	// MinRemind and maxRemind bound each of those times.
	MinRemind = 30 * time.Minute
	MaxRemind = 14 * 24 * time.Hour
)

// NotifySetting is what a notify, remind or timezone line sets.
type NotifySetting struct {
	Each     bool            // notify each
	Digest   bool            // notify digest
	DigestAt int             // notify digest: minutes after local midnight
	Remind   []time.Duration // remind: longest first
	Zone     string          // timezone: the IANA name as time.LoadLocation knows it
}

const NotifyDigest = "digest"

// LocalTime writes t in the player's time zone, with its abbreviation
// ("Mon 2 Jan 2006 09:00 EET").
func LocalTime(p *record.Player, t time.Time) string { return FormatTimeIn(t, p.Location()) }

// DigestClock is the digest's local time of day as "07:00".
func DigestClock(p *record.Player) string {
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

// RemindList writes durations as "48h, 12h and 2h".
func RemindList(ds []time.Duration) string {
	ws := make([]string, len(ds))
	for i, d := range ds {
		ws[i] = strings.TrimSuffix(strings.TrimSuffix(d.String(), "0s"), "0m")
	}
	if len(ws) == 1 {
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}
