package mailer

import (
	"context"
	"fmt"
	"hash/fnv"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/windpost/windpost/games"
)

// OutboxStore is the part of the game store the outbox needs.
type OutboxStore interface {
	DueMail(now time.Time, limit int) ([]games.Mail, error)
	MarkSent(id string, at time.Time) error
	MarkFailed(id string, reason string, next time.Time) error
}

// Outbox sends what the store has pending, oldest first, and retries
// failures with exponential backoff. Because pending mail lives in the
// store, nothing is lost across restarts: a mail is marked sent only after
// the server accepted it (so a crash between the two sends it again, with
// the same Message-ID). If the store cannot record that mark, the failure
// is logged as an error and the mail is only marked, not sent again, on
// the next flush.
type Outbox struct {
	Store         OutboxStore
	Send          func(ctx context.Context, m games.Mail) error // usually (*Sender).Send
	Log           *slog.Logger
	Now           func() time.Time // nil = time.Now
	RetryDelay    time.Duration    // the first retry delay; 0 = 30s
	MaxRetryDelay time.Duration    // the longest retry delay; 0 = 1h
	// Idle is how long Run sleeps when nothing is due and nobody wakes it;
	// 0 = 30s.
	Idle time.Duration
	// Lanes is how many mails are sent at once (see Flush); 0 = 1.
	Lanes int

	wakeOnce sync.Once
	wake     chan struct{}

	mu sync.Mutex
	// accepted holds mail the server accepted but the store could not mark
	// sent (by outbox ID, with the time of acceptance): it is marked, not
	// sent again, on the next flush.
	accepted map[string]time.Time
}

func (o *Outbox) init() {
	o.wakeOnce.Do(func() { o.wake = make(chan struct{}, 1) })
}

func (o *Outbox) retryDelay() time.Duration    { return positiveOr(o.RetryDelay, 30*time.Second) }
func (o *Outbox) maxRetryDelay() time.Duration { return positiveOr(o.MaxRetryDelay, time.Hour) }
func (o *Outbox) idle() time.Duration          { return positiveOr(o.Idle, 30*time.Second) }

func (o *Outbox) lanes() int { return max(o.Lanes, 1) }

func (o *Outbox) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Wake makes Run look at the store now (after Handle or Tick queued mail).
func (o *Outbox) Wake() {
	o.init()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Backoff is the delay before the next try after a mail's attempts-th
// failure (1 = the first).
func (o *Outbox) Backoff(attempts int, permanent bool) time.Duration {
	base, max := o.retryDelay(), o.maxRetryDelay()
	if permanent {
		return max
	}
	d := base
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	if d > max {
		d = max
	}
	return d
}

// Flush sends every mail that is due now and returns how many the server
// accepted. A refused mail is recorded with its next try and the others
// still go; after three failures in a row in a lane (the server is likely
// down) it stops and returns the last error.
//
// With Lanes > 1, mail is sent over that many connections at once (Send
// must then be safe for concurrent use, like SenderPool.Send); all mail to
// one recipient goes through the same lane, in order.
func (o *Outbox) Flush(ctx context.Context) (sent int, err error) {
	const batch = 64
	n := o.lanes()
	var lastErr error
	for round := 0; round < 10000; round++ {
		due, err := o.Store.DueMail(o.now(), batch*n)
		if err != nil {
			o.log().Error("cannot read the outbox from the store", "err", err)
			return sent, fmt.Errorf("outbox: %w", err)
		}
		if len(due) == 0 {
			return sent, lastErr
		}
		lanes := make([][]games.Mail, n)
		for _, m := range due {
			i := Lane(m.To, n)
			lanes[i] = append(lanes[i], m)
		}
		type result struct {
			sent         int
			stop, failed error
		}
		results := make([]result, n)
		var wg sync.WaitGroup
		for i := range lanes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := &results[i]
				r.sent, r.failed, r.stop = o.sendLane(ctx, lanes[i])
			}()
		}
		wg.Wait()
		var stop error
		for _, r := range results {
			sent += r.sent
			if r.failed != nil {
				lastErr = r.failed
			}
			if r.stop != nil {
				stop = r.stop
			}
		}
		if stop != nil {
			return sent, stop
		}
		if len(due) < batch*n {
			return sent, lastErr
		}
	}
	return sent, lastErr
}

