package mailer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/inbound"
)

// Games is what the daemon needs of the games server (games.Server).
type Games interface {
	Handle(ctx context.Context, r games.Request) ([]games.Mail, error)
	Tick(ctx context.Context) ([]games.Mail, error)
}

// Store is what the daemon needs of the game store (games.Store): the
// outbox and the inbox cursor.
type Store interface {
	OutboxStore
	Cursor(mailbox string) (games.MailboxCursor, error)
	SetCursor(mailbox string, c games.MailboxCursor) error
}

// IMAPOptions says how to reach and watch the inbox.
type IMAPOptions struct {
	Host      string
	Port      int
	TLS       string // "implicit", "starttls" or "none"
	Username  string
	Password  string
	Mailbox   string      // "" = INBOX
	TLSConfig *tls.Config // nil = the system roots, ServerName = Host
	// Poll is how often the inbox is searched for new mail although IDLE
	// said nothing, and the connection checked (IDLE is left, a NOOP must
	// come back within CommandTimeout). 0 = 1 minute.
	Poll time.Duration
	// CommandTimeout bounds every IMAP command; a command that takes longer
	// means a dead connection, which is closed and dialled again. 0 = 30s.
	CommandTimeout time.Duration
	// MaxBackoff is the longest wait between reconnection attempts
	// (starting at 1s, doubling). 0 = 1 minute.
	MaxBackoff time.Duration
	// BusyPoll: after handling mail, the inbox is searched again after
	// this long instead of waiting in IDLE (servers may delay IDLE news),
	// until a search finds nothing. 0 = 100ms; negative = off.
	BusyPoll time.Duration
}

// ProcessedFolder is where handled mail is moved, below the top level of
// the server's hierarchy ("windpost/processed" with the usual '/').
const ProcessedFolder = "windpost%sprocessed"

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
// makes the mail be read again, which
// the games server recognises by its Message-ID: moves are applied exactly
// once. A mail whose body does not come back from FETCH, or whose games
// transaction fails, stops the session and is tried again in the next
// one (after the backoff); it is never dropped.
//
// The cursor (UIDVALIDITY and the last UID handled) lives in the store. On
// the first start, or when the server changed UIDVALIDITY, every message in
// the mailbox is read, seen or not; mail handled before is recognised by
// its Message-ID. A mail without a Message-ID gets
// "<uidvalidity.uid.mailbox@imap.windpost.invalid>".
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
	MaxMailSize int    // 0 = inbound.DefaultMaxSize
	// TickEvery is how often Games.Tick runs (reminders, forfeits);
	// 0 = 1 minute.
	TickEvery time.Duration
	Log       *slog.Logger
	Now       func() time.Time // nil = time.Now

	mu sync.Mutex // one games call at a time

	// readTo is when the inbox was last read to its end (unix nanoseconds;
	// 0 = not yet). Reminders and forfeits wait for a fresh reading: a move
	// that is waiting in an unreachable inbox must not lose on time.
	readTo atomic.Int64
}

// inboxFresh reports whether the inbox was read to its end recently
// enough (within two polls and a minute) for clocks to run.
func (d *Daemon) inboxFresh() bool {
	last := d.readTo.Load()
	if last == 0 {
		return false
	}
	poll := d.IMAP.Poll
	if poll <= 0 {
		poll = time.Minute
	}
	return d.now().Sub(time.Unix(0, last)) <= 2*poll+time.Minute
}

func (d *Daemon) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.New(slog.DiscardHandler)
}

func (d *Daemon) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Daemon) mailbox() string {
	if d.IMAP.Mailbox == "" {
		return "INBOX"
	}
	return d.IMAP.Mailbox
}

func (d *Daemon) cmdTimeout() time.Duration {
	if d.IMAP.CommandTimeout > 0 {
		return d.IMAP.CommandTimeout
	}
	return 30 * time.Second
}

