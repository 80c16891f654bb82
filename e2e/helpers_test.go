package e2e

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	_ "github.com/emersion/go-message/charset"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
	"github.com/windpost/windpost/variants"
	"github.com/windpost/windpost/web"
)

// backend is a set of mail accounts on a running IMAP and SMTP server:
// the embedded localmail server, or Postfix+Dovecot from
// scripts/mailstack-up.sh.
type backend struct {
	name     string
	domain   string
	imapHost string
	imapPort int
	imapTLS  config.TLSMode // for the daemon and the players
	smtpHost string
	smtpPort int
	smtpTLS  config.TLSMode
	smtpAuth bool
	tls      *tls.Config
	password func(local string) string
	local    *localmail.Server // nil for the mail stack
}

// benchPlayers are the extra accounts of the throughput benchmark (also
// made by scripts/mailstack-up.sh).
var benchPlayers = []string{"player1", "player2", "player3", "player4", "player5", "player6", "player7", "player8"}

func (b *backend) addr(local string) string { return local + "@" + b.domain }

// backends returns the embedded backend, and the mail stack too when
// WINDPOST_E2E_MAILSTACK=1 (then a missing or dead mail stack fails).
func backends(t testing.TB) []*backend {
	bs := []*backend{embedded(t)}
	if os.Getenv("WINDPOST_E2E_MAILSTACK") == "1" {
		bs = append(bs, mailstack(t))
	}
	return bs
}

// forEachBackend runs f as a subtest per backend.
func forEachBackend(t *testing.T, f func(t *testing.T, b *backend)) {
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) { f(t, b) })
	}
}

func embedded(t testing.TB) *backend {
	t.Helper()
	var accounts []localmail.Account
	for _, n := range append([]string{"bot", "alice", "bob", "carol"}, benchPlayers...) {
		accounts = append(accounts, localmail.Account{Name: n, Password: n + "-secret"})
	}
	srv := mailtest.Server(t, localmail.Options{Domain: "windpost.test", Accounts: accounts})
	ih, ip := mailtest.HostPort(t, srv.IMAPAddr())
	sh, sp := mailtest.HostPort(t, srv.SMTPAddr())
	return &backend{name: "embedded", domain: "windpost.test", imapHost: ih, imapPort: ip, imapTLS: config.TLSNone,
		smtpHost: sh, smtpPort: sp, smtpTLS: config.TLSNone, password: func(n string) string { return n + "-secret" }, local: srv}
}

// mailstackEnv reads /etc/mailstack/mailstack.env.
func mailstackEnv(t testing.TB) map[string]string {
	t.Helper()
	const path = "/etc/mailstack/mailstack.env"
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("WINDPOST_E2E_MAILSTACK=1 but the mail stack is not set up (%v); run scripts/mailstack-up.sh as root", err)
	}
	defer f.Close()
	env := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if ok {
			env[k] = strings.Trim(v, `"`)
		}
	}
	return env
}

func mailstack(t testing.TB) *backend {
	t.Helper()
	env := mailstackEnv(t)
	tc, err := config.TLSConfig(env["MAILSTACK_TLS_SERVER_NAME"], env["MAILSTACK_CA_CERT"])
	if err != nil {
		t.Fatalf("mail stack CA: %v", err)
	}
	host := env["MAILSTACK_HOST"]
	ip, _ := strconv.Atoi(env["MAILSTACK_IMAPS_PORT"])
	sp, _ := strconv.Atoi(env["MAILSTACK_SUBMISSION_PORT"])
	b := &backend{name: "mailstack", domain: env["MAILSTACK_DOMAIN"], imapHost: host, imapPort: ip, imapTLS: config.TLSImplicit,
		smtpHost: host, smtpPort: sp, smtpTLS: config.TLSStartTLS, smtpAuth: true,
		tls:      tc,
		password: func(string) string { return "secret" }}
	for _, p := range []int{ip, sp} {
		c, err := net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(p)), 3*time.Second)
		if err != nil {
			t.Fatalf("WINDPOST_E2E_MAILSTACK=1 but %s:%d does not answer: %v (run scripts/mailstack-up.sh)", host, p, err)
		}
		c.Close()
	}
	return b
}

