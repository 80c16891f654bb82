package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"hash/fnv"
	"html"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/windpost/windpost/games"
)

// OutboxStore is the part of the game store the outbox needs.
type OutboxStore interface {
	DueMail(now time.Time, limit int) ([]games.Mail, error)
	MarkSent(id string, at time.Time) error
	MarkFailed(id string, reason string, next time.Time) error
}

// SMTPOptions says how to reach the SMTP server.
type SMTPOptions struct {
	Host      string
	Port      int
	TLS       string // "implicit", "starttls" or "none" (see package config)
	Username  string // "" = no AUTH
	Password  string
	TLSConfig *tls.Config   // nil = the system roots, ServerName = Host
	Timeout   time.Duration // per connection step; 0 = 30s
}

// Bot is who the mail comes from.
type Bot struct {
	Address string // bot@example.org
	Name    string // the display name
}

// Sender delivers mail to one SMTP server over one connection that it
// reuses; a broken connection is dialled again on the next send. It is safe
// for concurrent use, but sends one mail at a time.
type Sender struct {
	opts SMTPOptions
	bot  Bot

	mu        sync.Mutex
	client    *gomail.Client
	connected bool
}

// NewSender returns a sender; it connects on the first Send.
func NewSender(opts SMTPOptions, bot Bot) (*Sender, error) {
	if opts.Timeout == 0 {
		opts.Timeout = 30 * time.Second
	}
	tc := tlsFor(opts.TLSConfig, opts.Host)
	copts := []gomail.Option{
		gomail.WithPort(opts.Port),
		gomail.WithTimeout(opts.Timeout),
		gomail.WithTLSConfig(tc),
		gomail.WithHELO(domainOf(bot.Address)),
		// No NOOP before each mail: a connection the server has closed
		// fails at MAIL FROM, before anything was accepted, and Send
		// dials again then.
		gomail.WithoutNoop(),
	}
	switch opts.TLS {
	case "implicit":
		copts = append(copts, gomail.WithSSL())
	case "starttls":
		copts = append(copts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case "none":
		copts = append(copts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("smtp: unknown TLS mode %q (want implicit, starttls or none)", opts.TLS)
	}
	if opts.Username != "" {
		auth := gomail.SMTPAuthAutoDiscover
		if opts.TLS == "none" {
			auth = gomail.SMTPAuthPlainNoEnc
		}
		copts = append(copts, gomail.WithSMTPAuth(auth), gomail.WithUsername(opts.Username), gomail.WithPassword(opts.Password))
	}
	c, err := gomail.NewClient(opts.Host, copts...)
	if err != nil {
		return nil, fmt.Errorf("smtp %s: %w", opts.Host, err)
	}
	return &Sender{opts: opts, bot: bot, client: c}, nil
}

// Send composes m and hands it to the server. It returns nil only once the
// server has accepted the mail. On a broken connection it dials again once.
func (s *Sender) Send(ctx context.Context, m games.Mail) error {
	msg, err := Compose(m, s.bot)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for attempt := 0; ; attempt++ {
		if !s.connected {
			dctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
			err := s.client.DialWithContext(dctx)
			cancel()
			if err != nil {
				return fmt.Errorf("smtp %s:%d: connect: %w", s.opts.Host, s.opts.Port, err)
			}
			s.connected = true
		}
		err := s.client.Send(msg)
		if err == nil {
			return nil
		}
		// Start the next send on a fresh connection whatever went wrong:
		// the session may be in any state after a failure.
		_ = s.client.Close()
		s.connected = false
		var se *gomail.SendError
		if errors.As(err, &se) && (se.Reason == gomail.ErrConnCheck || se.Reason == gomail.ErrSMTPMailFrom) && !Permanent(err) && attempt == 0 {
			continue // the server dropped an idle connection: dial once more
		}
		return fmt.Errorf("smtp %s:%d: send %s: %w", s.opts.Host, s.opts.Port, m.MessageID, err)
	}
}

// Close ends the connection.
func (s *Sender) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.connected {
		return nil
	}
	s.connected = false
	return s.client.Close()
}

// Permanent reports whether err is a refusal that retrying will not change
// (an SMTP 5xx answer).
func Permanent(err error) bool {
	var se *gomail.SendError
	return errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500
}

// Compose turns an outbox mail into a message: From the bot, the stable
// Message-ID, threading headers, Reply-To, Auto-Submitted (auto-replied for
// answers, auto-generated for the rest), the X-Windpost-* headers, and a
// multipart/alternative body: the text as text/plain (UTF-8) and the same
// text in one <pre> block as text/html.
func Compose(m games.Mail, bot Bot) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.FromFormat(bot.Name, bot.Address); err != nil {
		return nil, fmt.Errorf("mail %s: from %q: %w", m.ID, bot.Address, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail %s: to %q: %w", m.ID, m.To, err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyToFormat(bot.Name, m.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail %s: reply-to %q: %w", m.ID, m.ReplyTo, err)
		}
	}
	msg.Subject(m.Subject)
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(strings.Trim(m.MessageID, "<>"))
	} else {
		msg.SetMessageID()
	}
	msg.SetDate()
	if m.InReplyTo != "" {
		msg.SetGenHeader(gomail.HeaderInReplyTo, m.InReplyTo)
	}
	if len(m.References) > 0 {
		msg.SetGenHeader(gomail.HeaderReferences, strings.Join(m.References, " "))
	}
	auto := "auto-generated"
	if m.Kind == games.Answer {
		auto = "auto-replied"
	}
	msg.SetGenHeader("Auto-Submitted", auto)
	// Ask Exchange and others not to send out-of-office replies to us.
	msg.SetGenHeader("X-Auto-Response-Suppress", "All")
	names := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if v := strings.TrimSpace(m.Headers[k]); v != "" {
			msg.SetGenHeader(gomail.Header(k), v)
		}
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, HTMLBody(m.Text))
	return msg, nil
}

