package games

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// The player's mail settings (verb_notify.go), the reminders at their
// times (remind.go) and the daily digest (digest.go).

// gameOfMail is the game whose tag the subject of m carries.
func gameOfMail(t *testing.T, m Mail) string {
	t.Helper()
	game, _, ok := keys.ParseSubjectTag(m.Subject)
	if !ok {
		t.Fatalf("no game in subject %q", m.Subject)
	}
	return game
}

func TestParseSetting(t *testing.T) {
	for _, tc := range []struct {
		line string
		want *referee.NotifySetting
		err  string
	}{
		{"notify", nil, ""},
		{"notify each", &referee.NotifySetting{Each: true}, ""},
		{"Notify Digest 07:00", &referee.NotifySetting{Digest: true, DigestAt: 7 * 60}, ""},
		{"notify digest 18:45", &referee.NotifySetting{Digest: true, DigestAt: 18*60 + 45}, ""},
		{"notify digest 25:00", nil, "hours and minutes"},
		{"notify weekly", nil, `"notify each"`},
		{"remind", nil, ""},
		{"remind 2h 48h 12h", &referee.NotifySetting{Remind: []time.Duration{48 * time.Hour, 12 * time.Hour, 2 * time.Hour}}, ""},
		{"remind 30m", &referee.NotifySetting{Remind: []time.Duration{30 * time.Minute}}, ""},
		{"remind 10m", nil, "from 30m to 336h"},
		{"remind 400h", nil, "from 30m to 336h"},
		{"remind 2h 2h", nil, "each once"},
		{"remind soon", nil, `not "soon"`},
		{"remind 1h 2h 3h 4h 5h", nil, "at most 4"},
		{"timezone", nil, ""},
		{"timezone Europe/Helsinki", &referee.NotifySetting{Zone: "Europe/Helsinki"}, ""},
		{"timezone utc", &referee.NotifySetting{Zone: "UTC"}, ""},
		{"timezone Mars/Olympus", nil, "I do not know the time zone"},
		{"timezone Local", nil, "I do not know the time zone"},
		{"timezone Europe/Helsinki Europe/Oslo", nil, "one time zone"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			c, ok := ParseCommand(tc.line)
			if !ok {
				t.Fatal("skipped")
			}
			if !strings.Contains(c.Err, tc.err) || (tc.err == "") != (c.Err == "") {
				t.Fatalf("err %q, want %q", c.Err, tc.err)
			}
			if tc.err != "" {
				return
			}
			if (c.Setting == nil) != (tc.want == nil) || c.Setting != nil && (c.Setting.Each != tc.want.Each ||
				c.Setting.Digest != tc.want.Digest || c.Setting.DigestAt != tc.want.DigestAt ||
				!slices.Equal(c.Setting.Remind, tc.want.Remind) || c.Setting.Zone != tc.want.Zone) {
				t.Fatalf("setting %+v, want %+v", c.Setting, tc.want)
			}
		})
	}
}

// TestReminderTimes: the player's schedule, with two reminders at least
// whenever the time per move allows.
func TestReminderTimes(t *testing.T) {
	const h, day = time.Hour, 24 * time.Hour
	for _, tc := range []struct {
		remind  []time.Duration
		perMove time.Duration
		want    []time.Duration
	}{
		{[]time.Duration{record.ReminderBefore}, 1 * day, []time.Duration{12 * h, 2 * h}},
		{[]time.Duration{record.ReminderBefore}, 2 * day, []time.Duration{24 * h, 2 * h}},
		{[]time.Duration{record.ReminderBefore}, 7 * day, []time.Duration{24 * h, 2 * h}},
		{[]time.Duration{48 * h, 12 * h, 2 * h}, 7 * day, []time.Duration{48 * h, 12 * h, 2 * h}},
		{[]time.Duration{48 * h, 12 * h, 2 * h}, 1 * day, []time.Duration{12 * h, 2 * h}},
		{[]time.Duration{72 * h}, 2 * day, []time.Duration{24 * h, 2 * h}},
		{[]time.Duration{30 * time.Minute}, 1 * day, []time.Duration{2 * h, 30 * time.Minute}},
		{[]time.Duration{12 * h}, 1 * day, []time.Duration{12 * h, 2 * h}},
		{[]time.Duration{record.ReminderBefore}, 3 * h, []time.Duration{90 * time.Minute}}, // two do not fit: one
	} {
		if got := referee.ReminderTimes(tc.remind, tc.perMove); !slices.Equal(got, tc.want) {
			t.Errorf("reminderTimes(%v, %v) = %v, want %v", tc.remind, tc.perMove, got, tc.want)
		}
	}
}

