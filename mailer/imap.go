package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/inbound"
)

// IMAPOptions says how to reach and watch the inbox. Zero fields mean
// the defaults their comments name, each read through one accessor.
type IMAPOptions struct {
	Host      string
	Port      int
	TLS       config.TLSMode // no default: a zero mode is refused
	Username  string
	Password  string
	Mailbox   string      // "" = config.DefaultMailbox (INBOX)
	TLSConfig *tls.Config // nil = the system roots, ServerName = Host
	// Poll is how often the inbox is searched for new mail although IDLE
	// said nothing, and the connection checked (IDLE is left, a NOOP must
	// come back within CommandTimeout). 0 = config.DefaultPoll (1 minute).
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

// Inbox is the mailbox the daemon reads: Mailbox, or INBOX if empty.
func (o *IMAPOptions) Inbox() string {
	if o.Mailbox == "" {
		return config.DefaultMailbox
	}
	return o.Mailbox
}

func (o *IMAPOptions) poll() time.Duration {
	if o.Poll <= 0 {
		return config.DefaultPoll
	}
	return o.Poll
}

func (o *IMAPOptions) commandTimeout() time.Duration {
	if o.CommandTimeout <= 0 {
		return 30 * time.Second
	}
	return o.CommandTimeout
}

func (o *IMAPOptions) maxBackoff() time.Duration {
	if o.MaxBackoff <= 0 {
		return time.Minute
	}
	return o.MaxBackoff
}

// busyPoll is 0 when the busy look is off.
func (o *IMAPOptions) busyPoll() time.Duration {
	switch {
	case o.BusyPoll == 0:
		return 100 * time.Millisecond
	case o.BusyPoll < 0:
		return 0
	}
	return o.BusyPoll
}

func (o *IMAPOptions) addr() string { return net.JoinHostPort(o.Host, strconv.Itoa(o.Port)) }

// ProcessedFolder is where handled mail is moved, below the top level of
// the server's hierarchy ("windpost/processed" with the usual '/').
const ProcessedFolder = "windpost%sprocessed"

// imapConn is one logged-in IMAP connection with the inbox selected.
type imapConn struct {
	d         *Daemon
	c         *imapclient.Client
	news      chan struct{} // the server said EXISTS
	timeout   time.Duration
	canIdle   bool
	canMove   bool // MOVE or UIDPLUS: a move without a plain EXPUNGE
	processed string
	validity  uint32
	handled   int // mails handled since the loop last looked
}

// wait runs one command's Wait under the command timeout: if the server
// does not answer in time the connection is closed, which ends the Wait
// with an error (the library has no read deadline of its own between
// responses).
func (cn *imapConn) wait(what string, f func() error) error {
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

// dial opens the connection and reads the greeting; news gets a signal
// whenever the server announces new mail.
func (d *Daemon) dial(ctx context.Context, news chan struct{}) (*imapclient.Client, error) {
	o := &d.IMAP
	addr := o.addr()
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
	if err := o.TLS.Check(); err != nil {
		return nil, fmt.Errorf("imap: TLS mode: %w", err)
	}
	dialer := &net.Dialer{Timeout: o.commandTimeout()}
	dctx, cancel := context.WithTimeout(ctx, o.commandTimeout())
	defer cancel()
	raw, err := dialer.DialContext(dctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("imap %s: %w", addr, err)
	}
	// The handshake and greeting are bounded by a deadline on the socket.
	_ = raw.SetDeadline(time.Now().Add(o.commandTimeout()))
	var c *imapclient.Client
	switch o.TLS {
	case config.TLSImplicit:
		tc.NextProtos = []string{"imap"}
		tconn := tls.Client(raw, tc)
		if err := tconn.HandshakeContext(dctx); err != nil {
			raw.Close()
			return nil, fmt.Errorf("imap %s: TLS: %w", addr, err)
		}
		c = imapclient.New(tconn, opts)
	case config.TLSStartTLS:
		c, err = imapclient.NewStartTLS(raw, opts)
		if err != nil {
			return nil, fmt.Errorf("imap %s: STARTTLS: %w", addr, err)
		}
	case config.TLSNone:
		c = imapclient.New(raw, opts)
	}
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap %s: greeting: %w", addr, err)
	}
	_ = raw.SetDeadline(time.Time{})
	return c, nil
}

// readInbox runs one IMAP connection: it connects, catches up from the
// cursor, and then (unless once) waits for new mail in IDLE, polling
// every Poll, until ctx ends or the connection fails.
func (d *Daemon) readInbox(ctx context.Context, once bool) error {
	cn, err := d.connect(ctx)
	if err != nil {
		return err
	}
	defer cn.c.Close()
	if err := cn.catchUp(ctx); err != nil {
		return err
	}
	if once || ctx.Err() != nil {
		return cn.logout()
	}
	return cn.watch(ctx)
}

// connect dials, logs in, learns the capabilities, selects the inbox and
// makes sure the processed folder exists.
func (d *Daemon) connect(ctx context.Context) (cn *imapConn, err error) {
	news := make(chan struct{}, 1)
	c, err := d.dial(ctx, news)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	cn = &imapConn{d: d, c: c, news: news, timeout: d.IMAP.commandTimeout()}
	if err := cn.wait("login as "+d.IMAP.Username, c.Login(d.IMAP.Username, d.IMAP.Password).Wait); err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) && ie.Type == imap.StatusResponseTypeNo {
			return nil, fmt.Errorf("%w (check the IMAP username and password)", err)
		}
		return nil, err
	}
	// After LOGIN the server may announce more capabilities.
	var caps imap.CapSet
	if err := cn.wait("capability", func() (err error) { caps, err = c.Capability().Wait(); return err }); err != nil {
		return nil, err
	}
	cn.canMove = caps.Has(imap.CapMove) || caps.Has(imap.CapUIDPlus)
	cn.canIdle = caps.Has(imap.CapIdle)

	mb := d.IMAP.Inbox()
	var sel *imap.SelectData
	if err := cn.wait("select "+mb, func() (err error) { sel, err = c.Select(mb, nil).Wait(); return err }); err != nil {
		return nil, err
	}
	cn.validity = sel.UIDValidity
	if cn.canMove {
		if err := cn.ensureProcessed(); err != nil {
			return nil, err
		}
	} else {
		d.log().Warn("the IMAP server has neither MOVE nor UIDPLUS: handled mail is only marked \\Seen and stays in the inbox")
	}
	d.log().Info("imap connected", "server", d.IMAP.addr(), "mailbox", mb,
		"messages", sel.NumMessages, "uidvalidity", sel.UIDValidity, "idle", cn.canIdle, "move", cn.canMove)
	return cn, nil
}