// HTMLBody is the text/html twin of a plain-text body: the whole text,
// escaped, in one monospace <pre> block (no tables: some webmail renders a
// board in invalid table markup at zero size).
func HTMLBody(text string) string {
	return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n" +
		"<pre style=\"font-family: Menlo, Consolas, 'DejaVu Sans Mono', monospace; font-size: 14px; line-height: 1.25;\">" +
		html.EscapeString(text) + "</pre>\n</body></html>\n"
}

// Outbox sends what the store has pending, oldest first, and retries
// failures with exponential backoff. Because pending mail lives in the
// store, nothing is lost across restarts: a mail is marked sent only after
// the server accepted it (so a crash between the two sends it again, with
// the same Message-ID). If the store cannot record that mark, the failure
// is logged as an error and the mail is only marked, not sent again, on
// the next flush.
type Outbox struct {
	Store  OutboxStore
	Send   func(ctx context.Context, m games.Mail) error // usually (*Sender).Send
	Log    *slog.Logger
	Now    func() time.Time // nil = time.Now
	Retry  time.Duration    // first retry delay; 0 = 30s
	MaxGap time.Duration    // longest retry delay; 0 = 1h
	// Idle is how long Run sleeps when nothing is due and nobody wakes it;
	// 0 = 30s.
	Idle time.Duration
	// Lanes is how many mails are sent at once (see Flush); 0 = 1.
	Lanes int

	wakeOnce sync.Once
	wake     chan struct{}

	mu sync.Mutex
	// accepted holds mail the server accepted but the store could not mark
	// sent (by outbox ID, with the time of acceptance): it is marked, not
	// sent again, on the next flush.
	accepted map[string]time.Time
}

func (o *Outbox) init() {
	o.wakeOnce.Do(func() { o.wake = make(chan struct{}, 1) })
}

func (o *Outbox) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Wake makes Run look at the store now (after Handle or Tick queued mail).
func (o *Outbox) Wake() {
	o.init()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Backoff is the delay before the next try after a mail's attempts-th
// failure (1 = the first).
func (o *Outbox) Backoff(attempts int, permanent bool) time.Duration {
	base, max := o.Retry, o.MaxGap
	if base <= 0 {
		base = 30 * time.Second
	}
	if max <= 0 {
		max = time.Hour
	}
	if permanent {
		return max
	}
	d := base
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	if d > max {
		d = max
	}
	return d
}

// Flush sends every mail that is due now and returns how many the server
// accepted. A refused mail is recorded with its next try and the others
// still go; after three failures in a row in a lane (the server is likely
// down) it stops and returns the last error.
//
// With Lanes > 1, mail is sent over that many connections at once (Send
// must then be safe for concurrent use, like SenderPool.Send); all mail to
// one recipient goes through the same lane, in order.
func (o *Outbox) Flush(ctx context.Context) (sent int, err error) {
	const batch = 64
	n := max(o.Lanes, 1)
	var lastErr error
	for round := 0; round < 10000; round++ {
		due, err := o.Store.DueMail(o.now(), batch*n)
		if err != nil {
			o.log().Error("cannot read the outbox from the store", "err", err)
			return sent, fmt.Errorf("outbox: %w", err)
		}
		if len(due) == 0 {
			return sent, lastErr
		}
		lanes := make([][]games.Mail, n)
		for _, m := range due {
			i := Lane(m.To, n)
			lanes[i] = append(lanes[i], m)
		}
		type result struct {
			sent         int
			stop, failed error
		}
		results := make([]result, n)
		var wg sync.WaitGroup
		for i := range lanes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := &results[i]
				r.sent, r.failed, r.stop = o.sendLane(ctx, lanes[i])
			}()
		}
		wg.Wait()
		var stop error
		for _, r := range results {
			sent += r.sent
			if r.failed != nil {
				lastErr = r.failed
			}
			if r.stop != nil {
				stop = r.stop
			}
		}
		if stop != nil {
			return sent, stop
		}
		if len(due) < batch*n {
			return sent, lastErr
		}
	}
	return sent, lastErr
}

