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

// TestSendLimits: a provider preset brings its documented sending limits;
// [outbox] per_day and per_minute (file or environment) win, each on its
// own; no preset and no key means no limit; a negative value is refused.
func TestSendLimits(t *testing.T) {
	gmail := "[mail]\nprovider = \"gmail\"\n[bot]\naddress = \"club@gmail.com\"\n[imap]\npassword = \"p\"\n[smtp]\npassword = \"p\"\n"
	m365 := "[mail]\nprovider = \"microsoft365\"\n[bot]\naddress = \"club@example.org\"\n[oauth]\nclient_id = \"id\"\n"
	for _, c := range []struct {
		name, text string
		env        []string
		want       SendLimits
		words      string
	}{
		{"no preset, no key", minimal, nil, SendLimits{}, "no limit"},
		{"gmail", gmail, nil, SendLimits{PerDay: 500, Source: "the gmail preset"}, "500 a day (the gmail preset)"},
		{"microsoft365", m365, nil, SendLimits{PerDay: 10000, PerMinute: 30, Source: "the microsoft365 preset"},
			"10000 a day, 30 a minute (the microsoft365 preset)"},
		{"workspace raises gmail's day", gmail + "[outbox]\nper_day = 2000\n", nil, SendLimits{PerDay: 2000, Source: "[outbox]"}, "2000 a day ([outbox])"},
		{"a minute limit beside the preset's day", gmail, []string{"WINDPOST_OUTBOX_PER_MINUTE=20"},
			SendLimits{PerDay: 500, PerMinute: 20, Source: "[outbox] and the gmail preset"}, "500 a day, 20 a minute ([outbox] and the gmail preset)"},
		{"own server with a key", minimal + "[outbox]\nper_day = 500\n", nil, SendLimits{PerDay: 500, Source: "[outbox]"}, "500 a day ([outbox])"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := Parse(c.text, c.env)
			if err != nil {
				t.Fatal(err)
			}
			if got := cfg.SendLimits(); got != c.want || got.String() != c.words {
				t.Errorf("got %+v (%q), want %+v (%q)", got, got.String(), c.want, c.words)
			}
		})
	}
	_, err := Parse(minimal+"[outbox]\nper_day = -1\n", nil)
	if err == nil || !strings.Contains(err.Error(), "outbox.per_day: want 0 (the default) or more") {
		t.Errorf("a negative per_day: %v", err)
	}
	for _, p := range Presets() {
		if p.Name != "fastmail" && p.Send.PerDay == 0 {
			t.Errorf("preset %s has no day limit", p.Name)
		}
	}
}

// TestPresetsFile holds every preset of presets.toml to what a preset must
// say: a unique name, a title, both servers with a port and a TLS mode, an
// OAuth provider windpost has, and notes.
func TestPresetsFile(t *testing.T) {
	ps := Presets()
	if len(ps) < 6 {
		t.Fatalf("%d presets", len(ps))
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Name == "" || p.Title == "" || seen[p.Name] || len(p.Notes) == 0 {
			t.Errorf("preset %+v: a name of its own, a title and notes wanted", p)
		}
		seen[p.Name] = true
		for _, s := range []Server{p.IMAP, p.SMTP} {
			if s.Host == "" || s.Port <= 0 || s.TLS.Check() != nil {
				t.Errorf("preset %s: server %+v", p.Name, s)
			}
		}
		if p.OAuth != "" && p.OAuth != "google" && p.OAuth != "microsoft" {
			t.Errorf("preset %s: oauth %q", p.Name, p.OAuth)
		}
		if !p.Passwords && p.OAuth == "" {
			t.Errorf("preset %s: neither passwords nor OAuth", p.Name)
		}
	}
}
