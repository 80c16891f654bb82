// Package localmail is a small mail server for trying windpost on one
// machine: an IMAP server (go-imap/v2's imapserver with its in-memory
// backend) and an SMTP server (go-smtp), both on loopback, with local
// delivery of every accepted mail into the recipients' in-memory INBOX.
//
// It knows one domain and a fixed set of accounts. Plus-addresses
// (bot+tag@domain) are delivered to the account before the '+', with the
// full address kept in a Delivered-To header, as Postfix does. Mail for
// other domains or unknown accounts is refused at RCPT; nothing ever
// leaves the machine. Connections are not encrypted (loopback only); SMTP
// AUTH PLAIN is offered but not required. Mailboxes live in memory
// and are gone when the server stops.
package localmail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Account is one mailbox owner; the login is the full address.
type Account struct {
	Name     string // local part, e.g. "alice"
	Password string
}

// Options configures a Server.
type Options struct {
	Domain   string    // e.g. "windpost.localhost"
	Host     string    // listen address; "" = 127.0.0.1
	IMAPPort int       // 0 = any free port
	SMTPPort int       // 0 = any free port
	Accounts []Account // at least one
	// Caps are the IMAP capabilities to advertise; nil = IMAP4rev2 (which
	// includes IDLE, MOVE and UIDPLUS). Tests use this to play an old
	// server.
	Caps imap.CapSet
	// MaxMessageBytes bounds one SMTP message; 0 = 10 MiB.
	MaxMessageBytes int64
	Log             *slog.Logger // nil = no logs
	// CheckToken, if set, makes both servers offer XOAUTH2 and
	// OAUTHBEARER and decides which bearer tokens sign in.
	CheckToken TokenChecker
	// OAuthMechanisms are the OAuth mechanisms offered with CheckToken;
	// nil = XOAUTH2 and OAUTHBEARER (tests play Outlook with XOAUTH2 only).
	OAuthMechanisms []string
	// Now, if set, is the time Deliver stamps a mail with (its
	// INTERNALDATE); nil = time.Now. Tests give their own clock.
	Now func() time.Time
}

// Server is a running local mail server.
type Server struct {
	domain string
	log    *slog.Logger
	mem    *imapmemserver.Server
	users  map[string]*imapmemserver.User // by local part

	imapLn net.Listener
	smtpLn net.Listener
	imap   *imapserver.Server
	smtp   *smtp.Server
	wg     sync.WaitGroup

	mu        sync.Mutex
	delivered int

	opts      Options
	life      sync.Mutex // Restart and Close
	closeOnce sync.Once
	closeErr  error
}

// Start listens on both ports and serves until Close.
func Start(o Options) (*Server, error) {
	if o.Domain == "" {
		return nil, errors.New("localmail: no domain")
	}
	if len(o.Accounts) == 0 {
		return nil, errors.New("localmail: no accounts")
	}
	if o.Host == "" {
		o.Host = "127.0.0.1"
	}
	if o.MaxMessageBytes == 0 {
		o.MaxMessageBytes = 10 << 20
	}
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{domain: strings.ToLower(o.Domain), log: log, mem: imapmemserver.New(), users: map[string]*imapmemserver.User{}}
	for _, a := range o.Accounts {
		name := strings.ToLower(a.Name)
		if name == "" || strings.ContainsAny(name, "+@ ") {
			return nil, fmt.Errorf("localmail: bad account name %q", a.Name)
		}
		u := imapmemserver.NewUser(name+"@"+s.domain, a.Password)
		for _, mb := range []struct {
			name string
			use  imap.MailboxAttr
		}{{"INBOX", ""}, {"Sent", imap.MailboxAttrSent}, {"Drafts", imap.MailboxAttrDrafts}, {"Trash", imap.MailboxAttrTrash}} {
			var co *imap.CreateOptions
			if mb.use != "" {
				co = &imap.CreateOptions{SpecialUse: []imap.MailboxAttr{mb.use}}
			}
			if err := u.Create(mb.name, co); err != nil {
				return nil, fmt.Errorf("localmail: %s: %w", mb.name, err)
			}
			_ = u.Subscribe(mb.name)
		}
		s.mem.AddUser(u)
		s.users[name] = u
	}

	s.opts = o
	if err := s.listen(o.IMAPPort, o.SMTPPort); err != nil {
		return nil, err
	}
	return s, nil
}

