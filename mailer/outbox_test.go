package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
)

// memOutbox is an in-memory OutboxStore.
type memOutbox struct {
	mu    sync.Mutex
	mails map[string]*games.Mail
	order []string
}

func newMemOutbox(ms ...games.Mail) *memOutbox {
	o := &memOutbox{mails: map[string]*games.Mail{}}
	o.add(ms...)
	return o
}

func (o *memOutbox) add(ms ...games.Mail) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, m := range ms {
		m := m
		if _, dup := o.mails[m.ID]; dup {
			continue
		}
		o.mails[m.ID] = &m
		o.order = append(o.order, m.ID)
	}
}

func (o *memOutbox) DueMail(now time.Time, limit int) ([]games.Mail, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var due []games.Mail
	for _, id := range o.order {
		m := o.mails[id]
		if m.SentAt.IsZero() && !m.NextTry.After(now) && len(due) < limit {
			due = append(due, *m)
		}
	}
	return due, nil
}

func (o *memOutbox) MarkSent(id string, at time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.mails[id].SentAt = at
	o.mails[id].Attempts++
	return nil
}

func (o *memOutbox) MarkFailed(id, reason string, next time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	m := o.mails[id]
	m.Attempts++
	m.LastError = reason
	m.NextTry = next
	return nil
}

func (o *memOutbox) get(id string) games.Mail {
	o.mu.Lock()
	defer o.mu.Unlock()
	return *o.mails[id]
}

func startLocal(t *testing.T, o localmail.Options) *localmail.Server {
	t.Helper()
	if o.Domain == "" {
		o.Domain = "example.test"
	}
	if o.Accounts == nil {
		for _, n := range []string{"bot", "alice", "bob"} {
			o.Accounts = append(o.Accounts, localmail.Account{Name: n, Password: n + "-pw"})
		}
	}
	s, err := localmail.Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func hostPort(t *testing.T, addr string) (string, int) {
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(p)
	return h, n
}

// inbox returns the raw messages in a user's INBOX.
func inbox(t *testing.T, addr, user, pass string) [][]byte {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		t.Fatal(err)
	}
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel.NumMessages == 0 {
		return nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSetNum(seqRange(sel.NumMessages)...), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.FindBodySection(sec))
	}
	return out
}

func seqRange(n uint32) []uint32 {
	var s []uint32
	for i := uint32(1); i <= n; i++ {
		s = append(s, i)
	}
	return s
}

func testMail(i int, to string) games.Mail {
	return games.Mail{
		ID:         fmt.Sprintf("m%d", i),
		MessageID:  fmt.Sprintf("<g7.%d.answer@example.test>", i),
		Kind:       games.Answer,
		To:         to,
		Subject:    fmt.Sprintf("Re: [windpost g7 tok%d] your move", i),
		ReplyTo:    "bot+g7.tok@example.test",
		InReplyTo:  "<player-1@example.test>",
		References: []string{"<g7.start@example.test>", "<player-1@example.test>"},
		Headers:    map[string]string{"X-Windpost-Game": "g7", "X-Windpost-Turn": strconv.Itoa(i)},
		Text:       "  9 8 7\n a <K> .\nYour move, café.\n",
	}
}

func TestSenderDelivers(t *testing.T) {
	for _, withAuth := range []bool{false, true} {
		t.Run(fmt.Sprintf("auth=%v", withAuth), func(t *testing.T) {
			srv := startLocal(t, localmail.Options{})
			host, port := hostPort(t, srv.SMTPAddr())
			so := SMTPOptions{Host: host, Port: port, TLS: "none"}
			if withAuth {
				so.Username, so.Password = "bot@example.test", "bot-pw"
			}
			snd, err := NewSender(so, Bot{Address: "bot@example.test", Name: "windpost"})
			if err != nil {
				t.Fatal(err)
			}
			defer snd.Close()
			store := newMemOutbox(testMail(1, "alice@example.test"), testMail(2, "alice@example.test"), testMail(3, "bob@example.test"))
			ob := &Outbox{Store: store, Send: snd.Send}
			n, err := ob.Flush(context.Background())
			if err != nil || n != 3 {
				t.Fatalf("Flush = %d, %v", n, err)
			}
			for _, id := range []string{"m1", "m2", "m3"} {
				if store.get(id).SentAt.IsZero() {
					t.Errorf("%s not marked sent", id)
				}
			}
			got := inbox(t, srv.IMAPAddr(), "alice@example.test", "alice-pw")
			if len(got) != 2 {
				t.Fatalf("alice has %d mails, want 2", len(got))
			}
			checkComposed(t, got[0], testMail(1, "alice@example.test"))
			if n, _ := ob.Flush(context.Background()); n != 0 {
				t.Errorf("second Flush sent %d again", n)
			}
		})
	}
}

