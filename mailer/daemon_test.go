package mailer

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

// fakeGames answers every new mail with one mail to its sender and
// recognises mail it has seen by Message-ID, like games.Server.
type fakeGames struct {
	mu    sync.Mutex
	store *memStore
	reqs  []games.Request
	seen  map[string]bool
	ticks int
	// tickRuns are the ticks: what each was given, and how many requests
	// were handled by then.
	tickRuns []tickRun
	// onHandle, if set, runs inside Handle (before it returns).
	onHandle func(r games.Request)
	// onPrune, if set, is a step of the prune; it reports whether more follow.
	onPrune func() bool
}

func (g *fakeGames) Handle(_ context.Context, r games.Request) ([]games.Mail, error) {
	if g.onHandle != nil {
		g.onHandle(r)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.seen[r.MessageID] {
		return nil, nil
	}
	g.seen[r.MessageID] = true
	g.reqs = append(g.reqs, r)
	m := games.Mail{ID: "answer-" + r.MessageID, MessageID: "<answer." + strings.Trim(r.MessageID, "<>") + ">", Kind: games.Answer,
		To: r.From, Subject: "Re: " + r.Subject, InReplyTo: r.MessageID, Text: "got: " + strings.Join(r.Lines, " / ") + "\n"}
	g.store.add(m)
	return []games.Mail{m}, nil
}

func (g *fakeGames) TickUpTo(_ context.Context, handledUpTo time.Time) ([]games.Mail, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ticks++
	g.tickRuns = append(g.tickRuns, tickRun{handledUpTo: handledUpTo, handled: len(g.reqs)})
	return nil, nil
}

// Prune does one step, if onPrune says there is one.
func (g *fakeGames) Prune(context.Context) (bool, error) {
	if g.onPrune == nil {
		return false, nil
	}
	return g.onPrune(), nil
}

type tickRun struct {
	handledUpTo time.Time
	handled     int
}

func (g *fakeGames) requests() []games.Request {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]games.Request(nil), g.reqs...)
}

type memStore struct {
	*memOutbox
	mu           sync.Mutex
	cursors      map[string]games.MailboxCursor
	cursorWrites int
}

func (s *memStore) Cursor(mb string) (games.MailboxCursor, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cursors[mb], nil
}

func (s *memStore) SetCursor(mb string, c games.MailboxCursor) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cursorWrites++
	s.cursors[mb] = c
	return nil
}

type rig struct {
	srv    *localmail.Server
	store  *memStore
	games  *fakeGames
	d      *Daemon
	events *events // what the daemon and its outbox told
}

// await waits until cond holds, looking at it after each event of the
// daemon or its outbox.
func (r *rig) await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	r.events.await(t, what, cond)
}

// fakeClock makes the daemon and its outbox wait on a clock the test
// moves.
func (r *rig) fakeClock() *fakeClock {
	c := newFakeClock()
	r.d.Clock, r.d.Outbox.Clock = c, c
	return c
}

// tickOnce moves clk to the next tick and waits until it ran.
func (r *rig) tickOnce(t *testing.T, clk *fakeClock) {
	t.Helper()
	ran := r.events.count(ClocksRan)
	clk.awaitTimer(t, "the next tick", r.d.tickEvery())
	clk.Advance(r.d.tickEvery())
	r.events.awaitCount(t, ClocksRan, ran+1)
}

// tickCount is how many times the games server's clocks ran.
func (g *fakeGames) tickCount() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ticks
}

func newRig(t *testing.T, lo localmail.Options, imapAddr string) *rig {
	t.Helper()
	srv := mailtest.Server(t, lo)
	if imapAddr == "" {
		imapAddr = srv.IMAPAddr()
	}
	ih, ip := mailtest.HostPort(t, imapAddr)
	store := &memStore{memOutbox: newMemOutbox(), cursors: map[string]games.MailboxCursor{}}
	g := &fakeGames{store: store, seen: map[string]bool{}}
	snd := newTestSender(t, srv)
	log := testLogger(t)
	ev := newEvents()
	d := &Daemon{
		IMAP:   IMAPOptions{Host: ih, Port: ip, TLS: config.TLSNone, Username: "bot@example.test", Password: "bot-pw", Poll: time.Hour, CommandTimeout: 5 * time.Second},
		Games:  g,
		Store:  store,
		Outbox: &Outbox{Store: store, Send: snd.Send, Log: log, Events: ev.tell},
		Bot:    testBot,
		Log:    log,
		Events: ev.tell,
	}
	return &rig{srv: srv, store: store, games: g, d: d, events: ev}
}