// Lane is the lane of n that mail to the address to goes through.
func Lane(to string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(to)))
	return int(h.Sum32() % uint32(n))
}

// sendLane sends mails in order. It returns the number sent, the last
// send failure, and an error that must stop the flush (the store failed,
// ctx ended, or three failures in a row).
func (o *Outbox) sendLane(ctx context.Context, mails []games.Mail) (sent int, failed, stop error) {
	failures := 0
	for _, m := range mails {
		if ctx.Err() != nil {
			return sent, failed, ctx.Err()
		}
		if at, ok := o.acceptedAt(m.ID); ok {
			// Sent before; only the mark is missing.
			if err := o.markSent(m, at); err != nil {
				return sent, failed, err
			}
			sent++
			continue
		}
		if serr := o.Send(ctx, m); serr != nil {
			if ctx.Err() != nil {
				return sent, failed, ctx.Err()
			}
			next := o.now().Add(o.Backoff(m.Attempts+1, Permanent(serr)))
			if err := o.Store.MarkFailed(m.ID, serr.Error(), next); err != nil {
				o.log().Error("cannot record a failed send in the store", "mail", m.ID, "err", err, "send_err", serr)
				return sent, failed, fmt.Errorf("outbox: mark %s failed: %w", m.ID, err)
			}
			o.log().Warn("send failed", "mail", m.ID, "to", m.To, "attempt", m.Attempts+1, "retry", next.Format(time.RFC3339), "err", serr)
			failures++
			failed = serr
			if failures >= 3 {
				return sent, failed, serr
			}
			continue
		}
		failures = 0
		o.log().Info("sent", "mail", m.ID, "to", m.To, "kind", string(m.Kind), "subject", games.RedactKeys(m.Subject))
		if err := o.markSent(m, o.now()); err != nil {
			return sent, failed, err
		}
		sent++
	}
	return sent, failed, nil
}

// markSent records in the store that the server accepted m at at. If the
// store fails, m is remembered as accepted, so that this process does not
// send it again, and the failure is logged as an error.
func (o *Outbox) markSent(m games.Mail, at time.Time) error {
	err := o.Store.MarkSent(m.ID, at)
	o.mu.Lock()
	defer o.mu.Unlock()
	if err == nil {
		delete(o.accepted, m.ID)
		return nil
	}
	if o.accepted == nil {
		o.accepted = map[string]time.Time{}
	}
	o.accepted[m.ID] = at
	o.log().Error("the server accepted a mail but the store could not mark it sent; it will not be sent again by this process, but would be after a restart",
		"mail", m.ID, "to", m.To, "err", err)
	return fmt.Errorf("outbox: mark %s sent: %w", m.ID, err)
}

func (o *Outbox) acceptedAt(id string) (time.Time, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	at, ok := o.accepted[id]
	return at, ok
}

// Run flushes the outbox whenever Wake is called, and at least every Idle,
// until ctx ends. Failures are logged and retried as their backoff says.
func (o *Outbox) Run(ctx context.Context) error {
	o.init()
	idle := o.idle()
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-o.wake:
		case <-t.C:
		}
		if _, err := o.Flush(ctx); err != nil && ctx.Err() == nil {
			// Each failure was logged where it happened.
			o.log().Debug("outbox flush", "err", err)
		}
		if !t.Stop() {
			select {
			case <-t.C:
			default:
			}
		}
		t.Reset(idle)
	}
}

func (o *Outbox) log() *slog.Logger {
	if o.Log != nil {
		return o.Log
	}
	return slog.New(slog.DiscardHandler)
}
