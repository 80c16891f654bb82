package mailer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	gosmtp "github.com/emersion/go-smtp"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

func TestOutboxRefusedAndBackoff(t *testing.T) {
	snd := newTestSender(t, mailtest.Server(t, localmail.Options{}))
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	store := newMemOutbox(testMail(1, "nobody@example.test"), testMail(2, "alice@example.test"))
	ob := &Outbox{Store: store, Send: snd.Send, Now: func() time.Time { return now }, RetryDelay: time.Minute, MaxRetryDelay: time.Hour}
	n, err := ob.Flush(context.Background())
	if n != 1 || err == nil {
		t.Fatalf("Flush = %d, %v; want 1 sent and the refusal", n, err)
	}
	m1 := store.get("m1")
	if !m1.SentAt.IsZero() || m1.Attempts != 1 || !strings.Contains(m1.LastError, "550") {
		t.Errorf("refused mail: %+v", m1)
	}
	if want := now.Add(time.Hour); !m1.NextTry.Equal(want) {
		t.Errorf("permanent refusal retried at %v, want %v (the longest gap)", m1.NextTry, want)
	}
	if store.get("m2").SentAt.IsZero() {
		t.Error("the good mail was held up by the refused one")
	}
}

func TestBackoff(t *testing.T) {
	o := &Outbox{RetryDelay: 30 * time.Second, MaxRetryDelay: time.Hour}
	tests := []struct {
		attempts  int
		permanent bool
		want      time.Duration
	}{
		{1, false, 30 * time.Second}, {2, false, time.Minute}, {3, false, 2 * time.Minute},
		{8, false, 64 * time.Minute / 1}, {30, false, time.Hour}, {1, true, time.Hour},
	}
	for _, tt := range tests {
		want := tt.want
		if want > time.Hour {
			want = time.Hour
		}
		if got := o.Backoff(tt.attempts, tt.permanent); got != want {
			t.Errorf("Backoff(%d, %v) = %v, want %v", tt.attempts, tt.permanent, got, want)
		}
	}
}

