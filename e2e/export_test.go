package e2e

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
)

// attachments are the files of a received mail by name: the parts with
// Content-Disposition attachment, decoded.
func attachments(t *testing.T, g *got) map[string][]byte {
	t.Helper()
	mr, err := mail.CreateReader(bytes.NewReader(g.Raw))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ah, ok := part.Header.(*mail.AttachmentHeader); ok {
			name, err := ah.Filename()
			if err != nil {
				t.Fatal(err)
			}
			if ct, _, _ := ah.ContentType(); ct != "text/plain" {
				t.Errorf("%s: Content-Type %s, want text/plain", name, ct)
			}
			b, err := io.ReadAll(part.Body)
			if err != nil {
				t.Fatal(err)
			}
			files[name] = b
		}
	}
	return files
}

// TestExportByMail: a player of a Micro-shogi game against the bot mails
// "export" and receives the game's records as attachments, in the game's
// own notation and in Fairy-Stockfish's form; "windpost replay" (the built
// binary) reads both back to the game's moves; someone else who asks is
// refused and gets no file.
func TestExportByMail(t *testing.T) {
	bin := windpostBinary(t)
	forEachBackend(t, func(t *testing.T, b *backend) {
		dm, ps := startPlayers(t, b, "alice", "carol")
		alice, carol := ps[0], ps[1]
		start := alice.answerTo(alice.send(b.addr("bot"), "a game", "new micro as white level casual", mailOpts{}))
		game := start.game()
		if game == "" {
			t.Fatalf("no game began:\n%s", start.Text)
		}
		ans := alice.answerTo(alice.reply(start, "export", "gmail", mailOpts{}))
		rec, err := dm.store.GameRecord(game)
		if err != nil {
			t.Fatal(err)
		}
		words := func(g *got) string { return strings.Join(strings.Fields(g.Text), " ") } // the text is flowed
		if !strings.Contains(words(ans), "The record of game "+game) || !strings.Contains(words(ans), "is attached as "+game+".pgn") {
			t.Errorf("the answer does not name the record:\n%s", ans.Text)
		}
		files := attachments(t, ans)
		dir := t.TempDir()
		for _, name := range []string{game + ".pgn", game + ".micro.pgn"} {
			data, ok := files[name]
			if !ok {
				t.Fatalf("no file %s among %d attached", name, len(files))
			}
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			out, code := runFor(t, 30*time.Second, bin, "replay", "microshogi", path)
			if want := fmt.Sprintf("ok: %d moves\n", len(rec.Moves)); code != 0 || !strings.HasSuffix(out, want) {
				t.Errorf("replay %s: code %d, want %q at the end of\n%s\n%s", name, code, want, out, data)
			}
			if !bytes.Contains(data, []byte(`[White "`+alice.addr()+`"]`)) && !bytes.Contains(data, []byte(`[Black "`+alice.addr()+`"]`)) {
				t.Errorf("%s does not name alice:\n%s", name, data)
			}
		}
		if len(files) != 2 {
			t.Errorf("%d files attached, want 2", len(files))
		}
		refused := carol.answerTo(carol.send(b.addr("bot"), "their game", "export "+game, mailOpts{}))
		if !strings.Contains(words(refused), "only the players of game "+game+" may have its record") || len(attachments(t, refused)) != 0 {
			t.Errorf("carol's export was not refused:\n%s", refused.Text)
		}
	})
}