// Run watches the inbox and sends the outbox until ctx ends, reconnecting
// with backoff whenever the connection breaks. When ctx ends it finishes
// the mail at hand, leaves IDLE, logs out and returns nil.
func (d *Daemon) Run(ctx context.Context) error {
	if d.Outbox == nil {
		return errors.New("mailer: no outbox")
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Add(2)
	go func() { defer wg.Done(); _ = d.Outbox.Run(ctx) }()
	go func() { defer wg.Done(); d.tickLoop(ctx) }()

	maxBackoff := d.IMAP.MaxBackoff
	if maxBackoff <= 0 {
		maxBackoff = time.Minute
	}
	backoff := time.Second
	for ctx.Err() == nil {
		start := time.Now()
		err := d.session(ctx, false)
		if ctx.Err() != nil {
			break
		}
		if time.Since(start) > 2*maxBackoff {
			backoff = time.Second // it worked for a while: start again small
		}
		d.log().Warn("inbox session ended; connecting again", "in", backoff.String(), "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
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
	ierr := d.session(ctx, true)
	var terr error
	if ierr == nil { // clocks run only after the inbox was read: a waiting move must not lose on time
		terr = d.tick(ctx)
	}
	_, oerr := d.Outbox.Flush(ctx)
	err := errors.Join(ierr, terr, oerr)
	if err != nil && ctx.Err() != nil {
		d.log().Info("stopped before the end; the rest waits for the next run", "err", err)
		return nil
	}
	return err
}

func (d *Daemon) tickLoop(ctx context.Context) {
	every := d.TickEvery
	if every <= 0 {
		every = time.Minute
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if !d.inboxFresh() {
				d.log().Warn("clocks wait: the inbox has not been read lately (reminders and losses on time run once it has)")
				continue
			}
			if err := d.tick(ctx); err != nil {
				d.log().Error("tick", "err", err)
			}
		}
	}
}

func (d *Daemon) tick(ctx context.Context) error {
	d.mu.Lock()
	mails, err := d.Games.Tick(context.WithoutCancel(ctx))
	d.mu.Unlock()
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	if len(mails) > 0 {
		d.log().Info("tick queued mail", "mails", len(mails))
		d.Outbox.Wake()
	}
	return nil
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
	d.mu.Lock()
	defer d.mu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			err = &crashError{value: v, stack: string(debug.Stack())}
		}
	}()
	return d.Games.Handle(context.WithoutCancel(ctx), req)
}

// conn is one IMAP session.
type conn struct {
	d         *Daemon
	c         *imapclient.Client
	news      chan struct{} // the server said EXISTS
	timeout   time.Duration
	canMove   bool // MOVE or UIDPLUS: a move without a plain EXPUNGE
	processed string
	validity  uint32
	handled   int // mails handled since the loop last looked
}

// wait runs one command's Wait under the command timeout: if the server
// does not answer in time the connection is closed, which ends the Wait
// with an error (the library has no read deadline of its own between
// responses).
func (cn *conn) wait(what string, f func() error) error {
	t := time.AfterFunc(cn.timeout, func() { cn.c.Close() })
	err := f()
	if !t.Stop() {
		return fmt.Errorf("imap %s: no answer within %s (connection closed): %w", what, cn.timeout, err)
	}
	if err != nil {
		return fmt.Errorf("imap %s: %w", what, err)
	}
	return nil
}

