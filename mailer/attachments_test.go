package mailer

import (
	"errors"
	"strings"
	"testing"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/mailtest"
)

// TestComposeAttachments: a mail with files is a multipart/mixed whose
// first part is the mail as it would be without them (the alternatives,
// and the picture beside them in a mail about a game), then each file
// with its name, content type and bytes, as an attachment.
func TestComposeAttachments(t *testing.T) {
	pgn := "[Event \"windpost game\"]\n[Variant \"julgonu\"]\n\n1.d1-d2 *\n"
	fsf := "[Variant \"micro\"]\n\n1. d2d3 *\n"
	files := []games.Attachment{
		{Name: "g7k3q.pgn", ContentType: "text/plain; charset=utf-8", Data: []byte(pgn)},
		{Name: "g7k3q.micro.pgn", ContentType: "text/plain; charset=utf-8", Data: []byte(fsf)},
	}
	for _, tt := range []struct {
		name    string
		board   *games.BoardRef
		related int // pictures beside the alternatives
	}{
		{"about a game, with its picture", &games.BoardRef{Variant: "julgonu", Position: "wwww/4/4/bbbb b"}, 1},
		{"no picture", nil, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := games.Mail{ID: "1", MessageID: "<g7.k.1@windpost.test>", To: "alice@players.test", Subject: "records",
				Text: "The record of game g7k3q is attached.\n", Board: tt.board, Attachments: files}
			h, alts, related, got := mailtest.Mixed(t, composed(t, m))
			if h.Get("Message-Id") != "<g7.k.1@windpost.test>" {
				t.Errorf("Message-Id %q", h.Get("Message-Id"))
			}
			if len(alts) != 2 || alts[0].Type != "text/plain" || alts[1].Type != "text/html" ||
				!strings.Contains(alts[0].Body, "The record of game g7k3q is attached.") {
				t.Fatalf("alternatives %+v", alts)
			}
			if len(related) != tt.related || tt.related > 0 && (related[0].Type != "image/png" ||
				!strings.Contains(alts[1].Body, "cid:"+related[0].ContentID())) {
				t.Errorf("%d related parts, want %d; html:\n%s", len(related), tt.related, alts[1].Body)
			}
			if len(got) != len(files) {
				t.Fatalf("%d files, want %d", len(got), len(files))
			}
			for i, f := range files {
				disp, params, err := got[i].Header.ContentDisposition()
				if err != nil || disp != "attachment" || params["filename"] != f.Name {
					t.Errorf("file %d: Content-Disposition %q %v, %v; want attachment, %s", i, disp, params, err, f.Name)
				}
				if got[i].Type != "text/plain" || !strings.EqualFold(got[i].Params["charset"], "utf-8") || got[i].Body != string(f.Data) {
					t.Errorf("file %d: %s %v:\n%q\nwant %q", i, got[i].Type, got[i].Params, got[i].Body, f.Data)
				}
			}
		})
	}
}

// TestComposeAttachmentRefused: a file whose name or content type cannot
// go in a header is never composable.
func TestComposeAttachmentRefused(t *testing.T) {
	for _, a := range []games.Attachment{
		{Name: "a\r\nBcc: eve@x.test", ContentType: "text/plain"},
		{Name: "", ContentType: "text/plain"},
		{Name: "g.pgn", ContentType: "text/plain\r\nBcc: eve@x.test"},
		{Name: "g.pgn", ContentType: "not a type"},
	} {
		m := games.Mail{ID: "1", To: "alice@players.test", Text: "x\n", Attachments: []games.Attachment{a}}
		if _, err := Compose(m, testBot); !errors.Is(err, ErrNeverComposable) {
			t.Errorf("%q %q: err = %v, want ErrNeverComposable", a.Name, a.ContentType, err)
		}
	}
}
