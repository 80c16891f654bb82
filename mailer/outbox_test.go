package mailer

import (
	"context"
	"errors"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

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
	ob := &Outbox{Store: store, Idle: time.Hour, Send: func(_ context.Context, m games.Mail) error {
		mu.Lock()
		sent = append(sent, m.ID)
		mu.Unlock()
		return nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- ob.Run(ctx) }()
	store.add(testMail(1, "a@example.test"), testMail(2, "b@example.test"))
	ob.Wake()
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(sent)
		mu.Unlock()
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Run sent %d of 2 after Wake", n)
		}
		time.Sleep(5 * time.Millisecond)
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
	store := failingMarks{newMemOutbox(testMail(1, "a@example.test"))}
	ob := &Outbox{Store: store, Idle: time.Hour, Log: slog.New(h), Send: func(context.Context, games.Mail) error { return nil }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- ob.Run(ctx) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, ok := h.find(slog.LevelError, "disk full"); ok {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			<-done
			t.Fatalf("no error logged for a failed MarkSent; logged: %v", h.recs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
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
