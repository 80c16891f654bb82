package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"

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

	mu     sync.Mutex
	client *gomail.Client
	conn   *smtp.Client // nil while not connected
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
// A mail larger than the server's SIZE fails with ErrTooLarge, unsent.
func (s *Sender) Send(ctx context.Context, m games.Mail) error {
	msg, err := Compose(m, s.bot)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for attempt := 0; ; attempt++ {
		if err := s.connect(ctx); err != nil {
			return err
		}
		if err := fits(s.conn, msg); err != nil {
			return fmt.Errorf("smtp %s:%d: send mail %s: %w", s.opts.Host, s.opts.Port, m.ID, err)
		}
		err := s.client.SendWithSMTPClient(s.conn, msg)
		if err == nil {
			return nil
		}
		// Start the next send on a fresh connection whatever went wrong:
		// the SMTP dialogue may be in any state after a failure.
		_ = s.client.CloseWithSMTPClient(s.conn)
		s.conn = nil
		var se *gomail.SendError
		if errors.As(err, &se) && (se.Reason == gomail.ErrConnCheck || se.Reason == gomail.ErrSMTPMailFrom) && !Permanent(err) && attempt == 0 {
			continue // the server dropped an idle connection: dial once more
		}
		return fmt.Errorf("smtp %s:%d: send mail %s: %w", s.opts.Host, s.opts.Port, m.ID, err)
	}
}

// connect connects and signs in unless a connection is open; the caller
// holds s.mu.
func (s *Sender) connect(ctx context.Context) error {
	if s.conn != nil {
		return nil
	}
	dctx, cancel := context.WithTimeout(ctx, s.opts.timeout())
	defer cancel()
	c, err := s.client.DialToSMTPClientWithContext(dctx)
	if err != nil {
		return fmt.Errorf("smtp %s:%d: connect: %w", s.opts.Host, s.opts.Port, err)
	}
	s.conn = c
	return nil
}

// Close ends the connection.
func (s *Sender) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.conn
	s.conn = nil
	return s.client.CloseWithSMTPClient(c)
}

// ErrTooLarge is wrapped by Send's error for a mail larger than the
// server takes (its SIZE extension, RFC 1870): it is not sent at all.
var ErrTooLarge = errors.New("the mail is larger than the server takes")

// fits refuses msg with ErrTooLarge if the server c announced a SIZE
// limit that msg exceeds.
func fits(c *smtp.Client, msg *gomail.Msg) error {
	ok, param := c.Extension("SIZE")
	limit, _ := strconv.ParseInt(strings.TrimSpace(param), 10, 64)
	if !ok || limit <= 0 {
		return nil
	}
	var n octets
	if _, err := msg.WriteTo(&n); err != nil {
		return err
	}
	if int64(n) > limit {
		return fmt.Errorf("%w: %d octets, the server takes at most %d", ErrTooLarge, n, limit)
	}
	return nil
}

// octets counts what is written to it.
type octets int64

func (n *octets) Write(p []byte) (int, error) {
	*n += octets(len(p))
	return len(p), nil
}

// TooLarge reports whether err is ErrTooLarge or the server's refusal of a
// mail for its size (SMTP 552, or the enhanced codes 5.3.4 and 5.2.3): sending it again
// cannot help.
func TooLarge(err error) bool {
	if errors.Is(err, ErrTooLarge) {
		return true
	}
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return false
	}
	esc := se.EnhancedStatusCode()
	return se.ErrorCode() == 552 || esc == "5.3.4" || esc == "5.2.3"
}

// Permanent reports whether err is a refusal that retrying will not change
// (an SMTP 5xx answer).
func Permanent(err error) bool {
	var se *gomail.SendError
	return errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500
}

// ErrNeverComposable is wrapped by Compose's error for a mail that no
// retry can ever compose: a recipient the mail library refuses, or a header
// line that cannot be kept within 998 octets. The outbox gives such a mail
// up at once.
var ErrNeverComposable = errors.New("the mail can never be composed")

// maxLine is the longest header line RFC 5322 allows, in octets, without
// its CRLF; maxThreadID the longest Message-ID kept in In-Reply-To and
// References (longer ones, which no folding can split, are left out).
const (
	maxLine     = 998
	maxThreadID = 900
)

