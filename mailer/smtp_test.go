package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

func TestSenderDelivers(t *testing.T) {
	for _, withAuth := range []bool{false, true} {
		t.Run(fmt.Sprintf("auth=%v", withAuth), func(t *testing.T) {
			srv := mailtest.Server(t, localmail.Options{})
			host, port := mailtest.HostPort(t, srv.SMTPAddr())
			so := SMTPOptions{Host: host, Port: port, TLS: config.TLSNone}
			if withAuth {
				so.Username, so.Password = "bot@example.test", "bot-pw"
			}
			snd, err := NewSender(so, testBot)
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
			got := mailtest.Inbox(t, srv.IMAPAddr(), "alice@example.test", "alice-pw")
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
	h, alts := mailtest.Alternatives(t, raw)
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
	parts := map[string]string{}
	for _, p := range alts {
		parts[p.Type] = strings.ReplaceAll(p.Body, "\r\n", "\n")
		if p.Type == "text/plain" && (p.Params["format"] != "flowed" || p.Params["delsp"] != "no") {
			t.Errorf("text/plain parameters %v, want format=flowed and delsp=no", p.Params)
		}
	}
	// The text part is format=flowed: read as such, it is the text.
	if got := mailtest.Unflowed(parts["text/plain"]); got != m.Text {
		t.Errorf("text/plain read as flowed = %q, want %q", got, m.Text)
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
		e, err := message.Read(bytes.NewReader(composed(t, m)))
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

func TestSenderRedialsAndServerDown(t *testing.T) {
	srv := mailtest.Server(t, localmail.Options{})
	snd := newTestSender(t, srv)
	_, port := mailtest.HostPort(t, srv.SMTPAddr())
	ctx := context.Background()
	if err := snd.Send(ctx, testMail(1, "alice@example.test")); err != nil {
		t.Fatal(err)
	}
	// The server goes away: sending fails and the outbox backs off.
	srv.Close()
	now := time.Now()
	store := newMemOutbox(testMail(2, "alice@example.test"))
	ob := &Outbox{Store: store, Send: snd.Send, Now: func() time.Time { return now }, RetryDelay: time.Minute}
	if n, err := ob.Flush(ctx); n != 0 || err == nil {
		t.Fatalf("Flush with the server down = %d, %v", n, err)
	}
	if m := store.get("m2"); m.Attempts != 1 || !m.NextTry.Equal(now.Add(time.Minute)) {
		t.Fatalf("after failure: %+v", m)
	}
	// A new server on the same port: the sender dials again by itself.
	srv2 := mailtest.Server(t, localmail.Options{SMTPPort: port})
	now = now.Add(2 * time.Minute)
	if n, err := ob.Flush(ctx); n != 1 || err != nil {
		t.Fatalf("Flush after restart = %d, %v", n, err)
	}
	if got := mailtest.Inbox(t, srv2.IMAPAddr(), "alice@example.test", "alice-pw"); len(got) != 1 {
		t.Fatalf("alice has %d mails on the new server", len(got))
	}
}

func TestOutboxLanesKeepOrder(t *testing.T) {
	srv := mailtest.Server(t, localmail.Options{})
	host, port := mailtest.HostPort(t, srv.SMTPAddr())
	pool, err := NewSenderPool(SMTPOptions{Host: host, Port: port, TLS: config.TLSNone}, testBot, 3)
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
		got := mailtest.Inbox(t, srv.IMAPAddr(), who+"@example.test", who+"-pw")
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

func TestCheckAddress(t *testing.T) {
	tests := []struct {
		addr string
		ok   bool
	}{
		{"bob@windpost.test", true}, {"bob@localhost", true}, {"o'brien+chess@example.org", true},
		{"bob@windpost..test", false}, {"a\x01b@x.test", false}, {"bob@x.test:25", false},
		{"Bob <bob@x.test>", false}, {"bob@x.test\r\nBcc: eve@x.test", false}, {"", false},
		{"bob", false}, {strings.Repeat("b", 250) + "@x.test", false},
	}
	for _, tt := range tests {
		if err := CheckAddress(tt.addr); (err == nil) != tt.ok {
			t.Errorf("CheckAddress(%q) = %v, want ok %v", tt.addr, err, tt.ok)
		}
	}
}

// composedHeader composes m and returns its header lines as written, or
// the error of Compose.
func composedHeader(m games.Mail) ([]string, error) {
	msg, err := Compose(m, testBot)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		return nil, err
	}
	header, _, _ := strings.Cut(b.String(), "\r\n\r\n")
	return strings.Split(header, "\r\n"), nil
}

// composedFields are the header fields Compose writes for testMail.
var composedFields = map[string]bool{
	"date": true, "message-id": true, "mime-version": true, "content-type": true, "from": true, "to": true,
	"reply-to": true, "subject": true, "in-reply-to": true, "references": true, "auto-submitted": true,
	"x-auto-response-suppress": true, "x-windpost-game": true, "x-windpost-turn": true,
}

// checkComposedHeader fails the test for a header line over 998 octets, a
// field Compose does not write (an injected one) or a field twice.
func checkComposedHeader(t *testing.T, lines []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, l := range lines {
		if len(l) > 998 {
			t.Errorf("a header line of %d octets: %.60q...", len(l), l)
		}
		if l == "" || l[0] == ' ' || l[0] == '\t' {
			continue
		}
		name, _, _ := strings.Cut(l, ":")
		name = strings.ToLower(name)
		if !composedFields[name] || seen[name] {
			t.Errorf("header field %q injected or written twice: %.80q", name, l)
		}
		seen[name] = true
	}
}

// TestComposeHeaderLines: subjects, threading ids and header values that
// once made lines over 998 octets, or could inject a header.
func TestComposeHeaderLines(t *testing.T) {
	long := "<" + strings.Repeat("x", 1500) + "@y>"
	tests := []struct {
		name    string
		edit    func(m *games.Mail)
		refused bool
	}{
		{"encoded words without spaces", func(m *games.Mail) { m.Subject = "Re: " + strings.Repeat("x", 1197) }, false},
		{"non-ASCII", func(m *games.Mail) { m.Subject = strings.Repeat("ä", 2000) + " [windpost g7 tok]" }, false},
		{"long Message-ID answered", func(m *games.Mail) { m.InReplyTo, m.References = long, []string{"<a@b>", long} }, false},
		{"CRLF in the subject", func(m *games.Mail) { m.Subject = "hi\r\nBcc: eve@x.test" }, false},
		{"CRLF in In-Reply-To", func(m *games.Mail) { m.InReplyTo = "<a@b>\r\nBcc: eve@x.test" }, false},
		{"an unfoldable header value", func(m *games.Mail) { m.Headers["X-Windpost-Game"] = strings.Repeat("g", 1200) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := testMail(1, "alice@example.test")
			tt.edit(&m)
			lines, err := composedHeader(m)
			if tt.refused {
				if !errors.Is(err, ErrNeverComposable) {
					t.Fatalf("Compose = %v, want ErrNeverComposable", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkComposedHeader(t, lines)
		})
	}
}

// FuzzComposeHeaders: whatever the subject, threading ids and header
// values, Compose writes no header line over 998 octets and no header
// field it does not mean to; a mail it cannot write so is refused with
// ErrNeverComposable.
func FuzzComposeHeaders(f *testing.F) {
	f.Add("Re: "+strings.Repeat("x", 1197), "<a@b>", "g7")
	f.Add(strings.Repeat("=?utf-8?q?x?=", 100), "<a@b>\r\nBcc: eve@x.test", "g7\r\nBcc: eve@x.test")
	f.Add(strings.Repeat("é ", 600), "<"+strings.Repeat("x", 1000)+"@y>", strings.Repeat("ä", 500))
	f.Fuzz(func(t *testing.T, subject, inReplyTo, value string) {
		m := testMail(1, "alice@example.test")
		m.Subject, m.InReplyTo = subject, inReplyTo
		m.References = append(m.References, inReplyTo)
		m.Headers["X-Windpost-Game"] = value
		lines, err := composedHeader(m)
		if err != nil {
			if !errors.Is(err, ErrNeverComposable) {
				t.Fatalf("Compose: %v", err)
			}
			return
		}
		checkComposedHeader(t, lines)
	})
}
