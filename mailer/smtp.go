package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"html"
	"sort"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
)

// SMTPOptions says how to reach the SMTP server.
type SMTPOptions struct {
	Host      string
	Port      int
	TLS       config.TLSMode // no default: a zero mode is refused
	Username  string         // "" = no AUTH
	Password  string
	OAuth     TokenSource   // nil = sign in with the password
	TLSConfig *tls.Config   // nil = the system roots, ServerName = Host
	Timeout   time.Duration // per connection step; 0 = 30s
}

func (o *SMTPOptions) timeout() time.Duration { return positiveOr(o.Timeout, 30*time.Second) }

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
	tc := tlsFor(opts.TLSConfig, opts.Host)
	copts := []gomail.Option{
		gomail.WithPort(opts.Port),
		gomail.WithTimeout(opts.timeout()),
		gomail.WithTLSConfig(tc),
		gomail.WithHELO(domainOf(bot.Address)),
		// No NOOP before each mail: a connection the server has closed
		// fails at MAIL FROM, before anything was accepted, and Send
		// dials again then.
		gomail.WithoutNoop(),
	}
	if err := opts.TLS.Check(); err != nil {
		return nil, fmt.Errorf("smtp: TLS mode: %w", err)
	}
	switch opts.TLS {
	case config.TLSImplicit:
		copts = append(copts, gomail.WithSSL())
	case config.TLSStartTLS:
		copts = append(copts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case config.TLSNone:
		copts = append(copts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	copts = append(copts, smtpAuth(&opts)...)
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
			dctx, cancel := context.WithTimeout(ctx, s.opts.timeout())
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
		// the SMTP dialogue may be in any state after a failure.
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
