package mailer

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// A clock the tests move by hand, and the daemon's events kept for the
// tests to wait on.

// awaitFor is how long a test waits for what the daemon should do at
// once: long, because it fails only a test that is broken anyway.
const awaitFor = 10 * time.Second

// fakeClock is a Clock that stands still until the test moves it.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
	set    chan struct{} // closed (and made anew) when a timer is set
}

type fakeTimer struct {
	clk *fakeClock
	at  time.Time
	c   chan time.Time
}

// newFakeClock is a fake clock at the real time now (the local mail
// server stamps mail with the real time, unless told otherwise).
func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Now(), set: make(chan struct{})}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clk: c, at: c.now.Add(d), c: make(chan time.Time, 1)}
	if d <= 0 {
		t.c <- c.now
		return t
	}
	c.timers = append(c.timers, t)
	close(c.set)
	c.set = make(chan struct{})
	return t
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Stop() bool {
	c := t.clk
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.timers, t)
	if i < 0 {
		return false
	}
	c.timers = slices.Delete(c.timers, i, i+1)
	return true
}

// Advance moves the clock d on and fires the timers due by then.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.timers = slices.DeleteFunc(c.timers, func(t *fakeTimer) bool {
		if t.at.After(c.now) {
			return false
		}
		t.c <- t.at
		return true
	})
}

// awaitTimer waits until a timer is set to fire d from now, and fails
// the test if none is within awaitFor.
func (c *fakeClock) awaitTimer(t *testing.T, what string, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), awaitFor)
	defer cancel()
	for {
		c.mu.Lock()
		found := slices.ContainsFunc(c.timers, func(tm *fakeTimer) bool { return tm.at.Equal(c.now.Add(d)) })
		set := c.set
		c.mu.Unlock()
		if found {
			return
		}
		select {
		case <-set:
		case <-ctx.Done():
			t.Fatalf("no timer of %v (%s) was set within %v", d, what, awaitFor)
		}
	}
}

// events keeps the events told to a daemon's (or an outbox's) Events
// hook and wakes who waits on them.
type events struct {
	mu   sync.Mutex
	all  []Event
	next chan struct{} // closed (and made anew) at each event
}

func newEvents() *events { return &events{next: make(chan struct{})} }

// tell is the Events hook.
func (e *events) tell(ev Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.all = append(e.all, ev)
	close(e.next)
	e.next = make(chan struct{})
}

// count is how many events of kind were told.
func (e *events) count(kind EventKind) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, ev := range e.all {
		if ev.Kind == kind {
			n++
		}
	}
	return n
}

// last is the last event of kind told (the zero Event if none).
func (e *events) last(kind EventKind) Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, ev := range slices.Backward(e.all) {
		if ev.Kind == kind {
			return ev
		}
	}
	return Event{}
}

// await waits until cond holds, looking at it now and after each event,
// and fails the test if it does not within awaitFor.
func (e *events) await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), awaitFor)
	defer cancel()
	for {
		e.mu.Lock()
		next := e.next
		e.mu.Unlock()
		if cond() {
			return
		}
		select {
		case <-next:
		case <-ctx.Done():
			t.Fatalf("%s: not within %v; events: %v", what, awaitFor, e.kinds())
		}
	}
}

// awaitCount waits until n events of kind were told.
func (e *events) awaitCount(t *testing.T, kind EventKind, n int) {
	t.Helper()
	e.await(t, kind.String()+" "+strconv.Itoa(n)+" times", func() bool { return e.count(kind) >= n })
}

// awaitHandled waits until the inbox was read to its end with n mails
// handled in all (by the InboxRead events).
func (e *events) awaitHandled(t *testing.T, n int) {
	t.Helper()
	e.await(t, "the inbox read with "+strconv.Itoa(n)+" mails handled", func() bool {
		e.mu.Lock()
		defer e.mu.Unlock()
		handled := 0
		for _, ev := range e.all {
			if ev.Kind == InboxRead {
				handled += ev.Mails
			}
		}
		return handled >= n
	})
}

func (e *events) kinds() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var ks []string
	for _, ev := range e.all {
		ks = append(ks, ev.Kind.String())
	}
	return ks
}

// TestFakeClock: the fake clock fires a timer when moved to its time,
// not before, and not after Stop.
func TestFakeClock(t *testing.T) {
	c := newFakeClock()
	start := c.Now()
	a, b, now := c.NewTimer(time.Second), c.NewTimer(2*time.Second), c.NewTimer(0)
	select {
	case at := <-now.C():
		if !at.Equal(start) {
			t.Errorf("a timer of 0 fired at %v, want %v", at, start)
		}
	default:
		t.Error("a timer of 0 did not fire at once")
	}
	c.awaitTimer(t, "a", time.Second)
	c.Advance(999 * time.Millisecond)
	select {
	case <-a.C():
		t.Fatal("a timer fired before its time")
	default:
	}
	if !b.Stop() || b.Stop() {
		t.Error("Stop of a waiting timer: want true once, then false")
	}
	c.Advance(5 * time.Second)
	if at := <-a.C(); !at.Equal(start.Add(time.Second)) {
		t.Errorf("the timer fired at %v, want %v", at, start.Add(time.Second))
	}
	select {
	case <-b.C():
		t.Error("a stopped timer fired")
	default:
	}
	if a.Stop() {
		t.Error("Stop of a fired timer reported true")
	}
	if got := c.Now().Sub(start); got != 5999*time.Millisecond {
		t.Errorf("the clock moved %v, want 5.999s", got)
	}
}

// TestEventKindString: each kind has its words, and an unknown kind says
// its number.
func TestEventKindString(t *testing.T) {
	tests := []struct {
		kind EventKind
		want string
	}{
		{InboxRead, "inbox read"}, {InboxEnded, "inbox ended"}, {ClocksBegin, "clocks begin"}, {ClocksRan, "clocks ran"},
		{ClocksWaited, "clocks waited"}, {BotWorked, "bot worked"}, {OutboxFlushed, "outbox flushed"}, {0, "event 0"}, {42, "event 42"},
	}
	for _, tt := range tests {
		if got := tt.kind.String(); got != tt.want {
			t.Errorf("EventKind(%d).String() = %q, want %q", int(tt.kind), got, tt.want)
		}
	}
}
