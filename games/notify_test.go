package games

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseSetting(t *testing.T) {
	for _, tc := range []struct {
		line string
		want *notifySetting
		err  string
	}{
		{"notify", nil, ""},
		{"notify each", &notifySetting{Each: true}, ""},
		{"Notify Digest 07:00", &notifySetting{Digest: true, DigestAt: 7 * 60}, ""},
		{"notify digest 18:45", &notifySetting{Digest: true, DigestAt: 18*60 + 45}, ""},
		{"notify digest 25:00", nil, "hours and minutes"},
		{"notify weekly", nil, `"notify each"`},
		{"remind", nil, ""},
		{"remind 2h 48h 12h", &notifySetting{Remind: []time.Duration{48 * time.Hour, 12 * time.Hour, 2 * time.Hour}}, ""},
		{"remind 30m", &notifySetting{Remind: []time.Duration{30 * time.Minute}}, ""},
		{"remind 10m", nil, "from 30m to 336h"},
		{"remind 400h", nil, "from 30m to 336h"},
		{"remind 2h 2h", nil, "each once"},
		{"remind soon", nil, `not "soon"`},
		{"remind 1h 2h 3h 4h 5h", nil, "at most 4"},
		{"timezone", nil, ""},
		{"timezone Europe/Helsinki", &notifySetting{Zone: "Europe/Helsinki"}, ""},
		{"timezone utc", &notifySetting{Zone: "UTC"}, ""},
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
		{defaultRemind, 1 * day, []time.Duration{12 * h, 2 * h}},
		{defaultRemind, 2 * day, []time.Duration{24 * h, 2 * h}},
		{defaultRemind, 7 * day, []time.Duration{24 * h, 2 * h}},
		{[]time.Duration{48 * h, 12 * h, 2 * h}, 7 * day, []time.Duration{48 * h, 12 * h, 2 * h}},
		{[]time.Duration{48 * h, 12 * h, 2 * h}, 1 * day, []time.Duration{12 * h, 2 * h}},
		{[]time.Duration{72 * h}, 2 * day, []time.Duration{24 * h, 2 * h}},
		{[]time.Duration{30 * time.Minute}, 1 * day, []time.Duration{2 * h, 30 * time.Minute}},
		{[]time.Duration{12 * h}, 1 * day, []time.Duration{12 * h, 2 * h}},
		{defaultRemind, 3 * h, []time.Duration{90 * time.Minute}}, // two do not fit: one
	} {
		if got := reminderTimes(tc.remind, tc.perMove); !slices.Equal(got, tc.want) {
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
		p := &playerRecord{Timezone: tc.zone}
		if got := p.formatTime(tc.at); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.zone, got, tc.want)
		}
	}
}
