package oauth_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/windpost/windpost/mailer/oauth"
	"github.com/windpost/windpost/mailer/oauth/oauthtest"
)

// newSource is a Source over a provider p with a token file seeded as
// `oauth login` leaves it.
func newSource(t *testing.T, p *oauthtest.Provider, log *slog.Logger) *oauth.Source {
	t.Helper()
	cfg, err := p.Settings(false).Config()
	if err != nil {
		t.Fatal(err)
	}
	f := oauth.TokenFile(filepath.Join(t.TempDir(), "windpost.db.oauth.json"))
	if err := p.Seed(f); err != nil {
		t.Fatal(err)
	}
	return &oauth.Source{Config: cfg, File: f, Early: time.Second, Login: "windpost oauth login -config windpost.toml", Log: log}
}

func TestSourceRefreshesBeforeExpiry(t *testing.T) {
	p := oauthtest.Start("bot@example.test", 2*time.Second)
	defer p.Close()
	var logs bytes.Buffer
	s := newSource(t, p, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	var ahead atomic.Int64 // how far the tokens' time is ahead of the real one
	s.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	p.SetNow(s.Now)
	ctx := context.Background()
	first, err := s.AccessToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := s.AccessToken(ctx)
	if again != first || p.Refreshes() != 1 {
		t.Fatalf("a fresh token is reused: got a new one %v, %d refreshes", again != first, p.Refreshes())
	}
	ahead.Store(int64(1100 * time.Millisecond)) // under a second of life left
	later, err := s.AccessToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if later == first || p.Refreshes() != 2 {
		t.Fatalf("a token about to expire was not replaced (%d refreshes)", p.Refreshes())
	}
	if err := p.Check("bot@example.test", later); err != nil {
		t.Fatalf("the refreshed token: %v", err)
	}
	if !strings.Contains(logs.String(), "refreshed") || strings.Contains(logs.String(), first) || strings.Contains(logs.String(), later) {
		t.Errorf("the log must say a token was refreshed and never show one:\n%s", logs.String())
	}
	// The rotated refresh token is kept: a new Source (a restart) works.
	s2 := &oauth.Source{Config: s.Config, File: s.File}
	if _, err := s2.AccessToken(ctx); err != nil {
		t.Fatalf("after a restart: %v", err)
	}
	fi, err := os.Stat(string(s.File))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file mode %v, want 0600", fi.Mode().Perm())
	}
}

func TestSourceInvalidateRefreshes(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	s := newSource(t, p, nil)
	a, _ := s.AccessToken(context.Background())
	s.Invalidate()
	b, err := s.AccessToken(context.Background())
	if err != nil || a == b || p.Refreshes() != 2 {
		t.Fatalf("after Invalidate: err %v, same token %v, %d refreshes", err, a == b, p.Refreshes())
	}
}

// A revoked refresh token: a RevokedError naming the login command, logged
// once however often it is tried, and a new sign-in is picked up from the
// file without a restart.
func TestSourceRevoked(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	var logs bytes.Buffer
	s := newSource(t, p, slog.New(slog.NewTextHandler(&logs, nil)))
	p.Revoke()
	for range 3 {
		_, err := s.AccessToken(context.Background())
		var rev *oauth.RevokedError
		if !errors.As(err, &rev) {
			t.Fatalf("got %v, want a RevokedError", err)
		}
		if !strings.Contains(err.Error(), "sign in again with `windpost oauth login -config windpost.toml`") {
			t.Fatalf("error %q does not say what to run", err)
		}
	}
	if n := strings.Count(logs.String(), "level=ERROR"); n != 1 {
		t.Fatalf("%d error lines, want 1:\n%s", n, logs.String())
	}
	if err := p.Seed(s.File); err != nil { // `oauth login` run again
		t.Fatal(err)
	}
	if _, err := s.AccessToken(context.Background()); err != nil {
		t.Fatalf("after a new sign-in: %v", err)
	}
}

func TestSourceWithoutSignIn(t *testing.T) {
	s := &oauth.Source{File: oauth.TokenFile(filepath.Join(t.TempDir(), "none.json")), Login: "windpost oauth login -config f"}
	_, err := s.AccessToken(context.Background())
	if !errors.Is(err, oauth.ErrNoToken) || !strings.Contains(err.Error(), "windpost oauth login -config f") {
		t.Fatalf("got %v", err)
	}
}

