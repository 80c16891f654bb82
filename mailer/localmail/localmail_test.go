package localmail_test

import (
	"bytes"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

func start(t *testing.T) *localmail.Server {
	t.Helper()
	return mailtest.Server(t, localmail.Options{Domain: "example.test", Accounts: []localmail.Account{{Name: "bot", Password: "b"}, {Name: "alice", Password: "a"}}})
}

func TestSMTPDelivery(t *testing.T) {
	s := start(t)
	tests := []struct {
		rcpt    string
		ok      bool
		account string
	}{
		{"bot@example.test", true, "bot"},
		{"bot+g7.tok@example.test", true, "bot"},
		{"BOT+G7.TOK@Example.Test", true, "bot"},
		{"alice@example.test", true, "alice"},
		{"carol@example.test", false, ""},
		{"bot@elsewhere.example", false, ""},
	}
	want := map[string]int{}
	for _, tt := range tests {
		c, err := smtp.Dial(s.SMTPAddr())
		if err != nil {
			t.Fatal(err)
		}
		err = c.SendMail("alice@example.test", []string{tt.rcpt},
			strings.NewReader("From: alice@example.test\r\nTo: "+tt.rcpt+"\r\nSubject: x\r\n\r\nhi\r\n"))
		c.Close()
		if (err == nil) != tt.ok {
			t.Errorf("send to %s: err %v, want ok=%v", tt.rcpt, err, tt.ok)
		}
		if tt.ok {
			want[tt.account]++
		}
	}
	for acct, n := range want {
		pw := map[string]string{"bot": "b", "alice": "a"}[acct]
		mails := mailtest.Inbox(t, s.IMAPAddr(), s.Address(acct), pw)
		if len(mails) != n {
			t.Errorf("%s: %d mails, want %d", acct, len(mails), n)
		}
		if acct == "bot" && len(mails) > 1 {
			raw := mails[1]
			if !bytes.HasPrefix(raw, []byte("Return-Path: <alice@example.test>\r\nDelivered-To: bot+g7.tok@example.test\r\n")) {
				t.Errorf("delivered mail starts %q", raw[:80])
			}
		}
	}
	if s.Delivered() != 4 {
		t.Errorf("Delivered() = %d", s.Delivered())
	}
}

func TestIMAPLogin(t *testing.T) {
	s := start(t)
	tests := []struct {
		user, pass string
		ok         bool
	}{
		{"alice@example.test", "a", true},
		{"Alice@Example.Test", "a", true},
		{"alice@example.test", "b", false},
		{"alice", "a", false},
		{"alice+x@example.test", "a", false},
		{"nobody@example.test", "a", false},
	}
	for _, tt := range tests {
		c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Login(tt.user, tt.pass).Wait()
		if (err == nil) != tt.ok {
			t.Errorf("login %s/%s: %v, want ok=%v", tt.user, tt.pass, err, tt.ok)
		}
		c.Close()
	}
}

func TestPortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port, _ := strconv.Atoi(ln.Addr().(*net.TCPAddr).AddrPort().String()[len("127.0.0.1:"):])
	_, err = localmail.Start(localmail.Options{Domain: "example.test", Accounts: []localmail.Account{{Name: "bot", Password: "b"}}, IMAPPort: port})
	if err == nil || !strings.Contains(err.Error(), "IMAP port "+strconv.Itoa(port)) || !strings.Contains(err.Error(), "already taken") {
		t.Errorf("Start on a taken port: %v", err)
	}
}
