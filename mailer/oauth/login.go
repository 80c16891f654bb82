package oauth

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"time"

	"golang.org/x/oauth2"
)

// Login is the one-time sign-in that obtains the refresh token: by the
// device code flow when the provider has one (Microsoft), otherwise by a
// redirect to a web server on this machine's loopback (Google).
type Login struct {
	Config *oauth2.Config
	// Out gets the instructions for the person signing in.
	Out io.Writer
	// Hint is the mailbox address, passed to the provider as login_hint.
	Hint string
	// Listen is the loopback address the redirect comes back to;
	// "" = DefaultListen.
	Listen string
}

// DefaultListen is where the loopback sign-in listens unless told
// otherwise: a fixed port, so that it can be forwarded over SSH from the
// machine with the browser (ssh -L 8765:127.0.0.1:8765 server) before
// the sign-in starts.
const DefaultListen = "127.0.0.1:8765"

// ErrListen is matched (errors.Is) by Run's error when the loopback
// address cannot be listened on (the port is taken).
var ErrListen = errors.New("cannot listen for the sign-in redirect")

// Run signs in and returns the token, which has a refresh token.
func (l *Login) Run(ctx context.Context) (*oauth2.Token, error) {
	var t *oauth2.Token
	var err error
	if l.Config.Endpoint.DeviceAuthURL != "" {
		t, err = l.device(ctx)
	} else {
		t, err = l.loopback(ctx)
	}
	if err != nil {
		return nil, err
	}
	if t.RefreshToken == "" {
		return nil, errors.New("oauth: the provider gave no refresh token (ask for offline access: Microsoft needs the offline_access scope)")
	}
	return t, nil
}

func (l *Login) device(ctx context.Context) (*oauth2.Token, error) {
	da, err := l.Config.DeviceAuth(ctx)
	if err != nil {
		return nil, fmt.Errorf("oauth: device sign-in at %s: %w", l.Config.Endpoint.DeviceAuthURL, err)
	}
	if da.VerificationURIComplete != "" {
		fmt.Fprintf(l.Out, "To let windpost use the mailbox, open\n\n    %s\n\nand sign in (the code is %s).\n", da.VerificationURIComplete, da.UserCode)
	} else {
		fmt.Fprintf(l.Out, "To let windpost use the mailbox, open\n\n    %s\n\nand enter the code %s\n", da.VerificationURI, da.UserCode)
	}
	fmt.Fprintf(l.Out, "Waiting for the sign-in (until %s) ...\n", da.Expiry.Format(time.TimeOnly))
	t, err := l.Config.DeviceAccessToken(ctx, da)
	if err != nil {
		return nil, fmt.Errorf("oauth: device sign-in: %w", err)
	}
	return t, nil
}

// loopback serves one redirect on the loopback interface: the provider
// sends the browser back there with the code, which is exchanged with
// PKCE.
func (l *Login) loopback(ctx context.Context) (*oauth2.Token, error) {
	addr := cmp.Or(l.Listen, DefaultListen)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("oauth: %w on %s: %w", ErrListen, addr, err)
	}
	defer ln.Close()
	cfg := *l.Config
	cfg.RedirectURL = "http://" + ln.Addr().String() + "/"
	state := randomText()
	verifier := oauth2.GenerateVerifier()
	opts := []oauth2.AuthCodeOption{oauth2.AccessTypeOffline, oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("prompt", "consent")}
	if l.Hint != "" {
		opts = append(opts, oauth2.SetAuthURLParam("login_hint", l.Hint))
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	fmt.Fprintf(l.Out, "To let windpost use the mailbox, open this address in a browser on this machine:\n\n    %s\n\n"+
		"(With the browser on another machine, forward the port first, from there: ssh -L %s:%s <this machine>.)\n"+
		"Waiting for the sign-in ...\n", cfg.AuthCodeURL(state, opts...), port, ln.Addr())

	type result struct {
		code string
		err  error
	}
	got := make(chan result, 1)
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var res result
		switch {
		case q.Get("state") != state:
			http.Error(w, "windpost: this is not the sign-in windpost started", http.StatusBadRequest)
			return
		case q.Get("error") != "":
			res.err = fmt.Errorf("oauth: the provider refused the sign-in: %s %s", q.Get("error"), q.Get("error_description"))
			fmt.Fprintf(w, "windpost: the sign-in failed: %s", html.EscapeString(q.Get("error")))
		default:
			res.code = q.Get("code")
			fmt.Fprint(w, "windpost: signed in. You can close this page.")
		}
		select {
		case got <- res:
		default:
		}
	})}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	var res result
	select {
	case res = <-got:
	case <-ctx.Done():
		return nil, fmt.Errorf("oauth: sign-in: %w", ctx.Err())
	}
	if res.err != nil {
		return nil, res.err
	}
	t, err := cfg.Exchange(ctx, res.code, oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, fmt.Errorf("oauth: exchange the sign-in code at %s: %w", cfg.Endpoint.TokenURL, err)
	}
	return t, nil
}

func randomText() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
