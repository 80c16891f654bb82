package games

import (
	"context"
	"testing"
	"time"
)

// TestMailGoesLater: answers, the news of a move and the news of a result
// go first under a send limit; a challenge and a reminder wait
// (Mail.Later; TestDigest: a digest waits too). A loss on time is a
// result, though it is a reminder's kind.
func TestMailGoesLater(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	mails := h.write(t, alice, "challenge bob@players.test nim as black days 3")
	for _, c := range []struct {
		what  string
		m     Mail
		later bool
	}{
		{"the answer to a challenge", only(t, mails, alice), false},
		{"the invitation", only(t, mails, bob), true},
	} {
		if c.m.Later != c.later {
			t.Errorf("%s: Later = %v, want %v", c.what, c.m.Later, c.later)
		}
	}
	mails = h.reply(t, only(t, mails, bob), "accept")
	toAlice := only(t, mails, alice)
	if toAlice.Later || only(t, mails, bob).Later {
		t.Errorf("the news that the game began, or its answer, waits: %s", describe(mails))
	}
	mails = h.reply(t, toAlice, "t1")
	if only(t, mails, bob).Later || only(t, mails, alice).Later {
		t.Errorf("a move's news or its answer waits: %s", describe(mails))
	}
	h.clock.Advance(50 * time.Hour) // bob's reminder
	mails = must[[]Mail](t)(h.srv.Tick(context.Background()))
	if rem := only(t, mails, bob); rem.Kind != Reminder || !rem.Later {
		t.Errorf("the reminder: kind %s, Later %v, want a later reminder", rem.Kind, rem.Later)
	}
	h.clock.Advance(24 * time.Hour) // bob loses on time
	mails = must[[]Mail](t)(h.srv.Tick(context.Background()))
	for _, to := range []string{alice, bob} {
		if m := only(t, mails, to); m.Later {
			t.Errorf("the result for %s waits: %s", to, describe(mails))
		}
	}
}

// TestNextMailOrder: a pass reads the moves and results never tried,
// their retries, the later mail never tried, then its retries; a bound on
// retries skips the retries beyond it but never the fresh mail after them.
func TestNextMailOrder(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	now := h.clock.Now()
	queue := func(to string, later bool, age time.Duration, retry bool) Mail {
		m := must[Mail](t)(h.store.QueueMail(Mail{To: to, Later: later, NextTry: now.Add(-age)}))
		if retry {
			if err := h.store.Failed(m.ID, SendFailure{Reason: "451 try later", At: now, Retry: now.Add(-age)}); err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	// Queued oldest first, the later mail before the moves.
	laterRetry := queue("digest-retry@players.test", true, 5*time.Minute, true)
	laterFresh := queue("digest@players.test", true, 4*time.Minute, false)
	moveRetry := queue("move-retry@players.test", false, 3*time.Minute, true)
	moveRetry2 := queue("move-retry2@players.test", false, 2*time.Minute, true)
	moveFresh := queue("move@players.test", false, time.Minute, false)
	queue("not-yet@players.test", false, -time.Minute, false)
	ids := func(ms []Mail) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.To)
		}
		return out
	}
	for _, c := range []struct {
		limit, retries int
		want           []Mail
	}{
		{0, -1, []Mail{moveFresh, moveRetry, moveRetry2, laterFresh, laterRetry}},
		{2, -1, []Mail{moveFresh, moveRetry}},
		{0, 1, []Mail{moveFresh, moveRetry, laterFresh}},
		{0, 0, []Mail{moveFresh, laterFresh}},
		{0, 3, []Mail{moveFresh, moveRetry, moveRetry2, laterFresh, laterRetry}},
	} {
		got := must[[]Mail](t)(h.store.NextMail(now, c.limit, c.retries))
		if g, w := ids(got), ids(c.want); len(g) != len(w) || func() bool {
			for i := range g {
				if g[i] != w[i] {
					return true
				}
			}
			return false
		}() {
			t.Errorf("NextMail(limit %d, retries %d) = %v, want %v", c.limit, c.retries, g, w)
		}
	}
	list := must[[]UnsentMail](t)(h.store.Unsent())
	if len(list) != 6 || !list[0].Later || list[4].Later {
		t.Errorf("Unsent does not tell the later mail: %+v", list)
	}
}

// TestSentSince: the mail marked sent counts for a day, across a restart;
// older mail is dropped from the count; limitAt is when the limit-th
// newest went, so the window takes another mail a day after it.
func TestSentSince(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	start := h.clock.Now()
	for i := range 5 {
		m := must[Mail](t)(h.store.QueueMail(Mail{To: "p@players.test", NextTry: start}))
		if err := h.store.MarkSent(m.ID, start.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	h.reopen(t) // a restart does not reset the count
	now := start.Add(4*time.Hour + time.Minute)
	for _, c := range []struct {
		since       time.Time
		limit, sent int
		limitAt     time.Time
	}{
		{now.Add(-24 * time.Hour), 5, 5, start},
		{now.Add(-24 * time.Hour), 3, 5, start.Add(2 * time.Hour)},
		{now.Add(-24 * time.Hour), 6, 5, time.Time{}},
		{now.Add(-time.Hour), 1, 1, start.Add(4 * time.Hour)},
		{now.Add(-time.Minute), 1, 0, time.Time{}},
	} {
		sent, at, err := h.store.SentSince(c.since, c.limit)
		if err != nil || sent != c.sent || !at.Equal(c.limitAt) {
			t.Errorf("SentSince(%s, %d) = %d, %s, %v; want %d, %s", c.since, c.limit, sent, at, err, c.sent, c.limitAt)
		}
	}
	// A mail sent a day and a half later drops the first day's from the log.
	m := must[Mail](t)(h.store.QueueMail(Mail{To: "p@players.test", NextTry: start}))
	late := start.Add(36 * time.Hour)
	if err := h.store.MarkSent(m.ID, late); err != nil {
		t.Fatal(err)
	}
	if sent, _, err := h.store.SentSince(time.Time{}, 0); err != nil || sent != 1 {
		t.Errorf("after a day and a half the log keeps %d mails (%v), want 1", sent, err)
	}
}

// TestSendHold: the hold the outbox records is read back, survives a
// restart, and a zero hold clears it.
func TestSendHold(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	if hold := must[SendHold](t)(h.store.SendHold()); hold.Held() {
		t.Fatalf("a new store holds mail back: %+v", hold)
	}
	now := h.clock.Now()
	want := SendHold{Limits: "500 a day (the gmail preset)", Window: "day", Sent: 500, Since: now, Until: now.Add(20 * time.Hour)}
	if err := h.store.SetSendHold(want); err != nil {
		t.Fatal(err)
	}
	h.reopen(t)
	got := must[SendHold](t)(h.store.SendHold())
	if !got.Held() || got.Limits != want.Limits || got.Sent != 500 || !got.Until.Equal(want.Until) || !got.Since.Equal(now) {
		t.Errorf("SendHold = %+v, want %+v", got, want)
	}
	if err := h.store.SetSendHold(SendHold{}); err != nil {
		t.Fatal(err)
	}
	if hold := must[SendHold](t)(h.store.SendHold()); hold.Held() {
		t.Errorf("cleared, yet %+v", hold)
	}
}
