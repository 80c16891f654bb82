package inbound

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/notation"
)

const (
	bot   = "windpost@example.test"
	plus  = "windpost+g7k3q.k7x2m4p6q3r5s2t4@example.test"
	subj  = "Jul-Gonu g7k3q: your move [windpost g7k3q k7x2m4p6q3r5s2t4]"
	ourID = "<windpost.g7k3q.k7x2m4p6q3r5s2t4.3@example.test>"
	oldID = "<windpost.g7k3q.k7x2m4p6q3r5s2t4.1@example.test>"
	mx    = "mx.example.test" // our receiving server's authserv-id
)

func readFixture(t testing.TB, name string, maxSize int) (*Message, error) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "mail", name))
	if err != nil {
		t.Fatal(err)
	}
	return Read(bytes.NewReader(b), maxSize)
}

func mustFixture(t testing.TB, name string) *Message {
	t.Helper()
	m, err := readFixture(t, name, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// TestReadFixtures reads every fixture and checks the fields and the exact
// lines.
func TestReadFixtures(t *testing.T) {
	tests := []struct {
		file       string
		from, name string
		recipients []string
		subject    string
		messageID  string
		inReplyTo  string
		references []string
		returnPath string // "-" = no Return-Path header
		bodyType   string
		lines      []string
		loop       string // "" = may be answered; else a part of the reason
		warning    string // a part of a warning, "" = none expected
	}{
		{
			file: "plain-move.eml", from: "alice@example.org", name: "Alice Liddell",
			recipients: []string{plus}, subject: subj, messageID: "<plain-1@mail.example.org>",
			returnPath: "alice@example.org", bodyType: "text/plain",
			lines: []string{"b2-b3"},
		},
		{
			file: "gmail-reply.eml", from: "alice.liddell@gmail.com", name: "Alice Liddell",
			recipients: []string{plus}, subject: "Re: " + subj,
			messageID: "<CAF=q8Zx+Gm4bYk3r7v@mail.gmail.com>", inReplyTo: ourID,
			references: []string{oldID, ourID}, returnPath: "alice.liddell@gmail.com",
			bodyType: "text/plain", lines: []string{"c2-c3"},
		},
		{
			file: "outlook-reply.eml", from: "bob@contoso.example", name: "Bob Marley",
			recipients: []string{plus}, subject: "RE: " + subj,
			messageID: "<AM0PR01MB1234ABCD@AM0PR01MB1234.eurprd01.prod.outlook.com>", inReplyTo: ourID,
			returnPath: "bob@contoso.example", bodyType: "text/plain",
			lines: []string{"d1-d2"},
		},
		{
			file: "outlook-original.eml", from: "bob@contoso.example", name: "Marley, Bob",
			recipients: []string{plus}, subject: "RE: " + subj,
			messageID:  "<000001db3c2a$5e6f7a80$1b4e6f80$@contoso.example>",
			returnPath: "bob@contoso.example", bodyType: "text/plain",
			lines: []string{"d1-d2", "Thanks for the game so far."},
		},
		{
			file: "thunderbird-reply.eml", from: "carol@example.net", name: "Carol",
			recipients: []string{plus}, subject: "Re: " + subj,
			messageID: "<3f8e2a1c-9b7d-4e6f-a5c4-1d2e3f4a5b6c@example.net>", inReplyTo: ourID,
			references: []string{oldID, ourID}, returnPath: "carol@example.net", bodyType: "text/plain",
			lines: []string{
				"a4-a3, and I think this line is long enough that Thunderbird wraps it in two.",
				"From here on I'm playing for a draw.",
			},
		},
		{
			file: "iphone-reply.eml", from: "alice@example.org", name: "Alice Liddell",
			recipients: []string{plus}, subject: "Re: " + subj,
			messageID: "<A1B2C3D4-E5F6-4789-ABCD-EF0123456789@example.org>", inReplyTo: ourID,
			references: []string{ourID}, returnPath: "alice@example.org", bodyType: "text/plain",
			lines: []string{"a4-a3 and then we will see who wins this very long game – good luck!"},
		},
		{
			file: "html-only.eml", from: "dave@example.com", name: "Dave",
			recipients: []string{plus}, subject: "Re: " + subj, messageID: "<html-only-1@example.com>",
			inReplyTo: ourID, returnPath: "dave@example.com", bodyType: "text/html",
			lines: []string{"b2-b3", "offer draw", "Nice game, really.", "Thanks&bye"},
		},
		{
			file: "latin1-qp.eml", from: "francois@example.fr", name: "François Bérard",
			recipients: []string{plus}, subject: "Réponse à la partie g7k3q [windpost g7k3q k7x2m4p6q3r5s2t4]",
			messageID: "<latin1-1@example.fr>", returnPath: "francois@example.fr", bodyType: "text/plain",
			lines: []string{"b2-b3", "Très bien joué, à vous !"},
		},
		{
			file: "windows-1252.eml", from: "juergen@example.de", name: "Jürgen Müller",
			recipients: []string{plus}, subject: "AW: Zug – Partie g7k3q",
			messageID: "<cp1252-1@example.de>", returnPath: "juergen@example.de", bodyType: "text/plain",
			lines: []string{"b2-b3", "„Guter Zug“ – das kostet mich 5 €!"},
		},
		{
			file: "shift-jis.eml", from: "taro@example.jp", name: "山田太郎",
			recipients: []string{plus}, subject: "次の手 [windpost g7k3q k7x2m4p6q3r5s2t4]",
			messageID: "<sjis-1@example.jp>", returnPath: "taro@example.jp", bodyType: "text/plain",
			lines: []string{"b2-b3", "よろしくお願いします。"},
		},
		{
			file: "iso-2022-jp.eml", from: "hanako@example.jp", name: "鈴木花子",
			recipients: []string{plus}, subject: "Re: 次の手", messageID: "<jis-1@example.jp>",
			inReplyTo: ourID, returnPath: "hanako@example.jp", bodyType: "text/plain",
			lines: []string{"c2-c3", "投了はしません。"},
		},
		{
			file: "finnish-reply.eml", from: "matti@example.fi", name: "Matti Virtanen",
			recipients: []string{plus}, subject: "Re: " + subj, messageID: "<fi-1@example.fi>",
			returnPath: "matti@example.fi", bodyType: "text/plain",
			lines: []string{"b2-b3", "Hyvä siirto!"},
		},
		{
			// The text/plain attachment says "resign" and the HTML
			// alternative shouts: neither may be read.
			file: "mixed-attachment.eml", from: "alice@example.org", name: "Alice Liddell",
			recipients: []string{plus}, subject: "Re: " + subj, messageID: "<mixed-1@mail.example.org>",
			returnPath: "alice@example.org", bodyType: "text/plain",
			lines: []string{"a1-a2", "See my analysis attached."},
		},
		{
			file: "signature.eml", from: "alice@example.org", name: "Alice Liddell",
			recipients: []string{plus}, subject: subj, messageID: "<sig-1@mail.example.org>",
			returnPath: "alice@example.org", bodyType: "text/plain",
			lines: []string{"b2-b3", "offer draw"},
		},
		{
			file: "unknown-charset.eml", from: "alice@example.org", name: "Alice Liddell",
			recipients: []string{plus}, subject: subj, messageID: "<unknown-1@mail.example.org>",
			returnPath: "alice@example.org", bodyType: "text/plain",
			lines: []string{"b2-b3"}, warning: "x-klingon-1",
		},
		{
			file: "auto-replied.eml", from: "alice@example.org", name: "Alice Liddell",
			recipients: []string{plus}, subject: "Automatic reply: " + subj, messageID: "<auto-1@mail.example.org>",
			inReplyTo: ourID, returnPath: "alice@example.org", bodyType: "text/plain",
			lines: []string{"I am away until 30 November with limited access to mail."},
			loop:  "Auto-Submitted: auto-replied",
		},
		{
			file: "out-of-office.eml", from: "erin@example.com", name: "Erin",
			recipients: []string{plus}, subject: "Out of office: " + subj, messageID: "<oof-1@example.com>",
			returnPath: "erin@example.com", bodyType: "text/plain",
			lines: []string{"Hello, I'm on holiday until Monday. I will answer your mail then."},
			loop:  "X-Autoreply",
		},
		{
			file: "bounce.eml", from: "MAILER-DAEMON@mx.example.test", name: "Mail Delivery System",
			recipients: []string{bot}, subject: "Undelivered Mail Returned to Sender",
			messageID: "<20261121120502.9F1E2D3C@mx.example.test>", returnPath: "", bodyType: "text/plain",
			lines: []string{
				"This is the mail system at host mx.example.test.",
				"I'm sorry to have to inform you that your message could not",
				"be delivered to one or more recipients.",
				"<nobody@example.org>: host mail.example.org said: 550 5.1.1 User unknown",
			},
			loop: "Auto-Submitted",
		},
		{
			file: "mailing-list.eml", from: "frank@example.org", name: "Frank",
			recipients: []string{"games@lists.example.org", bot}, subject: "[games] Anyone up for Jul-Gonu?",
			messageID: "<list-1@example.org>", returnPath: "games-bounces@lists.example.org", bodyType: "text/plain",
			lines: []string{"new julgonu"}, loop: "Precedence: list",
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m := mustFixture(t, tt.file)
			check := func(field, got, want string) {
				t.Helper()
				if got != want {
					t.Errorf("%s = %q, want %q", field, got, want)
				}
			}
			check("From", m.From, tt.from)
			check("FromName", m.FromName, tt.name)
			check("Subject", m.Subject, tt.subject)
			check("MessageID", m.MessageID, tt.messageID)
			check("InReplyTo", m.InReplyTo, tt.inReplyTo)
			check("BodyType", m.BodyType, tt.bodyType)
			if tt.returnPath == "-" {
				if m.HasReturnPath {
					t.Errorf("HasReturnPath = true, want false")
				}
			} else {
				check("ReturnPath", m.ReturnPath, tt.returnPath)
				if !m.HasReturnPath {
					t.Errorf("HasReturnPath = false, want true")
				}
			}
			if !slices.Equal(m.Recipients, tt.recipients) {
				t.Errorf("Recipients = %q, want %q", m.Recipients, tt.recipients)
			}
			if !slices.Equal(m.References, tt.references) {
				t.Errorf("References = %q, want %q", m.References, tt.references)
			}
			if !slices.Equal(m.Lines, tt.lines) {
				t.Errorf("Lines =\n%q\nwant\n%q", m.Lines, tt.lines)
			}
			if m.TooLarge || m.SyntheticID {
				t.Errorf("TooLarge = %v, SyntheticID = %v, want false", m.TooLarge, m.SyntheticID)
			}
			if got := m.LoopReason(bot); tt.loop == "" && got != "" || !strings.Contains(got, tt.loop) {
				t.Errorf("LoopReason = %q, want %q", got, tt.loop)
			}
			warnings := strings.Join(m.Warnings, "\n")
			if tt.warning == "" && warnings != "" || !strings.Contains(warnings, tt.warning) {
				t.Errorf("Warnings = %q, want %q", m.Warnings, tt.warning)
			}
		})
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestTooLarge(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "mail", "mixed-attachment.eml"))
	if err != nil {
		t.Fatal(err)
	}
	// A 4 MiB attachment that must never be read.
	huge := append(slices.Clone(b), bytes.Repeat([]byte("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\r\n"), 4<<20/38)...)
	tests := []struct {
		name    string
		raw     []byte
		maxSize int
		large   bool
	}{
		{"fixture under its size", b, len(b), false},
		{"fixture one byte over", b, len(b) - 1, true},
		{"fixture over 1 KiB", b, 1024, true},
		{"4 MiB over the default", huge, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := &countingReader{r: bytes.NewReader(tt.raw)}
			m, err := Read(cr, tt.maxSize)
			if err != nil {
				t.Fatal(err)
			}
			limit := tt.maxSize
			if limit <= 0 {
				limit = config.DefaultMaxMailSize
			}
			if m.TooLarge != tt.large {
				t.Fatalf("TooLarge = %v, want %v", m.TooLarge, tt.large)
			}
			if cr.n > limit+1 {
				t.Errorf("read %d bytes, more than the limit %d + 1", cr.n, limit)
			}
			if m.From != "alice@example.org" || m.MessageID != "<mixed-1@mail.example.org>" || m.Subject != "Re: "+subj {
				t.Errorf("header not read: From %q MessageID %q Subject %q", m.From, m.MessageID, m.Subject)
			}
			if tt.large {
				if len(m.Lines) != 0 || m.BodyType != "" || m.Size != limit+1 {
					t.Errorf("too large mail: Lines %q BodyType %q Size %d, want none, \"\", %d", m.Lines, m.BodyType, m.Size, limit+1)
				}
				if r := m.Request(bot, time.Time{}); !r.TooLarge || len(r.Lines) != 0 {
					t.Errorf("Request: TooLarge %v Lines %q", r.TooLarge, r.Lines)
				}
			} else if len(m.Lines) != 2 || m.Size != len(tt.raw) {
				t.Errorf("Lines %q Size %d, want 2 lines and %d", m.Lines, m.Size, len(tt.raw))
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		maxSize int
	}{
		{"header longer than the limit", "From: a@example.org\r\nX-Long: " + strings.Repeat("x", 2000) + "\r\n\r\nbody\r\n", 1000},
		{"header line without a colon", "From: a@example.org\r\nthis is not a header\r\n\r\nbody\r\n", 0},
		{"continuation first", " folded\r\nFrom: a@example.org\r\n\r\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if m, err := Read(strings.NewReader(tt.raw), tt.maxSize); err == nil {
				t.Errorf("Read = %+v, want an error", m)
			}
		})
	}
}

func TestReadOddMail(t *testing.T) {
	tests := []struct {
		name      string
		raw       string
		from      string
		messageID string
		synthetic bool
		lines     []string
	}{
		{
			name: "no body, no blank line", raw: "From: a@example.org\r\nMessage-ID: <x@y>",
			from: "a@example.org", messageID: "<x@y>",
		},
		{
			name: "no Content-Type, LF line ends", raw: "From: <a@example.org>\nMessage-ID: <x@y>\n\n  b2-b3  \n\n\n",
			from: "a@example.org", messageID: "<x@y>", lines: []string{"  b2-b3"},
		},
		{
			name: "Message-ID without brackets", raw: "From: a@example.org\r\nMessage-ID: x@y\r\n\r\nb2-b3\r\n",
			from: "a@example.org", messageID: "<x@y>", lines: []string{"b2-b3"},
		},
		{
			name: "no Message-ID", raw: "From: a@example.org\r\n\r\nb2-b3\r\n",
			from: "a@example.org", synthetic: true, lines: []string{"b2-b3"},
		},
		{
			name: "unreadable From", raw: "From: a@@@\r\nMessage-ID: <x@y>\r\n\r\nb2-b3\r\n",
			messageID: "<x@y>", lines: []string{"b2-b3"},
		},
		{
			name: "unknown transfer encoding", raw: "From: a@example.org\r\nMessage-ID: <x@y>\r\nContent-Transfer-Encoding: x-uuencode\r\n\r\nb2-b3\r\n",
			from: "a@example.org", messageID: "<x@y>", lines: []string{"b2-b3"},
		},
		{
			name: "broken multipart keeps what was read",
			raw: "From: a@example.org\r\nMessage-ID: <x@y>\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" +
				"--b\r\nContent-Type: text/plain\r\n\r\nb2-b3\r\n--b\r\nContent-Type: text/plain\r\nbroken header\r\n",
			from: "a@example.org", messageID: "<x@y>", lines: []string{"b2-b3"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(tt.raw), 0)
			if err != nil {
				t.Fatal(err)
			}
			if m.From != tt.from || m.SyntheticID != tt.synthetic || !slices.Equal(m.Lines, tt.lines) {
				t.Errorf("From %q SyntheticID %v Lines %q, want %q %v %q", m.From, m.SyntheticID, m.Lines, tt.from, tt.synthetic, tt.lines)
			}
			if tt.synthetic {
				again, _ := Read(strings.NewReader(tt.raw), 0)
				if !strings.HasSuffix(m.MessageID, "@missing-id.windpost.invalid>") || again.MessageID != m.MessageID {
					t.Errorf("synthetic MessageID %q, again %q: want a stable one", m.MessageID, again.MessageID)
				}
			} else if m.MessageID != tt.messageID {
				t.Errorf("MessageID %q, want %q", m.MessageID, tt.messageID)
			}
		})
	}
}