func (d *Daemon) dial(ctx context.Context, news chan struct{}) (*imapclient.Client, error) {
	o := d.IMAP
	addr := net.JoinHostPort(o.Host, strconv.Itoa(o.Port))
	tc := tlsFor(o.TLSConfig, o.Host)
	opts := &imapclient.Options{
		TLSConfig: tc,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(m *imapclient.UnilateralDataMailbox) {
				if m.NumMessages != nil {
					select {
					case news <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	dialer := &net.Dialer{Timeout: d.cmdTimeout()}
	dctx, cancel := context.WithTimeout(ctx, d.cmdTimeout())
	defer cancel()
	raw, err := dialer.DialContext(dctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("imap %s: %w", addr, err)
	}
	// The handshake and greeting are bounded by a deadline on the socket.
	_ = raw.SetDeadline(time.Now().Add(d.cmdTimeout()))
	var c *imapclient.Client
	switch o.TLS {
	case "implicit":
		tc.NextProtos = []string{"imap"}
		tconn := tls.Client(raw, tc)
		if err := tconn.HandshakeContext(dctx); err != nil {
			raw.Close()
			return nil, fmt.Errorf("imap %s: TLS: %w", addr, err)
		}
		c = imapclient.New(tconn, opts)
	case "starttls":
		c, err = imapclient.NewStartTLS(raw, opts)
		if err != nil {
			return nil, fmt.Errorf("imap %s: STARTTLS: %w", addr, err)
		}
	case "none":
		c = imapclient.New(raw, opts)
	default:
		raw.Close()
		return nil, fmt.Errorf("imap: unknown TLS mode %q (want implicit, starttls or none)", o.TLS)
	}
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap %s: greeting: %w", addr, err)
	}
	_ = raw.SetDeadline(time.Time{})
	return c, nil
}

// session connects, catches up from the cursor, and then (unless once)
// waits for new mail in IDLE, polling every Poll, until ctx ends or the
// connection fails.
func (d *Daemon) session(ctx context.Context, once bool) error {
	news := make(chan struct{}, 1)
	c, err := d.dial(ctx, news)
	if err != nil {
		return err
	}
	defer c.Close()
	cn := &conn{d: d, c: c, news: news, timeout: d.cmdTimeout()}
	if err := cn.wait("login as "+d.IMAP.Username, c.Login(d.IMAP.Username, d.IMAP.Password).Wait); err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) && ie.Type == imap.StatusResponseTypeNo {
			return fmt.Errorf("%w (check the IMAP username and password)", err)
		}
		return err
	}
	// After LOGIN the server may announce more capabilities.
	var caps imap.CapSet
	if err := cn.wait("capability", func() (err error) { caps, err = c.Capability().Wait(); return err }); err != nil {
		return err
	}
	cn.canMove = caps.Has(imap.CapMove) || caps.Has(imap.CapUIDPlus)
	canIdle := caps.Has(imap.CapIdle)

	var sel *imap.SelectData
	if err := cn.wait("select "+d.mailbox(), func() (err error) { sel, err = c.Select(d.mailbox(), nil).Wait(); return err }); err != nil {
		return err
	}
	cn.validity = sel.UIDValidity
	if cn.canMove {
		if err := cn.ensureProcessed(); err != nil {
			return err
		}
	} else {
		d.log().Warn("the IMAP server has neither MOVE nor UIDPLUS: handled mail is only marked \\Seen and stays in the inbox")
	}
	d.log().Info("imap connected", "server", net.JoinHostPort(d.IMAP.Host, strconv.Itoa(d.IMAP.Port)), "mailbox", d.mailbox(),
		"messages", sel.NumMessages, "uidvalidity", sel.UIDValidity, "idle", canIdle, "move", cn.canMove)

	logout := func() error {
		return cn.wait("logout", c.Logout().Wait)
	}
	if err := cn.catchUp(ctx); err != nil {
		return err
	}
	if once || ctx.Err() != nil {
		return logout()
	}

	poll := d.IMAP.Poll
	if poll <= 0 {
		poll = time.Minute
	}
	busyPoll := d.IMAP.BusyPoll
	if busyPoll == 0 {
		busyPoll = 100 * time.Millisecond
	}
	for {
		// New mail may have come while we were busy.
		select {
		case <-news:
			if err := cn.catchUp(ctx); err != nil {
				return err
			}
			continue
		default:
		}
		if ctx.Err() != nil {
			return logout()
		}
		woke := ""
		// Busy (mail was just handled): more is likely on its way, and
		// some servers push IDLE news only after a delay (Dovecot: 0.5 s),
		// so look again after busyPoll even if IDLE says nothing; the
		// long poll resumes once a look finds nothing.
		wait, timeout := poll, "poll"
		if cn.handled > 0 && busyPoll > 0 {
			wait, timeout = busyPoll, "look"
		}
		cn.handled = 0
		// Without IDLE the server says nothing between commands, so news
		// cannot come while we wait: only the timer or a stop wake us.
		var idle *imapclient.IdleCommand
		if canIdle {
			if err := cn.wait("idle", func() (err error) { idle, err = c.Idle(); return err }); err != nil {
				return err
			}
		}
		timer := time.NewTimer(wait)
		select {
		case <-news:
			woke = "idle"
		case <-timer.C:
			woke = timeout
		case <-ctx.Done():
			woke = "stop"
		case <-c.Closed():
			timer.Stop()
			return errors.New("imap: server closed the connection")
		}
		timer.Stop()
		if idle != nil {
			if err := cn.wait("leave idle", func() error {
				if err := idle.Close(); err != nil {
					return err
				}
				return idle.Wait()
			}); err != nil {
				return err
			}
		}
		if woke == "stop" {
			return logout()
		}
		if woke == "poll" {
			// The watchdog: the connection must still answer.
			if err := cn.wait("noop", c.Noop().Wait); err != nil {
				return err
			}
		}
		if err := cn.catchUp(ctx); err != nil {
			return err
		}
	}
}

// ensureProcessed finds the hierarchy delimiter and creates the processed
// folder if it is missing.
func (cn *conn) ensureProcessed() error {
	delim := "/"
	var list []*imap.ListData
	if err := cn.wait("list", func() (err error) { list, err = cn.c.List("", "", nil).Collect(); return err }); err != nil {
		return err
	}
	if len(list) > 0 && list[0].Delim != 0 {
		delim = string(list[0].Delim)
	}
	cn.processed = fmt.Sprintf(ProcessedFolder, delim)
	if err := cn.wait("list", func() (err error) {
		list, err = cn.c.List("", cn.processed, nil).Collect()
		return err
	}); err != nil {
		return err
	}
	if len(list) > 0 {
		return nil
	}
	err := cn.wait("create "+cn.processed, cn.c.Create(cn.processed, nil).Wait)
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
		return nil
	}
	if err == nil {
		cn.d.log().Info("created folder", "folder", cn.processed)
	}
	return err
}

