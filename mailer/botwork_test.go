package mailer

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
)

// thinkingGames is fakeGames with a bot whose work, once a mail with
// "think" in its subject was handled, lasts until it is stopped.
type thinkingGames struct {
	*fakeGames
	work     atomic.Bool
	once     sync.Once
	started  chan struct{}
	stopped  chan error
	finished atomic.Int32 // BotWork calls that found nothing to do
}

func (g *thinkingGames) BotWork(ctx context.Context) ([]games.Mail, error) {
	if !g.work.Swap(false) {
		g.finished.Add(1)
		return nil, nil
	}
	g.once.Do(func() { close(g.started) })
	<-ctx.Done()
	g.stopped <- ctx.Err()
	return nil, ctx.Err()
}

func newThinkingRig(t *testing.T) (*rig, *thinkingGames) {
	r := newRig(t, localmail.Options{}, "")
	g := &thinkingGames{fakeGames: r.games, started: make(chan struct{}), stopped: make(chan error, 1)}
	r.games.onHandle = func(req games.Request) {
		if strings.Contains(req.Subject, "think") {
			g.work.Store(true)
		}
	}
	r.d.Games = g
	return r, g
}

// TestDaemonBotThinksBeside: while the bot thinks about one mail, another
// player's mail is handled and answered; stopping the daemon ends the
// bot's thinking at once.
func TestDaemonBotThinksBeside(t *testing.T) {
	r, g := newThinkingRig(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.d.Run(ctx) }()
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "think", "P-1c"))
	select {
	case <-g.started:
	case <-time.After(5 * time.Second):
		t.Fatal("the bot's work did not start")
	}
	start := time.Now()
	r.deliver(t, mailFrom("bob@example.test", "bot@example.test", "help", "help"))
	r.await(t, "bob's mail handled and answered while the bot thinks", func() bool {
		for _, req := range r.games.requests() {
			if req.From == "bob@example.test" {
				return !r.store.get("answer-" + req.MessageID).SentAt.IsZero()
			}
		}
		return false
	})
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("bob's answer took %v while the bot thought", took)
	}
	select {
	case err := <-g.stopped:
		t.Fatalf("the bot stopped before the daemon did: %v", err)
	default:
	}
	cancel()
	stop := time.Now()
	if err := within(done, 2*time.Second); err != nil {
		t.Fatalf("Run after cancel while the bot thought: %v", err)
	}
	if err := <-g.stopped; err != context.Canceled {
		t.Errorf("the bot stopped with %v", err)
	}
	if took := time.Since(stop); took > time.Second {
		t.Errorf("stopping took %v", took)
	}
}

// TestDaemonOnceDoesBotWork: RunOnce does the bot's work before it
// returns.
func TestDaemonOnceDoesBotWork(t *testing.T) {
	r, g := newThinkingRig(t)
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "moves", "board"))
	if err := r.d.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := g.finished.Load(); n != 1 {
		t.Fatalf("BotWork called %d times by RunOnce, want 1", n)
	}
}

// within is what done gives within d, or an error.
func within(done <-chan error, d time.Duration) error {
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		return fmt.Errorf("nothing within %v", d)
	}
}