// checkComposed parses a delivered mail and checks every header and part
// Compose promises.
func checkComposed(t *testing.T, raw []byte, m games.Mail) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	h := e.Header
	want := map[string]string{
		"Message-Id":      m.MessageID,
		"In-Reply-To":     m.InReplyTo,
		"References":      strings.Join(m.References, " "),
		"Auto-Submitted":  "auto-replied",
		"X-Windpost-Game": "g7",
		"To":              "<" + m.To + ">",
	}
	for k, v := range want {
		if got := strings.Join(strings.Fields(h.Get(k)), " "); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if s, _ := h.Text("Subject"); s != m.Subject {
		t.Errorf("Subject = %q, want %q", s, m.Subject)
	}
	if rt := h.Get("Reply-To"); !strings.Contains(rt, "<"+m.ReplyTo+">") {
		t.Errorf("Reply-To = %q", rt)
	}
	if f := h.Get("From"); !strings.Contains(f, "windpost") || !strings.Contains(f, "<bot@example.test>") {
		t.Errorf("From = %q", f)
	}
	mt, _, _ := h.ContentType()
	if mt != "multipart/alternative" {
		t.Fatalf("Content-Type %s", mt)
	}
	mr := e.MultipartReader()
	parts := map[string]string{}
	for i := 0; i < 10; i++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ct, params, _ := p.Header.ContentType()
		if !strings.EqualFold(params["charset"], "utf-8") {
			t.Errorf("%s charset %q", ct, params["charset"])
		}
		b, _ := io.ReadAll(p.Body)
		parts[ct] = strings.ReplaceAll(string(b), "\r\n", "\n")
	}
	if parts["text/plain"] != m.Text {
		t.Errorf("text/plain = %q, want %q", parts["text/plain"], m.Text)
	}
	html := parts["text/html"]
	if !strings.Contains(html, "<pre") || !strings.Contains(html, "a &lt;K&gt; .") || strings.Contains(html, "<table") ||
		!strings.Contains(html, "café") {
		t.Errorf("text/html = %q", html)
	}
}

func TestComposeAutoSubmitted(t *testing.T) {
	tests := []struct {
		kind games.MailKind
		want string
	}{{games.Answer, "auto-replied"}, {games.Notice, "auto-generated"}, {games.Reminder, "auto-generated"}}
	for _, tt := range tests {
		m := testMail(1, "alice@example.test")
		m.Kind = tt.kind
		msg, err := Compose(m, Bot{Address: "bot@example.test", Name: "windpost"})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := msg.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		e, err := message.Read(&b)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Header.Get("Auto-Submitted"); got != tt.want {
			t.Errorf("%s: Auto-Submitted %q, want %q", tt.kind, got, tt.want)
		}
	}
	if _, err := Compose(games.Mail{ID: "x", To: "not an address"}, Bot{Address: "bot@example.test"}); err == nil {
		t.Error("Compose accepted a bad To")
	}
}