// TestSettings: each setting is kept on the player record, said back,
// and shown alone; times are shown in the player's zone.
func TestSettings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{"defaults", []string{"notify", "remind", "timezone"}, []string{
			`You get a mail for every event in your games ("notify each").`,
			"Reminders go 24h before a deadline",
			"Times are shown to you in UTC: it is now Sat 21 Nov 2026 12:00 UTC."}},
		{"digest", []string{"notify digest 07:00", "notify"}, []string{
			"Done: you get one mail a day at 07:00 (UTC)",
			"You get one mail a day at 07:00 (UTC), listing every game where it is your move."}},
		{"back to each", []string{"notify digest 07:00", "notify each", "notify"}, []string{
			`You get a mail for every event in your games ("notify each").`}},
		{"remind", []string{"remind 48h 12h 2h", "remind"}, []string{
			"Done: reminders go 48h, 12h and 2h before a deadline", "Reminders go 48h, 12h and 2h before"}},
		{"winter in Helsinki", []string{"timezone Europe/Helsinki", "timezone"}, []string{
			"Done: times are shown to you in Europe/Helsinki: it is now Sat 21 Nov 2026 14:00 EET.",
			"Times are shown to you in Europe/Helsinki: it is now Sat 21 Nov 2026 14:00 EET."}},
		{"back to UTC", []string{"timezone Europe/Helsinki", "timezone UTC", "timezone"}, []string{
			"Times are shown to you in UTC: it is now Sat 21 Nov 2026 12:00 UTC."}},
		{"refused", []string{"remind 1m"}, []string{"Refused: write each reminder"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			var text string
			for _, l := range tc.lines {
				text += only(t, h.write(t, alice, l), alice).Text
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("answers lack %q:\n%s", w, text)
				}
			}
		})
	}
}

// TestFormatTimeInZone: summer and winter time, with the zone's
// abbreviation.
func TestFormatTimeInZone(t *testing.T) {
	for _, tc := range []struct {
		zone string
		at   time.Time
		want string
	}{
		{"", time.Date(2026, 1, 10, 5, 0, 0, 0, time.UTC), "Sat 10 Jan 2026 05:00 UTC"},
		{"Europe/Helsinki", time.Date(2026, 1, 10, 5, 0, 0, 0, time.UTC), "Sat 10 Jan 2026 07:00 EET"},
		{"Europe/Helsinki", time.Date(2026, 7, 10, 4, 0, 0, 0, time.UTC), "Fri 10 Jul 2026 07:00 EEST"},
		{"America/New_York", time.Date(2026, 7, 10, 4, 0, 0, 0, time.UTC), "Fri 10 Jul 2026 00:00 EDT"},
	} {
		p := &record.Player{Timezone: tc.zone}
		if got := referee.LocalTime(p, tc.at); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.zone, got, tc.want)
		}
	}
}

