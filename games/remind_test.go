package games

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

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