// dialIMAP logs in as local.
func (b *backend) dialIMAP(local string) (*imapclient.Client, error) {
	addr := net.JoinHostPort(b.imapHost, strconv.Itoa(b.imapPort))
	opts := &imapclient.Options{TLSConfig: b.tls, Dialer: &net.Dialer{Timeout: 5 * time.Second}}
	var c *imapclient.Client
	var err error
	switch b.imapTLS {
	case config.TLSImplicit:
		c, err = imapclient.DialTLS(addr, opts)
	case config.TLSStartTLS:
		c, err = imapclient.DialStartTLS(addr, opts)
	default:
		c, err = imapclient.DialInsecure(addr, opts)
	}
	if err != nil {
		return nil, err
	}
	if err := c.Login(b.addr(local), b.password(local)).Wait(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// wipe empties the accounts' INBOX and the bot's processed folder, so
// that a test on the shared mail stack starts clean.
func (b *backend) wipe(t testing.TB, locals ...string) {
	t.Helper()
	for _, l := range locals {
		c, err := b.dialIMAP(l)
		if err != nil {
			t.Fatalf("wipe %s: %v", l, err)
		}
		for _, mb := range []string{"INBOX", "windpost/processed"} {
			sel, err := c.Select(mb, nil).Wait()
			if err != nil || sel.NumMessages == 0 {
				continue
			}
			if err := c.Store(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}}, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
				t.Fatalf("wipe %s %s: %v", l, mb, err)
			}
			if err := c.Expunge().Close(); err != nil {
				t.Fatalf("wipe %s %s: %v", l, mb, err)
			}
		}
		c.Logout().Wait()
		c.Close()
	}
}

