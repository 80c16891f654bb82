package mailer

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"
)

// The daemon's side of the clocks: the games server's calls one at a time
// with panics caught, the time up to which every mail that arrived has
// been handled (so that a move waiting behind another mail never loses on
// time), and the daily prune in small steps with the games lock let go
// between them.

// DefaultClockSkew is Daemon.ClockSkew's default.
const DefaultClockSkew = time.Minute

// clockSkew is ClockSkew, and at least a second: INTERNALDATE has whole
// seconds.
func (d *Daemon) clockSkew() time.Duration {
	return max(positiveOr(d.ClockSkew, DefaultClockSkew), time.Second)
}

// gamesCall runs f, a call of the games server, under the games lock,
// turning a panic into a *crashError (with its stack).
func (d *Daemon) gamesCall(f func() error) (err error) {
	d.gamesMu.Lock()
	defer d.gamesMu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			err = &crashError{value: v, stack: string(debug.Stack())}
		}
	}()
	return f()
}

// markReadUpTo notes that a search begun at t found every mail in the
// inbox handled.
func (d *Daemon) markReadUpTo(t time.Time) { d.readUpTo.Store(t.UnixNano()) }

// handledUpTo is the time up to which every mail that arrived has been
// handled: the start of the last search that found the inbox handled to
// its end, less ClockSkew (a mail's arrival is stamped by the mail server,
// and may show in the inbox a moment after it). Zero before the inbox was
// first read.
func (d *Daemon) handledUpTo() time.Time {
	n := d.readUpTo.Load()
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).Add(-d.clockSkew())
}

// prune runs the daily prune's steps until it is done or ctx ends (it goes
// on from there at the next tick), letting mail in between the steps.
func (d *Daemon) prune(ctx context.Context) error {
	for ctx.Err() == nil {
		var more bool
		err := d.gamesCall(func() (err error) {
			more, err = d.Games.Prune(context.WithoutCancel(ctx))
			return err
		})
		if err != nil {
			return d.tickFailed("prune", err)
		}
		if !more {
			return nil
		}
	}
	return nil
}

// tickFailed logs a panic of the games server in what (with its stack:
// the daemon goes on, the next tick tries again) and returns err with
// context.
func (d *Daemon) tickFailed(what string, err error) error {
	var crash *crashError
	if errors.As(err, &crash) {
		d.log().Error("windpost crashed in the "+what+"; the daemon goes on and tries again at the next tick (please report this)",
			"panic", crash.value, "stack", crash.stack)
	}
	return fmt.Errorf("%s: %w", what, err)
}
