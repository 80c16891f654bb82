package mailer

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
)

// damagedGames is a games server on a damaged store.
type damagedGames struct{}

func (damagedGames) Handle(context.Context, games.Request) ([]games.Mail, error) {
	return nil, &games.DamagedError{Path: "/var/lib/windpost/windpost.db", Cause: errors.New("page 7: bad")}
}

func (damagedGames) TickUpTo(context.Context, time.Time) ([]games.Mail, error) { return nil, nil }

func (damagedGames) Prune(context.Context) (bool, error) { return false, nil }

// TestDaemonStopsOnADamagedStore: a damaged store ends Run and RunOnce
// with the error in words (windpost serve then exits 1), rather than
// trying the mail again for ever.
func TestDaemonStopsOnADamagedStore(t *testing.T) {
	for _, once := range []bool{false, true} {
		r := newRig(t, localmail.Options{}, "")
		r.d.Games = damagedGames{}
		r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "move", "P-2c\r\n"))
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		run := r.d.Run
		if once {
			run = r.d.RunOnce
		}
		err := run(ctx)
		if !errors.Is(err, games.ErrDamaged) || ctx.Err() != nil {
			t.Errorf("once %v: %v (context: %v)", once, err, ctx.Err())
		}
		cancel()
	}
}

// damagedClocks is a games server whose store is found damaged by the
// clocks (a page only the tick reads).
type damagedClocks struct{ damagedGames }

func (damagedClocks) Handle(context.Context, games.Request) ([]games.Mail, error) { return nil, nil }

func (damagedClocks) TickUpTo(context.Context, time.Time) ([]games.Mail, error) {
	return nil, &games.DamagedError{Path: "/var/lib/windpost/windpost.db", Cause: errors.New("page 9: bad")}
}

// TestDaemonStopsOnADamagedStoreAtTick: a damaged store found by the
// clocks ends Run too, with the error, instead of a log line every minute.
func TestDaemonStopsOnADamagedStoreAtTick(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.Games = damagedClocks{}
	r.d.TickEvery = 20 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.d.Run(ctx); !errors.Is(err, games.ErrDamaged) || ctx.Err() != nil {
		t.Errorf("Run = %v (context: %v), want ErrDamaged before the timeout", err, ctx.Err())
	}
}
