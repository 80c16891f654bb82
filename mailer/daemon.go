package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/inbound"
)

// Games is what the daemon needs of the games server (games.Server).
type Games interface {
	Handle(ctx context.Context, r games.Request) ([]games.Mail, error)
	// TickUpTo runs the clocks; handledUpTo is the time up to which every
	// mail that arrived has been handled (see games.Server.TickUpTo).
	TickUpTo(ctx context.Context, handledUpTo time.Time) ([]games.Mail, error)
	// Prune does one small step of the daily prune; more asks for the next.
	Prune(ctx context.Context) (more bool, err error)
}

// Store is what the daemon needs of the game store (games.Store): the
// outbox and the inbox cursor.
type Store interface {
	OutboxStore
	Cursor(mailbox string) (games.MailboxCursor, error)
	SetCursor(mailbox string, c games.MailboxCursor) error
}

// Daemon reads mail from the inbox, hands it to the games server and sends
// what that leaves in the outbox.
//
// For each new message (by UID, above the stored cursor) it fetches the raw
// mail (at most MaxMailSize+1 bytes of it, so attachments of an oversized
// mail are never read), reads it with package inbound, drops it silently if
// a loop guard or the sender authentication says so (logged), else calls
// Games.Handle, which applies the mail in one transaction. Then the message
// gets \Seen and is moved to windpost/processed (with MOVE, or UIDPLUS's
// COPY + \Deleted + UID EXPUNGE; a server with neither only gets \Seen and
// the cursor remembers it; a missing folder is made again), and only then
// the cursor advances. A crash or a lost connection anywhere in between
// makes the mail be read again, which the games server recognises by its
// Message-ID: moves are applied exactly once. A mail whose body does not
// come back from FETCH, or whose games transaction fails, ends the
// connection and is tried again over the next one (after the backoff); it
// is never dropped.
//
// The cursor (UIDVALIDITY and the last UID handled) lives in the store. On
// the first start, or when the server changed UIDVALIDITY, every message in
// the mailbox is read, seen or not; mail handled before is recognised by
// its Message-ID. A mail without a Message-ID gets
// "<uidvalidity.uid.mailbox.hash@imap.windpost.invalid>" from
// inbound.ReadFetched (the hash, of the mail's bytes, keeps two mails at
// the same place in a mailbox made anew apart).
//
// The connection is watched: every command must be answered within
// IMAPOptions.CommandTimeout or the connection is closed; IDLE is left
// every Poll for a NOOP and a search; a lost connection is dialled again
// with exponential backoff, and the cursor says where to go on.
type Daemon struct {
	IMAP        IMAPOptions
	Games       Games
	Store       Store
	Outbox      *Outbox
	Bot         Bot
	AuthservID  string // "" = no sender authentication
	MaxMailSize int    // bytes; 0 = config.DefaultMaxMailSize
	// TickEvery is how often Games.TickUpTo runs (reminders, forfeits);
	// 0 = 1 minute.
	TickEvery time.Duration
	// ClockSkew is how far the mail server's clock may differ from ours,
	// with the time a delivered mail may take to show in the inbox: the
	// clocks judge deadlines only up to that long before the inbox was last
	// read to its end (tick.go). 0 = 1 minute; at least a second.
	ClockSkew time.Duration
	Log       *slog.Logger
	Now       func() time.Time // the time the daemon reads; nil = Clock's
	// Clock is the clock the daemon waits on (polls, backoff, ticks) and
	// reads, unless Now is set; nil = the real clock. The Outbox has its
	// own.
	Clock Clock
	// Events, if set, is told each step of the daemon's work that ended
	// (see Event); it is called from several goroutines at once and must
	// return quickly. The Outbox has its own.
	Events func(Event)

	gamesMu sync.Mutex // one games call at a time

	botWake chan struct{} // wakes the bot's worker (botwork.go); made by Run

	// inboxReadAt is when the inbox was last read to its end (unix nanoseconds;
	// 0 = not yet). Reminders and forfeits wait for a fresh reading: a move
	// that is waiting in an unreachable inbox must not lose on time.
	inboxReadAt atomic.Int64
	// readUpTo is when the last search that found the inbox handled to
	// its end began (unix nanoseconds; 0 = not yet): every mail that
	// arrived before it has been handled (tick.go).
	readUpTo atomic.Int64
}

