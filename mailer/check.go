package mailer

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/oauth"
)

// CheckStep is one step of a Check: what was checked, whether it passed,
// what was found, and, when it failed, what to change.
type CheckStep struct {
	Name   string
	OK     bool
	Detail string
	Fix    string
}

// Check tries a configuration against the real servers, step by step:
// each server's name, connection, TLS and certificate, the sign-in, the
// IMAP capabilities that matter, the processed folder (created if
// missing), and a test mail sent to the bot's own plus-address that must
// arrive in the inbox.
type Check struct {
	IMAP IMAPOptions
	SMTP SMTPOptions
	Bot  Bot
	// Wait is how long the test mail may take to arrive; 0 = 2 minutes.
	Wait time.Duration
	// Report is called as each step ends.
	Report func(CheckStep)
	Log    *slog.Logger // nil = no logs
	// LookupHost finds a server's addresses; nil = the system's resolver.
	LookupHost func(ctx context.Context, host string) ([]string, error)
}

func (ch *Check) wait() time.Duration { return positiveOr(ch.Wait, 2*time.Minute) }

func (ch *Check) lookupHost(ctx context.Context, host string) ([]string, error) {
	if ch.LookupHost != nil {
		return ch.LookupHost(ctx, host)
	}
	return net.DefaultResolver.LookupHost(ctx, host)
}

// Run runs every step it can and reports whether all passed. A step that
// cannot run because an earlier one failed is not reported.
func (ch *Check) Run(ctx context.Context) bool {
	ok := true
	report := func(s CheckStep) bool {
		ok = ok && s.OK
		if ch.Report != nil {
			ch.Report(s)
		}
		return s.OK
	}
	cn := ch.imapSteps(ctx, report)
	if cn != nil {
		defer cn.c.Close()
	}
	snd := ch.smtpSteps(ctx, report)
	if snd != nil {
		defer snd.Close()
	}
	if cn != nil && snd != nil {
		ch.mailSteps(ctx, cn, snd, report)
	}
	return ok
}

// resolve is the first step for each server: its name in the DNS. Only a
// name the DNS says does not exist (NXDOMAIN) is blamed on the config; a
// lookup that timed out or failed for now (no network, no DNS server)
// says so and points at this machine's network.
func (ch *Check) resolve(ctx context.Context, proto, host, key string) CheckStep {
	s := CheckStep{Name: fmt.Sprintf("%s: find the server %s", proto, host)}
	addrs, err := ch.lookupHost(ctx, host)
	if err != nil {
		s.Detail, s.Fix = lookupFailure(err, host, key)
		return s
	}
	s.OK, s.Detail = true, "at "+strings.Join(addrs, ", ")
	return s
}

// lookupFailure explains why the name host (the config key key.host) was
// not found, and what to change: a typo only when the DNS answered that
// the name does not exist.
func lookupFailure(err error, host, key string) (detail, fix string) {
	var de *net.DNSError
	switch {
	case errors.As(err, &de) && de.IsNotFound:
		return fmt.Sprintf("the name %s does not exist, the DNS says (%v)", host, err),
			fmt.Sprintf("check %s.host for a typo", key)
	case errors.As(err, &de) && de.IsTimeout:
		return fmt.Sprintf("the name %s could not be looked up: the DNS did not answer in time (%v)", host, err),
			"check this machine's network and DNS server (/etc/resolv.conf), then run check again; " + key + ".host may well be right"
	default: // temporary, or no DNS error at all: the network or the resolver failed
		return fmt.Sprintf("the name %s could not be looked up: the DNS could not be asked (%v)", host, err),
			"check that this machine is online and has a DNS server (/etc/resolv.conf), then run check again; " + key + ".host may well be right"
	}
}

