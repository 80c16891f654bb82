// Package mailtest holds what the tests of package mailer and the
// end-to-end tests share: an embedded mail server for one test, a
// host:port split, a user's inbox read over IMAP, and the parts of a mail
// windpost composed, its flowed text read back. Only tests import it.
package mailtest

import (
	"bytes"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // mail in any charset

	"github.com/windpost/windpost/mailer/localmail"
)

// Server starts a localmail server for the test and closes it when the
// test ends. Without a domain it serves example.test; without accounts it
// has bot, alice and bob, each with the password name+"-pw".
func Server(t testing.TB, o localmail.Options) *localmail.Server {
	t.Helper()
	if o.Domain == "" {
		o.Domain = "example.test"
	}
	if o.Accounts == nil {
		for _, n := range []string{"bot", "alice", "bob"} {
			o.Accounts = append(o.Accounts, localmail.Account{Name: n, Password: n + "-pw"})
		}
	}
	s, err := localmail.Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// HostPort splits addr ("127.0.0.1:1143") into its host and port.
func HostPort(t testing.TB, addr string) (string, int) {
	t.Helper()
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(p)
	return h, n
}

// Inbox returns the raw messages in user's INBOX on the IMAP server at
// addr (no TLS), oldest first, without marking them seen.
func Inbox(t testing.TB, addr, user, pass string) [][]byte {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		t.Fatal(err)
	}
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel.NumMessages == 0 {
		return nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	all := imap.SeqSet{imap.SeqRange{Start: 1, Stop: sel.NumMessages}}
	msgs, err := c.Fetch(all, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.FindBodySection(sec))
	}
	return out
}

// Part is one part of a multipart/alternative mail.
type Part struct {
	Type   string            // the media type, "text/plain"
	Params map[string]string // its parameters (charset...)
	Header message.Header
	Body   string // decoded (transfer encoding and charset), line ends as sent
}

// Alternatives reads a mail windpost composed and returns its header and
// parts, in order. The mail must be multipart/alternative and every part
// in UTF-8; anything else fails the test.
func Alternatives(t testing.TB, raw []byte) (message.Header, []Part) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if mt, _, _ := e.Header.ContentType(); mt != "multipart/alternative" {
		t.Fatalf("Content-Type %s, want multipart/alternative", mt)
	}
	mr := e.MultipartReader()
	var parts []Part
	for len(parts) < 10 {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		mt, params, _ := p.Header.ContentType()
		if !strings.EqualFold(params["charset"], "utf-8") {
			t.Errorf("%s: charset %q, want UTF-8", mt, params["charset"])
		}
		body, err := io.ReadAll(p.Body)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, Part{Type: mt, Params: params, Header: p.Header, Body: string(body)})
	}
	return e.Header, parts
}
