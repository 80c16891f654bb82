// Package inbound reads one incoming mail and turns it into what the daemon
// needs: the sender, the recipients (with the bot's plus-address and its
// reply token), the decoded subject, the threading headers and the text the
// player wrote, free of quoted text, attributions and signatures.
//
// MIME structure, transfer encodings, charsets and RFC 2047 header words are
// decoded by github.com/emersion/go-message (with its charset package, so
// ISO-8859-1, Windows-1252, Shift_JIS, ISO-2022-JP... all work).
//
// # The text
//
// The first text/plain part that is not an attachment is the text; without
// one, the first text/html part is converted to text (line breaks from <br>,
// <p>, <div>, <pre> and other blocks are kept; <blockquote>, <head>, <style>,
// <script> and <title> are dropped). Attachments and forwarded messages
// (message/rfc822) are never read. format=flowed text (RFC 3676) is joined,
// honouring DelSp=yes and space-stuffing.
//
// A part in an unknown charset or transfer encoding is still read, as raw
// bytes (invalid UTF-8 becomes U+FFFD), and a note is added to Warnings.
//
// # What is dropped from the text
//
// Lines is what remains of the text after these rules, applied in order:
//
//  1. The text is cut at the first of these lines, which is dropped with
//     everything below it: a signature separator ("-- " or "--"); an
//     Outlook/forward separator ("-----Original Message-----" and its
//     German, French, Finnish, Spanish and Dutch forms, "---------- Forwarded
//     message ---------", "Begin forwarded message:"); an Outlook header block
//     (a "From:" line followed within five lines by a "Sent:"/"Date:" line and
//     a "To:"/"Subject:" line, in English, German, French, Finnish or Dutch).
//     Lines made of underscores or blank just above the cut go too. So a
//     board quoted by Outlook without ">" is never read.
//  2. Quoted lines (first non-blank character '>') are dropped.
//  3. Attribution lines are dropped: "On ... wrote:", "Am ... schrieb ...:",
//     "... kirjoitti:", "Le ... a écrit :", "El ... escribió:",
//     "Op ... schreef ...:", also when wrapped over two lines (when such an
//     attribution is not followed by a quoted line, the quoted mail follows
//     without '>': it is dropped with everything below), and any other
//     line ending in ':' that is followed by a quoted line (how most
//     clients in most languages introduce a quote, e.g. Gmail's Japanese
//     "2026年11月21日(土) 12:00 windpost <...>:"); a command never ends in ':'.
//  4. Mobile footers are dropped: "Sent from my ...", "Get Outlook for ...",
//     "Sent from Mail for Windows", "Sent from Outlook", "Sent from Yahoo
//     Mail", "Envoyé de mon ...", "Von meinem ... gesendet".
//  5. Trailing white space is trimmed and blank lines are dropped: a player's
//     commands are one per line and blank lines carry nothing.
package inbound

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // ISO-8859-1, Windows-1252, Shift_JIS... bodies and header words
	"github.com/emersion/go-message/mail"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/notation"
)

// Message is one incoming mail as the daemon needs it.
type Message struct {
	From, FromName string      // bare address (as written) and display name; "" if unreadable
	Recipients     []string    // addresses from To, Cc and Delivered-To (in that order), each once
	Subject        string      // decoded (RFC 2047, any charset)
	MessageID      string      // with angle brackets; see Read for mail without one
	InReplyTo      string      // with angle brackets, "" if none
	References     []string    // with angle brackets, oldest first
	ReturnPath     string      // the address in Return-Path without brackets ("" for "<>")
	HasReturnPath  bool        // a Return-Path header is present
	Header         mail.Header // the whole header, for the guards and Authentication-Results
	Lines          []string    // body text lines with quoted text, attributions and signatures removed
	Size           int         // bytes read: the whole mail, or maxSize+1 when TooLarge
	TooLarge       bool        // the raw mail was over the limit: only headers were read; Lines is empty
	BodyType       string      // the media type the text came from ("text/plain", "text/html"), "" if none
	Warnings       []string    // what could not be read cleanly (unknown charset, broken MIME), for logs
	SyntheticID    bool        // the mail had no usable Message-ID: MessageID was made from its bytes
}