func TestOutboxRefusedAndBackoff(t *testing.T) {
	srv := startLocal(t, localmail.Options{})
	host, port := hostPort(t, srv.SMTPAddr())
	snd, err := NewSender(SMTPOptions{Host: host, Port: port, TLS: "none"}, Bot{Address: "bot@example.test", Name: "windpost"})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	store := newMemOutbox(testMail(1, "nobody@example.test"), testMail(2, "alice@example.test"))
	ob := &Outbox{Store: store, Send: snd.Send, Now: func() time.Time { return now }, Retry: time.Minute, MaxGap: time.Hour}
	n, err := ob.Flush(context.Background())
	if n != 1 || err == nil {
		t.Fatalf("Flush = %d, %v; want 1 sent and the refusal", n, err)
	}
	m1 := store.get("m1")
	if !m1.SentAt.IsZero() || m1.Attempts != 1 || !strings.Contains(m1.LastError, "550") {
		t.Errorf("refused mail: %+v", m1)
	}
	if want := now.Add(time.Hour); !m1.NextTry.Equal(want) {
		t.Errorf("permanent refusal retried at %v, want %v (the longest gap)", m1.NextTry, want)
	}
	if store.get("m2").SentAt.IsZero() {
		t.Error("the good mail was held up by the refused one")
	}
}

func TestBackoff(t *testing.T) {
	o := &Outbox{Retry: 30 * time.Second, MaxGap: time.Hour}
	tests := []struct {
		attempts  int
		permanent bool
		want      time.Duration
	}{
		{1, false, 30 * time.Second}, {2, false, time.Minute}, {3, false, 2 * time.Minute},
		{8, false, 64 * time.Minute / 1}, {30, false, time.Hour}, {1, true, time.Hour},
	}
	for _, tt := range tests {
		want := tt.want
		if want > time.Hour {
			want = time.Hour
		}
		if got := o.Backoff(tt.attempts, tt.permanent); got != want {
			t.Errorf("Backoff(%d, %v) = %v, want %v", tt.attempts, tt.permanent, got, want)
		}
	}
}

func TestSenderRedialsAndServerDown(t *testing.T) {
	srv := startLocal(t, localmail.Options{})
	host, port := hostPort(t, srv.SMTPAddr())
	snd, err := NewSender(SMTPOptions{Host: host, Port: port, TLS: "none", Timeout: 5 * time.Second}, Bot{Address: "bot@example.test", Name: "windpost"})
	if err != nil {
		t.Fatal(err)
	}
	defer snd.Close()
	ctx := context.Background()
	if err := snd.Send(ctx, testMail(1, "alice@example.test")); err != nil {
		t.Fatal(err)
	}
	// The server goes away: sending fails and the outbox backs off.
	srv.Close()
	now := time.Now()
	store := newMemOutbox(testMail(2, "alice@example.test"))
	ob := &Outbox{Store: store, Send: snd.Send, Now: func() time.Time { return now }, Retry: time.Minute}
	if n, err := ob.Flush(ctx); n != 0 || err == nil {
		t.Fatalf("Flush with the server down = %d, %v", n, err)
	}
	if m := store.get("m2"); m.Attempts != 1 || !m.NextTry.Equal(now.Add(time.Minute)) {
		t.Fatalf("after failure: %+v", m)
	}
	// A new server on the same port: the sender dials again by itself.
	srv2 := startLocal(t, localmail.Options{SMTPPort: port})
	now = now.Add(2 * time.Minute)
	if n, err := ob.Flush(ctx); n != 1 || err != nil {
		t.Fatalf("Flush after restart = %d, %v", n, err)
	}
	if got := inbox(t, srv2.IMAPAddr(), "alice@example.test", "alice-pw"); len(got) != 1 {
		t.Fatalf("alice has %d mails on the new server", len(got))
	}
}

