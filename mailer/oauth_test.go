package mailer

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
	"github.com/windpost/windpost/mailer/oauth"
	"github.com/windpost/windpost/mailer/oauth/oauthtest"
)

// oauthRig is a rig whose IMAP and SMTP sign in with tokens from p, the
// embedded server checking them with check (nil = p.Check).
func oauthRig(t *testing.T, p *oauthtest.Provider, mechs []string, check localmail.TokenChecker) (*rig, *oauth.Source) {
	t.Helper()
	if check == nil {
		check = p.Check
	}
	r := newRig(t, localmail.Options{CheckToken: check, OAuthMechanisms: mechs}, "")
	cfg, err := p.Settings(false).Config()
	if err != nil {
		t.Fatal(err)
	}
	src := &oauth.Source{Config: cfg, File: oauth.TokenFile(filepath.Join(t.TempDir(), "token.json")),
		Early: time.Second, Login: "windpost oauth login -config test.toml", Log: r.d.Log}
	if err := p.Seed(src.File); err != nil {
		t.Fatal(err)
	}
	r.d.IMAP.Password, r.d.IMAP.OAuth = "", src
	host, port := mailtest.HostPort(t, r.srv.SMTPAddr())
	snd, err := NewSender(SMTPOptions{Host: host, Port: port, TLS: config.TLSNone, Timeout: 5 * time.Second,
		Username: "bot@example.test", OAuth: src}, testBot)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { snd.Close() })
	r.d.Outbox.Send = snd.Send
	return r, src
}

// The daemon reads and answers with OAuth over real sockets, with each
// mechanism, and keeps working when its access token expires during the
// run: the next connection (IMAP after the server dropped it, SMTP after
// the sender's was closed) brings a refreshed token.
func TestDaemonOAuth(t *testing.T) {
	for _, mechs := range [][]string{{"XOAUTH2"}, {"OAUTHBEARER"}, nil} {
		t.Run(strings.Join(append([]string{"mechs"}, mechs...), "-"), func(t *testing.T) {
			p := oauthtest.Start("bot@example.test", 2*time.Second)
			defer p.Close()
			r, src := oauthRig(t, p, mechs, nil)
			var ahead atomic.Int64 // how far the tokens' time is ahead of the real one
			tokenNow := func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
			p.SetNow(tokenNow)
			src.Now = tokenNow
			clk := r.fakeClock()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error)
			go func() { done <- r.d.Run(ctx) }()
			r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "first", "P-2c\r\n"))
			answers := func(n int) func() bool {
				return func() bool { return len(mailtest.Inbox(t, r.srv.IMAPAddr(), "alice@example.test", "alice-pw")) == n }
			}
			r.await(t, "the first answer", answers(1))
			ahead.Store(int64(2100 * time.Millisecond)) // the access token has expired
			if err := r.srv.Restart(0); err != nil {
				t.Fatal(err)
			}
			r.events.awaitCount(t, InboxEnded, 1)
			clk.Advance(r.events.last(InboxEnded).Wait) // the backoff before it connects again
			r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "second", "resign\r\n"))
			r.await(t, "the second answer", answers(2))
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if n := p.Refreshes(); n < 2 {
				t.Errorf("%d access tokens issued, want a refresh after the first expired", n)
			}
		})
	}
}

// A token the server refuses (revoked at the server before its expiry) is
// dropped: the error says so, and the next connection signs in with a
// fresh one.
func TestIMAPOAuthRefusedTokenIsRefreshed(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	var calls atomic.Int32
	refuseFirst := func(user, token string) error {
		if calls.Add(1) == 1 {
			return p.Check("nobody", token)
		}
		return p.Check(user, token)
	}
	r, _ := oauthRig(t, p, nil, refuseFirst)
	err := r.d.RunOnce(context.Background())
	if err == nil || !strings.Contains(err.Error(), "refused the OAuth token") {
		t.Fatalf("first run: %v", err)
	}
	if err := r.d.RunOnce(context.Background()); err != nil {
		t.Fatalf("second run: %v", err)
	}
	if p.Refreshes() != 2 {
		t.Errorf("%d tokens issued, want 2", p.Refreshes())
	}
}

// A refresh token the provider revoked: one clear error line, the daemon
// keeps trying with backoff, the mail waits (the outbox keeps its answer),
// and once `oauth login` has written a new token everything goes through
// without a restart.
func TestDaemonOAuthRevoked(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	r, src := oauthRig(t, p, nil, nil)
	logs := &records{}
	r.d.Log = slog.New(logs)
	src.Log = r.d.Log
	r.d.IMAP.MaxBackoff = 100 * time.Millisecond
	r.d.Outbox.RetryDelay = 50 * time.Millisecond
	r.d.Outbox.MaxRetryDelay = 100 * time.Millisecond
	r.d.Outbox.Idle = 50 * time.Millisecond
	p.Revoke()
	r.store.add(testMail(1, "alice@example.test")) // an answer waiting to go out
	r.deliver(t, mailFrom("alice@example.test", "bot@example.test", "move", "P-2c\r\n"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.d.Run(ctx) }()
	r.await(t, "a few attempts", func() bool {
		return r.store.get("m1").Attempts >= 2
	})
	if m := r.store.get("m1"); !m.SentAt.IsZero() || !strings.Contains(m.LastError, "oauth login") {
		t.Errorf("waiting mail: %+v", m)
	}
	if len(r.games.requests()) != 0 {
		t.Fatal("mail read without a sign-in")
	}
	if err := p.Seed(src.File); err != nil { // windpost oauth login
		t.Fatal(err)
	}
	r.await(t, "the mail after the new sign-in", func() bool {
		return len(r.games.requests()) == 1 && !r.store.get("m1").SentAt.IsZero()
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var errorLines []string
	logs.mu.Lock()
	for _, rec := range logs.recs {
		if rec.Level == slog.LevelError {
			errorLines = append(errorLines, rec.Message)
		}
	}
	logs.mu.Unlock()
	if len(errorLines) != 1 || !strings.Contains(errorLines[0], "sign in again with `windpost oauth login -config test.toml`") {
		t.Errorf("error lines %q, want one that says to run oauth login", errorLines)
	}
}