var msgSeq atomic.Int64

// mailFrom builds a raw mail.
func mailFrom(from, to, subject, body string, extra ...string) []byte {
	id := msgSeq.Add(1)
	h := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: Sat, 21 Nov 2026 12:00:00 +0000\r\nMessage-ID: <t%d@example.test>\r\n", from, to, subject, id)
	for _, e := range extra {
		h += e + "\r\n"
	}
	return []byte(h + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body)
}

func (r *rig) deliver(t *testing.T, raw []byte) {
	t.Helper()
	if err := r.srv.Deliver("alice@example.test", "bot@example.test", raw); err != nil {
		t.Fatal(err)
	}
}

// mailboxStatus returns (messages, unseen) of a folder of the bot.
func mailboxStatus(t *testing.T, r *rig, folder string) (n, unseen uint32) {
	t.Helper()
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("bot@example.test", "bot-pw").Wait(); err != nil {
		t.Fatal(err)
	}
	sd, err := c.Status(folder, &imap.StatusOptions{NumMessages: true, NumUnseen: true}).Wait()
	if err != nil {
		t.Fatalf("status %s: %v", folder, err)
	}
	return *sd.NumMessages, *sd.NumUnseen
}

func TestDaemonIdle(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.deliver(t, mailFrom("alice@example.test", "bot+g1.tok@example.test", "first", "P-2c\r\n"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	r.await(t, "the waiting mail", func() bool { return len(r.games.requests()) == 1 })

	// Poll is an hour: only IDLE can bring this one in quickly.
	t0 := time.Now()
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "second", "resign\r\n"))
	r.await(t, "the mail pushed by IDLE", func() bool { return len(r.games.requests()) == 2 })
	t.Logf("IDLE: handled %v after delivery", time.Since(t0))
	r.await(t, "the answers", func() bool {
		return len(mailtest.Inbox(t, r.srv.IMAPAddr(), "alice@example.test", "alice-pw")) == 2
	})
	r.await(t, "the mail filed", func() bool {
		n, _ := mailboxStatus(t, r, "INBOX")
		return n == 0
	})
	if n, unseen := mailboxStatus(t, r, "windpost/processed"); n != 2 || unseen != 0 {
		t.Errorf("windpost/processed: %d messages, %d unseen; want 2, 0", n, unseen)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	reqs := r.games.requests()
	if reqs[0].From != "alice@example.test" || strings.Join(reqs[0].Lines, "|") != "P-2c" || reqs[0].Subject != "first" {
		t.Errorf("request 1: %+v", reqs[0])
	}
	if cur, _ := r.store.Cursor("INBOX"); cur.LastUID != 2 || cur.UIDValidity == 0 {
		t.Errorf("cursor %+v", cur)
	}
}

func TestDaemonOnceGuardsAndCatchUp(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.MaxMailSize = 2048
	ctx := context.Background()
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "move", "P-2c\r\n"))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "Out of office", "away\r\n", "Auto-Submitted: auto-replied"))
	r.deliver(t, mailFrom("list@example.test", "bot@example.test", "news", "hi\r\n", "List-Id: <x.example.test>"))
	r.deliver(t, mailFrom("bob@example.test", "bot@example.test", "big", strings.Repeat("x", 5000)+"\r\n"))
	noID := []byte("From: bob@example.test\r\nTo: bot@example.test\r\nSubject: no id\r\n\r\nnew gufuu\r\n")
	r.deliver(t, noID)
	if err := r.d.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	reqs := r.games.requests()
	if len(reqs) != 3 {
		t.Fatalf("games got %d requests, want 3 (two were loop-guarded): %+v", len(reqs), reqs)
	}
	if !reqs[1].TooLarge || len(reqs[1].Lines) != 0 {
		t.Errorf("big mail: TooLarge=%v lines=%d", reqs[1].TooLarge, len(reqs[1].Lines))
	}
	if !strings.HasSuffix(reqs[2].MessageID, "@imap.windpost.invalid>") {
		t.Errorf("mail without Message-ID got %q", reqs[2].MessageID)
	}
	if n, _ := mailboxStatus(t, r, "INBOX"); n != 0 {
		t.Errorf("INBOX still has %d (loop-guarded mail must be filed too)", n)
	}
	if n, _ := mailboxStatus(t, r, "windpost/processed"); n != 5 {
		t.Errorf("processed has %d, want 5", n)
	}
	if got := len(mailtest.Inbox(t, r.srv.IMAPAddr(), "alice@example.test", "alice-pw")); got != 1 {
		t.Errorf("alice got %d answers, want 1 (none to her auto-reply)", got)
	}
	// Later mail: only it is read.
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "again", "P-3c\r\n"))
	if err := r.d.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if got := len(r.games.requests()); got != 4 {
		t.Errorf("after a second run: %d requests, want 4", got)
	}
}