// dialSMTP connects to the SMTP server as a mail client does, logging in
// as login on the mail stack.
func (b *backend) dialSMTP(login string) (*smtp.Client, error) {
	addr := net.JoinHostPort(b.smtpHost, strconv.Itoa(b.smtpPort))
	var c *smtp.Client
	var err error
	switch b.smtpTLS {
	case config.TLSStartTLS:
		c, err = smtp.DialStartTLS(addr, b.tls)
	case config.TLSImplicit:
		c, err = smtp.DialTLS(addr, b.tls)
	default:
		c, err = smtp.Dial(addr)
	}
	if err != nil {
		return nil, err
	}
	if b.smtpAuth {
		if err := c.Auth(sasl.NewPlainClient("", b.addr(login), b.password(login))); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// send submits a raw mail as local (AUTH on the mail stack).
func (b *backend) send(from string, login string, rcpts []string, raw []byte) error {
	c, err := b.dialSMTP(login)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, rcpts, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

var catalogOnce sync.Once
var catalog *variants.Catalog

func testCatalog() *variants.Catalog {
	catalogOnce.Do(func() {
		dir := filepath.Join(os.TempDir(), "windpost-e2e-cache")
		os.MkdirAll(dir, 0o755)
		catalog = variants.Default(variants.Options{CacheDir: dir})
	})
	return catalog
}

// daemon is windpost running in this process.
type daemon struct {
	d      *mailer.Daemon
	store  *games.Store
	cancel context.CancelFunc
	done   chan error
}

func testLog(t testing.TB) *slog.Logger {
	if os.Getenv("WINDPOST_E2E_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// startDaemon runs windpost for the backend's bot account with a fresh
// store in dir (or the one there); tune may change the daemon before it
// runs.
func startDaemon(t testing.TB, b *backend, dir string, tune ...func(*mailer.Daemon)) *daemon {
	t.Helper()
	return startDaemonWith(t, b, dir, nil, func(d *mailer.Daemon) {
		for _, f := range tune {
			f(d)
		}
	})
}

// startDaemonWithWeb is startDaemon with the web view on: the daemon's
// games link to pages on a test server, over https when tls, that serves
// the daemon's store and its one-click unsubscribe. It returns the daemon
// and the server (closed at the test's end), whose URL the links start with.
func startDaemonWithWeb(t testing.TB, b *backend, tls bool) (*daemon, *httptest.Server) {
	t.Helper()
	view := &web.Handler{}
	ts := httptest.NewUnstartedServer(view)
	scheme := "http://"
	if tls {
		scheme = "https://"
	}
	base := scheme + ts.Listener.Addr().String()
	dm := startDaemonWith(t, b, t.TempDir(), func(c *games.Config) { c.WebBaseURL = base }, nil)
	// Before the server starts: no request has come yet.
	view.Games, view.Unsubscribe = dm.store, dm.d.Games.(*games.Server)
	if tls {
		ts.StartTLS()
	} else {
		ts.Start()
	}
	t.Cleanup(ts.Close)
	return dm, ts
}

// startDaemonWith is startDaemon with the games server's config and the
// daemon changed by tuneGames and tuneDaemon (nil: as they are).
func startDaemonWith(t testing.TB, b *backend, dir string, tuneGames func(*games.Config), tuneDaemon func(*mailer.Daemon)) *daemon {
	t.Helper()
	store, err := games.Open(filepath.Join(dir, "windpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := testLog(t)
	bot := mailer.Bot{Address: b.addr("bot"), Name: "windpost"}
	gc := games.Config{BotAddress: bot.Address, BotName: bot.Name, Seed: 7, Logger: log}
	if tuneGames != nil {
		tuneGames(&gc)
	}
	srv, err := games.NewServer(store, testCatalog(), gc)
	if err != nil {
		t.Fatal(err)
	}
	so := mailer.SMTPOptions{Host: b.smtpHost, Port: b.smtpPort, TLS: b.smtpTLS, TLSConfig: b.tls}
	if b.smtpAuth {
		so.Username, so.Password = bot.Address, b.password("bot")
	}
	snd, err := mailer.NewSenderPool(so, bot, 2)
	if err != nil {
		t.Fatal(err)
	}
	d := &mailer.Daemon{
		IMAP: mailer.IMAPOptions{Host: b.imapHost, Port: b.imapPort, TLS: b.imapTLS, Username: bot.Address, Password: b.password("bot"),
			TLSConfig: b.tls, Poll: 5 * time.Second, CommandTimeout: 10 * time.Second, MaxBackoff: 2 * time.Second},
		Games:  srv,
		Store:  store,
		Outbox: &mailer.Outbox{Store: store, Send: snd.Send, Lanes: snd.Lanes(), Log: log, RetryDelay: time.Second, MaxRetryDelay: 5 * time.Second, Idle: 2 * time.Second},
		Bot:    bot,
		Log:    log,
	}
	if tuneDaemon != nil {
		tuneDaemon(d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	dm := &daemon{d: d, store: store, cancel: cancel, done: make(chan error, 1)}
	go func() { dm.done <- d.Run(ctx) }()
	t.Cleanup(func() { dm.stop(t); snd.Close(); store.Close() })
	return dm
}

// newBotGame empties the bot's and local's mailboxes, starts windpost in
// this process, and has local ask the bot for a casual Gufuu game in a
// mail with subject. It returns the daemon, the player, the Message-ID of
// the player's mail and the bot's answer.
func newBotGame(t *testing.T, b *backend, local, subject string) (*daemon, *player, string, *got) {
	t.Helper()
	dm, ps := startPlayers(t, b, local)
	p := ps[0]
	id := p.send(b.addr("bot"), subject, "new gufuu level casual", mailOpts{})
	return dm, p, id, p.answerTo(id)
}

// startPlayers empties the bot's mailbox and the locals', starts windpost
// in this process with a fresh store, and returns the daemon and a player
// for each local, in their order.
func startPlayers(t testing.TB, b *backend, locals ...string) (*daemon, []*player) {
	t.Helper()
	b.wipe(t, append([]string{"bot"}, locals...)...)
	dm := startDaemon(t, b, t.TempDir())
	ps := make([]*player, len(locals))
	for i, local := range locals {
		ps[i] = newPlayer(t, b, local)
	}
	return dm, ps
}

func (dm *daemon) stop(t testing.TB) {
	if dm.cancel == nil {
		return
	}
	dm.cancel()
	dm.cancel = nil
	select {
	case err := <-dm.done:
		if err != nil {
			t.Errorf("daemon: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Error("daemon did not stop within 30s")
	}
}

// got is a mail a player received.
type got struct {
	UID       uint32
	MessageID string
	InReplyTo string
	Subject   string
	ReplyTo   string
	From      string
	Header    mail.Header
	Text      string
	HTML      string
	Raw       []byte // as the player's IMAP server delivered it
}

func (g *got) game() string { return g.Header.Get("X-Windpost-Game") }

// player is one mail account seen from a mail client.
type player struct {
	t     testing.TB
	b     *backend
	local string
	c     *imapclient.Client
	last  uint32
	mails []*got
}

func newPlayer(t testing.TB, b *backend, local string) *player {
	t.Helper()
	c, err := b.dialIMAP(local)
	if err != nil {
		t.Fatalf("%s: %v", local, err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	return &player{t: t, b: b, local: local, c: c}
}

func (p *player) addr() string { return p.b.addr(p.local) }

var idSeq atomic.Int64

// mailOpts shape an outgoing mail.
type mailOpts struct {
	from      string // "" = the player
	inReplyTo string
	headers   map[string]string
	html      bool   // send text/html only
	charset   string // "" = utf-8; "iso-8859-1" encodes the text so
}

// compose builds a raw mail with go-message.
func compose(from, to, subject, body string, o mailOpts) (raw []byte, id string) {
	id = fmt.Sprintf("e2e.%d.%d@client.example", time.Now().UnixNano(), idSeq.Add(1))
	var h mail.Header
	h.SetDate(time.Now())
	h.SetAddressList("From", []*mail.Address{{Address: from}})
	h.SetAddressList("To", []*mail.Address{{Address: to}})
	h.SetSubject(subject)
	h.SetMessageID(id)
	if o.inReplyTo != "" {
		h.Set("In-Reply-To", o.inReplyTo)
		h.Set("References", o.inReplyTo)
	}
	for k, v := range o.headers {
		h.Set(k, v)
	}
	ct := "text/plain"
	if o.html {
		ct = "text/html"
	}
	cs := o.charset
	if cs == "" {
		cs = "utf-8"
	}
	h.Set("Content-Type", ct+"; charset="+cs)
	h.Set("Content-Transfer-Encoding", "quoted-printable")
	// go-message's writer only writes UTF-8 text, so the header goes
	// through its textproto and the body through mime/quotedprintable.
	var buf bytes.Buffer
	if err := textproto.WriteHeader(&buf, h.Header.Header); err != nil {
		panic(err)
	}
	data := []byte(strings.ReplaceAll(body, "\n", "\r\n"))
	if cs == "iso-8859-1" {
		data = latin1(string(data))
	}
	qp := quotedprintable.NewWriter(&buf)
	qp.Write(data)
	qp.Close()
	return buf.Bytes(), "<" + id + ">"
}

func latin1(s string) []byte {
	var out []byte
	for _, r := range s {
		if r > 255 {
			r = '?'
		}
		out = append(out, byte(r))
	}
	return out
}

// send mails body from the player (or o.from) to to.
func (p *player) send(to, subject, body string, o mailOpts) string {
	p.t.Helper()
	from := o.from
	if from == "" {
		from = p.addr()
	}
	raw, id := compose(from, to, subject, body, o)
	if err := p.b.send(from, p.local, []string{to}, raw); err != nil {
		p.t.Fatalf("%s sends: %v", p.local, err)
	}
	return id
}

// fetchNew reads the mails that came since the last call.
func (p *player) fetchNew() []*got {
	p.t.Helper()
	if err := p.c.Noop().Wait(); err != nil {
		p.t.Fatalf("%s: noop: %v", p.local, err)
	}
	sd, err := p.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{{imap.UIDRange{Start: imap.UID(p.last + 1), Stop: 0}}}}, nil).Wait()
	if err != nil {
		p.t.Fatalf("%s: search: %v", p.local, err)
	}
	var uids []imap.UID
	for _, u := range sd.AllUIDs() {
		if uint32(u) > p.last {
			uids = append(uids, u)
		}
	}
	if len(uids) == 0 {
		return nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := p.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		p.t.Fatalf("%s: fetch: %v", p.local, err)
	}
	var out []*got
	for _, m := range msgs {
		g := parseGot(p.t, m.FindBodySection(sec))
		g.UID = uint32(m.UID)
		if g.UID > p.last {
			p.last = g.UID
		}
		out = append(out, g)
	}
	p.mails = append(p.mails, out...)
	return out
}

func parseGot(t testing.TB, raw []byte) *got {
	t.Helper()
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("parse received mail: %v\n%s", err, raw)
	}
	g := &got{Header: mr.Header, Raw: raw}
	g.MessageID = "<" + mustID(mr.Header.MessageID()) + ">"
	if ids, _ := mr.Header.MsgIDList("In-Reply-To"); len(ids) > 0 {
		g.InReplyTo = "<" + ids[0] + ">"
	}
	g.Subject, _ = mr.Header.Subject()
	if rt, _ := mr.Header.AddressList("Reply-To"); len(rt) > 0 {
		g.ReplyTo = rt[0].Address
	}
	if f, _ := mr.Header.AddressList("From"); len(f) > 0 {
		g.From = f[0].Address
	}
	for i := 0; i < 20; i++ {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("parse received mail: %v", err)
		}
		if ih, ok := part.Header.(*mail.InlineHeader); ok {
			ct, _, _ := ih.ContentType()
			b, _ := io.ReadAll(part.Body)
			switch ct {
			case "text/plain":
				g.Text = strings.ReplaceAll(string(b), "\r\n", "\n")
			case "text/html":
				g.HTML = string(b)
			}
		}
	}
	checkExample(t, g)
	return g
}

func mustID(id string, _ error) string { return id }

// waitMail waits until a mail matching pred has come (new or among those
// seen) and returns the first such.
func (p *player) waitMail(what string, timeout time.Duration, pred func(*got) bool) *got {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for _, g := range p.mails {
		if pred(g) {
			return g
		}
	}
	for {
		for _, g := range p.fetchNew() {
			if pred(g) {
				return g
			}
		}
		if time.Now().After(deadline) {
			var subjects []string
			for _, g := range p.mails {
				subjects = append(subjects, g.Subject)
			}
			p.t.Fatalf("%s: no mail %s within %v (has: %q)", p.local, what, timeout, subjects)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// answerTo waits for windpost's answer to the mail with Message-ID id.
func (p *player) answerTo(id string) *got {
	p.t.Helper()
	return p.waitMail("answering "+id, 30*time.Second, func(g *got) bool { return g.InReplyTo == id })
}

// reply answers g the way a mail client does: to its Reply-To, "Re: "
// subject, In-Reply-To, with the body above g's text quoted in style.
func (p *player) reply(g *got, body, style string, o mailOpts) string {
	p.t.Helper()
	o.inReplyTo = g.MessageID
	return p.send(g.ReplyTo, "Re: "+g.Subject, body+"\n\n"+quote(g, style), o)
}

// quote renders g's text as Gmail, Outlook or Thunderbird put it under a
// reply.
func quote(g *got, style string) string {
	var b strings.Builder
	switch style {
	case "gmail":
		fmt.Fprintf(&b, "On Sat, Nov 21, 2026 at 12:00 PM windpost <%s> wrote:\n\n", g.ReplyTo)
		for _, l := range strings.Split(strings.TrimRight(g.Text, "\n"), "\n") {
			b.WriteString("> " + l + "\n")
		}
	case "outlook":
		// Outlook quotes nothing: a header block, then the text as it was.
		fmt.Fprintf(&b, "________________________________\nFrom: windpost <%s>\nSent: Saturday, November 21, 2026 12:00 PM\nTo: %s\nSubject: %s\n\n%s",
			g.ReplyTo, "player", g.Subject, g.Text)
	case "thunderbird":
		fmt.Fprintf(&b, "On 21/11/2026 12:00, windpost wrote:\n")
		for _, l := range strings.Split(strings.TrimRight(g.Text, "\n"), "\n") {
			b.WriteString(">" + l + "\n")
		}
	}
	return b.String()
}

// filed waits until the bot's processed folder holds the mail with
// Message-ID id (the daemon has handled it).
func (b *backend) filed(t testing.TB, id string, timeout time.Duration) {
	t.Helper()
	b.waitIn(t, "windpost/processed", id, timeout)
}

// waitIn waits until the bot's folder holds the mail with Message-ID id.
func (b *backend) waitIn(t testing.TB, folder, id string, timeout time.Duration) {
	t.Helper()
	c, err := b.dialIMAP("bot")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	deadline := time.Now().Add(timeout)
	for {
		if _, err := c.Select(folder, &imap.SelectOptions{ReadOnly: true}).Wait(); err == nil {
			sd, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Message-ID", Value: id}}}, nil).Wait()
			if err == nil && len(sd.AllUIDs()) > 0 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("mail %s not in %s within %v", id, folder, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