func (cn *imapConn) logout() error {
	return cn.wait("logout", cn.c.Logout().Wait)
}

// watch waits for new mail in IDLE (or, on a server without it, for the
// next poll) and catches up whenever some may have come, until ctx ends
// (then it logs out) or the connection fails.
func (cn *imapConn) watch(ctx context.Context) error {
	c := cn.c
	poll, busyPoll := cn.d.IMAP.poll(), cn.d.IMAP.busyPoll()
	for {
		// New mail may have come while we were busy.
		select {
		case <-cn.news:
			if err := cn.catchUp(ctx); err != nil {
				return err
			}
			continue
		default:
		}
		if ctx.Err() != nil {
			return cn.logout()
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
		if cn.canIdle {
			if err := cn.wait("idle", func() (err error) { idle, err = c.Idle(); return err }); err != nil {
				return err
			}
		}
		timer := time.NewTimer(wait)
		select {
		case <-cn.news:
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
			return cn.logout()
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
func (cn *imapConn) ensureProcessed() error {
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
func (cn *imapConn) catchUp(ctx context.Context) error {
	d := cn.d
	mb := d.IMAP.Inbox()
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
func (cn *imapConn) handleChunk(ctx context.Context, uids []imap.UID) (imap.UID, error) {
	d := cn.d
	sec := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: int64(d.maxMailSize()) + 1}}
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
			// it unanswered. Try again on the next connection.
			herr = fmt.Errorf("imap fetch: the server sent no body for UID %d", uid)
			break
		}
		at := inbound.Place{Mailbox: d.IMAP.Inbox(), UIDValidity: cn.validity, UID: uint32(uid)}
		if err := d.handleMail(ctx, f.raw, f.size, at); err != nil {
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
		// next connection reads these mails again (the games server knows
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

// file marks handled mail \Seen and moves it to the processed folder. If
// the folder is gone (TRYCREATE), it is made again and the move tried once
// more. It returns an error when the connection failed (the mail is then
// read and filed again over the next connection); a server that refuses to
// move the mail (a full folder...) gets it logged as an error, and the
// mail stays in the inbox, seen, while the daemon goes on with the next.
func (cn *imapConn) file(uids []imap.UID) error {
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
