package mailer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/emersion/go-imap/v2"
	gomail "github.com/wneessen/go-mail"
	gosmtp "github.com/wneessen/go-mail/smtp"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/mailer/oauth"
)

// TokenSource gives the access tokens of OAuth 2.0 sign-in (package
// oauth's Source is one). With one in IMAPOptions or SMTPOptions, the
// password is not used.
type TokenSource interface {
	// AccessToken returns a token valid for a while yet.
	AccessToken(ctx context.Context) (string, error)
	// Invalidate forgets the token after a server refused it.
	Invalidate()
}

// signIn logs in with the password, or authenticates with an OAuth token
// (OAUTHBEARER if the server offers it, XOAUTH2 otherwise). A refused
// token is forgotten, so the next connection brings a fresh one.
func (cn *imapConn) signIn(ctx context.Context) error {
	o := &cn.d.IMAP
	if o.OAuth == nil {
		err := cn.wait("login as "+o.Username, cn.c.Login(o.Username, o.Password).Wait)
		if refusedNo(err) {
			return fmt.Errorf("%w (check the IMAP username and password)", err)
		}
		return err
	}
	token, err := o.OAuth.AccessToken(ctx)
	if err != nil {
		return fmt.Errorf("imap sign-in as %s: %w", o.Username, err)
	}
	var caps imap.CapSet
	if err := cn.wait("capability", func() error { caps = cn.c.Caps(); return nil }); err != nil {
		return err
	}
	mech := oauth.Mechanism(func(m string) bool { return caps.Has(imap.Cap("AUTH=" + m)) })
	sc := oauth.NewClient(mech, o.Username, token, o.Host, o.Port)
	err = cn.wait("authenticate "+mech+" as "+o.Username, func() error { return cn.c.Authenticate(sc) })
	var re *oauth.RefusedError
	if refusedNo(err) || errors.As(err, &re) {
		o.OAuth.Invalidate()
		return fmt.Errorf("%w (the server refused the OAuth token; a fresh one is fetched for the next try: if this repeats, check imap.username and that the app may use IMAP)", err)
	}
	return err
}

func refusedNo(err error) bool {
	var ie *imap.Error
	return errors.As(err, &ie) && ie.Type == imap.StatusResponseTypeNo
}

// smtpAuth is the go-mail options that sign in to the SMTP server: none
// without a username, the password (PLAIN or better, PLAIN in the clear
// only without TLS), or an OAuth token.
func smtpAuth(opts *SMTPOptions) []gomail.Option {
	switch {
	case opts.Username == "":
		return nil
	case opts.OAuth != nil:
		return []gomail.Option{gomail.WithSMTPAuthCustom(&smtpOAuth{opts: opts})}
	}
	auth := gomail.SMTPAuthAutoDiscover
	if opts.TLS == config.TLSNone {
		auth = gomail.SMTPAuthPlainNoEnc
	}
	return []gomail.Option{gomail.WithSMTPAuth(auth), gomail.WithUsername(opts.Username), gomail.WithPassword(opts.Password)}
}

// smtpOAuth is go-mail's smtp.Auth for OAuth: each sign-in takes the
// source's current token, and a refusal (the server's challenge that
// carries the error) invalidates it.
type smtpOAuth struct {
	opts *SMTPOptions
	mech string
}

func (a *smtpOAuth) Start(si *gosmtp.ServerInfo) (string, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), a.opts.timeout())
	defer cancel()
	token, err := a.opts.OAuth.AccessToken(ctx)
	if err != nil {
		return "", nil, fmt.Errorf("smtp sign-in as %s: %w", a.opts.Username, err)
	}
	a.mech = oauth.Mechanism(func(m string) bool {
		for _, s := range si.Auth {
			if strings.EqualFold(s, m) {
				return true
			}
		}
		return false
	})
	return oauth.NewClient(a.mech, a.opts.Username, token, a.opts.Host, a.opts.Port).Start()
}

func (a *smtpOAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if !more {
		return nil, nil
	}
	// Both mechanisms challenge only to report a refusal: go-mail then
	// ends the exchange.
	a.opts.OAuth.Invalidate()
	return oauth.NewClient(a.mech, "", "", "", 0).Next(fromServer)
}
