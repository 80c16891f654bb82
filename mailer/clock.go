package mailer

import (
	"context"
	"strconv"
	"time"
)

// The daemon's time and what it tells: the clock it reads and waits on
// (the real one unless a test gives its own), and the events that say a
// step of its work ended (so that a test waits on them, not on a sleep).

// Clock is the time the daemon and the outbox read and wait on: the
// polls, the backoff, the clocks' ticks and the outbox's passes. Network
// deadlines (IMAPOptions.CommandTimeout) stay on the real clock.
type Clock interface {
	// Now is the current time.
	Now() time.Time
	// NewTimer is a Timer that fires once, d from now (at once if d <= 0).
	NewTimer(d time.Duration) Timer
}

// Timer is a Clock's timer that fires once, like time.Timer.
type Timer interface {
	// C delivers the time when the timer fires.
	C() <-chan time.Time
	// Stop keeps the timer from firing; it reports whether it had not yet.
	Stop() bool
}

// realClock is the system's clock.
type realClock struct{}

func (realClock) Now() time.Time                 { return time.Now() }
func (realClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (t realTimer) C() <-chan time.Time { return t.t.C }
func (t realTimer) Stop() bool          { return t.t.Stop() }

// clockOr is c, or the real clock when c is nil.
func clockOr(c Clock) Clock {
	if c == nil {
		return realClock{}
	}
	return c
}

// sleep waits d on c; it reports false if ctx ended first.
func sleep(ctx context.Context, c Clock, d time.Duration) bool {
	t := c.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C():
		return true
	}
}

// Event is a step of the daemon's or the outbox's work that ended, told
// to their Events hook: tests wait on it instead of sleeping, and an
// operator's monitoring may count it.
type Event struct {
	Kind EventKind
	// Mails is how many mails the step handled (InboxRead) or sent
	// (OutboxFlushed).
	Mails int
	// Wait is how long the daemon now waits before it goes on
	// (InboxEnded: the backoff; OutboxFlushed: until the next pass, unless
	// woken); 0 = it does not wait.
	Wait time.Duration
	// Err is why the step ended or failed; nil if it did not fail.
	Err error
}

// EventKind says which step an Event ended.
type EventKind int

// The kinds of Event.
const (
	// InboxRead: a look at the inbox found every mail in it handled and
	// filed; Mails were handled since the look before.
	InboxRead EventKind = iota + 1
	// InboxEnded: the inbox connection ended, or could not be made (Err
	// says why); the daemon connects again after Wait.
	InboxEnded
	// ClocksBegin: a tick is due and the clocks are about to run (they
	// may still wait for the mail at hand to be handled).
	ClocksBegin
	// ClocksRan: the clocks ran (Games.TickUpTo and the prune); Err if
	// they failed.
	ClocksRan
	// ClocksWaited: a tick was due but the clocks did not run: the inbox
	// has not been read lately.
	ClocksWaited
	// BotWorked: the bot's worker did the work waiting (Err if it failed).
	BotWorked
	// OutboxFlushed: a pass of Outbox.Run ended, Mails sent (Err: the
	// last failure).
	OutboxFlushed
)

var eventNames = [...]string{InboxRead: "inbox read", InboxEnded: "inbox ended", ClocksBegin: "clocks begin",
	ClocksRan: "clocks ran", ClocksWaited: "clocks waited", BotWorked: "bot worked", OutboxFlushed: "outbox flushed"}

// String is the kind in words ("inbox read").
func (k EventKind) String() string {
	if k > 0 && int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "event " + strconv.Itoa(int(k))
}

// tell calls hook with e, if there is a hook.
func tell(hook func(Event), e Event) {
	if hook != nil {
		hook(e)
	}
}