// TestTwoRemindersBeforeLossOnTime: whatever the player's schedule, a
// game of a day per move or more is not lost on time before two
// reminders went, each at its time, in the player's zone.
func TestTwoRemindersBeforeLossOnTime(t *testing.T) {
	for _, tc := range []struct {
		days     int
		settings []string
		want     []string // the reminders' "(in less than ...)" and deadline, in order
	}{
		{1, nil, []string{"Sun 22 Nov 2026 12:00 UTC (in less than 12h)", "(in less than 2h)"}},
		{3, nil, []string{"Tue 24 Nov 2026 12:00 UTC (in less than a day)", "(in less than 2h)"}},
		{3, []string{"remind 48h 12h 2h"}, []string{"(in less than 48h)", "(in less than 12h)", "(in less than 2h)"}},
		{1, []string{"remind 48h"}, []string{"(in less than 12h)", "(in less than 2h)"}},
		{1, []string{"timezone Europe/Helsinki"}, []string{"Sun 22 Nov 2026 14:00 EET (in less than 12h)", "(in less than 2h)"}},
	} {
		t.Run(fmt.Sprint(tc.days, tc.settings), func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			for _, s := range tc.settings {
				wantText(t, only(t, h.write(t, alice, s), alice), "Done:")
			}
			inv := only(t, h.write(t, alice, fmt.Sprintf("challenge bob@players.test nim as black days %d", tc.days)), bob)
			only(t, h.reply(t, inv, "accept"), alice)
			var reminders []string
			lost := false
			for end := h.clock.t.Add(time.Duration(tc.days)*24*time.Hour + time.Hour); h.clock.t.Before(end); {
				h.clock.Advance(10 * time.Minute)
				for _, m := range must[[]Mail](t)(h.srv.Tick(t.Context())) {
					if m.To == alice && strings.Contains(m.Text, "A reminder:") {
						reminders = append(reminders, m.Text)
					}
					if m.To == alice && strings.Contains(m.Text, "passed without a move from you") {
						if lost = true; len(reminders) < 2 {
							t.Fatalf("lost on time after %d reminders", len(reminders))
						}
					}
				}
			}
			if !lost {
				t.Fatal("not lost on time at the deadline")
			}
			if len(reminders) != len(tc.want) {
				t.Fatalf("%d reminders, want %d:\n%s", len(reminders), len(tc.want), strings.Join(reminders, "\n---\n"))
			}
			for i, w := range tc.want {
				if !strings.Contains(reminders[i], w) {
					t.Errorf("reminder %d lacks %q:\n%s", i, w, reminders[i])
				}
			}
		})
	}
}

