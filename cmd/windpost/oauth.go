package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/mailer"
	"github.com/windpost/windpost/mailer/oauth"
)

func cmdOAuth(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "oauth login -config FILE [-listen ADDR]",
		`Sign windpost in to the mailbox with OAuth 2.0, once: windpost keeps the
refresh token in [oauth] token_file (default: beside the store, mode 0600)
and refreshes its access tokens itself from then on.

Microsoft (and a generic provider with device_url) shows a code to enter at
an address, in a browser on any machine. Google redirects the browser back
to windpost: open the address it prints in a browser on this machine. With
the browser on another machine, forward the port over SSH from there first
(ssh -L 8765:127.0.0.1:8765 SERVER; another port with -listen). Run it again
if windpost says the provider refused the refresh token.`)
	cfgPath := fs.String("config", "", "the config `file` (TOML) with an [oauth] section")
	listen := fs.String("listen", oauth.DefaultListen, "Google and other redirect sign-ins: the loopback `address` windpost listens on")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 || pos[0] != "login" || *cfgPath == "" {
		fs.Usage()
		return 2
	}
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(a.stderr, "windpost oauth login: "+format+"\n", args...)
		return code
	}
	cfg, err := config.Load(*cfgPath, os.Environ())
	if err != nil {
		return fail(2, "%v", err)
	}
	if !cfg.OAuth.Enabled() {
		return fail(2, "%s has no [oauth] provider: set oauth.provider (google, microsoft or generic) and oauth.client_id", *cfgPath)
	}
	oc, err := oauthSettings(cfg).Config()
	if err != nil {
		return fail(2, "%v", err)
	}
	l := &oauth.Login{Config: oc, Out: a.stdout, Hint: cfg.IMAP.Username, Listen: *listen}
	tok, err := l.Run(ctx)
	if errors.Is(err, oauth.ErrListen) {
		return fail(1, "%v (is another sign-in running? choose a free port with -listen 127.0.0.1:PORT, and forward that one)", err)
	}
	if err != nil {
		return fail(1, "%v", err)
	}
	f := oauth.TokenFile(cfg.OAuth.TokenFile)
	if err := f.Save(tok); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(a.stdout, "Signed in as %s. The refresh token is kept in %s (readable by this user only).\nNext: windpost check -config %s\n", cfg.IMAP.Username, f, *cfgPath)
	return 0
}

func oauthSettings(cfg *config.Config) oauth.Settings {
	o := cfg.OAuth
	return oauth.Settings{Provider: o.Provider, ClientID: o.ClientID, ClientSecret: o.ClientSecret, Tenant: o.Tenant,
		AuthURL: o.AuthURL, TokenURL: o.TokenURL, DeviceURL: o.DeviceURL, Scopes: o.Scopes}
}

// mailOptions are the IMAP and SMTP options of cfg (the file at
// cfgPath), with one OAuth token source for both when [oauth] is on.
func mailOptions(cfg *config.Config, cfgPath string, log *slog.Logger) (mailer.IMAPOptions, mailer.SMTPOptions, error) {
	var io mailer.IMAPOptions
	var so mailer.SMTPOptions
	itls, err := config.TLSConfig(cfg.IMAP.Host, cfg.IMAP.CAFile)
	if err != nil {
		return io, so, fmt.Errorf("imap.ca_file: %w", err)
	}
	stls, err := config.TLSConfig(cfg.SMTP.Host, cfg.SMTP.CAFile)
	if err != nil {
		return io, so, fmt.Errorf("smtp.ca_file: %w", err)
	}
	io = mailer.IMAPOptions{Host: cfg.IMAP.Host, Port: cfg.IMAP.Port, TLS: cfg.IMAP.TLS, Username: cfg.IMAP.Username,
		Password: cfg.IMAP.Password, Mailbox: cfg.IMAP.Mailbox, TLSConfig: itls, Poll: cfg.Poll.Interval}
	so = mailer.SMTPOptions{Host: cfg.SMTP.Host, Port: cfg.SMTP.Port, TLS: cfg.SMTP.TLS, Username: cfg.SMTP.Username,
		Password: cfg.SMTP.Password, TLSConfig: stls}
	if cfg.OAuth.Enabled() {
		oc, err := oauthSettings(cfg).Config()
		if err != nil {
			return io, so, err
		}
		src := &oauth.Source{Config: oc, File: oauth.TokenFile(cfg.OAuth.TokenFile),
			Login: "windpost oauth login -config " + cfgPath, Log: log.With("part", "oauth")}
		io.OAuth, so.OAuth = src, src
	}
	return io, so, nil
}