func TestDaemonServerWithoutMove(t *testing.T) {
	r := newRig(t, localmail.Options{Caps: imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIdle: {}}}, "")
	ctx := context.Background()
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-3c\r\n"))
	for i := 0; i < 2; i++ {
		if err := r.d.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(r.games.requests()); got != 2 {
		t.Errorf("%d requests, want 2", got)
	}
	// Nothing expunged, everything seen.
	if n, unseen := mailboxStatus(t, r, "INBOX"); n != 2 || unseen != 0 {
		t.Errorf("INBOX: %d messages, %d unseen; want 2, 0", n, unseen)
	}
}

// proxy forwards TCP to target until frozen: then it keeps the
// connections open but forwards nothing (a half-open connection).
type proxy struct {
	ln     net.Listener
	target string
	frozen atomic.Bool
	conns  atomic.Int32
}

// viaProxy points the daemon at a proxy to the IMAP server.
func (r *rig) viaProxy(t *testing.T) *proxy {
	p := newProxy(t, r.srv.IMAPAddr())
	r.d.IMAP.Host, r.d.IMAP.Port = mailtest.HostPort(t, p.ln.Addr().String())
	return p
}

// watchdog makes the daemon poll every poll, give up on a command after
// timeout and dial again after at most poll, so that a dead connection is
// found and replaced quickly.
func (r *rig) watchdog(poll, timeout time.Duration) {
	r.d.IMAP.Poll, r.d.IMAP.CommandTimeout, r.d.IMAP.MaxBackoff = poll, timeout, poll
}

// frozenAtNextLook freezes p when the daemon waits in IDLE for its next
// look at the inbox, wait from now, moves clk there, and waits until the
// daemon finds the connection dead and ends it.
func (r *rig) frozenAtNextLook(t *testing.T, clk *fakeClock, p *proxy, wait time.Duration) {
	t.Helper()
	clk.awaitTimer(t, "the next look at the inbox", wait)
	ended := r.events.count(InboxEnded)
	p.frozen.Store(true)
	clk.Advance(wait)
	r.events.awaitCount(t, InboxEnded, ended+1)
}

func newProxy(t *testing.T, target string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, target: target}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.conns.Add(1)
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			frozenAtStart := p.frozen.Load()
			pipe := func(dst, src net.Conn) {
				buf := make([]byte, 32<<10)
				for {
					n, err := src.Read(buf)
					if n > 0 && !p.frozen.Load() && !frozenAtStart {
						dst.Write(buf[:n])
					}
					if err != nil {
						dst.Close()
						src.Close()
						return
					}
				}
			}
			go pipe(s, c)
			go pipe(c, s)
		}
	}()
	return p
}

func TestDaemonWatchdogReconnects(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	p := r.viaProxy(t)
	r.watchdog(200*time.Millisecond, 300*time.Millisecond)
	clk := r.fakeClock()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	r.await(t, "first mail", func() bool { return len(r.games.requests()) == 1 })

	// The connection goes silent without closing: the watchdog must notice
	// (the command timeout runs on the real clock).
	r.frozenAtNextLook(t, clk, p, r.d.IMAP.busyPoll()) // the quick look after the mail
	p.frozen.Store(false)
	clk.Advance(r.events.last(InboxEnded).Wait)
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-3c\r\n"))
	r.await(t, "mail after the half-open connection", func() bool { return len(r.games.requests()) == 2 })
	if p.conns.Load() < 2 {
		t.Errorf("the daemon did not reconnect: %d connections", p.conns.Load())
	}
	cancel()
	<-done
}

