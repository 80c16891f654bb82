package mailer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
)

// OutboxStore is the part of the game store the outbox needs.
type OutboxStore interface {
	// NextMail returns what is due, at most retries of it retries: moves
	// and results first, then the later mail; in each, fresh mail first.
	NextMail(now time.Time, limit, retries int) ([]games.Mail, error)
	MarkSent(id string, at time.Time) error
	// Failed records a failed try: a retry, or (f.Retry zero) failed for
	// good.
	Failed(id string, f games.SendFailure) error
	// SentSince counts the mail marked sent after since, and tells when
	// the limit-th newest of it went (see games.Store.SentSince).
	SentSince(since time.Time, limit int) (sent int, limitAt time.Time, err error)
	// SetSendHold records that a send limit holds mail back (the zero
	// hold: none), for `windpost admin outbox`.
	SetSendHold(h games.SendHold) error
}

// Outbox sends what the store has pending, fresh mail before retries, and
// retries failures, each mail with its own backoff, until it gives up on
// them. A failing mail never stops other mail: a refusal of one recipient
// goes on with the next mail; only a server that cannot be reached stops a
// lane (after three failures in a row) until the next pass. The retries of
// one pass are bounded (RetriesPerPass), and fresh mail is read again
// between rounds of at most 4 x Lanes retries, so a pile of failing mail
// never holds up fresh mail for long.
//
// With Limits, the outbox keeps under the provider's send limits (see
// sendlimit.go): it counts the mail sent in the last day and minute from
// the store, sends moves and results before the later mail (reminders,
// digests, notices), and leaves the rest pending until the window lets
// it go, saying so in the log and the store.
//
// A permanent refusal (SMTP 5xx) is tried again after MaxRetryDelay, then
// 4 and 16 times that (about a day with the default of an hour) and failed
// for good at the PermanentTries-th; temporary failures back off up to
// MaxRetryDelay and are failed for good GiveUpAfter after the first one. A
// mail over the server's size limit (552) or one that can never be
// composed (ErrNeverComposable) is failed for good at once. A mail failed
// for good is logged as an error and stays in the store for `windpost
// admin outbox`. Because pending mail lives in the
// store, nothing is lost across restarts: a mail is marked sent only after
// the server accepted it (so a crash between the two sends it again, with
// the same Message-ID). If the store cannot record that mark, the failure
// is logged as an error and the mail is only marked, not sent again, on
// the next flush.
type Outbox struct {
	Store         OutboxStore
	Send          func(ctx context.Context, m games.Mail) error // usually (*Sender).Send
	Log           *slog.Logger
	Now           func() time.Time // the time the outbox reads; nil = Clock's
	RetryDelay    time.Duration    // the first retry delay; 0 = 30s
	MaxRetryDelay time.Duration    // the longest retry delay; 0 = 1h
	// Idle is how long Run sleeps when nothing is due and nobody wakes it;
	// 0 = 30s.
	Idle time.Duration
	// Lanes is how many mails are sent at once (see Flush); 0 = 1.
	Lanes int
	// PermanentTries is how many permanent refusals (SMTP 5xx) fail a
	// mail for good; 0 = 4.
	PermanentTries int
	// GiveUpAfter is how long after its first failure a mail that still
	// fails is failed for good; 0 = 5 days.
	GiveUpAfter time.Duration
	// RetriesPerPass bounds the retries of one Flush; the rest wait for
	// the next pass. 0 = 64 per lane.
	RetriesPerPass int
	// Limits are the provider's send limits the outbox keeps under (zero:
	// none); usually config.Config.SendLimits.
	Limits config.SendLimits
	// Clock is the clock Run waits on (and the outbox reads, unless Now
	// is set); nil = the real clock.
	Clock Clock
	// Events, if set, is told each pass of Run that ended (OutboxFlushed);
	// it must return quickly.
	Events func(Event)

	wakeOnce sync.Once
	wake     chan struct{}

	mu sync.Mutex
	// accepted holds mail the server accepted but the store could not mark
	// sent (by outbox ID, with the time of acceptance): it is marked, not
	// sent again, on the next flush.
	accepted map[string]time.Time
	// held is the hold last recorded in the store (zero: none), known
	// once holdKnown (a new Outbox clears whatever an earlier process
	// recorded).
	held      games.SendHold
	holdKnown bool
}