// connectStep is the step of connecting to a server (proto "IMAP" or
// "SMTP"), from its outcome err.
func connectStep(proto, host string, port int, mode string, err error) CheckStep {
	s := CheckStep{Name: fmt.Sprintf("%s: connect to %s port %d (%s)", proto, host, port, tlsWords(mode))}
	if err != nil {
		s.Detail, s.Fix = connectFailure(err, strings.ToLower(proto), host, port)
	} else {
		s.OK, s.Detail = true, connectedWords(mode, host)
	}
	return s
}

// connectFailure explains a failed connection, TLS handshake or
// certificate in plain words.
func connectFailure(err error, key, host string, port int) (detail, fix string) {
	var ua x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	var ve *tls.CertificateVerificationError
	var re tls.RecordHeaderError
	switch {
	case errors.As(err, &he):
		return fmt.Sprintf("the server's certificate is not for %s (%v)", host, he),
			fmt.Sprintf("set %s.host to a name the certificate is for", key)
	case errors.As(err, &ua), errors.As(err, &ci), errors.As(err, &ve):
		return fmt.Sprintf("the server's certificate is not trusted (%v)", err),
			fmt.Sprintf("if the server's certificate comes from your own CA, set %s.ca_file to that CA's certificate (PEM); otherwise the server needs a valid certificate", key)
	case errors.As(err, &re), strings.Contains(err.Error(), "first record does not look like a TLS handshake"):
		return fmt.Sprintf("the server does not speak TLS on port %d (%v)", port, err),
			fmt.Sprintf("check %s.tls and %s.port together (implicit TLS: IMAP 993, SMTP 465; starttls: IMAP 143, SMTP 587)", key, key)
	case errors.Is(err, context.DeadlineExceeded), strings.Contains(err.Error(), "timeout"):
		return fmt.Sprintf("no answer from %s port %d (%v)", host, port, err),
			fmt.Sprintf("check %s.port, and that a firewall lets windpost out to it", key)
	}
	return fmt.Sprintf("cannot connect to %s port %d (%v)", host, port, err),
		fmt.Sprintf("check %s.host, %s.port and %s.tls", key, key, key)
}

// signInFailure explains a refused sign-in: an OAuth token that cannot
// be had, or the server's no.
func signInFailure(err error, key string, usesOAuth bool) (detail, fix string) {
	var rev *oauth.RevokedError
	var none *oauth.NotSignedInError
	switch {
	case errors.As(err, &rev):
		return "the OAuth provider refused the refresh token: it was revoked or has expired",
			"run `" + rev.Login + "` again"
	case errors.As(err, &none):
		return "windpost has not been signed in to the mailbox yet (" + none.Err.Error() + ")",
			"run `" + none.Login + "` once"
	case usesOAuth:
		return fmt.Sprintf("the server refused the OAuth sign-in (%v)", err),
			fmt.Sprintf("check %s.username (the mailbox the token was made for) and that the app may use %s", key, strings.ToUpper(key))
	}
	return fmt.Sprintf("wrong username or password (%v)", err),
		fmt.Sprintf("check %s.username and %s.password (Gmail, iCloud, Yahoo and Fastmail want an app password)", key, key)
}

