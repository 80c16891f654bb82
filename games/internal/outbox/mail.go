package outbox

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/rules"
)

// MailKind tells an answer from mail windpost sends on its own.
type MailKind string

// The kinds of outgoing mail. The mailer marks answers
// "Auto-Submitted: auto-replied" and the others "auto-generated".
const (
	Answer   MailKind = "answer"   // a reply to a player's mail
	Notice   MailKind = "notice"   // news for the other player (a move, an accept, a challenge)
	Reminder MailKind = "reminder" // the deadline is near, or was missed
)

// Mail is one outgoing mail as the outbox keeps it.
type Mail struct {
	ID         string // the outbox key; unique and stable
	MessageID  string // "<...@bot-domain>", stable across retries
	Kind       MailKind
	To         string
	Subject    string            // includes the tag "[windpost <game> <token>]" for mail about a game
	ReplyTo    string            // the bot's plus-address carrying the recipient's token, or "" (the bot address)
	InReplyTo  string            // the Message-ID answered, or ""
	References []string          // the thread, oldest first
	Headers    map[string]string // X-Windpost-* headers
	Text       string            // the plain-text body, the ASCII board in it: Doc's text render
	Board      *BoardRef         `json:",omitempty"` // the board to picture in a mail about a game; nil in others
	// Doc is the body as typed blocks, which the mailer renders as the
	// text and HTML parts; nil in a mail an older windpost queued (Body).
	Doc *document.Document `json:",omitempty"`
	// Attachments are files the mail carries (Attachment): a game's
	// records for "export"; none in other mail.
	Attachments []Attachment `json:",omitempty"`
	// Later marks mail that waits behind moves and results while a send
	// limit holds mail back: reminders, digests, and notices that tell of
	// no move or result (games' goesLater). Answers are never later.
	Later bool `json:",omitzero"`

	Attempts  int
	NextTry   time.Time
	LastError string
	SentAt    time.Time // zero while pending

	Refused      int       `json:",omitzero"` // how many tries the server refused for good (SMTP 5xx)
	FirstFailure time.Time `json:",omitzero"` // the first failed try; zero while none failed
	FailedAt     time.Time `json:",omitzero"` // when windpost gave up on the mail: failed for good, never sent
}

// Body is the mail's document: Doc, or for a mail queued without one
// its text as paragraphs.
func (m Mail) Body() document.Document {
	if m.Doc != nil {
		return *m.Doc
	}
	return document.FromText(m.Text)
}

// BoardRef is what the picture of a game's board in a mail is drawn from:
// the variant, the position the mail's text board shows, the move that
// led to it, and the side drawn at the bottom. The mailer reads them with
// the variant's notation; games knows nothing of pictures.
type BoardRef struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`         // the variant's position string
	Before   string `json:"before,omitempty"` // the position before the last move; "" before the first move
	Move     string `json:"move,omitempty"`   // the last move as the record writes it ("K*1b>N"); "" before the first move
	// Status is the line under the board of a game that has ended or never
	// began ("Black is checkmated: White wins."), as its text board says
	// it (BoardText); "" while it is offered or played: the position's own.
	Status string `json:"status,omitempty"`
	// Bottom is the side whose player sits at the bottom of the board, as
	// the mail's text board draws it: "white", or "" for Black's side (the
	// diagram as shogi players print it; mails stored before it was kept).
	Bottom string `json:"bottom,omitempty"`
}

// BottomSide is the side ref draws at the bottom: White when Bottom says
// "white", Black otherwise.
func (ref BoardRef) BottomSide() rules.Side {
	if ref.Bottom == "white" {
		return rules.White
	}
	return rules.Black
}

// Files a mail carries besides its text (a game's record, "export"): the
// outbox keeps them with the mail, so they survive a restart, and the
// mailer attaches them (multipart/mixed around the mail's text, HTML and
// picture).

// Attachment is one file of a Mail.
type Attachment struct {
	Name        string // the file name the reader sees, e.g. "g2345.pgn"
	ContentType string // e.g. "text/plain; charset=utf-8"
	Data        []byte
}

// SendHold says that a send limit holds mail back, as the outbox last
// recorded it for `windpost admin outbox`. The zero SendHold says none
// does.
type SendHold struct {
	V      int    `json:"v"`
	Limits string `json:"limits"` // the limits in words: "500 a day (the gmail preset)"
	// Window is the window that is full: "day" or "minute", or "server"
	// when the mail server refused mail for the account's sending limit.
	Window string    `json:"window"`
	Sent   int       `json:"sent"`  // mails sent in that window ("server": in the last day)
	Since  time.Time `json:"since"` // when the hold began
	Until  time.Time `json:"until"` // when the next mail may go
}

// Held says whether h holds mail back.
func (h SendHold) Held() bool { return !h.Until.IsZero() }

// storedMail is a Mail as the outbox keeps it.
type storedMail struct {
	V int `json:"v"`
	Mail
}

// stored is m as the outbox keeps it: a mail with its document keeps no
// Text, which is the document's text render (read makes it again), so
// that the body is not stored twice.
func stored(m Mail) storedMail {
	if m.Doc != nil {
		m.Text = ""
	}
	return storedMail{V: 1, Mail: m}
}

// read is the mail the outbox kept, its Text rendered again from its
// document if it was stored without one.
func (sm storedMail) read() Mail {
	m := sm.Mail
	if m.Text == "" && m.Doc != nil {
		m.Text = m.Doc.Text()
	}
	return m
}

// Key is the outbox key of sequence number n (Tx.NewNumber): fixed width,
// so that the keys sort in the order the mails were queued.
func Key(n uint64) string { return fmt.Sprintf("%020d", n) }

// SentBefore reports whether raw, a mail as the outbox keeps it, was sent
// before cutoff (the store's pruning forgets those).
func SentBefore(raw []byte, cutoff time.Time) bool {
	var m storedMail
	return json.Unmarshal(raw, &m) == nil && !m.SentAt.IsZero() && m.SentAt.Before(cutoff)
}