// listen makes fresh IMAP and SMTP servers over the shared mailboxes and
// serves them on the given ports.
func (s *Server) listen(imapPort, smtpPort int) error {
	o := s.opts
	caps := o.Caps
	if caps == nil {
		caps = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	}
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapSession{s: s}, nil, nil
		},
		Caps:         caps,
		InsecureAuth: true,
		Logger:       printfLogger{s.log.With("server", "imap")},
	})
	s.smtp = smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &smtpSession{s: s}, nil
	}))
	s.smtp.Domain = s.domain
	s.smtp.AllowInsecureAuth = true
	s.smtp.MaxMessageBytes = o.MaxMessageBytes
	s.smtp.MaxRecipients = 50
	s.smtp.ReadTimeout = 5 * time.Minute
	s.smtp.WriteTimeout = time.Minute
	s.smtp.ErrorLog = printfLogger{s.log.With("server", "smtp")}

	var err error
	if s.imapLn, err = listen(o.Host, imapPort, "IMAP"); err != nil {
		return err
	}
	if s.smtpLn, err = listen(o.Host, smtpPort, "SMTP"); err != nil {
		s.imapLn.Close()
		return err
	}
	imapSrv, smtpSrv, imapLn, smtpLn := s.imap, s.smtp, s.imapLn, s.smtpLn
	s.wg.Add(2)
	go func() { defer s.wg.Done(); _ = imapSrv.Serve(imapLn) }()
	go func() { defer s.wg.Done(); _ = smtpSrv.Serve(smtpLn) }()
	return nil
}

// stop closes the listeners and every connection.
func (s *Server) stop() error {
	// Closing the listeners ourselves also covers a Serve that has not
	// registered its listener yet.
	s.imapLn.Close()
	s.smtpLn.Close()
	err := errors.Join(s.imap.Close(), s.smtp.Close())
	s.wg.Wait()
	return err
}

// Restart drops every connection and stops answering for down, then
// serves again on the same ports; the mailboxes are kept. Tests use it to
// play a mail server that goes away and comes back.
func (s *Server) Restart(down time.Duration) error {
	s.life.Lock()
	defer s.life.Unlock()
	_, ip := addrPort(s.imapLn.Addr())
	_, sp := addrPort(s.smtpLn.Addr())
	if err := s.stop(); err != nil {
		s.log.Debug("stop", "err", err)
	}
	time.Sleep(down)
	return s.listen(ip, sp)
}

func addrPort(a net.Addr) (string, int) {
	t := a.(*net.TCPAddr)
	return t.IP.String(), t.Port
}

func listen(host string, port int, what string) (net.Listener, error) {
	addr := net.JoinHostPort(host, fmt.Sprint(port))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) || strings.Contains(err.Error(), "address already in use") {
			return nil, fmt.Errorf("localmail: %s port %d on %s is already taken by another program; choose another port", what, port, host)
		}
		return nil, fmt.Errorf("localmail: %s: %w", what, err)
	}
	return ln, nil
}

// IMAPAddr is the IMAP server's host:port.
func (s *Server) IMAPAddr() string {
	s.life.Lock()
	defer s.life.Unlock()
	return s.imapLn.Addr().String()
}

// SMTPAddr is the SMTP server's host:port.
func (s *Server) SMTPAddr() string {
	s.life.Lock()
	defer s.life.Unlock()
	return s.smtpLn.Addr().String()
}

// Domain is the one mail domain.
func (s *Server) Domain() string { return s.domain }

// Address is the mail address of account name.
func (s *Server) Address(name string) string { return name + "@" + s.domain }

// Delivered counts the mails delivered into mailboxes so far (one per
// recipient).
func (s *Server) Delivered() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.delivered
}

// Close stops both servers and ends their connections. Closing twice is
// harmless.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.life.Lock()
		defer s.life.Unlock()
		s.closeErr = s.stop()
	})
	return s.closeErr
}

// account returns the account an address is delivered to ("" if none):
// the local part up to a '+', in the server's domain, any case.
func (s *Server) account(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 || !strings.EqualFold(addr[at+1:], s.domain) {
		return ""
	}
	local := strings.ToLower(addr[:at])
	if i := strings.IndexByte(local, '+'); i >= 0 {
		local = local[:i]
	}
	if _, ok := s.users[local]; !ok {
		return ""
	}
	return local
}