// imapSteps connects, signs in, lists the capabilities and makes sure of
// the processed folder; it returns the connection, or nil after a failure.
func (ch *Check) imapSteps(ctx context.Context, report func(CheckStep) bool) *imapConn {
	o := ch.IMAP
	if !report(ch.resolve(ctx, "IMAP", o.Host, "imap")) {
		return nil
	}
	d := &Daemon{IMAP: o, Log: ch.Log}
	c, err := d.dial(ctx, make(chan struct{}, 1))
	if !report(connectStep("IMAP", o.Host, o.Port, string(o.TLS), err)) {
		return nil
	}
	cn := &imapConn{d: d, c: c, news: make(chan struct{}, 1), timeout: o.commandTimeout()}

	s := CheckStep{Name: "IMAP: sign in as " + o.Username + signInWay(o.OAuth != nil)}
	if err := cn.signIn(ctx); err != nil {
		s.Detail, s.Fix = signInFailure(err, "imap", o.OAuth != nil)
		report(s)
		c.Close()
		return nil
	}
	s.OK, s.Detail = true, "signed in"
	report(s)

	s = CheckStep{Name: "IMAP: capabilities"}
	var caps imap.CapSet
	if err := cn.wait("capability", func() (err error) { caps, err = c.Capability().Wait(); return err }); err != nil {
		s.Detail, s.Fix = err.Error(), "the server stopped answering; run the check again"
		report(s)
		c.Close()
		return nil
	}
	cn.canIdle, cn.canMove = caps.Has(imap.CapIdle), caps.Has(imap.CapMove) || caps.Has(imap.CapUIDPlus)
	s.OK, s.Detail = true, capsWords(caps)
	report(s)

	s = CheckStep{Name: "IMAP: the mailbox " + o.Inbox() + " and the processed folder"}
	if err := cn.wait("select "+o.Inbox(), func() error { _, err := c.Select(o.Inbox(), nil).Wait(); return err }); err != nil {
		s.Detail, s.Fix = err.Error(), "check imap.mailbox"
		report(s)
		c.Close()
		return nil
	}
	if !cn.canMove {
		s.OK, s.Detail = true, o.Inbox()+" opens; without MOVE or UIDPLUS handled mail stays there, marked seen"
	} else if err := cn.ensureProcessed(); err != nil {
		s.Detail, s.Fix = fmt.Sprintf("cannot create the folder for handled mail (%v)", err), "let the account create folders, or create windpost/processed yourself"
	} else {
		s.OK, s.Detail = true, o.Inbox()+" opens; "+cn.processed+" is there (created if it was missing)"
	}
	if !report(s) {
		c.Close()
		return nil
	}
	return cn
}

// smtpSteps connects (with TLS) and then signs in; it returns a sender
// that is signed in, or nil after a failure.
func (ch *Check) smtpSteps(ctx context.Context, report func(CheckStep) bool) *Sender {
	o := ch.SMTP
	if !report(ch.resolve(ctx, "SMTP", o.Host, "smtp")) {
		return nil
	}
	bare := o
	bare.Username = ""
	probe, err := NewSender(bare, ch.Bot)
	if err == nil {
		err = probe.dial(ctx)
		probe.Close()
	}
	if !report(connectStep("SMTP", o.Host, o.Port, string(o.TLS), err)) {
		return nil
	}

	snd, err := NewSender(o, ch.Bot)
	if err != nil {
		report(CheckStep{Name: "SMTP: sign in", Detail: err.Error()})
		return nil
	}
	if o.Username == "" {
		report(CheckStep{Name: "SMTP: sign in", OK: true, Detail: "no smtp.username: sending without signing in"})
		return snd
	}
	s := CheckStep{Name: "SMTP: sign in as " + o.Username + signInWay(o.OAuth != nil)}
	if err := snd.dial(ctx); err != nil {
		s.Detail, s.Fix = signInFailure(err, "smtp", o.OAuth != nil)
		report(s)
		return nil
	}
	s.OK, s.Detail = true, "signed in"
	report(s)
	return snd
}

