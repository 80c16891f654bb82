package mailer

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/windpost/windpost/config"
)

// IMAPOptions says how to reach and watch the inbox. Zero fields mean
// the defaults their comments name, each read through one accessor.
type IMAPOptions struct {
	Host      string
	Port      int
	TLS       config.TLSMode // no default: a zero mode is refused
	Username  string
	Password  string
	OAuth     TokenSource // nil = sign in with the password
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
func (o *IMAPOptions) Inbox() string { return cmp.Or(o.Mailbox, config.DefaultMailbox) }

func (o *IMAPOptions) poll() time.Duration { return positiveOr(o.Poll, config.DefaultPoll) }

func (o *IMAPOptions) commandTimeout() time.Duration {
	return positiveOr(o.CommandTimeout, 30*time.Second)
}

func (o *IMAPOptions) maxBackoff() time.Duration { return positiveOr(o.MaxBackoff, time.Minute) }

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
	if err := cn.signIn(ctx); err != nil {
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
		timer := cn.d.clock().NewTimer(wait)
		select {
		case <-cn.news:
			woke = "idle"
		case <-timer.C():
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
