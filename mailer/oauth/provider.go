// Package oauth signs windpost in to mail servers with OAuth 2.0: each
// provider's endpoints and scopes, the refresh token kept in a 0600 file,
// access tokens refreshed before they expire and after a refusal, the
// SASL mechanisms XOAUTH2 and OAUTHBEARER, and the one-time sign-in
// (`windpost oauth login`) by device code or loopback redirect.
//
// Tokens are never logged: errors name the provider and the file, not
// what is in them.
package oauth

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/oauth2"
)

// Providers windpost knows the endpoints of.
const (
	Google    = "google"
	Microsoft = "microsoft"
	Generic   = "generic"
)

// Settings are the [oauth] keys of the configuration file.
type Settings struct {
	Provider     string // google | microsoft | generic
	ClientID     string
	ClientSecret string // may be empty for public clients (Microsoft)
	Tenant       string // microsoft: "" = "common" (personal and work accounts)
	AuthURL      string // generic; overrides the provider's
	TokenURL     string // generic; overrides the provider's
	DeviceURL    string // generic: the device authorization endpoint, "" = none
	Scopes       string // space-separated; "" = the provider's mail scopes
}

// endpoint is a provider's URLs and mail scopes.
type endpoint struct {
	auth, token, device string
	scopes              string
}

// known is the endpoint of a provider with its tenant filled in.
func known(provider, tenant string) (endpoint, bool) {
	switch provider {
	case Google:
		// Google's device flow does not grant the mail scope: the
		// loopback redirect is used.
		return endpoint{
			auth:   "https://accounts.google.com/o/oauth2/auth",
			token:  "https://oauth2.googleapis.com/token",
			scopes: "https://mail.google.com/",
		}, true
	case Microsoft:
		base := "https://login.microsoftonline.com/" + cmp.Or(tenant, "common") + "/oauth2/v2.0/"
		return endpoint{
			auth:   base + "authorize",
			token:  base + "token",
			device: base + "devicecode",
			scopes: "https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access",
		}, true
	case Generic:
		return endpoint{}, true
	}
	return endpoint{}, false
}

// Check reports every missing or unknown setting, each with its key.
func (s Settings) Check() error {
	var errs []error
	e, ok := known(s.Provider, s.Tenant)
	if !ok {
		return fmt.Errorf("oauth.provider: want google, microsoft or generic, got %q", s.Provider)
	}
	if strings.TrimSpace(s.ClientID) == "" {
		errs = append(errs, errors.New("oauth.client_id: missing (the application's ID from the provider's developer console)"))
	}
	if cmp.Or(s.TokenURL, e.token) == "" {
		errs = append(errs, errors.New("oauth.token_url: missing (required for provider generic)"))
	}
	if cmp.Or(s.AuthURL, e.auth, s.DeviceURL) == "" {
		errs = append(errs, errors.New("oauth.auth_url: missing (required for provider generic, unless oauth.device_url is set)"))
	}
	return errors.Join(errs...)
}

// Config is the x/oauth2 configuration of s (RedirectURL is set by the
// loopback sign-in).
func (s Settings) Config() (*oauth2.Config, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	e, _ := known(s.Provider, s.Tenant)
	return &oauth2.Config{
		ClientID:     s.ClientID,
		ClientSecret: s.ClientSecret,
		Endpoint: oauth2.Endpoint{
			AuthURL:       cmp.Or(s.AuthURL, e.auth),
			TokenURL:      cmp.Or(s.TokenURL, e.token),
			DeviceAuthURL: cmp.Or(s.DeviceURL, e.device),
			// Client secret in the body works with Google, Microsoft and
			// Dovecot-style generic servers alike.
			AuthStyle: oauth2.AuthStyleInParams,
		},
		Scopes: strings.Fields(cmp.Or(s.Scopes, e.scopes)),
	}, nil
}
