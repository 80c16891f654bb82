package config

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// OAuth configures OAuth 2.0 sign-in to IMAP and SMTP, in place of the
// passwords. An empty Provider means passwords.
//
//	[oauth]
//	provider = "microsoft"    # google | microsoft | generic
//	client_id = "..."         # the app registered with the provider
//	client_secret = "..."     # or WINDPOST_OAUTH_CLIENT_SECRET (Microsoft: none)
//	tenant = "common"         # microsoft: a directory ID or domain for Microsoft 365
//	auth_url = ""             # generic: the authorization endpoint
//	token_url = ""            # generic: the token endpoint
//	device_url = ""           # generic: the device authorization endpoint, if any
//	scopes = ""               # space-separated; "" = the provider's mail scopes
//	token_file = ""           # default: store.path + ".oauth.json"
type OAuth struct {
	Provider     string `toml:"provider"`
	ClientID     string `toml:"client_id"`
	ClientSecret string `toml:"client_secret"`
	Tenant       string `toml:"tenant"`
	AuthURL      string `toml:"auth_url"`
	TokenURL     string `toml:"token_url"`
	DeviceURL    string `toml:"device_url"`
	Scopes       string `toml:"scopes"`
	TokenFile    string `toml:"token_file"`
}

// Enabled says whether IMAP and SMTP sign in with OAuth.
func (o OAuth) Enabled() bool { return o.Provider != "" }

// oauthKeys are the [oauth] and [mail] keys (added to keys()).
func (c *Config) oauthKeys() []key {
	return []key{
		{"mail.provider", &c.Mail.Provider},
		{"oauth.provider", &c.OAuth.Provider}, {"oauth.client_id", &c.OAuth.ClientID},
		{"oauth.client_secret", &c.OAuth.ClientSecret}, {"oauth.tenant", &c.OAuth.Tenant},
		{"oauth.auth_url", &c.OAuth.AuthURL}, {"oauth.token_url", &c.OAuth.TokenURL},
		{"oauth.device_url", &c.OAuth.DeviceURL}, {"oauth.scopes", &c.OAuth.Scopes},
		{"oauth.token_file", &c.OAuth.TokenFile},
	}
}

// fillProvider applies the [mail] provider preset (before the other
// defaults): servers, ports and TLS the file leaves out, the mailbox
// address as the username, and OAuth where the provider wants it.
func (c *Config) fillProvider() {
	p, ok := PresetNamed(c.Mail.Provider)
	if !ok {
		return
	}
	c.IMAP.Host = cmp.Or(c.IMAP.Host, p.IMAP.Host)
	if c.IMAP.TLS == "" {
		c.IMAP.TLS, c.IMAP.Port = p.IMAP.TLS, cmp.Or(c.IMAP.Port, p.IMAP.Port)
	}
	c.SMTP.Host = cmp.Or(c.SMTP.Host, p.SMTP.Host)
	if c.SMTP.TLS == "" {
		c.SMTP.TLS, c.SMTP.Port = p.SMTP.TLS, cmp.Or(c.SMTP.Port, p.SMTP.Port)
	}
	c.IMAP.Username = cmp.Or(c.IMAP.Username, c.Bot.Address)
	c.SMTP.Username = cmp.Or(c.SMTP.Username, c.IMAP.Username)
	if p.OAuth != "" && (!p.Passwords || c.IMAP.Password == "") {
		c.OAuth.Provider = cmp.Or(c.OAuth.Provider, p.OAuth)
	}
}

// fillOAuth gives the token file its default beside the store; SMTP
// signs in as the IMAP user unless told otherwise.
func (c *Config) fillOAuth() {
	if c.OAuth.Enabled() {
		c.OAuth.TokenFile = cmp.Or(c.OAuth.TokenFile, c.Store.Path+".oauth.json")
		c.SMTP.Username = cmp.Or(c.SMTP.Username, c.IMAP.Username)
	}
}

// validateOAuth checks the [mail] and [oauth] keys.
func (c *Config) validateOAuth(bad func(format string, args ...any)) {
	if c.Mail.Provider != "" {
		if _, ok := PresetNamed(c.Mail.Provider); !ok {
			bad("mail.provider: want one of %s, got %q", strings.Join(PresetNames(), ", "), c.Mail.Provider)
		}
	}
	if !c.OAuth.Enabled() {
		return
	}
	if !slices.Contains([]string{"google", "microsoft", "generic"}, c.OAuth.Provider) {
		bad("oauth.provider: want google, microsoft or generic, got %q", c.OAuth.Provider)
		return
	}
	if strings.TrimSpace(c.OAuth.ClientID) == "" {
		if p, ok := PresetNamed(c.Mail.Provider); ok && p.Passwords && p.OAuth == c.OAuth.Provider && c.IMAP.Password == "" {
			// The preset turned OAuth on only for want of a password.
			bad("oauth.client_id: missing, and so is the password: mail.provider %q takes either an app password (set imap.password and "+
				"smtp.password, or WINDPOST_IMAP_PASSWORD and WINDPOST_SMTP_PASSWORD), or OAuth (set oauth.client_id "+
				"and oauth.client_secret of the app you registered, then run windpost oauth login); see the README", p.Name)
		} else {
			bad("oauth.client_id: missing (the ID of the app you registered with the provider; see the README)")
		}
	}
	if c.OAuth.Provider == "generic" {
		if c.OAuth.TokenURL == "" {
			bad("oauth.token_url: missing (provider generic needs its token endpoint)")
		}
		if c.OAuth.AuthURL == "" && c.OAuth.DeviceURL == "" {
			bad("oauth.auth_url: missing (provider generic needs auth_url or device_url)")
		}
	}
}

// String names the preset as "gmail (Gmail and Google Workspace)".
func (p Preset) String() string { return fmt.Sprintf("%s (%s)", p.Name, p.Title) }
