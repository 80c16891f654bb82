// Package oauthtest is an OAuth 2.0 provider for tests (like httptest): a
// token endpoint that refreshes and exchanges, a device-code endpoint, an
// authorization endpoint that consents at once, and a token-introspection
// endpoint (RFC 7662, for Dovecot's oauth2 passdb). Its Check is the
// token checker of the embedded mail server.
package oauthtest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/windpost/windpost/mailer/oauth"
)

// Provider is a running test provider for one mailbox user.
type Provider struct {
	*httptest.Server
	User     string        // whose tokens these are
	Lifetime time.Duration // of an access token

	mu        sync.Mutex
	now       func() time.Time     // nil = time.Now; see SetNow
	access    map[string]time.Time // access token -> expiry
	refresh   map[string]bool      // refresh tokens that work
	codes     map[string]bool      // authorization and device codes
	refreshes int
	checks    int
}

// Start serves a provider whose access tokens live for lifetime.
func Start(user string, lifetime time.Duration) *Provider {
	p := &Provider{User: user, Lifetime: lifetime, access: map[string]time.Time{},
		refresh: map[string]bool{}, codes: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("POST /device", p.device)
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("/introspect", p.introspect)
	p.Server = httptest.NewServer(mux)
	return p
}

// Settings are the [oauth] settings of a generic provider at p; device
// says whether it offers the device flow.
func (p *Provider) Settings(device bool) oauth.Settings {
	s := oauth.Settings{Provider: oauth.Generic, ClientID: "windpost-test", ClientSecret: "s3cret",
		AuthURL: p.URL + "/authorize", TokenURL: p.URL + "/token", Scopes: "mail"}
	if device {
		s.DeviceURL = p.URL + "/device"
	}
	return s
}

// Seed writes a token file as `oauth login` would, with a working
// refresh token and no access token yet.
func (p *Provider) Seed(f oauth.TokenFile) error {
	p.mu.Lock()
	rt := newText()
	p.refresh[rt] = true
	p.mu.Unlock()
	return f.Save(&oauth2.Token{RefreshToken: rt})
}

// Revoke makes every refresh token fail with invalid_grant, as a user
// who withdrew the app's access; access tokens already out stay valid
// until they expire.
func (p *Provider) Revoke() {
	p.mu.Lock()
	defer p.mu.Unlock()
	clear(p.refresh)
}

// SetNow makes p judge and set its tokens' expiry by now instead of
// time.Now (a test moves the time on instead of waiting).
func (p *Provider) SetNow(now func() time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.now = now
}

// clock is the time now, by SetNow's clock; p.mu is held.
func (p *Provider) clock() time.Time {
	if p.now != nil {
		return p.now()
	}
	return time.Now()
}

// Refreshes counts the access tokens issued.
func (p *Provider) Refreshes() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.refreshes
}

// Checks counts the tokens checked by Check or introspection.
func (p *Provider) Checks() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.checks
}

// Check accepts token for user if p issued it and it has not expired.
func (p *Provider) Check(user, token string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.checks++
	exp, ok := p.access[token]
	switch {
	case !ok:
		return errors.New("unknown token")
	case p.clock().After(exp):
		return errors.New("token expired")
	case user != p.User:
		return errors.New("token belongs to another user")
	}
	return nil
}

func (p *Provider) issue(w http.ResponseWriter, refresh string) {
	at := newText()
	p.access[at] = p.clock().Add(p.Lifetime)
	p.refreshes++
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": at, "token_type": "Bearer",
		"expires_in": int(p.Lifetime.Seconds()), "refresh_token": refresh})
}

func refuse(w http.ResponseWriter, code, why string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": why})
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r.PostFormValue("client_id") != "windpost-test" {
		refuse(w, "invalid_client", "unknown client")
		return
	}
	switch r.PostFormValue("grant_type") {
	case "refresh_token":
		rt := r.PostFormValue("refresh_token")
		if !p.refresh[rt] {
			refuse(w, "invalid_grant", "the refresh token was revoked")
			return
		}
		// Rotate the refresh token, as Microsoft does.
		delete(p.refresh, rt)
		rt = newText()
		p.refresh[rt] = true
		p.issue(w, rt)
	case "authorization_code", "urn:ietf:params:oauth:grant-type:device_code":
		code := r.PostFormValue("code") + r.PostFormValue("device_code")
		if !p.codes[code] {
			refuse(w, "invalid_grant", "unknown code")
			return
		}
		delete(p.codes, code)
		rt := newText()
		p.refresh[rt] = true
		p.issue(w, rt)
	default:
		refuse(w, "unsupported_grant_type", r.PostFormValue("grant_type"))
	}
}

// device starts a device sign-in that the user has already completed.
func (p *Provider) device(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	code := newText()
	p.codes[code] = true
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"device_code": code, "user_code": "WIND-POST",
		"verification_uri": p.URL + "/verify", "expires_in": 300, "interval": 1})
}

// authorize consents at once: it sends the browser back with a code.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	back, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || q.Get("code_challenge") == "" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	code := newText()
	p.codes[code] = true
	p.mu.Unlock()
	v := url.Values{"code": {code}, "state": {q.Get("state")}}
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// introspect is RFC 7662 for Dovecot: the token in a form field "token"
// or a Bearer header.
func (p *Provider) introspect(w http.ResponseWriter, r *http.Request) {
	token := r.FormValue("token")
	if h := r.Header.Get("Authorization"); token == "" && len(h) > 7 {
		token = h[7:]
	}
	w.Header().Set("Content-Type", "application/json")
	if p.Check(p.User, token) != nil {
		_ = json.NewEncoder(w).Encode(map[string]any{"active": false})
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"active": true, "username": p.User, "email": p.User})
}

func newText() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