// catchUp handles every message above the cursor, in UID order, in
// chunks.
func (cn *conn) catchUp(ctx context.Context) error {
	d := cn.d
	mb := d.mailbox()
	stored, err := d.Store.Cursor(mb)
	if err != nil {
		return fmt.Errorf("cursor %s: %w", mb, err)
	}
	cur := stored
	if cur.UIDValidity != cn.validity {
		if cur.UIDValidity != 0 {
			d.log().Warn("UIDVALIDITY changed: reading the whole mailbox again (mail handled before is recognised by its Message-ID)",
				"mailbox", mb, "was", cur.UIDValidity, "now", cn.validity)
		}
		cur = games.MailboxCursor{UIDValidity: cn.validity}
	}
	for round := 0; round < 1_000_000; round++ {
		if ctx.Err() != nil {
			return nil
		}
		var sd *imap.SearchData
		crit := &imap.SearchCriteria{UID: []imap.UIDSet{{imap.UIDRange{Start: imap.UID(cur.LastUID + 1), Stop: 0}}}}
		if err := cn.wait("uid search", func() (err error) { sd, err = cn.c.UIDSearch(crit, nil).Wait(); return err }); err != nil {
			return err
		}
		var uids []imap.UID
		for _, u := range sd.AllUIDs() {
			if uint32(u) > cur.LastUID { // "n:*" includes the last UID even when below n
				uids = append(uids, u)
			}
		}
		if len(uids) == 0 {
			if cur != stored {
				if err := d.Store.SetCursor(mb, cur); err != nil {
					return err
				}
			} // else nothing new: no write (each is an fsync)
			d.readTo.Store(d.now().UnixNano())
			return nil
		}
		slices.Sort(uids)
		const chunk = 32
		if len(uids) > chunk {
			uids = uids[:chunk]
		}
		last, err := cn.handleChunk(ctx, uids)
		if last > 0 {
			cur.LastUID = uint32(last)
			if serr := d.Store.SetCursor(mb, cur); serr != nil {
				return errors.Join(err, fmt.Errorf("cursor %s: %w", mb, serr))
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// handleChunk fetches and handles uids (ascending) and files them away. It
// returns the highest UID fully handled and filed (0 if filing failed).
func (cn *conn) handleChunk(ctx context.Context, uids []imap.UID) (imap.UID, error) {
	d := cn.d
	max := d.MaxMailSize
	if max <= 0 {
		max = inbound.DefaultMaxSize
	}
	sec := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: int64(max) + 1}}
	var msgs []*imapclient.FetchMessageBuffer
	if err := cn.wait("fetch", func() (err error) {
		msgs, err = cn.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
			UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{sec},
		}).Collect()
		return err
	}); err != nil {
		return 0, err
	}
	fetched := fetchedMail(msgs, sec)
	var done []imap.UID
	var last imap.UID
	var herr error
	for _, uid := range uids {
		if ctx.Err() != nil {
			break
		}
		f, ok := fetched[uid]
		if !ok {
			// Gone between SEARCH and FETCH (another client moved it).
			last = uid
			continue
		}
		if f.raw == nil {
			// Never take a missing body for an empty mail: that would drop
			// it unanswered. Try again on the next session.
			herr = fmt.Errorf("imap fetch: the server sent no body for UID %d", uid)
			break
		}
		if err := cn.handle(ctx, uid, f.raw, f.size); err != nil {
			if errors.Is(err, errSetAside) {
				last = uid // not filed, not seen: it stays in the inbox
				continue
			}
			herr = err
			break
		}
		done = append(done, uid)
		last = uid
	}
	cn.handled += len(done)
	if err := cn.file(done); err != nil {
		// The connection failed: the cursor stays where it was, and the
		// next session reads these mails again (the games server knows
		// them by Message-ID) and files them.
		return 0, errors.Join(herr, err)
	}
	return last, herr
}

