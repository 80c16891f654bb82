package mailer

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
)

// limitSender is a Send that accepts every mail and remembers which, in
// the order sent.
type limitSender struct {
	mu    sync.Mutex
	order []string
	times map[string]int
}

func (s *limitSender) send(_ context.Context, m games.Mail) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.times == nil {
		s.times = map[string]int{}
	}
	s.order = append(s.order, m.ID)
	s.times[m.ID]++
	return nil
}

// since returns the ids sent after the first n.
func (s *limitSender) since(n int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.order[n:]...)
}

// count is how many records are at level or above.
func (h *records) count(level slog.Level) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, r := range h.recs {
		if r.Level >= level {
			n++
		}
	}
	return n
}

// dueMails are n test mails to n players, due at at.
func dueMails(n int, at time.Time) []games.Mail {
	var ms []games.Mail
	for i := range n {
		m := testMail(i, fmt.Sprintf("p%d@players.test", i))
		m.NextTry = at
		ms = append(ms, m)
	}
	return ms
}

// queueLimited puts n mails in st, moves and results (later false) or
// later mail, due at at, and returns their ids by kind.
func queueLimited(t testing.TB, st *games.Store, n int, later bool, at time.Time) []string {
	t.Helper()
	var ids []string
	for i := range n {
		m := testMail(i, fmt.Sprintf("p%d@players.test", i))
		m.Later, m.NextTry = later, at
		if later {
			m.Kind = games.Reminder
		}
		m, err := st.QueueMail(m)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	return ids
}

// TestOutboxUnderADayLimit: 2,000 mails queued, 1,600 reminders and
// digests first, then 400 moves and results, under a limit of 500 a day.
// The first pass sends the 400 moves and results and the 100 oldest of
// the later mail, then stops: the log and the store say a limit holds
// mail back, until when, and the 1,500 others wait pending. A move queued
// during the hold waits too, and goes first when the window lets mail go
// again. A restart does not reset the day's count. After four days every
// mail was sent once, none lost, and the hold is over.
func TestOutboxUnderADayLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "windpost.db")
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { st.Close() }()
	start := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	clock := start
	later := queueLimited(t, st, 1600, true, start)
	first := queueLimited(t, st, 400, false, start)
	snd := &limitSender{}
	logs := &records{}
	limits := config.SendLimits{PerDay: 500, Source: "the gmail preset"}
	newOutbox := func() *Outbox {
		return &Outbox{Store: st, Send: snd.send, Lanes: 2, Limits: limits, Now: func() time.Time { return clock }, Log: slog.New(logs)}
	}
	o := newOutbox()
	ctx := context.Background()

	sent, err := o.Flush(ctx)
	if err != nil || sent != 500 {
		t.Fatalf("the first pass sent %d (%v), want 500", sent, err)
	}
	for _, id := range first {
		if snd.times[id] != 1 {
			t.Fatalf("move or result %s not sent in the first pass", id)
		}
	}
	for i, id := range later {
		if want := i < 100; (snd.times[id] == 1) != want {
			t.Fatalf("later mail #%d (%s): sent %v, want %v (the 100 oldest)", i, id, snd.times[id] == 1, want)
		}
	}
	hold, err := st.SendHold()
	if err != nil || !hold.Held() || hold.Window != "day" || hold.Sent != 500 || !hold.Until.Equal(start.Add(24*time.Hour)) ||
		hold.Limits != "500 a day (the gmail preset)" || !hold.Since.Equal(start) {
		t.Fatalf("the recorded hold: %+v, %v", hold, err)
	}
	r, ok := logs.find(slog.LevelWarn, "a send limit holds mail back")
	if !ok {
		t.Fatal("the log does not say that a limit holds mail back")
	}
	text := r.Message
	r.Attrs(func(a slog.Attr) bool { text += " " + a.Key + "=" + a.Value.String(); return true })
	t.Logf("log: %s", text)
	unsent, err := st.Unsent()
	if err != nil || len(unsent) != 1500 {
		t.Fatalf("%d mails pending (%v), want 1500", len(unsent), err)
	}

	// During the hold: a new move waits, and a second pass logs nothing new.
	clock = start.Add(time.Hour)
	move := queueLimited(t, st, 1, false, clock)[0]
	if sent, err := o.Flush(ctx); err != nil || sent != 0 {
		t.Fatalf("a pass during the hold sent %d (%v)", sent, err)
	}
	if n := logs.count(slog.LevelWarn); n != 1 {
		t.Errorf("%d warnings after a second held pass, want the one of the hold", n)
	}

	// A restart, an hour before the window opens: the count holds.
	st.Close()
	if st, err = games.Open(path); err != nil {
		t.Fatal(err)
	}
	o = newOutbox()
	clock = start.Add(23 * time.Hour)
	if sent, err := o.Flush(ctx); err != nil || sent != 0 {
		t.Fatalf("after a restart, a pass in the same day sent %d (%v)", sent, err)
	}

	// The next days: 500 a day, the waiting move first.
	for day, want := range []int{500, 500, 500, 1} {
		clock = start.Add(time.Duration(day+1)*24*time.Hour + time.Second)
		before := len(snd.order)
		sent, err := o.Flush(ctx)
		if err != nil || sent != want {
			t.Fatalf("day %d: sent %d (%v), want %d", day+2, sent, err, want)
		}
		if day == 0 {
			if ids := snd.since(before); snd.times[move] != 1 || (ids[0] != move && ids[1] != move) {
				t.Fatalf("the move queued during the hold was not among the first of the next day: %v", ids[:4])
			}
		}
	}
	for _, id := range append(append(later, first...), move) {
		if snd.times[id] != 1 {
			t.Fatalf("mail %s sent %d times, want once", id, snd.times[id])
		}
	}
	if len(snd.order) != 2001 {
		t.Errorf("%d sends, want 2001", len(snd.order))
	}
	if hold, err := st.SendHold(); err != nil || hold.Held() {
		t.Errorf("all sent, yet the store records a hold: %+v, %v", hold, err)
	}
	if _, ok := logs.find(slog.LevelInfo, "the send limit no longer holds mail back"); !ok {
		t.Error("the log does not say that the hold ended")
	}
}