func TestDaemonAuthentication(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.AuthservID = "mx.example.test"
	ar := func(v string) string { return "Authentication-Results: mx.example.test; " + v }
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "pass", "P-2c\r\n", ar("spf=pass smtp.mailfrom=example.test; dkim=pass header.d=example.test; dmarc=pass")))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "dmarc fail", "P-2c\r\n", ar("spf=pass smtp.mailfrom=x.example; dmarc=fail header.from=example.test")))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "nothing passes", "P-2c\r\n", ar("spf=fail; dkim=none")))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "no header", "P-2c\r\n"))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "foreign header", "P-2c\r\n", "Authentication-Results: evil.example; spf=pass; dkim=pass"))
	if err := r.d.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	reqs := r.games.requests()
	if len(reqs) != 1 || reqs[0].Subject != "pass" {
		t.Errorf("handed to games: %+v; want only the authenticated mail", reqs)
	}
	if n, _ := mailboxStatus(t, r, "windpost/processed"); n != 5 {
		t.Errorf("processed has %d, want all 5 (dropped mail is filed too)", n)
	}
}

func TestDaemonUIDValidityChange(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-3c\r\n"))
	// A cursor from another life of the mailbox, far ahead.
	r.store.SetCursor("INBOX", games.MailboxCursor{UIDValidity: 999, LastUID: 100})
	if err := r.d.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := len(r.games.requests()); got != 2 {
		t.Errorf("after a UIDVALIDITY change %d mails were read, want 2", got)
	}
	if cur, _ := r.store.Cursor("INBOX"); cur.UIDValidity == 999 || cur.LastUID != 2 {
		t.Errorf("cursor %+v", cur)
	}
}

