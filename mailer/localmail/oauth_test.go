package localmail_test

import (
	"errors"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	gosmtp "github.com/wneessen/go-mail/smtp"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/oauth"
)

// The embedded server's OAuth: each mechanism over IMAP and SMTP, a good
// token signs in, a wrong one or another user's is refused with the
// mechanism's JSON challenge (a RefusedError), and without a checker the
// mechanisms are not offered.
func TestOAuthSignIn(t *testing.T) {
	check := func(user, token string) error {
		if user == "bot@example.test" && token == "good" {
			return nil
		}
		return errors.New("no")
	}
	srv, err := localmail.Start(localmail.Options{Domain: "example.test", CheckToken: check,
		Accounts: []localmail.Account{{Name: "bot", Password: "pw"}, {Name: "eve", Password: "pw"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, tc := range []struct {
		mech, user, token string
		ok                bool
	}{
		{"XOAUTH2", "bot@example.test", "good", true},
		{"OAUTHBEARER", "bot@example.test", "good", true},
		{"XOAUTH2", "bot@example.test", "bad", false},
		{"OAUTHBEARER", "bot@example.test", "bad", false},
		{"XOAUTH2", "eve@example.test", "good", false},
	} {
		c, err := imapclient.DialInsecure(srv.IMAPAddr(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Caps().Has(imap.Cap("AUTH=" + tc.mech)) {
			t.Errorf("IMAP does not offer %s", tc.mech)
		}
		err = c.Authenticate(oauth.NewClient(tc.mech, tc.user, tc.token, "127.0.0.1", 0))
		var re *oauth.RefusedError
		if tc.ok && err != nil || !tc.ok && !errors.As(err, &re) {
			t.Errorf("IMAP %s %s %s: %v", tc.mech, tc.user, tc.token, err)
		}
		if tc.ok {
			if _, err := c.Select("INBOX", nil).Wait(); err != nil {
				t.Errorf("IMAP %s: select after sign-in: %v", tc.mech, err)
			}
		}
		c.Close()

		sc, err := gosmtp.Dial(srv.SMTPAddr())
		if err != nil {
			t.Fatal(err)
		}
		err = sc.Auth(smtpClient{oauth.NewClient(tc.mech, tc.user, tc.token, "127.0.0.1", 0)})
		if tc.ok != (err == nil) || !tc.ok && !errors.As(err, &re) {
			t.Errorf("SMTP %s %s %s: %v", tc.mech, tc.user, tc.token, err)
		}
		sc.Close()
	}

	plain, err := localmail.Start(localmail.Options{Domain: "example.test", Accounts: []localmail.Account{{Name: "bot", Password: "pw"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	c, err := imapclient.DialInsecure(plain.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Caps().Has(imap.Cap("AUTH=XOAUTH2")) {
		t.Error("XOAUTH2 offered without a token checker")
	}
	if err := c.Authenticate(sasl.NewPlainClient("", "bot@example.test", "pw")); err != nil {
		t.Errorf("PLAIN: %v", err)
	}
}

// smtpClient adapts a SASL client to go-mail's smtp.Auth.
type smtpClient struct{ c sasl.Client }

func (a smtpClient) Start(*gosmtp.ServerInfo) (string, []byte, error) { return a.c.Start() }

func (a smtpClient) Next(from []byte, more bool) ([]byte, error) {
	if !more {
		return nil, nil
	}
	return a.c.Next(from)
}