// TestOutboxUnderAMinuteLimit: 30 a minute, 100 mails: 30 go, the hold
// says "minute" and ends a minute after the first went; Run's next pass
// comes no later than that. No limit: all go at once.
func TestOutboxUnderAMinuteLimit(t *testing.T) {
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name   string
		limits config.SendLimits
		passes []int
	}{
		{"30 a minute", config.SendLimits{PerMinute: 30}, []int{30, 30, 30, 10}},
		{"30 a minute, 50 a day", config.SendLimits{PerDay: 50, PerMinute: 30}, []int{30, 20, 0, 0}},
		{"no limit", config.SendLimits{}, []int{100, 0, 0, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := newMemOutbox(dueMails(100, now)...)
			snd := &limitSender{}
			clock := now
			o := &Outbox{Store: store, Send: snd.send, Limits: c.limits, Now: func() time.Time { return clock }}
			for i, want := range c.passes {
				clock = now.Add(time.Duration(i) * time.Minute)
				if sent, err := o.Flush(context.Background()); err != nil || sent != want {
					t.Fatalf("pass %d: sent %d (%v), want %d", i+1, sent, err, want)
				}
				if i == 0 && c.limits.PerMinute > 0 {
					if store.hold.Window != "minute" || !store.hold.Until.Equal(now.Add(time.Minute)) {
						t.Errorf("hold %+v, want the minute's, until %s", store.hold, now.Add(time.Minute))
					}
					if d := o.nextPass(time.Hour); d != time.Minute {
						t.Errorf("next pass in %s, want 1m", d)
					}
				}
			}
		})
	}
}

// TestOutboxServerOverLimit: the server refuses a mail for the account's
// sending limit (Gmail's 550 5.4.5). The mail is not counted as refused
// and waits MaxRetryDelay; the pass stops there, so the other mails keep
// their tries; the hold ("server") stops every pass until it ends, then
// all mail goes. A refusal of the recipient or of the size is no such
// limit.
func TestOutboxServerOverLimit(t *testing.T) {
	for _, c := range []struct {
		code int
		text string
		over bool
	}{
		{550, "5.4.5 Daily user sending limit exceeded.", true},
		{554, "5.2.0 STOREDRV.Submission.Exception:SubmissionQuotaExceededException", true},
		{550, "5.1.1 no such user", false},
		{552, "5.3.4 message too big for system", false},
	} {
		err := refusingServer(t, c.code, c.text).Send(context.Background(), testMail(0, "alice@example.test"))
		if err == nil || OverLimit(err) != c.over {
			t.Errorf("%d %s: OverLimit(%v) = %v, want %v", c.code, c.text, err, !c.over, c.over)
		}
	}

	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	clock := now
	store := newMemOutbox(dueMails(5, now)...)
	refusing := refusingServer(t, 550, "5.4.5 Daily user sending limit exceeded.")
	tries := 0
	o := &Outbox{Store: store, Now: func() time.Time { return clock }, Send: func(ctx context.Context, m games.Mail) error {
		tries++
		return refusing.Send(ctx, m)
	}}
	if sent, err := o.Flush(context.Background()); sent != 0 || err == nil || tries != 1 {
		t.Fatalf("the refused pass: sent %d, %v, %d tries; want none sent, the refusal, one try", sent, err, tries)
	}
	if m := store.get("m0"); m.Refused != 0 || !m.FailedAt.IsZero() || !m.NextTry.Equal(now.Add(time.Hour)) {
		t.Errorf("the refused mail: %+v, want no refusal counted and a try an hour later", m)
	}
	if store.hold.Window != "server" || !store.hold.Until.Equal(now.Add(time.Hour)) {
		t.Errorf("hold %+v, want the server's, for an hour", store.hold)
	}
	clock = now.Add(10 * time.Minute)
	if sent, err := o.Flush(context.Background()); sent != 0 || err != nil || tries != 1 {
		t.Fatalf("a pass during the server's hold: sent %d, %v, %d tries; want nothing tried", sent, err, tries)
	}
	snd := &limitSender{}
	o.Send = snd.send
	clock = now.Add(time.Hour)
	if sent, err := o.Flush(context.Background()); sent != 5 || err != nil {
		t.Fatalf("after the hold: sent %d (%v), want all 5", sent, err)
	}
	if store.hold.Held() {
		t.Errorf("all sent, yet held: %+v", store.hold)
	}
}
