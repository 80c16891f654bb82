package mailer

import (
	"context"
	"time"

	"github.com/windpost/windpost/games"
)

// BotWorker is what the daemon needs of a games server whose bot thinks
// outside the mail loop (games.Server): BotWork does the bot's work the
// handled mails left and returns the mails it queued. A Games without it
// has no such work.
type BotWorker interface {
	BotWork(ctx context.Context) ([]games.Mail, error)
}

// botRetry is how long the bot's worker waits after failed work before
// it tries again (unless a new mail wakes it first).
const botRetry = time.Minute

// botWorker is d.Games as a BotWorker, or nil.
func (d *Daemon) botWorker() BotWorker {
	w, _ := d.Games.(BotWorker)
	return w
}

// wakeBot tells the bot's worker that a mail was handled.
func (d *Daemon) wakeBot() {
	select {
	case d.botWake <- struct{}{}:
	default:
	}
}

// botLoop runs the bot's work beside the mail loop: at start (work left
// before a restart), whenever a handled mail wakes it, and a while after
// a failure. It holds no games lock: the bot thinks while other mail is
// handled and clocks run, and each of its transactions is short. When ctx
// ends, the bot stops thinking at once; its work waits in the store.
func (d *Daemon) botLoop(ctx context.Context, w BotWorker) {
	for {
		err := d.botWork(ctx, w)
		if ctx.Err() != nil {
			return
		}
		d.tell(Event{Kind: BotWorked, Err: err})
		var timer Timer
		var retry <-chan time.Time
		if err != nil {
			d.log().Error("bot work failed; trying again later", "in", botRetry.String(), "err", err)
			timer = d.clock().NewTimer(botRetry)
			retry = timer.C()
		}
		select {
		case <-ctx.Done():
		case <-d.botWake:
		case <-retry:
		}
		if timer != nil {
			timer.Stop()
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// botWork does the bot's work waiting now and wakes the outbox for the
// mails it queued.
func (d *Daemon) botWork(ctx context.Context, w BotWorker) error {
	mails, err := w.BotWork(ctx)
	if len(mails) > 0 {
		d.log().Info("bot work queued mail", "mails", len(mails))
		d.Outbox.Wake()
	}
	return err
}