func TestDaemonBusyLook(t *testing.T) {
	// No IDLE and an hour between polls: only the quick look after
	// handling mail can bring the second mail in.
	r := newRig(t, localmail.Options{Caps: imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapMove: {}, imap.CapUIDPlus: {}}}, "")
	r.d.IMAP.BusyPoll = 300 * time.Millisecond
	clk := r.fakeClock()
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	r.events.awaitHandled(t, 1)
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-3c\r\n"))
	clk.awaitTimer(t, "the quick look", r.d.IMAP.BusyPoll)
	clk.Advance(r.d.IMAP.BusyPoll)
	r.await(t, "the second mail", func() bool { return len(r.games.requests()) == 2 })
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestDaemonTicks(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.TickEvery = 20 * time.Millisecond
	clk := r.fakeClock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	r.events.awaitCount(t, InboxRead, 1)
	for i := range 3 {
		if n := r.games.tickCount(); n != i {
			t.Fatalf("%d ticks after %d tick times", n, i)
		}
		r.tickOnce(t, clk)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := r.games.tickCount(); n != 3 {
		t.Errorf("%d ticks after 3 tick times", n)
	}
}

// TestDaemonMissingMessageIDAfterMailboxReset: mail without a Message-ID
// gets one made up by the daemon. The embedded server's mailboxes start
// again at UIDVALIDITY 1, UID 1 on every start, so the made-up id must not
// be the place in the mailbox alone, or a new mail after a restart would be
// taken for one handled before and never answered.
func TestDaemonMissingMessageIDAfterMailboxReset(t *testing.T) {
	noID := func(body string) []byte {
		return []byte("From: alice@example.test\r\nTo: bot@example.test\r\nSubject: move\r\n" +
			"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body)
	}
	first := newRig(t, localmail.Options{}, "")
	first.deliver(t, noID("P-2c\r\n"))
	if err := first.d.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	// windpost serve starts again: a fresh mail server, the same games.
	second := newRig(t, localmail.Options{}, "")
	second.d.Games = first.games
	second.deliver(t, noID("P-3c\r\n"))
	if err := second.d.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	reqs := first.games.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d mails reached games, want 2 (the second was taken for the first)", len(reqs))
	}
	if reqs[0].MessageID == reqs[1].MessageID {
		t.Fatalf("both mails got the Message-ID %s", reqs[0].MessageID)
	}
	if got := reqs[1].Lines; len(got) != 1 || got[0] != "P-3c" {
		t.Errorf("second mail's lines %q", got)
	}
}

// TestDaemonFilesMailAfterMoveFailed: when the processed folder was
// deleted under the daemon, MOVE fails with TRYCREATE: the daemon makes
// the folder again and files the mail, instead of leaving it in the inbox
// for ever.
func TestDaemonFilesMailAfterMoveFailed(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.games.onHandle = func(games.Request) {
		c, err := imapclient.DialInsecure(r.srv.IMAPAddr(), nil)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close()
		if err := c.Login("bot@example.test", "bot-pw").Wait(); err != nil {
			t.Error(err)
			return
		}
		if err := c.Delete("windpost/processed").Wait(); err != nil {
			t.Errorf("delete windpost/processed: %v", err)
		}
	}
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	if err := r.d.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n, _ := mailboxStatus(t, r, "INBOX"); n != 0 {
		t.Errorf("INBOX still has %d message(s): handled mail that failed to move is never filed", n)
	}
	if n, _ := mailboxStatus(t, r, "windpost/processed"); n != 1 {
		t.Errorf("windpost/processed has %d, want 1", n)
	}
	if got := len(r.games.requests()); got != 1 {
		t.Errorf("games applied %d mails, want 1", got)
	}
}

// TestDaemonOnceStopped: serve --once stopped by SIGTERM (ctx ended)
// exits cleanly: what was interrupted is no error, and mail handled
// before the stop stays handled.
func TestDaemonOnceStopped(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-3c\r\n"))
	ctx, cancel := context.WithCancel(context.Background())
	r.games.onHandle = func(games.Request) { cancel() } // SIGTERM during the first mail
	if err := r.d.RunOnce(ctx); err != nil {
		t.Errorf("RunOnce stopped: %v; want nil", err)
	}
	if got := len(r.games.requests()); got != 1 {
		t.Errorf("%d mails handled, want 1 (the one in hand)", got)
	}
	if n, _ := mailboxStatus(t, r, "windpost/processed"); n != 1 {
		t.Errorf("processed has %d, want the one handled", n)
	}
	if err := r.d.RunOnce(ctx); err != nil {
		t.Errorf("RunOnce with a stopped context: %v; want nil", err)
	}
}

// TestDaemonQuietPollWritesNothing: a look at the inbox that finds no new
// mail does not write the cursor (each store write is an fsync, and the
// daemon looks often: every poll, and every 100 ms while busy).
func TestDaemonQuietPollWritesNothing(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	ctx := context.Background()
	if err := r.d.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	r.store.mu.Lock()
	before := r.store.cursorWrites
	r.store.mu.Unlock()
	for i := 0; i < 3; i++ {
		if err := r.d.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	r.store.mu.Lock()
	defer r.store.mu.Unlock()
	if r.store.cursorWrites != before {
		t.Errorf("three quiet runs wrote the cursor %d times, want 0", r.store.cursorWrites-before)
	}
}

// TestDaemonReconnectsLeakNothing: after several half-open connections
// and reconnections, stopping Run leaves no goroutine of the daemon
// behind (a leak per reconnection would grow without end in a daemon
// that runs for months).
func TestDaemonReconnectsLeakNothing(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	p := r.viaProxy(t)
	r.watchdog(100*time.Millisecond, 200*time.Millisecond)
	r.d.TickEvery = 10 * time.Millisecond
	clk := r.fakeClock()
	// The SMTP sender keeps its connection open by design (until Close):
	// leave it out of the count.
	r.d.Outbox.Send = func(context.Context, games.Mail) error { return nil }
	time.Sleep(50 * time.Millisecond) // the mail server's goroutines settle (not the daemon's: it has not started)
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	for range 3 {
		r.frozenAtNextLook(t, clk, p, r.d.IMAP.Poll)
		p.frozen.Store(false)
		clk.Advance(r.events.last(InboxEnded).Wait) // the backoff, and some ticks
	}
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "P-2c\r\n"))
	r.await(t, "the mail after the reconnections", func() bool { return len(r.games.requests()) == 1 })
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if p.conns.Load() < 4 {
		t.Fatalf("only %d connections: the watchdog did not reconnect", p.conns.Load())
	}
	// Closed connections' goroutines end a moment after Run (no event
	// tells it): this polls, and a leak fails it.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines after Run ended, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestDaemonWrongPasswordBacksOff: a session that fails at once (a wrong
// password) is tried again after 1s, 2s, 4s... up to MaxBackoff, not in
// a hot loop.
func TestDaemonWrongPasswordBacksOff(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	p := r.viaProxy(t)
	r.d.IMAP.Password = "wrong"
	r.d.IMAP.MaxBackoff = 5 * time.Second
	clk := r.fakeClock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	for i, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second} {
		r.events.awaitCount(t, InboxEnded, i+1)
		if e := r.events.last(InboxEnded); e.Wait != want || e.Err == nil {
			t.Fatalf("attempt %d ended with %+v; want an error and a wait of %v", i+1, e, want)
		}
		clk.awaitTimer(t, "the backoff", want)
		if n := p.conns.Load(); n != int32(i+1) {
			t.Fatalf("%d connections while the daemon waits after attempt %d", n, i+1)
		}
		clk.Advance(want)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestDaemonWrongPasswordSaysSo: the error names the account and what to
// check, never the password.
func TestDaemonWrongPasswordSaysSo(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.IMAP.Password = "wrong-Pa55word"
	err := r.d.RunOnce(context.Background())
	if err == nil {
		t.Fatal("RunOnce with a wrong password: no error")
	}
	for _, want := range []string{"bot@example.test", "password"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "wrong-Pa55word") {
		t.Errorf("error %q shows the password", err)
	}
}

// TestDaemonClocksWaitForTheInbox: while the inbox cannot be read,
// reminders and losses on time wait (a player's move may be waiting there);
// once it is read again, they run.
func TestDaemonClocksWaitForTheInbox(t *testing.T) {
	r := newRig(t, localmail.Options{}, "127.0.0.1:1") // nothing listens there
	r.d.TickEvery = 10 * time.Millisecond
	r.d.IMAP.MaxBackoff = 20 * time.Millisecond
	clk := r.fakeClock()
	ticks := r.games.tickCount
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	for i := range 30 { // 30 tick times
		clk.awaitTimer(t, "the next tick", r.d.TickEvery)
		clk.Advance(r.d.TickEvery)
		r.events.awaitCount(t, ClocksWaited, i+1)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := ticks(); n != 0 {
		t.Fatalf("%d ticks ran while the inbox could not be read", n)
	}
	// serve --once: the inbox cannot be read, so no tick either.
	if err := r.d.RunOnce(context.Background()); err == nil {
		t.Fatal("RunOnce with no IMAP server: no error")
	}
	if n := ticks(); n != 0 {
		t.Fatalf("RunOnce ticked though the inbox could not be read")
	}
	// The inbox comes back: the clocks run.
	r.d.IMAP.Host, r.d.IMAP.Port = mailtest.HostPort(t, r.srv.IMAPAddr())
	ctx, cancel = context.WithCancel(context.Background())
	go func() { done <- r.d.Run(ctx) }()
	r.events.awaitCount(t, InboxRead, 1)
	clk.awaitTimer(t, "the next tick", r.d.TickEvery)
	clk.Advance(r.d.TickEvery)
	r.await(t, "a tick after the inbox was read", func() bool { return ticks() > 0 })
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// crashingGames panics on a mail whose first line is "boom".
type crashingGames struct{ *fakeGames }

func (g crashingGames) Handle(ctx context.Context, r games.Request) ([]games.Mail, error) {
	if len(r.Lines) > 0 && r.Lines[0] == "boom" {
		panic("a bug that this mail sets off")
	}
	return g.fakeGames.Handle(ctx, r)
}

// TestDaemonSetsAsideAMailThatCrashes: a mail on which the games server
// panics does not take the daemon down, nor hold up the mail behind it; it
// stays in the inbox, unread, and is not tried again.
func TestDaemonSetsAsideAMailThatCrashes(t *testing.T) {
	r := newRig(t, localmail.Options{}, "")
	r.d.Games = crashingGames{r.games}
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "one", "boom\r\n"))
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "two", "P-2c\r\n"))
	for i := 0; i < 2; i++ { // the second run must not try it again
		if err := r.d.RunOnce(context.Background()); err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
	}
	reqs := r.games.requests()
	if len(reqs) != 1 || reqs[0].Subject != "two" {
		t.Fatalf("games got %d requests (%v), want only the second mail", len(reqs), reqs)
	}
	if n, unseen := mailboxStatus(t, r, "INBOX"); n != 1 || unseen != 1 {
		t.Errorf("INBOX has %d mails, %d unseen; want the crashing one left unread", n, unseen)
	}
	if cur, _ := r.store.Cursor("INBOX"); cur.LastUID != 2 {
		t.Errorf("cursor %+v, want past both mails", cur)
	}
}