// Lane is the lane of n that mail to the address to goes through.
func Lane(to string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(to)))
	return int(h.Sum32() % uint32(n))
}

// sendLane sends mails in order. It returns the number sent, the last
// send failure, and an error that must stop the flush (the store failed,
// ctx ended, or three failures in a row).
func (o *Outbox) sendLane(ctx context.Context, mails []games.Mail) (sent int, failed, stop error) {
	failures := 0
	for _, m := range mails {
		if ctx.Err() != nil {
			return sent, failed, ctx.Err()
		}
		if at, ok := o.acceptedAt(m.ID); ok {
			// Sent before; only the mark is missing.
			if err := o.markSent(m, at); err != nil {
				return sent, failed, err
			}
			sent++
			continue
		}
		if serr := o.Send(ctx, m); serr != nil {
			if ctx.Err() != nil {
				return sent, failed, ctx.Err()
			}
			next := o.now().Add(o.Backoff(m.Attempts+1, Permanent(serr)))
			if err := o.Store.MarkFailed(m.ID, serr.Error(), next); err != nil {
				o.log().Error("cannot record a failed send in the store", "mail", m.ID, "err", err, "send_err", serr)
				return sent, failed, fmt.Errorf("outbox: mark %s failed: %w", m.ID, err)
			}
			o.log().Warn("send failed", "mail", m.ID, "to", m.To, "attempt", m.Attempts+1, "retry", next.Format(time.RFC3339), "err", serr)
			failures++
			failed = serr
			if failures >= 3 {
				return sent, failed, serr
			}
			continue
		}
		failures = 0
		o.log().Info("sent", "mail", m.ID, "to", m.To, "kind", string(m.Kind), "subject", m.Subject)
		if err := o.markSent(m, o.now()); err != nil {
			return sent, failed, err
		}
		sent++
	}
	return sent, failed, nil
}

// markSent records in the store that the server accepted m at at. If the
// store fails, m is remembered as accepted, so that this process does not
// send it again, and the failure is logged as an error.
func (o *Outbox) markSent(m games.Mail, at time.Time) error {
	err := o.Store.MarkSent(m.ID, at)
	o.mu.Lock()
	defer o.mu.Unlock()
	if err == nil {
		delete(o.accepted, m.ID)
		return nil
	}
	if o.accepted == nil {
		o.accepted = map[string]time.Time{}
	}
	o.accepted[m.ID] = at
	o.log().Error("the server accepted a mail but the store could not mark it sent; it will not be sent again by this process, but would be after a restart",
		"mail", m.ID, "to", m.To, "err", err)
	return fmt.Errorf("outbox: mark %s sent: %w", m.ID, err)
}

func (o *Outbox) acceptedAt(id string) (time.Time, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	at, ok := o.accepted[id]
	return at, ok
}

// SenderPool is a few Senders to the same server, one per lane: mail to
// one recipient always takes the same connection.
type SenderPool struct {
	senders []*Sender
}

// NewSenderPool returns n senders (at least one).
func NewSenderPool(opts SMTPOptions, bot Bot, n int) (*SenderPool, error) {
	p := &SenderPool{}
	for i := 0; i < max(n, 1); i++ {
		s, err := NewSender(opts, bot)
		if err != nil {
			return nil, err
		}
		p.senders = append(p.senders, s)
	}
	return p, nil
}

// Lanes is the number of connections.
func (p *SenderPool) Lanes() int { return len(p.senders) }

// Send sends m over its recipient's connection.
func (p *SenderPool) Send(ctx context.Context, m games.Mail) error {
	return p.senders[Lane(m.To, len(p.senders))].Send(ctx, m)
}

// Close closes every connection.
func (p *SenderPool) Close() error {
	var errs []error
	for _, s := range p.senders {
		errs = append(errs, s.Close())
	}
	return errors.Join(errs...)
}

// Run flushes the outbox whenever Wake is called, and at least every Idle,
// until ctx ends. Failures are logged and retried as their backoff says.
func (o *Outbox) Run(ctx context.Context) error {
	o.init()
	idle := o.Idle
	if idle <= 0 {
		idle = 30 * time.Second
	}
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-o.wake:
		case <-t.C:
		}
		if _, err := o.Flush(ctx); err != nil && ctx.Err() == nil {
			// Each failure was logged where it happened.
			o.log().Debug("outbox flush", "err", err)
		}
		if !t.Stop() {
			select {
			case <-t.C:
			default:
			}
		}
		t.Reset(idle)
	}
}

func (o *Outbox) log() *slog.Logger {
	if o.Log != nil {
		return o.Log
	}
	return slog.New(slog.DiscardHandler)
}

// tlsFor is a copy of tc (nil = the system roots) that checks the
// server's certificate for host unless tc names another server.
func tlsFor(tc *tls.Config, host string) *tls.Config {
	if tc == nil {
		tc = &tls.Config{}
	} else {
		tc = tc.Clone()
	}
	if tc.ServerName == "" {
		tc.ServerName = host
	}
	return tc
}

func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[i+1:]
	}
	return "localhost"
}
