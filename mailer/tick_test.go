package mailer

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
)

// runRig runs r's daemon until the test's end.
func runRig(t *testing.T, r *rig) (stopRun func()) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var err error
	wg.Go(func() { err = r.d.Run(ctx) })
	var once sync.Once
	stopRun = func() {
		once.Do(func() {
			stop()
			if wg.Wait(); err != nil {
				t.Error(err)
			}
		})
	}
	t.Cleanup(stopRun)
	return stopRun
}

// TestDaemonTickWaitsForMailHandledUpTo: a mail that arrived while the
// daemon was busy with another is not taken for handled by a tick that
// fires meanwhile: every tick is given a time before the arrival of each
// mail not yet handled when it runs. The games server gets each mail's
// arrival (INTERNALDATE), not the time the daemon got to it.
func TestDaemonTickWaitsForMailHandledUpTo(t *testing.T) {
	clk := newFakeClock()
	r := newRig(t, localmail.Options{Now: clk.Now}, "") // the mail server stamps arrivals by the same clock
	r.d.Clock, r.d.Outbox.Clock = clk, clk
	r.d.TickEvery = 10 * time.Millisecond
	r.d.ClockSkew = time.Nanosecond // taken as a second: INTERNALDATE has whole seconds
	blocked, release := make(chan struct{}), make(chan struct{})
	r.games.onHandle = func(req games.Request) {
		if req.Subject == "two" {
			close(blocked)
			<-release
		}
	}
	runRig(t, r)
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	r.events.awaitHandled(t, 1) // and the inbox read to its end: the clocks run
	r.tickOnce(t, clk)
	clk.Advance(1100 * time.Millisecond) // the next mails arrive in a later second
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-3c\r\n"))
	r.deliver(t, mailFrom("bob@example.test", "bot@example.test", "three", "P-8g\r\n"))
	select {
	case <-blocked:
	case <-time.After(awaitFor):
		t.Fatal("the second mail was not handled")
	}
	// A tick fires while "two" is being handled: it runs once the games
	// server is free, maybe before "three".
	begun := r.events.count(ClocksBegin)
	clk.awaitTimer(t, "the next tick", r.d.TickEvery)
	clk.Advance(r.d.TickEvery)
	r.events.awaitCount(t, ClocksBegin, begun+1)
	released := clk.Now()
	close(release)
	r.events.awaitHandled(t, 3)
	r.tickOnce(t, clk) // and a tick after them
	reqs := r.games.requests()
	if three := reqs[2]; three.Subject != "three" || !three.Received.Before(released) {
		t.Errorf("the third mail was given as received at %v (handled after %v): want its arrival", three.Received, released)
	}
	r.games.mu.Lock()
	runs := append([]tickRun(nil), r.games.tickRuns...)
	r.games.mu.Unlock()
	for _, run := range runs {
		for _, req := range reqs[run.handled:] {
			if !run.handledUpTo.Before(req.Received) {
				t.Errorf("a tick was given mail handled up to %v while %q, arrived at %v, was not handled yet",
					run.handledUpTo, req.Subject, req.Received)
			}
		}
	}
	if last := runs[len(runs)-1]; last.handled != 3 || !reqs[2].Received.Before(last.handledUpTo.Add(2*time.Second)) {
		t.Errorf("the last tick: %+v; want it to go on past the mails handled", last)
	}
}

// panickyGames panics in its first tick.
type panickyGames struct {
	*fakeGames
	ticks atomic.Int32
}

func (g *panickyGames) TickUpTo(ctx context.Context, upTo time.Time) ([]games.Mail, error) {
	if g.ticks.Add(1) == 1 {
		var rec map[string]int
		rec["damaged"]++ // a bug: a nil map
	}
	return g.fakeGames.TickUpTo(ctx, upTo)
}

// TestDaemonTickRecovers: a panic in the tick is logged with its stack,
// and the daemon goes on: mail is handled and the next ticks run.
func TestDaemonTickRecovers(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	logs := &records{}
	r.d.Log = slog.New(logs)
	r.d.TickEvery = 10 * time.Millisecond
	clk := r.fakeClock()
	g := &panickyGames{fakeGames: r.games}
	r.d.Games = g
	stopRun := runRig(t, r)
	r.events.awaitCount(t, InboxRead, 1)
	r.tickOnce(t, clk)
	if err := r.events.last(ClocksRan).Err; err == nil || !strings.Contains(err.Error(), "games crashed") {
		t.Errorf("the tick that panicked ended with %v", err)
	}
	r.tickOnce(t, clk)
	r.tickOnce(t, clk)
	if n := r.games.tickCount(); n != 2 {
		t.Errorf("%d ticks ran after the panic, want 2", n)
	}
	rec, ok := logs.find(slog.LevelError, "crashed in the tick")
	if !ok {
		t.Fatal("the panic was not logged")
	}
	var stack string
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "stack" {
			stack = a.Value.String()
		}
		return true
	})
	if !strings.Contains(stack, "panickyGames") {
		t.Errorf("the log has no stack of the panic: %q", stack)
	}
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "after", "P-2c\r\n"))
	r.await(t, "the mail after the panic", func() bool { return len(r.games.requests()) == 1 })
	// serve --once: an error, not a panic. The running daemon stops first,
	// so that its own tick cannot take the panicking one.
	stopRun()
	g.ticks.Store(0)
	if err := r.d.RunOnce(context.Background()); err == nil || !strings.Contains(err.Error(), "games crashed") {
		t.Errorf("RunOnce after a panic in the tick: %v", err)
	}
}

// TestDaemonPruneLetsMailIn: the daily prune runs in steps, and mail that
// comes meanwhile is handled between them, not after the whole prune.
func TestDaemonPruneLetsMailIn(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.TickEvery = 10 * time.Millisecond
	clk := r.fakeClock()
	var steps atomic.Int32
	var mailAt atomic.Int32 // the step during which the mail was handled
	begun := make(chan struct{})
	r.games.onPrune = func() bool {
		if steps.Load() == 0 {
			close(begun)
		}
		time.Sleep(20 * time.Millisecond) // a slow step of the prune (what is tested)
		return steps.Add(1) < 100
	}
	r.games.onHandle = func(games.Request) { mailAt.Store(steps.Load()) }
	runRig(t, r)
	r.events.awaitCount(t, InboxRead, 1)
	clk.awaitTimer(t, "the tick", r.d.TickEvery)
	clk.Advance(r.d.TickEvery)
	select {
	case <-begun:
	case <-time.After(awaitFor):
		t.Fatal("the prune did not begin")
	}
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "during the prune", "P-2c\r\n"))
	r.await(t, "the mail", func() bool { return len(r.games.requests()) == 1 })
	if at := mailAt.Load(); at >= 100 {
		t.Errorf("the mail was handled after the prune's %d steps", at)
	}
}