// fetched is one message as FETCH returned it.
type fetched struct {
	raw  []byte // nil = no body section came back
	size int64
}

// fetchedMail gathers the FETCH answers by UID. A server may send more
// than one FETCH response for a message (another client's flag change
// arrives as an unsolicited FETCH in the middle of ours): the body comes
// from whichever response has it. The body is the section asked for, or,
// from a server that does not echo the partial range, the one body
// section returned.
func fetchedMail(msgs []*imapclient.FetchMessageBuffer, sec *imap.FetchItemBodySection) map[imap.UID]fetched {
	out := map[imap.UID]fetched{}
	for _, m := range msgs {
		if m.UID == 0 {
			continue // an unsolicited FETCH without its UID
		}
		f := out[m.UID]
		raw := m.FindBodySection(sec)
		if raw == nil && len(m.BodySection) == 1 {
			raw = m.BodySection[0].Bytes
		}
		if raw != nil {
			f.raw = raw
		}
		if m.RFC822Size > 0 {
			f.size = m.RFC822Size
		}
		out[m.UID] = f
	}
	return out
}

// handle reads one mail and hands it to the games server. An error means
// the mail was not handled and must be tried again.
func (cn *conn) handle(ctx context.Context, uid imap.UID, raw []byte, size int64) error {
	d := cn.d
	max := d.MaxMailSize
	if max <= 0 {
		max = inbound.DefaultMaxSize
	}
	log := d.log().With("uid", uint32(uid))
	msg, err := inbound.Read(bytes.NewReader(raw), max)
	if err != nil {
		log.Warn("dropped unreadable mail", "bytes", size, "err", err)
		return nil
	}
	if msg.SyntheticID {
		// The place in the mailbox tells two deliveries of the same bytes
		// apart; the hash of the bytes tells two mails apart at the same place
		// after the mailbox was made anew (the embedded server's mailboxes start
		// again at UIDVALIDITY 1, UID 1 on every start). The same mail fetched
		// again after a crash keeps its id, so it is not handled twice.
		sum := sha256.Sum256(raw)
		msg.MessageID = fmt.Sprintf("<%d.%d.%s.%s@imap.windpost.invalid>", cn.validity, uint32(uid), idSafe(d.mailbox()), hex.EncodeToString(sum[:8]))
	}
	log = log.With("from", msg.From, "message_id", msg.MessageID)
	for _, w := range msg.Warnings {
		log.Info("mail read with a problem", "warning", w)
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
	req := msg.Request(d.Bot.Address, d.now())
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
	if len(mails) > 0 {
		d.Outbox.Wake()
	}
	return nil
}

// file marks handled mail \Seen and moves it to the processed folder. If
// the folder is gone (TRYCREATE), it is made again and the move tried once
// more. It returns an error when the connection failed (the mail is then
// read and filed again in the next session); a server that refuses to
// move the mail (a full folder...) gets it logged as an error, and the
// mail stays in the inbox, seen, while the daemon goes on with the next.
func (cn *conn) file(uids []imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	if err := cn.wait("store \\Seen", func() error {
		return cn.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	}); err != nil && !refused(err) {
		return err
	}
	if !cn.canMove {
		return nil
	}
	move := func() error {
		return cn.wait("move to "+cn.processed, func() error {
			_, err := cn.c.Move(set, cn.processed).Wait()
			return err
		})
	}
	err := move()
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeTryCreate {
		if err = cn.ensureProcessed(); err == nil {
			err = move()
		}
	}
	if refused(err) {
		cn.d.log().Error("the server refused to file handled mail; it stays in the inbox, seen", "uids", set.String(), "folder", cn.processed, "err", err)
		return nil
	}
	return err
}

// refused reports whether err is the server's NO or BAD to a command (the
// connection itself is fine).
func refused(err error) bool {
	var ie *imap.Error
	return errors.As(err, &ie)
}

func idSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' {
			return r
		}
		return '-'
	}, s)
}
