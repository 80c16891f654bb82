package config

import (
	"strings"
	"testing"
)

// A provider preset fills the servers and usernames, turns on OAuth where
// passwords no longer work, and gives way to every key the file sets.
func TestPresets(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		env        []string
		check      func(c *Config) string // "" = fine
	}{
		{"gmail with an app password", "[mail]\nprovider = \"gmail\"\n[bot]\naddress = \"club@gmail.com\"\n",
			[]string{"WINDPOST_IMAP_PASSWORD=app", "WINDPOST_SMTP_PASSWORD=app"}, func(c *Config) string {
				if c.IMAP.Host != "imap.gmail.com" || c.IMAP.Port != 993 || c.SMTP.Host != "smtp.gmail.com" || c.SMTP.Port != 465 ||
					c.SMTP.TLS != TLSImplicit || c.IMAP.Username != "club@gmail.com" || c.SMTP.Username != "club@gmail.com" || c.OAuth.Enabled() {
					return "wrong fill"
				}
				return ""
			}},
		{"gmail without a password signs in with google", "[mail]\nprovider = \"gmail\"\n[bot]\naddress = \"club@gmail.com\"\n[oauth]\nclient_id = \"id\"\n",
			nil, func(c *Config) string {
				if c.OAuth.Provider != "google" || c.OAuth.TokenFile != "windpost.db.oauth.json" {
					return "no oauth"
				}
				return ""
			}},
		{"outlook", "[mail]\nprovider = \"outlook\"\n[bot]\naddress = \"club@outlook.com\"\n[oauth]\nclient_id = \"id\"\n[store]\npath = \"/var/lib/windpost/w.db\"\n",
			nil, func(c *Config) string {
				if c.OAuth.Provider != "microsoft" || c.SMTP.Host != "smtp-mail.outlook.com" || c.SMTP.Port != 587 ||
					c.SMTP.TLS != TLSStartTLS || c.OAuth.TokenFile != "/var/lib/windpost/w.db.oauth.json" {
					return "wrong fill"
				}
				return ""
			}},
		{"overrides win", "[mail]\nprovider = \"fastmail\"\n[imap]\nhost = \"imap.example.org\"\ntls = \"starttls\"\npassword = \"p\"\n[smtp]\nport = 2525\npassword = \"p\"\n[bot]\naddress = \"club@example.org\"\n",
			nil, func(c *Config) string {
				if c.IMAP.Host != "imap.example.org" || c.IMAP.Port != 143 || c.SMTP.Host != "smtp.fastmail.com" || c.SMTP.Port != 2525 {
					return "the preset won"
				}
				return ""
			}},
	} {
		c, err := Parse(tc.text, tc.env)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if msg := tc.check(c); msg != "" {
			t.Errorf("%s: %s: %+v", tc.name, msg, c)
		}
	}
}

func TestOAuthErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"[mail]\nprovider = \"hotmail\"\n[bot]\naddress = \"a@b.c\"\n[imap]\npassword = \"p\"\n[smtp]\npassword = \"p\"\n",
			[]string{`mail.provider: want one of gmail, outlook, microsoft365, fastmail, icloud, yahoo, got "hotmail"`}},
		{"[mail]\nprovider = \"outlook\"\n[bot]\naddress = \"a@outlook.com\"\n",
			[]string{"oauth.client_id: missing"}},
		// Gmail without a password: both ways in, the app password and OAuth.
		{"[mail]\nprovider = \"gmail\"\n[bot]\naddress = \"club@gmail.com\"\n",
			[]string{`oauth.client_id: missing, and so is the password: mail.provider "gmail" takes either an app password (set imap.password and smtp.password`,
				"WINDPOST_IMAP_PASSWORD", "or OAuth (set oauth.client_id", "windpost oauth login"}},
		{minimal + "[oauth]\nprovider = \"generic\"\nclient_id = \"x\"\n",
			[]string{"oauth.token_url: missing", "oauth.auth_url: missing"}},
		{minimal + "[oauth]\nprovider = \"facebook\"\n", []string{`oauth.provider: want google, microsoft or generic, got "facebook"`}},
		{minimal + "[oauth]\nclient_secret = 42\n", []string{"oauth.client_secret: want text in quotes", "a number (not shown)"}},
	} {
		_, err := Parse(tc.text, nil)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%q: got %v, want %q", tc.text, err, w)
			}
		}
	}
	// With OAuth no password is needed, and the secret can come from the
	// environment.
	c, err := Parse(strings.Replace(minimal, `password = "pw"`, "", 1)+"[oauth]\nprovider = \"google\"\nclient_id = \"id\"\n",
		[]string{"WINDPOST_OAUTH_CLIENT_SECRET=s"})
	if err != nil || c.OAuth.ClientSecret != "s" {
		t.Errorf("oauth without passwords: %v", err)
	}
}