// Place is where a mail lies in an IMAP mailbox. It goes into the
// Message-ID made up for a mail that has none (see ReadFetched).
type Place struct {
	Mailbox     string
	UIDValidity uint32
	UID         uint32
}

// Read reads one raw mail (RFC 5322, CRLF or LF line ends) from r.
//
// Read reads at most maxSize+1 bytes (maxSize <= 0 means
// config.DefaultMaxMailSize). A mail over maxSize is TooLarge: only its
// header is parsed, its body (and so its attachments) is never decoded, and
// the rest of r is left unread: a caller that must consume the whole stream
// discards it.
//
// A mail without a readable Message-ID gets a synthetic one,
// "<sha256-prefix@missing-id.windpost.invalid>", derived from the bytes
// read, so that the same mail fetched twice gets the same id.
//
// Read fails only when the header cannot be parsed; problems in the body
// (unknown charset or transfer encoding, broken multipart structure) are
// noted in Warnings and the text read so far is kept.
func Read(r io.Reader, maxSize int) (*Message, error) {
	return ReadFetched(r, maxSize, Place{})
}

// ReadFetched is Read for a mail fetched from an IMAP mailbox at place. A
// mail without a readable Message-ID gets
// "<uidvalidity.uid.mailbox.hash@imap.windpost.invalid>" (hash: 16 hex
// digits of the SHA-256 of the bytes read). The place tells two deliveries
// of the same bytes apart; the hash tells two mails apart at the same place
// after the mailbox was made anew (the embedded server's mailboxes start
// again at UIDVALIDITY 1, UID 1 on every start). The same mail fetched
// again after a crash keeps its id, so it is not handled twice.
func ReadFetched(r io.Reader, maxSize int, place Place) (*Message, error) {
	if maxSize <= 0 {
		maxSize = config.DefaultMaxMailSize
	}
	raw, err := io.ReadAll(io.LimitReader(r, int64(maxSize)+1))
	if err != nil {
		return nil, fmt.Errorf("read mail: %w", err)
	}
	m := &Message{Size: len(raw), TooLarge: len(raw) > maxSize}

	if m.TooLarge && !headerEnds(raw) {
		return nil, fmt.Errorf("read mail header: the header alone is over the %d-byte limit", maxSize)
	}
	ent, err := message.Read(bytes.NewReader(raw))
	switch {
	case err == nil:
	case ent != nil && (message.IsUnknownCharset(err) || message.IsUnknownEncoding(err)):
		m.warn("body: %v", err)
	default:
		return nil, fmt.Errorf("read mail header: %w", err)
	}
	m.Header = mail.Header{Header: ent.Header}
	m.readHeader(raw, place)
	if !m.TooLarge {
		m.readBody(ent)
	}
	return m, nil
}

// syntheticID is the Message-ID of a mail without one (see Read and
// ReadFetched): the only place such ids are made.
func syntheticID(raw []byte, place Place) string {
	sum := sha256.Sum256(raw)
	if place == (Place{}) {
		return "<" + hex.EncodeToString(sum[:16]) + "@missing-id.windpost.invalid>"
	}
	return fmt.Sprintf("<%d.%d.%s.%s@imap.windpost.invalid>", place.UIDValidity, place.UID, idSafe(place.Mailbox), hex.EncodeToString(sum[:8]))
}

// idSafe replaces what may not stand in a Message-ID's left part.
func idSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' {
			return r
		}
		return '-'
	}, s)
}

func (m *Message) warn(format string, args ...any) {
	m.Warnings = append(m.Warnings, fmt.Sprintf(format, args...))
}

