package mailer

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/windpost/windpost/mailer/oauth"
	"github.com/windpost/windpost/mailer/oauth/oauthtest"
)

// startDovecotOAuth runs scripts/dovecot-oauth.sh: a Dovecot of its own
// (never the mail stack's) whose oauth2 passdb asks p's introspection
// endpoint. It returns the IMAP address.
func startDovecotOAuth(t *testing.T, p *oauthtest.Provider) string {
	t.Helper()
	if _, err := exec.LookPath("dovecot"); err != nil {
		t.Fatal("WINDPOST_E2E_MAILSTACK=1 but dovecot is not installed (apt-get install dovecot-imapd)")
	}
	dir, err := os.MkdirTemp("", "windpost-dovecot-oauth-")
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	script, _ := filepath.Abs("../scripts/dovecot-oauth.sh")
	t.Cleanup(func() {
		if out, err := exec.Command(script, "stop", dir).CombinedOutput(); err != nil {
			t.Logf("stop dovecot: %v %s", err, out)
		}
		if t.Failed() {
			log, _ := os.ReadFile(filepath.Join(dir, "dovecot.log"))
			t.Logf("dovecot.log:\n%s", log)
		}
		os.RemoveAll(dir)
	})
	start := exec.Command(script, "start", dir, strconv.Itoa(port), p.URL+"/introspect")
	start.WaitDelay = 10 * time.Second // the daemon it leaves must not hold the output open
	if out, err := start.CombinedOutput(); err != nil {
		t.Fatalf("start dovecot: %v\n%s", err, out)
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
}

// OAuth against Dovecot's oauth2 passdb (Debian's Dovecot, its own
// instance), the token checked by introspection at the test's own
// endpoint: XOAUTH2 and OAUTHBEARER sign in with a good token and are
// refused with a bad one; the daemon reads mail there, and after its
// access token expired mid-run, signs in again with a refreshed one.
func TestDovecotOAuth(t *testing.T) {
	if os.Getenv("WINDPOST_E2E_MAILSTACK") != "1" {
		t.Skip("runs with WINDPOST_E2E_MAILSTACK=1 (starts a separate Dovecot with an oauth2 passdb)")
	}
	p := oauthtest.Start("bot@example.test", 3*time.Second)
	defer p.Close()
	addr := startDovecotOAuth(t, p)
	r, src := oauthRig(t, p, nil, nil)
	host, port, _ := net.SplitHostPort(addr)
	r.d.IMAP.Host = host
	r.d.IMAP.Port, _ = strconv.Atoi(port)
	ctx := context.Background()

	token, err := src.AccessToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mech, token string
	}{{"XOAUTH2", token}, {"OAUTHBEARER", token}} {
		c, err := imapclient.DialInsecure(addr, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Authenticate(oauth.NewClient(tc.mech, "bot@example.test", tc.token, host, r.d.IMAP.Port))
		if err != nil {
			t.Errorf("%s: %v", tc.mech, err)
		}
		if tc.mech == "XOAUTH2" {
			appendMail(t, c, "first")
		}
		c.Close()
	}

	if err := r.d.RunOnce(ctx); err != nil {
		t.Fatalf("first run: %v", err)
	}
	time.Sleep(2100 * time.Millisecond) // under a second left: refreshed before use
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := src.AccessToken(ctx)
	if err := c.Authenticate(oauth.NewClient("XOAUTH2", "bot@example.test", fresh, host, 0)); err != nil {
		t.Fatal(err)
	}
	appendMail(t, c, "second")
	c.Close()
	if err := r.d.RunOnce(ctx); err != nil {
		t.Fatalf("second run: %v", err)
	}
	var subjects []string
	for _, req := range r.games.requests() {
		subjects = append(subjects, req.Subject)
	}
	if strings.Join(subjects, ",") != "first,second" {
		t.Errorf("handled %q, want first,second", subjects)
	}
	if p.Refreshes() < 2 {
		t.Errorf("%d tokens issued, want a refresh", p.Refreshes())
	}

	// Last (Dovecot delays the sign-ins after a failure): a forged token
	// is refused, with each mechanism.
	for _, mech := range []string{"XOAUTH2", "OAUTHBEARER"} {
		c, err := imapclient.DialInsecure(addr, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Authenticate(oauth.NewClient(mech, "bot@example.test", "forged", host, 0))
		var re *oauth.RefusedError
		if !errors.As(err, &re) || re.Mechanism != mech {
			t.Errorf("%s with a forged token: %v", mech, err)
		}
		c.Close()
	}
}

func appendMail(t *testing.T, c *imapclient.Client, subject string) {
	t.Helper()
	raw := mailFrom("alice@example.test", "bot@example.test", subject, "P-2c\r\n")
	cmd := c.Append("INBOX", int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.Wait(); err != nil {
		t.Fatalf("append: %v", err)
	}
}