func TestSettingsCheck(t *testing.T) {
	for _, tc := range []struct {
		s    oauth.Settings
		want string // "" = fine
	}{
		{oauth.Settings{Provider: "google", ClientID: "id"}, ""},
		{oauth.Settings{Provider: "microsoft", ClientID: "id", Tenant: "contoso.com"}, ""},
		{oauth.Settings{Provider: "yahoo", ClientID: "id"}, "oauth.provider: want google, microsoft or generic"},
		{oauth.Settings{Provider: "google"}, "oauth.client_id: missing"},
		{oauth.Settings{Provider: "generic", ClientID: "id"}, "oauth.token_url: missing"},
	} {
		err := tc.s.Check()
		if (tc.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want %q", tc.s, err, tc.want)
		}
	}
	cfg, _ := oauth.Settings{Provider: "microsoft", ClientID: "id", Tenant: "contoso.com"}.Config()
	if cfg.Endpoint.DeviceAuthURL != "https://login.microsoftonline.com/contoso.com/oauth2/v2.0/devicecode" ||
		!strings.Contains(strings.Join(cfg.Scopes, " "), "offline_access") {
		t.Errorf("microsoft: %+v", cfg)
	}
}

// syncBuffer is a bytes.Buffer safe to write and read at once.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	written chan struct{} // closed (and made anew) at each write; nil until waited on
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.written != nil {
		close(b.written)
		b.written = nil
	}
	return b.b.Write(p)
}

// find waits until re matches what was written, and returns the match;
// "" if none did within 5 s.
func (b *syncBuffer) find(re *regexp.Regexp) string {
	deadline := time.After(5 * time.Second)
	for {
		b.mu.Lock()
		found := re.FindString(b.b.String())
		if b.written == nil {
			b.written = make(chan struct{})
		}
		written := b.written
		b.mu.Unlock()
		if found != "" {
			return found
		}
		select {
		case <-written:
		case <-deadline:
			return ""
		}
	}
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// The two sign-in flows against the test provider: the device flow, and
// the loopback redirect with the test playing the browser.
func TestLogin(t *testing.T) {
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	for _, device := range []bool{true, false} {
		cfg, err := p.Settings(device).Config()
		if err != nil {
			t.Fatal(err)
		}
		var out syncBuffer
		l := &oauth.Login{Config: cfg, Out: &out, Hint: "bot@example.test", Listen: "127.0.0.1:0"}
		if !device {
			go browse(t, &out)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		tok, err := l.Run(ctx)
		cancel()
		if err != nil {
			t.Fatalf("device %v: %v\n%s", device, err, out.String())
		}
		if tok.RefreshToken == "" || p.Check("bot@example.test", tok.AccessToken) != nil {
			t.Fatalf("device %v: token %+v", device, tok)
		}
		want := "open"
		if device {
			want = "enter the code WIND-POST"
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("device %v: instructions %q lack %q", device, out.String(), want)
		}
		if !device {
			// The SSH advice names the port the redirect came back to.
			m := regexp.MustCompile(`redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A(\d+)`).FindStringSubmatch(out.String())
			if m == nil || !strings.Contains(out.String(), "forward the port first, from there: ssh -L "+m[1]+":127.0.0.1:"+m[1]+" <this machine>") {
				t.Errorf("the instructions do not say how to forward the redirect's port:\n%s", out.String())
			}
		}
	}
}

// TestLoginDefaultListen: without Listen the loopback sign-in listens on
// the fixed DefaultListen (so the README's SSH forwarding can name it);
// when that port is taken, it says so, naming the address, and does not
// fall back to another port.
func TestLoginDefaultListen(t *testing.T) {
	if _, port, _ := net.SplitHostPort(oauth.DefaultListen); port == "0" || port == "" {
		t.Fatalf("DefaultListen %q has no fixed port", oauth.DefaultListen)
	}
	p := oauthtest.Start("bot@example.test", time.Hour)
	defer p.Close()
	cfg, err := p.Settings(false).Config()
	if err != nil {
		t.Fatal(err)
	}
	// Take the port (unless another program has it already: taken either way).
	if ln, err := net.Listen("tcp", oauth.DefaultListen); err == nil {
		defer ln.Close()
	}
	var out syncBuffer
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err = (&oauth.Login{Config: cfg, Out: &out}).Run(ctx)
	if !errors.Is(err, oauth.ErrListen) || !strings.Contains(err.Error(), oauth.DefaultListen) || out.String() != "" {
		t.Errorf("the default port taken: %v, printed %q; want oauth.ErrListen naming %s", err, out.String(), oauth.DefaultListen)
	}
}

// browse opens the address the loopback sign-in prints, as a browser
// would, following the provider's redirect back to windpost.
func browse(t *testing.T, out *syncBuffer) {
	u := out.find(regexp.MustCompile(`http://\S+/authorize\?\S+`))
	if u == "" {
		t.Error("no authorization address printed")
		return
	}
	if !strings.Contains(u, "login_hint=bot%40example.test") || !strings.Contains(u, "code_challenge_method=S256") {
		t.Errorf("authorization address %s", u)
	}
	resp, err := http.Get(u)
	if err != nil {
		t.Error(err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "signed in") {
		t.Errorf("browser page: %s", body)
	}
}
