package mailtest

import (
	"bytes"
	"testing"

	"github.com/emersion/go-message"
)

// Mixed reads a mail windpost composed with files: a multipart/mixed whose
// first part is the mail as Composed reads it (its alternatives, and the
// related parts beside them), and whose other parts are the files, each
// decoded. A mail of another shape fails the test.
func Mixed(t testing.TB, raw []byte) (h message.Header, alts, related, files []Part) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if mt, _, _ := e.Header.ContentType(); mt != "multipart/mixed" {
		t.Fatalf("Content-Type %s, want multipart/mixed", mt)
	}
	mr := e.MultipartReader()
	first, err := mr.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	alts, related = composedParts(t, first)
	return e.Header, alts, related, readParts(t, mr)
}