// readHeader fills the fields that come from the header.
func (m *Message) readHeader(raw []byte, place Place) {
	h := &m.Header

	if from, err := h.AddressList("From"); err != nil {
		m.warn("From %q: %v", h.Get("From"), err)
	} else if len(from) > 0 {
		m.From, m.FromName = from[0].Address, from[0].Name
	}

	for _, key := range []string{"To", "Cc", "Delivered-To"} {
		for _, v := range h.Values(key) {
			list, err := mail.ParseAddressList(v)
			if err != nil {
				m.warn("%s %q: %v", key, v, err)
				continue
			}
			for _, a := range list {
				if !slices.ContainsFunc(m.Recipients, func(r string) bool { return strings.EqualFold(r, a.Address) }) {
					m.Recipients = append(m.Recipients, a.Address)
				}
			}
		}
	}

	subject, err := h.Subject()
	if err != nil {
		m.warn("Subject: %v", err)
	}
	m.Subject = notation.StripInvisible(strings.ToValidUTF8(subject, "\uFFFD")) // bidi controls are not echoed

	if id, err := h.MessageID(); err == nil && id != "" {
		m.MessageID = "<" + id + ">"
	} else if v := strings.TrimSpace(h.Get("Message-Id")); v != "" && !strings.ContainsAny(v, " \t<>") {
		m.MessageID = "<" + v + ">" // written without its brackets
	} else {
		m.MessageID = syntheticID(raw, place)
		m.SyntheticID = true
	}

	if ids, _ := h.MsgIDList("In-Reply-To"); len(ids) > 0 {
		m.InReplyTo = "<" + ids[0] + ">"
	}
	refs, _ := h.MsgIDList("References") // keeps the ids read before a syntax error
	for _, id := range refs {
		m.References = append(m.References, "<"+id+">")
	}

	if h.Has("Return-Path") {
		m.HasReturnPath = true
		rp := strings.TrimSpace(h.Get("Return-Path"))
		rp = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(rp, "<"), ">"))
		m.ReturnPath = rp
	}
}

// readBody finds the text part and turns it into Lines.
func (m *Message) readBody(ent *message.Entity) {
	var (
		text   string
		found  string // media type of text
		flowed bool
		delSp  bool
	)
	walkErr := ent.Walk(func(path []int, e *message.Entity, err error) error {
		if err != nil {
			m.warn("part %v: %v", path, err)
		}
		mt, params, _ := e.Header.ContentType()
		if strings.HasPrefix(mt, "multipart/") {
			return nil
		}
		if disp, _, _ := e.Header.ContentDisposition(); disp == "attachment" {
			return nil
		}
		if mt == "" {
			mt = "text/plain" // RFC 2045/2046 default
		}
		if mt != "text/plain" && mt != "text/html" {
			return nil
		}
		if found == "text/plain" || (found == "text/html" && mt == "text/html") {
			return nil // already have the best part
		}
		b, rerr := io.ReadAll(e.Body)
		if rerr != nil {
			m.warn("part %v (%s): %v", path, mt, rerr)
		}
		text, found = string(b), mt
		flowed = strings.EqualFold(params["format"], "flowed")
		delSp = strings.EqualFold(params["delsp"], "yes")
		return nil
	})
	if walkErr != nil {
		m.warn("MIME structure: %v", walkErr)
	}
	if found == "" {
		return
	}
	m.BodyType = found
	if found == "text/html" {
		text = htmlToText(text)
		flowed = false
	}
	m.Lines = textLines(text, flowed, delSp)
}

// headerEnds reports whether raw holds the blank line that ends the header.
func headerEnds(raw []byte) bool {
	return bytes.HasPrefix(raw, []byte("\n")) || bytes.HasPrefix(raw, []byte("\r\n")) ||
		bytes.Contains(raw, []byte("\n\n")) || bytes.Contains(raw, []byte("\n\r\n"))
}