// checkLines asserts what must hold for the Lines of any mail.
func checkLines(t testing.TB, lines []string) {
	t.Helper()
	for _, l := range lines {
		switch {
		case strings.HasPrefix(strings.TrimLeftFunc(l, unicode.IsSpace), ">"):
			t.Errorf("quoted line kept: %q", l)
		case strings.TrimSpace(l) == "":
			t.Errorf("blank line kept: %q", l)
		case strings.ContainsAny(l, "\r\n"):
			t.Errorf("line with a line break: %q", l)
		case l != strings.TrimRightFunc(l, unicode.IsSpace):
			t.Errorf("trailing white space: %q", l)
		case !utf8.ValidString(l):
			t.Errorf("invalid UTF-8: %q", l)
		case strings.IndexFunc(l, notation.IsInvisible) >= 0:
			t.Errorf("invisible character kept: %q", l)
		}
	}
}

func FuzzRead(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "mail", "*.eml"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no fixtures: %v", err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, 0)
		f.Add(b, 700)
	}
	f.Fuzz(func(t *testing.T, raw []byte, maxSize int) {
		if maxSize > 1<<20 {
			maxSize = 1 << 20
		}
		m, err := Read(bytes.NewReader(raw), maxSize)
		if err != nil {
			return
		}
		checkLines(t, m.Lines)
		if m.TooLarge && len(m.Lines) != 0 {
			t.Errorf("TooLarge mail with lines %q", m.Lines)
		}
		if m.MessageID == "" {
			t.Errorf("empty MessageID")
		}
		m.LoopReason(bot)
		m.Authenticate(mx)
		m.Request(bot, time.Time{})
	})
}