// inboxFresh reports whether the inbox was read to its end recently
// enough (within two polls and a minute) for clocks to run.
func (d *Daemon) inboxFresh() bool {
	last := d.inboxReadAt.Load()
	if last == 0 {
		return false
	}
	return d.now().Sub(time.Unix(0, last)) <= 2*d.IMAP.poll()+time.Minute
}

func (d *Daemon) maxMailSize() int { return positiveOr(d.MaxMailSize, config.DefaultMaxMailSize) }

func (d *Daemon) tickEvery() time.Duration { return positiveOr(d.TickEvery, time.Minute) }

// positiveOr is v, or def when v is zero or less: how a zero field of the
// options means its default.
func positiveOr[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

func (d *Daemon) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.New(slog.DiscardHandler)
}

// now is the time the daemon reads: Now, or its clock's.
func (d *Daemon) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return d.clock().Now()
}

// clock is the clock the daemon waits on: Clock, or the real one.
func (d *Daemon) clock() Clock { return clockOr(d.Clock) }

func (d *Daemon) tell(e Event) { tell(d.Events, e) }

// Run watches the inbox and sends the outbox until ctx ends, reconnecting
// with backoff whenever the connection breaks. When ctx ends it finishes
// the mail at hand, leaves IDLE, logs out and returns nil.
func (d *Daemon) Run(ctx context.Context) error {
	if d.Outbox == nil {
		return errors.New("mailer: no outbox")
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, stop := context.WithCancel(ctx) // when Run returns early (a damaged store), the outbox and the clocks stop too
	defer stop()
	// A damaged store, found by the inbox or the clocks, ends Run: it is
	// said once, not retried for ever (the operator restores the store).
	var damaged error
	var damagedOnce sync.Once
	fail := func(err error) { damagedOnce.Do(func() { damaged = err; stop() }) }
	wg.Add(2)
	go func() { defer wg.Done(); _ = d.Outbox.Run(ctx) }()
	go func() { defer wg.Done(); d.tickLoop(ctx, fail) }()
	if w := d.botWorker(); w != nil {
		d.botWake = make(chan struct{}, 1)
		wg.Add(1)
		go func() { defer wg.Done(); d.botLoop(ctx, w) }()
	}

	maxBackoff := d.IMAP.maxBackoff()
	backoff := time.Second
	clock := d.clock()
	for ctx.Err() == nil {
		start := clock.Now()
		err := d.readInbox(ctx, false)
		if ctx.Err() != nil {
			break
		}
		if errors.Is(err, games.ErrDamaged) {
			fail(err)
			break
		}
		if clock.Now().Sub(start) > 2*maxBackoff {
			backoff = time.Second // it worked for a while: start again small
		}
		d.log().Warn("inbox connection ended; connecting again", "in", backoff.String(), "err", err)
		d.tell(Event{Kind: InboxEnded, Wait: backoff, Err: err})
		sleep(ctx, clock, backoff)
		backoff = min(2*backoff, maxBackoff)
	}
	stop()
	wg.Wait()
	if damaged != nil {
		return damaged
	}
	d.log().Info("stopped")
	return nil
}

// RunOnce handles the mail waiting in the inbox, runs Tick once, sends what
// is due in the outbox, and returns (for cron). When ctx ends it finishes
// the mail at hand and returns nil: what is left waits for the next run.
func (d *Daemon) RunOnce(ctx context.Context) error {
	if d.Outbox == nil {
		return errors.New("mailer: no outbox")
	}
	ierr := d.readInbox(ctx, true)
	var berr error
	if w := d.botWorker(); w != nil { // the bot's work of this run's mails (and any left before) is done before the end
		berr = d.botWork(ctx, w)
	}
	var terr error
	if ierr == nil { // clocks run only after the inbox was read: a waiting move must not lose on time
		terr = d.tick(ctx)
	}
	_, oerr := d.Outbox.Flush(ctx)
	err := errors.Join(ierr, berr, terr, oerr)
	if err != nil && ctx.Err() != nil {
		d.log().Info("stopped before the end; the rest waits for the next run", "err", err)
		return nil
	}
	return err
}

// tickLoop runs the clocks every TickEvery (counted from the end of the
// tick before) until ctx ends.
func (d *Daemon) tickLoop(ctx context.Context, fail func(error)) {
	clock := d.clock()
	for sleep(ctx, clock, d.tickEvery()) {
		if !d.inboxFresh() {
			d.log().Warn("clocks wait: the inbox has not been read lately (reminders and losses on time run once it has)")
			d.tell(Event{Kind: ClocksWaited})
			continue
		}
		d.tell(Event{Kind: ClocksBegin})
		err := d.tick(ctx)
		d.tell(Event{Kind: ClocksRan, Err: err})
		if errors.Is(err, games.ErrDamaged) {
			fail(err)
			return
		} else if err != nil {
			d.log().Error("tick", "err", err)
		}
	}
}

func (d *Daemon) tick(ctx context.Context) error {
	var mails []games.Mail
	err := d.gamesCall(func() (err error) {
		mails, err = d.Games.TickUpTo(context.WithoutCancel(ctx), d.handledUpTo())
		return err
	})
	if err != nil {
		return d.tickFailed("tick", err)
	}
	if len(mails) > 0 {
		d.log().Info("tick queued mail", "mails", len(mails))
		d.Outbox.Wake()
	}
	return d.prune(ctx)
}

// crashError is a panic in the games server, caught.
type crashError struct {
	value any
	stack string
}

func (e *crashError) Error() string { return fmt.Sprintf("games crashed: %v", e.value) }

// errSetAside says a mail was not handled and must not be tried again.
var errSetAside = errors.New("mail set aside")

// handleRequest runs one games transaction (the transaction runs to its end
// even when we are asked to stop), turning a panic into a *crashError.
func (d *Daemon) handleRequest(ctx context.Context, req games.Request) (mails []games.Mail, err error) {
	err = d.gamesCall(func() (err error) {
		mails, err = d.Games.Handle(context.WithoutCancel(ctx), req)
		return err
	})
	return mails, err
}

// handleMail reads one mail, fetched from place, which arrived at arrived
// (its INTERNALDATE), and hands it to the games server. An error means
// the mail was not handled and must be tried again; errSetAside, that it
// must not.
func (d *Daemon) handleMail(ctx context.Context, raw []byte, size int64, place inbound.Place, arrived time.Time) error {
	log := d.log().With("uid", place.UID)
	msg, err := inbound.ReadFetched(bytes.NewReader(raw), d.maxMailSize(), place)
	if err != nil {
		log.Warn("dropped unreadable mail", "bytes", size, "err", err)
		return nil
	}
	log = log.With("from", msg.From, "message_id", msg.MessageID)
	for _, w := range msg.Warnings {
		log.Info("mail read with a problem", "warning", games.RedactKeys(w))
	}
	if why := msg.LoopReason(d.Bot.Address); why != "" {
		log.Info("no answer (loop guard)", "reason", why)
		return nil
	}
	if d.AuthservID != "" {
		if ok, why := msg.Authenticate(d.AuthservID); !ok {
			log.Warn("dropped: sender not authenticated", "reason", why)
			return nil
		}
	}
	if arrived.IsZero() { // a server that gave no INTERNALDATE
		arrived = d.now()
	}
	req := msg.Request(d.Bot.Address, arrived)
	req.Aligned = msg.Aligned(d.AuthservID)
	mails, err := d.handleRequest(ctx, req)
	var crash *crashError
	if errors.As(err, &crash) {
		// A mail that makes windpost crash would crash it again after every
		// restart and hold up every mail behind it. Its transaction was rolled
		// back; it is set aside, unread in the inbox, for the operator.
		log.Error("windpost crashed on this mail: it is left unread in the inbox and the next mails go on (please report this)",
			"panic", crash.value, "stack", crash.stack)
		return errSetAside
	}
	if err != nil {
		return fmt.Errorf("handle %s: %w", msg.MessageID, err)
	}
	log.Info("handled", "game", req.GameID, "lines", len(req.Lines), "too_large", req.TooLarge, "queued", len(mails))
	d.wakeBot()
	if len(mails) > 0 {
		d.Outbox.Wake()
	}
	return nil
}
