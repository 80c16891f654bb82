package mailer

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
)

// dayLimitOutbox is an outbox under 500 a day over a real store with
// 2,000 mails queued at start: 1,600 reminders and digests, then 400
// moves and results; Send accepts every mail at once (no SMTP).
func dayLimitOutbox(b *testing.B, start time.Time, clock *time.Time) (*Outbox, *games.Store, *limitSender) {
	st, err := games.Open(filepath.Join(b.TempDir(), "windpost.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	queueLimited(b, st, 1600, true, start)
	queueLimited(b, st, 400, false, start)
	snd := &limitSender{}
	o := &Outbox{Store: st, Send: snd.send, Lanes: 2, Limits: config.SendLimits{PerDay: 500},
		Now: func() time.Time { return *clock }}
	return o, st, snd
}

// BenchmarkOutboxDayLimitPass is one day's pass of the outbox under 500
// a day with 2,000 mails queued: it sends the day's 500 (the 400 moves
// and results, then the 100 oldest of the later mail, each marked sent in
// the store) and stops at the limit. Between passes (not timed) the day
// goes by and 400 moves and 100 later mails are queued again, so every
// pass starts with 2,000 queued.
func BenchmarkOutboxDayLimitPass(b *testing.B) {
	start := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	clock := start
	o, st, _ := dayLimitOutbox(b, start, &clock)
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
}

// BenchmarkOutboxDayLimitHeld is a pass while the limit holds mail back:
// 500 sent in the last day, 1,500 waiting. Run makes one every Idle (30s)
// until the window lets a mail go: it counts the day's mail in the store
// and sends nothing.
func BenchmarkOutboxDayLimitHeld(b *testing.B) {
	start := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	clock := start
	o, _, snd := dayLimitOutbox(b, start, &clock)
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
