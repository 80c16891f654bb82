package mailer

import (
	"bytes"
	"fmt"
	"mime"
	"strings"

	gomail "github.com/wneessen/go-mail"

	"github.com/windpost/windpost/games"
)

// addAttachments attaches m's files to msg, each with its name and content
// type (base64, as the mail library encodes files): the mail becomes a
// multipart/mixed whose first part is the text, HTML and picture as they
// would be without files. A file whose name or content type could not be
// written in a header fails with ErrNeverComposable.
func addAttachments(msg *gomail.Msg, m games.Mail) error {
	for _, a := range m.Attachments {
		if a.Name == "" || strings.ContainsAny(a.Name, "\"\\/\r\n") || strings.ContainsFunc(a.Name, func(r rune) bool { return r < ' ' || r > '~' }) {
			return fmt.Errorf("mail %s: %w: attachment name %q", m.ID, ErrNeverComposable, a.Name)
		}
		if _, _, err := mime.ParseMediaType(a.ContentType); err != nil || strings.ContainsAny(a.ContentType, "\r\n") {
			return fmt.Errorf("mail %s: %w: attachment %s: content type %q", m.ID, ErrNeverComposable, a.Name, a.ContentType)
		}
		err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType)))
		if err != nil {
			return fmt.Errorf("mail %s: attachment %s: %w", m.ID, a.Name, err)
		}
	}
	return nil
}
