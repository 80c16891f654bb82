package mailer

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
)

// dayLimitOutbox is an outbox under limits over a real store with
// later+first mails queued at start: later reminders and digests, then
// first moves and results; Send accepts every mail at once (no SMTP).
func dayLimitOutbox(b *testing.B, limits config.SendLimits, later, first int, start time.Time, clock *time.Time) (*Outbox, *games.Store, *limitSender) {
	st, err := games.Open(filepath.Join(b.TempDir(), "windpost.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	queueLimited(b, st, later, true, start)
	queueLimited(b, st, first, false, start)
	snd := &limitSender{}
	o := &Outbox{Store: st, Send: snd.send, Lanes: 2, Limits: limits, Now: func() time.Time { return *clock }}
	return o, st, snd
}

// BenchmarkOutboxDayLimitPass is one day's pass of the outbox under 500
// a day with 2,000 mails queued (1,600 reminders and digests, then 400
// moves and results): it sends the day's 500 (the 400 moves and results,
// then the 100 oldest of the later mail, each marked sent in the store)
// and stops at the limit. Between passes (not timed) the day goes by and
// 400 moves and 100 later mails are queued again, so every pass starts
// with 2,000 queued. "no limit" is the same 500 mails, the only ones
// queued, sent without a limit: the cost of sending and marking them.
func BenchmarkOutboxDayLimitPass(b *testing.B) {
	for _, c := range []struct {
		name          string
		limits        config.SendLimits
		later, queued int
	}{
		{"500 a day, 2000 queued", config.SendLimits{PerDay: 500}, 1600, 400},
		{"no limit, 500 queued", config.SendLimits{}, 100, 400},
	} {
		b.Run(c.name, func(b *testing.B) {
			start := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
			clock := start
			o, st, _ := dayLimitOutbox(b, c.limits, c.later, c.queued, start, &clock)
			ctx := context.Background()
			b.ResetTimer()
			for i := range b.N {
				clock = start.Add(time.Duration(i) * (24*time.Hour + time.Second))
				sent, err := o.Flush(ctx)
				if err != nil || sent != 500 {
					b.Fatalf("pass %d: sent %d (%v), want 500", i, sent, err)
				}
				b.StopTimer()
				queueLimited(b, st, 400, false, clock)
				queueLimited(b, st, 100, true, clock)
				b.StartTimer()
			}
			b.ReportMetric(500, "sent/op")
		})
	}
}

// BenchmarkOutboxDayLimitHeld is a pass while the limit holds mail back:
// 500 sent in the last day, 1,500 waiting. Run makes one every Idle (30s)
// until the window lets a mail go: it counts the day's mail in the store
// and sends nothing.
func BenchmarkOutboxDayLimitHeld(b *testing.B) {
	start := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	clock := start
	o, _, snd := dayLimitOutbox(b, config.SendLimits{PerDay: 500}, 1600, 400, start, &clock)
	ctx := context.Background()
	if sent, err := o.Flush(ctx); err != nil || sent != 500 {
		b.Fatalf("the first pass sent %d (%v), want 500", sent, err)
	}
	clock = start.Add(time.Hour)
	b.ResetTimer()
	for range b.N {
		if sent, err := o.Flush(ctx); err != nil || sent != 0 {
			b.Fatalf("a held pass sent %d (%v)", sent, err)
		}
	}
	b.StopTimer()
	if len(snd.order) != 500 {
		b.Fatalf("%d sent, want 500", len(snd.order))
	}
}