// mailSteps sends a test mail to the bot's plus-address and waits until
// it is in the inbox (or already filed by a running windpost), then
// deletes it.
func (ch *Check) mailSteps(ctx context.Context, cn *imapConn, snd *Sender, report func(CheckStep) bool) {
	tag := "check-" + randomHex(4)
	local, domain, _ := strings.Cut(ch.Bot.Address, "@")
	to := local + "+" + tag + "@" + domain
	msgID := "<" + tag + "." + randomHex(8) + "@" + domain + ">"
	m := games.Mail{ID: tag, MessageID: msgID, Kind: games.Notice, To: to, Subject: "windpost check " + tag,
		Text: "A test mail from `windpost check`: it checks that mail to the bot's plus-addresses arrives.\nwindpost check deletes it.\n"}
	s := CheckStep{Name: "send a test mail to " + to}
	if err := snd.Send(ctx, m); err != nil {
		s.Detail = fmt.Sprintf("the server did not take it (%v)", err)
		s.Fix = "check bot.address: the SMTP account must be allowed to send as it"
		report(s)
		return
	}
	s.OK, s.Detail = true, "accepted by the SMTP server"
	report(s)

	s = CheckStep{Name: "the test mail arrives in " + ch.IMAP.Inbox()}
	start := time.Now()
	deadline := start.Add(ch.wait())
	for {
		where, err := cn.findTestMail(msgID)
		if err != nil {
			s.Detail, s.Fix = err.Error(), "the IMAP server stopped answering; run the check again"
			break
		}
		if where != "" {
			s.OK, s.Detail = true, fmt.Sprintf("after %s, in %s (plus-addresses are delivered)", time.Since(start).Round(100*time.Millisecond), where)
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Detail = fmt.Sprintf("not there after %s", ch.wait())
			s.Fix = "look for it in the spam folder; if it never comes, the provider does not deliver plus-addresses (" + to + ") to the inbox: windpost needs them for the reply addresses"
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(500 * time.Millisecond):
		}
	}
	report(s)
}

// findTestMail looks for the mail with msgID in the inbox, then in the
// processed folder (a running windpost may have filed it), deletes it
// there, and returns where it was ("" = not found yet).
func (cn *imapConn) findTestMail(msgID string) (string, error) {
	for _, mb := range []string{cn.d.IMAP.Inbox(), cn.processed} {
		if mb == "" {
			continue
		}
		if err := cn.wait("select "+mb, func() error { _, err := cn.c.Select(mb, nil).Wait(); return err }); err != nil {
			return "", err
		}
		crit := &imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Message-ID", Value: msgID}}}
		var found *imap.SearchData
		if err := cn.wait("search", func() (err error) { found, err = cn.c.UIDSearch(crit, nil).Wait(); return err }); err != nil {
			return "", err
		}
		uids := found.AllUIDs()
		if len(uids) == 0 {
			continue
		}
		set := imap.UIDSetNum(uids...)
		store := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen, imap.FlagDeleted}}
		if err := cn.wait("store", cn.c.Store(set, store, nil).Close); err != nil {
			return mb, nil // found; it stays behind
		}
		if cn.c.Caps().Has(imap.CapUIDPlus) {
			_ = cn.wait("expunge", cn.c.UIDExpunge(set).Close)
		}
		return mb, nil
	}
	return "", nil
}

func tlsWords(mode string) string {
	switch mode {
	case "implicit":
		return "TLS from the start"
	case "starttls":
		return "STARTTLS"
	}
	return "no TLS"
}

func connectedWords(mode, host string) string {
	if mode == "none" {
		return "connected, unencrypted (only sensible when the server is on this machine)"
	}
	return "connected; TLS works and the certificate is valid for " + host
}

func signInWay(usesOAuth bool) string {
	if usesOAuth {
		return " with OAuth"
	}
	return " with the password"
}

// capsWords names the capabilities windpost cares about and what their
// absence costs.
func capsWords(caps imap.CapSet) string {
	var have, lack []string
	for _, c := range []struct {
		cap  imap.Cap
		cost string
	}{
		{imap.CapIdle, "new mail is seen at the next poll only"},
		{imap.CapMove, ""},
		{imap.CapUIDPlus, ""},
	} {
		if caps.Has(c.cap) {
			have = append(have, string(c.cap))
		} else if c.cost != "" {
			lack = append(lack, fmt.Sprintf("no %s: %s", c.cap, c.cost))
		}
	}
	if !caps.Has(imap.CapMove) && !caps.Has(imap.CapUIDPlus) {
		lack = append(lack, "neither MOVE nor UIDPLUS: handled mail is only marked seen")
	}
	return strings.Join(append([]string{cmp.Or(strings.Join(have, " "), "none of IDLE, MOVE, UIDPLUS")}, lack...), "; ")
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// dial connects and signs in now instead of at the first Send.
func (s *Sender) dial(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connect(ctx)
}
