package mailer

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"

	"github.com/windpost/windpost/document"

	gomail "github.com/wneessen/go-mail"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/picture"
	"github.com/windpost/windpost/variants"
)

// The picture of the board in a mail about a game. Package picture draws
// it from the games.BoardRef the mail carries, twice as wide as it is
// shown (sharp on a phone's dense screen), as picture.PNG writes it: its
// few colours in a palette, about 13 KiB for Micro-shogi (about 18 KiB in
// base64), at most 21,834 octets (picture's TestPictureSize).
//
// It is drawn in the light theme on its own light background: a mail
// client in dark mode shows it as a light card on the dark page, readable
// as it is (clients that invert colours leave pictures alone; a second,
// dark picture would double the mail's size for the few clients that can
// choose between two).

// The picture's size and colours.
const (
	pictureWidth = 720 // pixels drawn
	pictureShown = 360 // CSS pixels shown, at most (less on a narrower screen)
	pictureName  = "board.png"
	// pictureMaxText is the longest text (in bytes) a mail may have and
	// still get its picture: the text goes out twice (text/plain and the
	// HTML part) and the picture is at most about 29 KiB in base64, so a
	// mail with a picture stays under 64 KiB. A longer answer (many commands in
	// one mail) goes without it; its text board is still there.
	pictureMaxText = 12 << 10
)

// boardImage is a mail's picture of its board: the PNG and how the HTML
// part shows it.
type boardImage struct {
	png []byte
	pic document.Picture
}

// drawBoard draws the board of m, a mail about a game. The Content-ID is
// made from m's Message-ID. It fails for a mail with no board or a board
// its variant's notation cannot read.
func drawBoard(m games.Mail) (*boardImage, error) {
	ref := m.Board
	if ref == nil {
		return nil, fmt.Errorf("mail %s: no board", m.ID)
	}
	// Rules and notation only: no bot and no table is loaded.
	kit, ok := variants.Default(variants.Options{}).Lookup(ref.Variant)
	if !ok {
		return nil, fmt.Errorf("mail %s: board: unknown game %q", m.ID, ref.Variant)
	}
	n := kit.Notation
	pos, err := n.ParsePosition(ref.Position)
	if err != nil {
		return nil, fmt.Errorf("mail %s: board: %w", m.ID, err)
	}
	o := picture.Options{Width: pictureWidth, Theme: picture.Light, Caption: ref.Status, Bottom: ref.BottomSide()}
	if ref.Move != "" {
		before, err := n.ParsePosition(ref.Before)
		if err != nil {
			return nil, fmt.Errorf("mail %s: board before the last move: %w", m.ID, err)
		}
		move, err := n.ParseMove(before, ref.Move)
		if err != nil {
			return nil, fmt.Errorf("mail %s: board: the last move: %w", m.ID, err)
		}
		o.Last = picture.Last{Before: before, Move: move}
	}
	var buf bytes.Buffer
	if err := picture.PNG(&buf, pos, o); err != nil {
		return nil, fmt.Errorf("mail %s: %w", m.ID, err)
	}
	return &boardImage{png: buf.Bytes(), pic: document.Picture{CID: pictureCID(m), Width: pictureShown}}, nil
}

// pictureCID is the Content-ID of m's picture, without its angle
// brackets: "board." and m's Message-ID, unique as that is.
func pictureCID(m games.Mail) string {
	if id := strings.Trim(m.MessageID, "<>"); strings.Contains(id, "@") {
		return "board." + id
	}
	return "board." + m.ID + "@windpost.invalid"
}

// addHTML adds the HTML part of m to msg, its document rendered as HTML:
// for a mail about a game, with the picture of the board shown inline (its
// Content-ID in the <img> above the document's first board). The picture
// goes with the HTML part only: the alternative to the text part is a
// multipart/related of the page and the picture, so that a client that
// shows the text part (neomutt, s-nail) shows no picture as an attachment
// it cannot show. A board that cannot be drawn is left out, and the mail
// goes without its picture: the text board is in both parts. So does a
// mail longer than pictureMaxText.
func addHTML(msg *gomail.Msg, m games.Mail) {
	doc := m.Body()
	if m.Board != nil && len(m.Text) <= pictureMaxText {
		if img, err := drawBoard(m); err == nil {
			if ct, body, err := relatedPart(doc.HTML(&img.pic), img); err == nil {
				msg.AddAlternativeString(ct, body, gomail.WithPartEncoding(gomail.NoEncoding))
				return
			}
		}
	}
	msg.AddAlternativeString(gomail.TypeTextHTML, doc.HTML(nil))
}

// relatedPart is a multipart/related of page (quoted-printable, its root)
// and the picture img (base64, by its Content-ID): its media type, and its
// body in 7-bit lines.
func relatedPart(page string, img *boardImage) (gomail.ContentType, string, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	// "=_" is in no quoted-printable or base64 text: the boundary cannot
	// turn up inside a part.
	var random [12]byte
	if _, err := rand.Read(random[:]); err != nil {
		return "", "", err
	}
	if err := w.SetBoundary("=_" + hex.EncodeToString(random[:])); err != nil {
		return "", "", err
	}
	root, err := w.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {"text/html; charset=UTF-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	if err != nil {
		return "", "", err
	}
	qp := quotedprintable.NewWriter(root)
	if _, err := qp.Write([]byte(page)); err != nil {
		return "", "", err
	}
	if err := qp.Close(); err != nil {
		return "", "", err
	}
	pic, err := w.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {"image/png; name=\"" + pictureName + "\""},
		"Content-Disposition":       {"inline; filename=\"" + pictureName + "\""},
		"Content-Id":                {"<" + img.pic.CID + ">"},
		"Content-Transfer-Encoding": {"base64"},
	})
	if err != nil {
		return "", "", err
	}
	enc := base64.StdEncoding.EncodeToString(img.png)
	for len(enc) > 76 {
		if _, err := io.WriteString(pic, enc[:76]+"\r\n"); err != nil {
			return "", "", err
		}
		enc = enc[76:]
	}
	if _, err := io.WriteString(pic, enc+"\r\n"); err != nil {
		return "", "", err
	}
	if err := w.Close(); err != nil {
		return "", "", err
	}
	// Folded by hand: go-mail writes a part's header as it is given, and a
	// line of the mail is at most 78 characters.
	ct := gomail.ContentType("multipart/related;\r\n type=\"text/html\";\r\n boundary=\"" + w.Boundary() + "\"")
	return ct, b.String(), nil
}