func TestOutboxRunWakes(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	store := newMemOutbox()
	ob := &Outbox{Store: store, Idle: time.Hour, Send: func(_ context.Context, m games.Mail) error {
		mu.Lock()
		sent = append(sent, m.ID)
		mu.Unlock()
		return nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- ob.Run(ctx) }()
	store.add(testMail(1, "a@example.test"), testMail(2, "b@example.test"))
	ob.Wake()
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(sent)
		mu.Unlock()
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Run sent %d of 2 after Wake", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	sort.Strings(sent)
	if sent[0] != "m1" || sent[1] != "m2" {
		t.Errorf("sent %v", sent)
	}
}

func TestOutboxLanesKeepOrder(t *testing.T) {
	srv := startLocal(t, localmail.Options{})
	host, port := hostPort(t, srv.SMTPAddr())
	pool, err := NewSenderPool(SMTPOptions{Host: host, Port: port, TLS: "none"}, Bot{Address: "bot@example.test", Name: "windpost"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var ms []games.Mail
	for i := 0; i < 40; i++ {
		to := []string{"alice@example.test", "bob@example.test"}[i%2]
		ms = append(ms, testMail(i, to))
	}
	store := newMemOutbox(ms...)
	ob := &Outbox{Store: store, Send: pool.Send, Lanes: pool.Lanes()}
	if n, err := ob.Flush(context.Background()); n != 40 || err != nil {
		t.Fatalf("Flush = %d, %v", n, err)
	}
	for _, who := range []string{"alice", "bob"} {
		got := inbox(t, srv.IMAPAddr(), who+"@example.test", who+"-pw")
		if len(got) != 20 {
			t.Fatalf("%s got %d mails", who, len(got))
		}
		last := -1
		for _, raw := range got {
			e, err := message.Read(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			n, _ := strconv.Atoi(e.Header.Get("X-Windpost-Turn"))
			if n <= last {
				t.Fatalf("%s: mail %d arrived after %d", who, n, last)
			}
			last = n
		}
	}
}

// records is a slog handler that keeps what it is given.
type records struct {
	mu   sync.Mutex
	recs []slog.Record
}

func (h *records) Enabled(context.Context, slog.Level) bool { return true }
func (h *records) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.recs = append(h.recs, r.Clone())
	return nil
}
func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

// find returns the first record at level or above whose message or
// attributes contain s.
func (h *records) find(level slog.Level, s string) (slog.Record, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range h.recs {
		if r.Level < level {
			continue
		}
		text := r.Message
		r.Attrs(func(a slog.Attr) bool { text += " " + a.Value.String(); return true })
		if strings.Contains(text, s) {
			return r, true
		}
	}
	return slog.Record{}, false
}

// failingMarks is an outbox store whose MarkSent fails (a full disk).
type failingMarks struct{ *memOutbox }

func (failingMarks) MarkSent(string, time.Time) error { return errors.New("disk full") }

// TestOutboxRunReportsStoreFailure: a mail the server accepted that cannot
// be marked sent will be sent again; Run must say so loudly, not at Debug.
func TestOutboxRunReportsStoreFailure(t *testing.T) {
	h := &records{}
	store := failingMarks{newMemOutbox(testMail(1, "a@example.test"))}
	ob := &Outbox{Store: store, Idle: time.Hour, Log: slog.New(h), Send: func(context.Context, games.Mail) error { return nil }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- ob.Run(ctx) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, ok := h.find(slog.LevelError, "disk full"); ok {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			<-done
			t.Fatalf("no error logged for a failed MarkSent; logged: %v", h.recs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// marksFailFirst is an outbox store whose first n MarkSent calls fail.
type marksFailFirst struct {
	*memOutbox
	n int
}

func (s *marksFailFirst) MarkSent(id string, at time.Time) error {
	if s.n > 0 {
		s.n--
		return errors.New("disk full")
	}
	return s.memOutbox.MarkSent(id, at)
}

// TestOutboxDoesNotResendAcceptedMail: a mail the server accepted but the
// store failed to mark is marked on the next flush, not sent again (the
// player would get it every 30 s while the disk is full).
func TestOutboxDoesNotResendAcceptedMail(t *testing.T) {
	store := &marksFailFirst{memOutbox: newMemOutbox(testMail(1, "a@example.test")), n: 2}
	sends := 0
	ob := &Outbox{Store: store, Send: func(context.Context, games.Mail) error { sends++; return nil }}
	ctx := context.Background()
	for i, wantErr := range []bool{true, true, false} {
		n, err := ob.Flush(ctx)
		if (err != nil) != wantErr {
			t.Fatalf("flush %d: %d, %v; want an error: %v", i+1, n, err, wantErr)
		}
	}
	if sends != 1 {
		t.Errorf("the mail was sent %d times, want 1", sends)
	}
	if m := store.get("m1"); m.SentAt.IsZero() {
		t.Error("the mail is still pending")
	}
	if n, err := ob.Flush(ctx); n != 0 || err != nil {
		t.Errorf("a fourth flush: %d, %v", n, err)
	}
}