func TestNextDigest(t *testing.T) {
	helsinki, err := time.LoadLocation("Europe/Helsinki")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		after  time.Time
		loc    *time.Location
		minute int
		want   time.Time
	}{
		{"winter: 07:00 EET is 05:00 UTC, next day", time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC)},
		{"summer: 07:00 EEST is 04:00 UTC, same day", time.Date(2026, 7, 10, 3, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 7, 10, 4, 0, 0, 0, time.UTC)},
		{"at the time itself: the next day", time.Date(2026, 7, 10, 4, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 7, 11, 4, 0, 0, 0, time.UTC)},
		{"the night summer time begins", time.Date(2026, 3, 28, 12, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 3, 29, 4, 0, 0, 0, time.UTC)},
		{"UTC", time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), time.UTC, 18*60 + 30, time.Date(2026, 11, 21, 18, 30, 0, 0, time.UTC)},
	} {
		if got := referee.NextDigest(tc.after, tc.loc, tc.minute); !got.Equal(tc.want) {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// startGames has alice challenge bob to a game for each days per move,
// bob accept and make the first move an hour later, and returns the game
// ids: it is alice's move in each.
func startGames(t *testing.T, h *harness, days ...string) []string {
	t.Helper()
	var ids []string
	var accepted []Mail
	for _, d := range days {
		inv := only(t, h.write(t, alice, "challenge bob@players.test nim as white days "+d), bob)
		accepted = append(accepted, only(t, h.reply(t, inv, "accept"), bob))
		ids = append(ids, gameOfMail(t, accepted[len(accepted)-1]))
	}
	h.clock.Advance(time.Hour)
	for _, m := range accepted {
		mails := h.reply(t, m, "t1")
		for _, m := range mails {
			if m.To == alice {
				t.Fatalf("a mail to alice in spite of the digest: %s", describe(mails))
			}
		}
	}
	return ids
}

// TestDigest: a player with "notify digest 07:00" in Helsinki gets no
// mail for an opponent's move, and one mail at 07:00 local time listing
// the games where it is their move, most urgent first, with the news; a
// reply to it answers two games at once.
func TestDigest(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, l := range []string{"timezone Europe/Helsinki", "notify digest 07:00"} {
		wantText(t, only(t, h.write(t, alice, l), alice), "Done:")
	}
	ids := startGames(t, h, "3", "2") // alice's deadlines: +3 days, +2 days
	slow, urgent := ids[0], ids[1]
	// Nothing until 07:00 Helsinki (05:00 UTC) the next day.
	h.clock.t = time.Date(2026, 11, 22, 4, 59, 0, 0, time.UTC)
	if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != 0 {
		t.Fatalf("mail before the digest: %s", describe(mails))
	}
	h.clock.t = time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC)
	digest := only(t, must[[]Mail](t)(h.srv.Tick(t.Context())), alice)
	wantText(t, digest,
		"It is your move in 2 games, the most urgent first.",
		`the move, e.g. "`+urgent+` <your move>". One reply may answer several games.`,
		"== Game "+urgent+": your move, deadline Mon 23 Nov 2026 15:00 EET ==",
		"== Game "+slow+": your move, deadline Tue 24 Nov 2026 15:00 EET ==",
		"== News since the last digest ==",
		"Sat 21 Nov 2026 15:00 EET, game "+slow+": ")
	if strings.Index(digest.Text, urgent) > strings.Index(digest.Text, "== Game "+slow) {
		t.Errorf("not the most urgent first:\n%s", digest.Text)
	}
	if !strings.Contains(digest.Subject, "your daily digest, Sun 22 Nov") {
		t.Errorf("subject %q", digest.Subject)
	}
	if !digest.Later {
		t.Error("the digest goes with the moves and results under a send limit, not after them")
	}
	if again := must[[]Mail](t)(h.srv.Tick(t.Context())); len(again) != 0 {
		t.Fatalf("a second digest: %s", describe(again))
	}
	// One reply answers both games; each game tells bob.
	mails := h.reply(t, digest, urgent+" t1", slow+" t1")
	if a := only(t, mails, alice); strings.Count(a.Text, "Done: you played 2.t1.") != 2 {
		t.Errorf("alice's answer:\n%s", a.Text)
	}
	if n := strings.Count(describe(mails), "to "+bob); n != 2 {
		t.Errorf("%d mails to bob, want 2: %s", n, describe(mails))
	}
	// The digest's key proves alice only: bob cannot use it.
	mails = h.replyFrom(t, digest, bob, urgent+" t1")
	wantText(t, only(t, mails, bob), "Refused:")
	// The next digest goes a day later; with nothing to say, none goes.
	h.clock.t = time.Date(2026, 11, 23, 5, 0, 0, 0, time.UTC)
	for _, m := range must[[]Mail](t)(h.srv.Tick(t.Context())) {
		if m.To == alice {
			t.Fatalf("a digest with nothing to say:\n%s", m.Text)
		}
	}
	only(t, h.write(t, alice, "notify each"), alice)
	h.clock.t = time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)
	for _, m := range must[[]Mail](t)(h.srv.Tick(t.Context())) {
		if strings.Contains(m.Text, "daily digest") || strings.Contains(m.Subject, "digest") {
			t.Fatalf("a digest after notify each: %s", m.Text)
		}
	}
}

// TestStatusBlockInPlayersZone: the deadline under a game's board is shown
// in the reader's time zone; a reader without one sees UTC as before.
func TestStatusBlockInPlayersZone(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	wantText(t, only(t, h.write(t, bob, "timezone Europe/Helsinki"), bob), "Europe/Helsinki")
	toAlice, toBob := startHumanGame(t, h) // it checks alice's deadline in UTC
	wantText(t, toAlice, "Deadline for this move: Tue 24 Nov 2026 12:00 UTC (3 days per move).")
	wantText(t, toBob, "Deadline for this move: Tue 24 Nov 2026 14:00 EET (3 days per move).")
}
