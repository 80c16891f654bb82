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

// Part is one part of a mail windpost composed: an alternative (text/plain
// or text/html) or a related part (the picture of the board).
type Part struct {
	Type   string            // the media type, "text/plain"
	Params map[string]string // its parameters (charset...)
	Header message.Header
	Body   string // decoded (transfer encoding and charset), line ends as sent
}

// ContentID is the part's Content-ID without its angle brackets, "" if it
// has none.
func (p Part) ContentID() string {
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(p.Header.Get("Content-Id")), "<"), ">")
}

// Alternatives reads a mail windpost composed and returns its header and
// the parts of its multipart/alternative, in order. The mail must be
// multipart/alternative, or multipart/related with a
// multipart/alternative as its root (its first part), and every
// alternative in UTF-8; anything else fails the test.
func Alternatives(t testing.TB, raw []byte) (message.Header, []Part) {
	t.Helper()
	h, alts, _ := Composed(t, raw)
	return h, alts
}

// Composed is Alternatives and the parts beside the root of the
// multipart/related that is the HTML alternative (the pictures the HTML
// part shows by their cid:), or no related parts if the HTML part is a
// text/html alone.
func Composed(t testing.TB, raw []byte) (h message.Header, alts, related []Part) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	alts, related = composedParts(t, e)
	return e.Header, alts, related
}

// composedParts reads e, a multipart/alternative whose parts are the text
// and either the HTML or a multipart/related with the HTML as its root,
// as Composed does; each alternative in UTF-8.
func composedParts(t testing.TB, e *message.Entity) (alts, related []Part) {
	t.Helper()
	if mt, _, _ := e.Header.ContentType(); mt != "multipart/alternative" {
		t.Fatalf("Content-Type %s, want multipart/alternative", mt)
	}
	eachPart(t, e.MultipartReader(), func(p *message.Entity) {
		if mt, _, _ := p.Header.ContentType(); mt != "multipart/related" {
			alts = append(alts, readPart(t, p))
			return
		}
		inner := readParts(t, p.MultipartReader())
		if len(inner) == 0 || inner[0].Type != "text/html" {
			t.Fatalf("a multipart/related alternative without a text/html root: %d parts", len(inner))
		}
		alts, related = append(alts, inner[0]), append(related, inner[1:]...)
	})
	for _, p := range alts {
		if !strings.EqualFold(p.Params["charset"], "utf-8") {
			t.Errorf("%s: charset %q, want UTF-8", p.Type, p.Params["charset"])
		}
	}
	return alts, related
}

// readParts reads the rest of mr's parts (at most 10), each with its
// header and decoded body.
func readParts(t testing.TB, mr message.MultipartReader) []Part {
	t.Helper()
	var parts []Part
	eachPart(t, mr, func(p *message.Entity) { parts = append(parts, readPart(t, p)) })
	return parts
}

// eachPart calls f with each of the rest of mr's parts, at most 10; f
// reads the part before the next is read.
func eachPart(t testing.TB, mr message.MultipartReader, f func(*message.Entity)) {
	t.Helper()
	for range 10 {
		p, err := mr.NextPart()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		f(p)
	}
}

// readPart reads p's header and decoded body.
func readPart(t testing.TB, p *message.Entity) Part {
	t.Helper()
	mt, params, _ := p.Header.ContentType()
	body, err := io.ReadAll(p.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Part{Type: mt, Params: params, Header: p.Header, Body: string(body)}
}