// now is the time a delivered mail is stamped with: Options.Now, or the
// real time.
func (s *Server) now() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now()
	}
	return time.Now()
}

// Deliver puts a raw message into the INBOX of the account rcpt belongs
// to, with Return-Path and Delivered-To headers on top (as a delivery
// agent writes them). from is the envelope sender ("" for a bounce).
func (s *Server) Deliver(from, rcpt string, raw []byte) error {
	name := s.account(rcpt)
	if name == "" {
		return fmt.Errorf("localmail: no mailbox for %s", rcpt)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "Return-Path: <%s>\r\nDelivered-To: %s\r\n", from, rcpt)
	b.Write(raw)
	if _, err := s.users[name].Append("INBOX", bytes.NewReader(b.Bytes()), &imap.AppendOptions{Time: s.now()}); err != nil {
		return fmt.Errorf("localmail: deliver to %s: %w", rcpt, err)
	}
	s.mu.Lock()
	s.delivered++
	s.mu.Unlock()
	s.log.Debug("delivered", "from", from, "to", withoutPlus(rcpt), "bytes", b.Len())
	return nil
}

// withoutPlus is addr with the plus part of its local part shown as "…":
// it may carry a secret (windpost's reply key), which has no place in a log.
func withoutPlus(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		at = len(addr)
	}
	if plus := strings.IndexByte(addr[:at], '+'); plus >= 0 {
		return addr[:plus+1] + "…" + addr[at:]
	}
	return addr
}

// imapSession is one IMAP connection: the in-memory backend's session
// with our login and an IDLE that first reports what happened since the
// last command (the backend's own IDLE only reports later changes, so a
// mail delivered just before IDLE would wait for the next command).
type imapSession struct {
	*imapmemserver.UserSession // nil until LOGIN
	s                          *Server
}

func (is *imapSession) Login(username, password string) error {
	name := is.s.account(username)
	if name == "" || !strings.EqualFold(username, is.s.Address(name)) {
		return imapserver.ErrAuthFailed
	}
	u := is.s.users[name]
	if err := u.Login(is.s.Address(name), password); err != nil {
		return imapserver.ErrAuthFailed
	}
	is.UserSession = imapmemserver.NewUserSession(u)
	return nil
}

func (is *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if err := is.UserSession.Poll(w, true); err != nil {
		return err
	}
	return is.UserSession.Idle(w, stop)
}

func (is *imapSession) Close() error {
	if is.UserSession == nil {
		return nil
	}
	return is.UserSession.Close()
}

// smtpSession is one SMTP connection: its login and the transaction at
// hand.
type smtpSession struct {
	s     *Server
	from  string
	rcpts []string
}

func (ss *smtpSession) AuthMechanisms() []string { return ss.s.mechanisms() }

func (ss *smtpSession) Auth(mech string) (sasl.Server, error) {
	check := func(username, password string) error {
		u := ss.s.users[ss.s.account(username)]
		if u == nil || u.Login(strings.ToLower(username), password) != nil {
			return smtp.ErrAuthFailed
		}
		return nil
	}
	if mech != sasl.Plain {
		if ss.s.opts.CheckToken == nil {
			return nil, smtp.ErrAuthUnknownMechanism
		}
		return ss.s.bearerServer(mech, func(string) error { return nil }, smtp.ErrAuthFailed)
	}
	return sasl.NewPlainServer(func(_, username, password string) error { return check(username, password) }), nil
}

func (ss *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if ss.s.account(to) == "" {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1},
			Message: fmt.Sprintf("no mailbox %s here (this local server only delivers to its own accounts @%s)", to, ss.s.domain)}
	}
	ss.rcpts = append(ss.rcpts, to)
	return nil
}

func (ss *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	for _, rcpt := range ss.rcpts {
		if err := ss.s.Deliver(ss.from, rcpt, raw); err != nil {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: err.Error()}
		}
	}
	return nil
}

func (ss *smtpSession) Reset() { ss.from, ss.rcpts = "", nil }

func (ss *smtpSession) Logout() error { return nil }

type printfLogger struct{ l *slog.Logger }

func (p printfLogger) Printf(format string, v ...any) { p.l.Warn(fmt.Sprintf(format, v...)) }
func (p printfLogger) Println(v ...any)               { p.l.Warn(strings.TrimSpace(fmt.Sprintln(v...))) }