func TestOutboxRunWakes(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	store := newMemOutbox()
	ev := newEvents()
	// The clock stands still: only Wake can make a pass after the first.
	ob := &Outbox{Store: store, Idle: time.Hour, Clock: newFakeClock(), Events: ev.tell, Send: func(_ context.Context, m games.Mail) error {
		mu.Lock()
		sent = append(sent, m.ID)
		mu.Unlock()
		return nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- ob.Run(ctx) }()
	ev.awaitCount(t, OutboxFlushed, 1) // the pass at start, with nothing due
	if e := ev.last(OutboxFlushed); e.Mails != 0 || e.Wait != time.Hour {
		t.Errorf("the first pass: %+v; want nothing sent and a wait of Idle", e)
	}
	store.add(testMail(1, "a@example.test"), testMail(2, "b@example.test"))
	ob.Wake()
	ev.awaitCount(t, OutboxFlushed, 2)
	if e := ev.last(OutboxFlushed); e.Mails != 2 || e.Err != nil {
		t.Errorf("the pass after Wake: %+v; want 2 sent", e)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	sort.Strings(sent)
	if sent[0] != "m1" || sent[1] != "m2" {
		t.Errorf("sent %v", sent)
	}
}

// failingMarks is an outbox store whose MarkSent fails (a full disk).
type failingMarks struct{ *memOutbox }

func (failingMarks) MarkSent(string, time.Time) error { return errors.New("disk full") }

// TestOutboxRunReportsStoreFailure: a mail the server accepted that cannot
// be marked sent will be sent again; Run must say so loudly, not at Debug.
func TestOutboxRunReportsStoreFailure(t *testing.T) {
	h := &records{}
	ev := newEvents()
	store := failingMarks{newMemOutbox(testMail(1, "a@example.test"))}
	ob := &Outbox{Store: store, Idle: time.Hour, Log: slog.New(h), Events: ev.tell, Send: func(context.Context, games.Mail) error { return nil }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- ob.Run(ctx) }()
	ev.awaitCount(t, OutboxFlushed, 1)
	cancel()
	if _, ok := h.find(slog.LevelError, "disk full"); !ok {
		t.Errorf("no error logged for a failed MarkSent; logged: %v", h.recs)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// marksFailFirst is an outbox store whose first n MarkSent calls fail.
type marksFailFirst struct {
	*memOutbox
	n int
}

func (s *marksFailFirst) MarkSent(id string, at time.Time) error {
	if s.n > 0 {
		s.n--
		return errors.New("disk full")
	}
	return s.memOutbox.MarkSent(id, at)
}

// TestOutboxDoesNotResendAcceptedMail: a mail the server accepted but the
// store failed to mark is marked on the next flush, not sent again (the
// player would get it every 30 s while the disk is full).
func TestOutboxDoesNotResendAcceptedMail(t *testing.T) {
	store := &marksFailFirst{memOutbox: newMemOutbox(testMail(1, "a@example.test")), n: 2}
	sends := 0
	ob := &Outbox{Store: store, Send: func(context.Context, games.Mail) error { sends++; return nil }}
	ctx := context.Background()
	for i, wantErr := range []bool{true, true, false} {
		n, err := ob.Flush(ctx)
		if (err != nil) != wantErr {
			t.Fatalf("flush %d: %d, %v; want an error: %v", i+1, n, err, wantErr)
		}
	}
	if sends != 1 {
		t.Errorf("the mail was sent %d times, want 1", sends)
	}
	if m := store.get("m1"); m.SentAt.IsZero() {
		t.Error("the mail is still pending")
	}
	if n, err := ob.Flush(ctx); n != 0 || err != nil {
		t.Errorf("a fourth flush: %d, %v", n, err)
	}
}

// The outbox's rules for failing mail: each mail has its own backoff, a
// refusal never stops other mail, fresh mail goes before retries, and
// failing mail is given up in the end.

// newGamesStore is a real game store in a temporary directory.
func newGamesStore(t *testing.T) *games.Store {
	t.Helper()
	st, err := games.Open(filepath.Join(t.TempDir(), "windpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// queue puts a test mail to to in st, due at at.
func queue(t *testing.T, st *games.Store, to string, at time.Time) games.Mail {
	t.Helper()
	m := testMail(0, to)
	m.NextTry = at
	m, err := st.QueueMail(m)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mailIn reads mail id back from st (pending or failed).
func mailIn(t *testing.T, st *games.Store, id string) games.UnsentMail {
	t.Helper()
	list, err := st.Unsent()
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range list {
		if u.ID == id {
			return u
		}
	}
	return games.UnsentMail{}
}

// TestOutboxFreshMailFirst: 60 invitations to refused recipients are due
// for a retry when an answer is queued: the answer is the first mail the
// next pass sends, and the pass retries no more than RetriesPerPass. One
// lane: with two, which lane's first send is recorded first is up to the
// scheduler (under load the other lane sent two retries first).
func TestOutboxFreshMailFirst(t *testing.T) {
	snd := newTestSender(t, mailtest.Server(t, localmail.Options{}))
	st := newGamesStore(t)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range 60 {
		m := queue(t, st, fmt.Sprintf("nobody%d@example.test", i), now.Add(-time.Hour))
		if err := st.Failed(m.ID, games.SendFailure{Reason: "550 no such user", At: now.Add(-time.Hour), Permanent: true, Retry: now}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := queue(t, st, "alice@example.test", now)
	var mu sync.Mutex
	var order []string
	ob := &Outbox{Store: st, Now: func() time.Time { return now }, Lanes: 1, RetriesPerPass: 20,
		Send: func(ctx context.Context, m games.Mail) error {
			mu.Lock()
			order = append(order, m.ID)
			mu.Unlock()
			return snd.Send(ctx, m)
		}}
	n, err := ob.Flush(context.Background())
	if n != 1 || err == nil || len(order) == 0 || order[0] != fresh.ID {
		t.Fatalf("Flush = %d, %v; sent in order %v, want the fresh mail %s first", n, err, order, fresh.ID)
	}
	if len(order) != 21 {
		t.Errorf("the pass tried %d mails, want the fresh one and 20 retries", len(order))
	}
	if u := mailIn(t, st, fresh.ID); u.ID != "" {
		t.Errorf("the fresh mail is still in the outbox: %+v", u)
	}
}

// TestOutboxRefusalDoesNotStopLane: five refused recipients, then a good
// one, all in one lane: the good mail goes in the same pass (a lane once
// stopped after three failures).
func TestOutboxRefusalDoesNotStopLane(t *testing.T) {
	snd := newTestSender(t, mailtest.Server(t, localmail.Options{}))
	var ms []games.Mail
	for i := range 5 {
		ms = append(ms, testMail(i, fmt.Sprintf("nobody%d@example.test", i)))
	}
	store := newMemOutbox(append(ms, testMail(9, "alice@example.test"))...)
	ob := &Outbox{Store: store, Send: snd.Send}
	if n, err := ob.Flush(context.Background()); n != 1 || err == nil {
		t.Fatalf("Flush = %d, %v; want the good mail sent and the refusal reported", n, err)
	}
	if store.get("m9").SentAt.IsZero() {
		t.Error("the good mail waited behind five refused ones")
	}
}

// TestOutboxBackoffPerMail: two failing mails keep their own backoffs.
func TestOutboxBackoffPerMail(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a, b := testMail(1, "a@example.test"), testMail(2, "b@example.test")
	a.Attempts, a.FirstFailure = 3, now.Add(-time.Hour)
	store := newMemOutbox(a, b)
	ob := &Outbox{Store: store, Now: func() time.Time { return now }, RetryDelay: time.Minute, MaxRetryDelay: time.Hour,
		Send: func(context.Context, games.Mail) error { return errors.New("450 mailbox busy") }}
	ob.Flush(context.Background())
	if got := store.get("m1").NextTry; !got.Equal(now.Add(8 * time.Minute)) {
		t.Errorf("the fourth failure: next try %v, want in 8 minutes", got)
	}
	if got := store.get("m2").NextTry; !got.Equal(now.Add(time.Minute)) {
		t.Errorf("the first failure: next try %v, want in a minute", got)
	}
}

func TestPermanentBackoff(t *testing.T) {
	o := &Outbox{}
	for refusals, want := range map[int]time.Duration{1: time.Hour, 2: 4 * time.Hour, 3: 16 * time.Hour} {
		if got := o.Backoff(refusals, true); got != want {
			t.Errorf("Backoff(%d, permanent) = %v, want %v", refusals, got, want)
		}
	}
}

// failUntilGivenUp flushes the outbox at the fake time *now, moving it to
// each next try, until mail id is failed for good; it returns the mail.
func failUntilGivenUp(t *testing.T, ob *Outbox, st *games.Store, id string, now *time.Time) games.UnsentMail {
	t.Helper()
	for range 1000 {
		ob.Flush(context.Background())
		u := mailIn(t, st, id)
		if !u.FailedAt.IsZero() {
			return u
		}
		if !u.NextTry.After(*now) {
			t.Fatalf("mail %s pending but not moved on: %+v", id, u)
		}
		*now = u.NextTry
	}
	t.Fatal("the outbox never gave up")
	return games.UnsentMail{}
}

// TestOutboxGivesUp: a recipient refused for good (550) is tried four
// times over about a day, then the mail fails for good; temporary failures
// end after GiveUpAfter (5 days).
func TestOutboxGivesUp(t *testing.T) {
	snd := newTestSender(t, mailtest.Server(t, localmail.Options{}))
	tests := []struct {
		name       string
		send       func(context.Context, games.Mail) error
		tries      int // 0: more than 5
		atLeast    time.Duration
		atMost     time.Duration
		wantReason string
	}{
		{"refused", snd.Send, 4, 20 * time.Hour, 30 * time.Hour, "550"},
		{"server down", func(context.Context, games.Mail) error { return errors.New("dial tcp: connection refused") },
			0, 5 * 24 * time.Hour, 5*24*time.Hour + time.Hour, "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newGamesStore(t)
			start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			now := start
			m := queue(t, st, "nobody@example.test", now)
			ob := &Outbox{Store: st, Send: tt.send, Now: func() time.Time { return now }}
			u := failUntilGivenUp(t, ob, st, m.ID, &now)
			took := u.FailedAt.Sub(start)
			if (tt.tries > 0 && u.Attempts != tt.tries) || (tt.tries == 0 && u.Attempts <= 5) ||
				took < tt.atLeast || took > tt.atMost || !strings.Contains(u.LastError, tt.wantReason) {
				t.Fatalf("given up after %d tries and %v: %+v", u.Attempts, took, u)
			}
			if strings.Contains(u.LastError, strings.Trim(m.MessageID, "<>")) {
				t.Errorf("the reason names the Message-ID (the reply key is in it): %s", u.LastError)
			}
		})
	}
}

// TestOutboxGivesUpAtOnce: a mail that can never be composed, or one
// over the server's size limit (its SIZE, or a 552 after the data), fails
// for good at the first try.
func TestOutboxGivesUpAtOnce(t *testing.T) {
	snd := newTestSender(t, mailtest.Server(t, localmail.Options{MaxMessageBytes: 8 << 10}))
	big := testMail(0, "alice@example.test")
	big.Text, big.Doc = strings.Repeat("a long answer\n", 2000), nil
	tests := []struct {
		name, wantErr string
		m             games.Mail
		via           *Sender
	}{
		{"no address", "never be composed", testMail(0, "bob@windpost..test"), snd},
		{"control character", "never be composed", testMail(0, "a\x01b@example.test"), snd},
		{"port", "never be composed", testMail(0, "bob@example.test:25"), snd},
		{"over SIZE", "at most 8192", big, snd},
		{"552", "552", testMail(0, "alice@example.test"), refusingServer(t, 552, "5.3.4 message too big for system")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newGamesStore(t)
			now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			tt.m.NextTry = now
			m, err := st.QueueMail(tt.m)
			if err != nil {
				t.Fatal(err)
			}
			ob := &Outbox{Store: st, Send: tt.via.Send, Now: func() time.Time { return now }}
			ob.Flush(context.Background())
			if u := mailIn(t, st, m.ID); u.Attempts != 1 || !u.FailedAt.Equal(now) || !strings.Contains(u.LastError, tt.wantErr) {
				t.Fatalf("after one try: %+v", u)
			}
		})
	}
}

// refusingServer is a Sender to an SMTP server (go-smtp, no SIZE) that
// takes every recipient and refuses every mail's data with code and text.
func refusingServer(t *testing.T, code int, text string) *Sender {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := gosmtp.NewServer(refusing{&gosmtp.SMTPError{Code: code, Message: text}})
	srv.Domain, srv.AllowInsecureAuth = "refusing.test", true
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	host, port := mailtest.HostPort(t, ln.Addr().String())
	snd, err := NewSender(SMTPOptions{Host: host, Port: port, TLS: config.TLSNone, Timeout: 5 * time.Second}, testBot)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { snd.Close() })
	return snd
}

// refusing is a go-smtp backend and session that refuses the data.
type refusing struct{ err *gosmtp.SMTPError }

func (r refusing) NewSession(*gosmtp.Conn) (gosmtp.Session, error) { return r, nil }
func (refusing) Mail(string, *gosmtp.MailOptions) error            { return nil }
func (refusing) Rcpt(string, *gosmtp.RcptOptions) error            { return nil }
func (refusing) Reset()                                            {}
func (refusing) Logout() error                                     { return nil }

func (r refusing) Data(d io.Reader) error {
	_, _ = io.Copy(io.Discard, d)
	return r.err
}