func (o *Outbox) init() {
	o.wakeOnce.Do(func() { o.wake = make(chan struct{}, 1) })
}

func (o *Outbox) retryDelay() time.Duration    { return positiveOr(o.RetryDelay, 30*time.Second) }
func (o *Outbox) maxRetryDelay() time.Duration { return positiveOr(o.MaxRetryDelay, time.Hour) }
func (o *Outbox) idle() time.Duration          { return positiveOr(o.Idle, 30*time.Second) }

func (o *Outbox) lanes() int { return max(o.Lanes, 1) }

func (o *Outbox) permanentTries() int        { return positiveOr(o.PermanentTries, 4) }
func (o *Outbox) giveUpAfter() time.Duration { return positiveOr(o.GiveUpAfter, 5*24*time.Hour) }
func (o *Outbox) retriesPerPass() int        { return positiveOr(o.RetriesPerPass, 64*o.lanes()) }

// now is the time the outbox reads: Now, or its clock's.
func (o *Outbox) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return clockOr(o.Clock).Now()
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
// failure (1 = the first); for a permanent refusal, attempts counts the
// refusals: MaxRetryDelay, then 4 and 16 times that, and so on.
func (o *Outbox) Backoff(attempts int, permanent bool) time.Duration {
	base, max := o.retryDelay(), o.maxRetryDelay()
	if permanent {
		d := max
		for i := 1; i < attempts && d < 1000*time.Hour; i++ {
			d *= 4
		}
		return d
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

// Flush sends the mail that is due now and returns how many the server
// accepted, and the last failure. Each round reads the due mail again,
// moves and results first, fresh mail before retries, and takes at most
// 4 x Lanes retries; a pass takes at most RetriesPerPass retries in all.
// Under Limits a round takes no more than the limits allow; when they
// allow none, the pass ends and the hold is recorded (hold).
//
// With Lanes > 1, mail is sent over that many connections at once (Send
// must then be safe for concurrent use, like SenderPool.Send); all mail to
// one recipient goes through the same lane, in the order read.
func (o *Outbox) Flush(ctx context.Context) (sent int, err error) {
	const batch = 64
	n := o.lanes()
	retries := o.retriesPerPass()
	var lastErr error
	for round := 0; round < 10000; round++ {
		now := o.now()
		want := batch * n
		allow, held, err := o.allowance(now)
		if err != nil {
			o.log().Error("cannot count the mail sent lately in the store", "err", err)
			return sent, fmt.Errorf("outbox: %w", err)
		}
		if allow == 0 {
			return sent, cmp.Or(o.hold(now, held), lastErr)
		}
		if allow > 0 {
			want = min(want, allow)
		}
		roundRetries := min(retries, 4*n)
		due, err := o.Store.NextMail(now, want, roundRetries)
		if err != nil {
			o.log().Error("cannot read the outbox from the store", "err", err)
			return sent, fmt.Errorf("outbox: %w", err)
		}
		if len(due) == 0 {
			return sent, cmp.Or(o.release(now), lastErr)
		}
		lanes := make([][]games.Mail, n)
		took := 0
		for _, m := range due {
			if m.Attempts > 0 {
				took++
			}
			i := Lane(m.To, n)
			lanes[i] = append(lanes[i], m)
		}
		retries -= took
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
		var over errOverLimit
		if errors.As(stop, &over) {
			return sent, cmp.Or(o.overLimit(now, over.err), stop)
		}
		if stop != nil {
			return sent, stop
		}
		if len(due) < want && (took < roundRetries || retries == 0) {
			// Nothing more the pass may take is due.
			return sent, cmp.Or(o.release(now), lastErr)
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
// ctx ended, or the server could not be reached three times in a row).
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
			if err := o.failed(m, serr); err != nil {
				return sent, failed, err
			}
			failed = serr
			if OverLimit(serr) {
				return sent, failed, errOverLimit{serr}
			}
			if !unreachable(serr) {
				continue
			}
			if failures++; failures >= 3 {
				return sent, failed, serr
			}
			continue
		}
		failures = 0
		o.log().Info("sent", "mail", m.ID, "to", m.To, "kind", string(m.Kind), "game", m.Headers["X-Windpost-Game"])
		if err := o.markSent(m, o.now()); err != nil {
			return sent, failed, err
		}
		sent++
	}
	return sent, failed, nil
}

// errOverLimit stops a pass: the server refused a mail for the account's
// sending limit (OverLimit).
type errOverLimit struct{ err error }

func (e errOverLimit) Error() string { return "over the server's sending limit: " + e.err.Error() }
func (e errOverLimit) Unwrap() error { return e.err }

// failed records the failed try serr of m: a retry after its backoff, or
// failed for good (logged as an error). A refusal for the account's
// sending limit (OverLimit) is no refusal of m: m is tried again after
// MaxRetryDelay.
func (o *Outbox) failed(m games.Mail, serr error) error {
	now := o.now()
	f := games.SendFailure{Reason: withoutMessageID(serr.Error(), m), At: now, Permanent: Permanent(serr)}
	why := ""
	switch {
	case errors.Is(serr, ErrNeverComposable):
		why = "it can never be composed"
	case TooLarge(serr):
		why = "the server refuses a mail of its size"
	case OverLimit(serr):
		f.Permanent, f.Retry = false, now.Add(o.maxRetryDelay())
	case f.Permanent && m.Refused+1 >= o.permanentTries():
		why = fmt.Sprintf("refused for good %d times", m.Refused+1)
	case !m.FirstFailure.IsZero() && now.Sub(m.FirstFailure) >= o.giveUpAfter():
		why = fmt.Sprintf("still failing %v after the first failure", now.Sub(m.FirstFailure).Round(time.Minute))
	case f.Permanent:
		f.Retry = now.Add(o.Backoff(m.Refused+1, true))
	default:
		f.Retry = now.Add(o.Backoff(m.Attempts+1, false))
	}
	if err := o.Store.Failed(m.ID, f); err != nil {
		o.log().Error("cannot record a failed send in the store", "mail", m.ID, "err", err, "send_err", serr)
		return fmt.Errorf("outbox: mark %s failed: %w", m.ID, err)
	}
	if f.Retry.IsZero() {
		o.log().Error("gave up on a mail: failed for good", "mail", m.ID, "to", m.To, "kind", string(m.Kind),
			"game", m.Headers["X-Windpost-Game"], "attempts", m.Attempts+1, "why", why, "err", f.Reason)
		return nil
	}
	o.log().Warn("send failed", "mail", m.ID, "to", m.To, "attempt", m.Attempts+1, "retry", f.Retry.Format(time.RFC3339), "err", f.Reason)
	return nil
}

// withoutMessageID is a failure's text without m's Message-ID (the mail
// library names it, and it holds the recipient's reply key): the text is
// logged, kept in the store and may be told to another player.
func withoutMessageID(reason string, m games.Mail) string {
	if id := strings.Trim(m.MessageID, "<>"); id != "" {
		reason = strings.ReplaceAll(reason, id, "(mail "+m.ID+")")
	}
	return reason
}

// unreachable reports whether err says the server could not be reached
// or spoke of itself (421), rather than answering about this one mail.
func unreachable(err error) bool {
	if errors.Is(err, ErrNeverComposable) {
		return false
	}
	var se *gomail.SendError
	return !errors.As(err, &se) || se.ErrorCode() == 0 || se.ErrorCode() == 421
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
	clock := clockOr(o.Clock)
	next := time.Duration(0)
	for {
		t := clock.NewTimer(next)
		select {
		case <-ctx.Done():
		case <-o.wake:
		case <-t.C():
		}
		t.Stop()
		if ctx.Err() != nil {
			return nil
		}
		sent, err := o.Flush(ctx)
		if err != nil && ctx.Err() == nil {
			// Each failure was logged where it happened.
			o.log().Debug("outbox flush", "err", err)
		}
		next = o.nextPass(idle)
		tell(o.Events, Event{Kind: OutboxFlushed, Mails: sent, Wait: next, Err: err})
	}
}

func (o *Outbox) log() *slog.Logger {
	if o.Log != nil {
		return o.Log
	}
	return slog.New(slog.DiscardHandler)
}