// CheckAddress reports whether windpost can ever send mail to addr: it
// must be a bare address (no display name) that the mail library reads
// as Compose does, at most 254 octets (RFC 5321). bob@windpost..test,
// "a\x01b@x.test" and bob@x.test:25 fail.
func CheckAddress(addr string) error {
	if len(addr) > 254 {
		return fmt.Errorf("address %.40q...: longer than 254 octets", addr)
	}
	if err := gomail.NewMsg().To(addr); err != nil {
		return fmt.Errorf("address %q: %w", addr, err)
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Name != "" || !strings.EqualFold(a.Address, addr) {
		return fmt.Errorf("address %q: not a bare address", addr)
	}
	return nil
}

// Compose turns an outbox mail into a message: From the bot, the stable
// Message-ID, threading headers, Reply-To, Auto-Submitted (auto-replied for
// answers, auto-generated for the rest), the X-Windpost-* headers, and a
// multipart/alternative body: the text as text/plain (UTF-8,
// format=flowed) and as text/html, both rendered from its document. A mail about a
// game has a picture of its board too (boardpicture.go): the alternatives
// and the PNG go in a multipart/related, and the HTML part shows it. A
// mail with files (m.Attachments: a game's records) is a multipart/mixed of
// all that, then the files (attachments.go).
//
// No header line is longer than 998 octets: the subject is shortened to
// games.MaxSubject characters (its tag kept) and folded by the mail
// library, Message-IDs that could not fit are left out of In-Reply-To and
// References, and a mail that still has a longer line (or whose To the
// mail library refuses) fails with ErrNeverComposable.
func Compose(m games.Mail, bot Bot) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.FromFormat(bot.Name, bot.Address); err != nil {
		return nil, fmt.Errorf("mail %s: from %q: %w", m.ID, bot.Address, err)
	}
	if err := CheckAddress(m.To); err != nil {
		return nil, fmt.Errorf("mail %s: to: %w: %w", m.ID, ErrNeverComposable, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail %s: to %q: %w: %w", m.ID, m.To, ErrNeverComposable, err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyToFormat(bot.Name, m.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail %s: reply-to %q: %w", m.ID, m.ReplyTo, err)
		}
	}
	msg.Subject(games.ShortenSubject(m.Subject))
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(strings.Trim(m.MessageID, "<>"))
	} else {
		msg.SetMessageID()
	}
	msg.SetDate()
	if threadID(m.InReplyTo) {
		msg.SetGenHeader(gomail.HeaderInReplyTo, m.InReplyTo)
	}
	if refs := slices.DeleteFunc(slices.Clone(m.References), func(id string) bool { return !threadID(id) }); len(refs) > 0 {
		msg.SetGenHeader(gomail.HeaderReferences, strings.Join(refs, " "))
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
	msg.SetBodyString(flowedPlain, m.Body().Flowed())
	addHTML(msg, m)
	if err := addAttachments(msg, m); err != nil {
		return nil, err
	}
	if err := checkHeaderLines(msg); err != nil {
		return nil, fmt.Errorf("mail %s: %w: %w", m.ID, ErrNeverComposable, err)
	}
	return msg, nil
}

// threadID reports whether id is a Message-ID fit for In-Reply-To and
// References: "<...>" of printable ASCII without spaces, short enough for
// a header line.
func threadID(id string) bool {
	if len(id) < 3 || len(id) > maxThreadID || id[0] != '<' || id[len(id)-1] != '>' {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] <= ' ' || id[i] > '~' {
			return false
		}
	}
	return true
}

// errHeaderEnd stops writing a message once its header has been checked.
var errHeaderEnd = errors.New("end of header")

// checkHeaderLines writes msg's header (not its body) and fails on a line
// over maxLine octets.
func checkHeaderLines(msg *gomail.Msg) error {
	w := &headerLines{}
	_, err := msg.WriteTo(w)
	if w.err != nil {
		return w.err
	}
	if err != nil && !errors.Is(err, errHeaderEnd) {
		return err
	}
	return nil
}

// headerLines is a writer that measures header lines until the empty line
// that ends the header.
type headerLines struct {
	line int  // octets in the current line so far
	cr   bool // the last octet was CR
	err  error
}

func (w *headerLines) Write(p []byte) (int, error) {
	for i, c := range p {
		if c != '\n' {
			w.line++
			w.cr = c == '\r'
			continue
		}
		n := w.line
		if w.cr {
			n--
		}
		if n > maxLine {
			w.err = fmt.Errorf("a header line of %d octets (at most %d)", n, maxLine)
			return i, w.err
		}
		if n == 0 {
			return i + 1, errHeaderEnd
		}
		w.line, w.cr = 0, false
	}
	return len(p), nil
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
