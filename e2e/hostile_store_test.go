package e2e

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/windpost/windpost/games"
)

// goodStore writes a store with games against the bot to path.
func goodStore(t *testing.T, path string) {
	t.Helper()
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := games.NewServer(st, testCatalog(), games.Config{BotAddress: "bot@windpost.test", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 { // enough for the games to fill pages of their own
		if _, err := srv.Handle(context.Background(), games.Request{From: "alice@windpost.test", Subject: "new",
			MessageID: fmt.Sprintf("<hostile-store-%d@client.example>", i), Lines: []string{"new gufuu as black"}, Received: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
}

// runFor runs the binary with args for at most d and returns its output
// and exit code (-1 if it had to be killed).
func runFor(t *testing.T, d time.Duration, bin string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if ctx.Err() != nil {
		return string(out), -1
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// TestHostileDamagedStore: on an empty, cut or bit-flipped store,
// `windpost serve` and `windpost admin games|dump|check` exit non-zero
// with an error that names the file and says what to do, never a panic;
// the empty file stays empty (no new store, no new secret).
func TestHostileDamagedStore(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin := windpostBinary(t)
		good := filepath.Join(t.TempDir(), "good.db")
		goodStore(t, good)
		raw, err := os.ReadFile(good)
		if err != nil {
			t.Fatal(err)
		}
		const page = 4096
		flipAll := func(at int) func([]byte) []byte {
			return func(b []byte) []byte {
				for o := 2 * page; o+at < len(b); o += page {
					b[o+at] ^= 0xff
				}
				return b
			}
		}
		for _, tt := range []struct {
			name   string
			damage func([]byte) []byte
		}{
			{"empty", func([]byte) []byte { return nil }},
			{"cut to 100 bytes", func(b []byte) []byte { return b[:100] }},
			{"cut to a page and a half", func(b []byte) []byte { return b[:page+page/2] }}, // bbolt: "file size too small"
			{"cut to the meta pages", func(b []byte) []byte { return b[:2*page] }},
			// In half of what is written: bbolt grows its file ahead of
			// the pages in use, and the pages beyond them are zeros.
			{"cut in half", func(b []byte) []byte { return b[:len(bytes.TrimRight(b, "\x00"))/2] }},
			{"both meta pages flipped", func(b []byte) []byte { b[16] ^= 0xff; b[page+16] ^= 0xff; return b }},
			{"data pages' type flipped", flipAll(8)},
			{"data pages' count flipped", flipAll(11)},
		} {
			t.Run(tt.name, func(t *testing.T) {
				dir := t.TempDir()
				cfg := writeConfig(t, b, dir)
				store := filepath.Join(dir, "windpost.db")
				damaged := tt.damage(bytes.Clone(raw))
				if err := os.WriteFile(store, damaged, 0o600); err != nil {
					t.Fatal(err)
				}
				runs := [][]string{{"serve", "-config", cfg}, {"admin", "games", "--store", store},
					{"admin", "dump", "--store", store}, {"admin", "check", "--store", store}}
				for _, args := range runs {
					out, code := runFor(t, 30*time.Second, bin, args...)
					if code <= 0 || !strings.Contains(out, store) || !strings.Contains(out, "windpost admin backup") ||
						!strings.Contains(out, "damaged") && !strings.Contains(out, "not a windpost store") ||
						strings.Contains(out, "panic") || strings.Contains(out, "goroutine") {
						t.Errorf("%s: code %d, output:\n%s", strings.Join(args[:2], " "), code, out)
					}
				}
				if after, _ := os.ReadFile(store); !bytes.Equal(after, damaged) {
					t.Errorf("the damaged store was changed (%d bytes, was %d)", len(after), len(damaged))
				}
			})
		}
	})
}

// storePages finds, in the store file at path, the page size, the games
// bucket's own page and the root bucket's page (where each bucket's entry
// lies), as bbolt reads them.
func storePages(t *testing.T, path string) (pageSize, games, root int) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		pageSize, games = db.Info().PageSize, int(tx.Bucket([]byte("games")).Root())
		return nil
	})
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The meta page with the higher transaction id holds the root page
	// (bbolt's meta: root page id at byte 32, transaction id at 64).
	txid := func(m int) uint64 { return binary.LittleEndian.Uint64(raw[m*pageSize+64:]) }
	m := 0
	if txid(1) > txid(0) {
		m = 1
	}
	root = int(binary.LittleEndian.Uint64(raw[m*pageSize+32:]))
	if games == 0 || root < 2 {
		t.Fatalf("the games are not on a page of their own (games page %d, root page %d)", games, root)
	}
	return pageSize, games, root
}

// leafEntry is the offset of the element of key in the leaf page at
// offset page of raw (bbolt's leaf element: flags, pos, key and value
// size, 4 bytes each; the key lies pos bytes after its element).
func leafEntry(t *testing.T, raw []byte, page int, key string) int {
	t.Helper()
	count := int(binary.LittleEndian.Uint16(raw[page+10:]))
	for i := range count {
		e := page + 16 + 16*i
		pos, ksize := int(binary.LittleEndian.Uint32(raw[e+4:])), int(binary.LittleEndian.Uint32(raw[e+8:]))
		if string(raw[e+pos:e+pos+ksize]) == key {
			return e
		}
	}
	t.Fatalf("no element %q in the leaf page at %d", key, page)
	return 0
}

// TestHostileDamagedDataPage: a store made by windpost, with bytes
// flipped inside its data pages (the games' page, a game's record, the
// root bucket's page), is refused at start: `windpost serve` and `admin
// games|dump` exit 1 before they read or write anything, saying the store
// is damaged, naming the file and what to do; a mail waiting in the inbox
// is not handled and the file is not changed (it used to be opened: serve
// handled mails and grew the file, and the admin commands exited 0);
// `admin check` says what it found.
func TestHostileDamagedDataPage(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin := windpostBinary(t)
		good := filepath.Join(t.TempDir(), "good.db")
		goodStore(t, good)
		pageSize, gamesPage, rootPage := storePages(t, good)
		raw, err := os.ReadFile(good)
		if err != nil {
			t.Fatal(err)
		}
		// A freed page may hold an older copy of a record (bbolt writes
		// pages anew): look on the games page only.
		page := gamesPage * pageSize
		record := bytes.Index(raw[page:page+pageSize], []byte(`"variant":"gufuu"`))
		if record < 0 {
			t.Fatalf("no game record on the games page (page %d)", gamesPage)
		}
		record += page
		for _, tt := range []struct {
			name   string
			damage func([]byte)
			found  string // what admin check says
		}{
			{"the games page's element count", func(b []byte) { b[gamesPage*pageSize+10] ^= 0xff; b[gamesPage*pageSize+11] ^= 0xff }, "elements do not fit"},
			{"the games page's type", func(b []byte) { b[gamesPage*pageSize+8] ^= 0xff }, "page structure"},
			{"a byte of a game's record", func(b []byte) { b[record+3] ^= 0xff }, "not UTF-8"},
			{"a quote of a game's record", func(b []byte) { b[record] = 'x' }, "not readable JSON"},
			{"the games bucket's flag (bbolt: incompatible value)", func(b []byte) {
				b[leafEntry(t, b, rootPage*pageSize, "games")] ^= 0x01
			}, "a value where a bucket belongs"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				b.wipe(t, "bot", "alice")
				dir := t.TempDir()
				cfg := writeConfig(t, b, dir)
				store := filepath.Join(dir, "windpost.db")
				damaged := bytes.Clone(raw)
				tt.damage(damaged)
				if err := os.WriteFile(store, damaged, 0o600); err != nil {
					t.Fatal(err)
				}
				alice := newPlayer(t, b, "alice")
				id := alice.send(b.addr("bot"), "a game", "new gufuu", mailOpts{})
				b.waitIn(t, "INBOX", id, 10*time.Second)
				for _, args := range [][]string{{"serve", "-config", cfg}, {"admin", "games", "--store", store},
					{"admin", "dump", "--store", store}} {
					out, code := runFor(t, 30*time.Second, bin, args...)
					if code != 1 || !strings.Contains(out, "is damaged") || !strings.Contains(out, store) ||
						!strings.Contains(out, "windpost admin backup") || !strings.Contains(out, "windpost admin check") ||
						strings.Contains(out, "panic") || strings.Contains(out, "goroutine") {
						t.Errorf("%s: code %d, output:\n%s", strings.Join(args[:2], " "), code, out)
					}
				}
				out, code := runFor(t, 30*time.Second, bin, "admin", "check", "--store", store)
				if code != 1 || !strings.Contains(out, tt.found) || !strings.Contains(out, "is damaged") {
					t.Errorf("admin check: code %d, output:\n%s", code, out)
				}
				if after, _ := os.ReadFile(store); !bytes.Equal(after, damaged) {
					t.Errorf("the damaged store was changed (%d bytes, was %d)", len(after), len(damaged))
				}
				b.waitIn(t, "INBOX", id, time.Second) // not handled: not filed away
				if got := alice.fetchNew(); len(got) > 0 {
					t.Errorf("alice got %d answer(s), the first:\n%s", len(got), got[0].Text)
				}
			})
		}
	})
}

// TestHostileKeysStaySecret plays a game against the bot through
// `windpost serve` logging at debug level, to its end by resignation:
// no line of the log, and nothing in `admin dump`, shows a reply key of
// the game; `admin dump --keys` does.
func TestHostileKeysStaySecret(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin, cfg, logPath := prepareServe(t, b, "bot", "alice")
		editConfig(t, cfg, `level = ""`, `level = "debug"`)
		p := startProc(t, bin, cfg, logPath)
		alice := newPlayer(t, b, "alice")
		g := alice.answerTo(alice.send(b.addr("bot"), "a game", "new gufuu as black", mailOpts{}))
		mails := []*got{g}
		for turn := 0; turn < 3 && g.Header.Get("X-Windpost-Result") == ""; turn++ {
			g = alice.answerTo(alice.reply(g, perfectMove(t, g), styles[turn%3], mailOpts{}))
			mails = append(mails, g)
		}
		// By the subject tag alone, as clients that drop the plus part send it.
		g = alice.answerTo(alice.send(b.addr("bot"), "Re: "+g.Subject, "resign", mailOpts{inReplyTo: g.MessageID}))
		mails = append(mails, g)
		if g.Header.Get("X-Windpost-Result") == "" {
			t.Fatalf("the game did not end:\n%s", g.Text)
		}
		if err := p.stop(); err != nil {
			t.Logf("serve: %v", err)
		}
		keys := map[string]bool{}
		for _, m := range mails {
			if _, key, ok := games.ParseSubjectTag(m.Subject); ok {
				keys[key] = true
			}
			if _, key, ok := games.ParseReplyAddress(b.addr("bot"), m.ReplyTo); ok {
				keys[key] = true
			}
		}
		if len(keys) == 0 {
			t.Fatal("no reply key in the mails")
		}
		log, err := os.ReadFile(p.log)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(log), `"msg":"sent"`) || !strings.Contains(string(log), `"game":"`+g.game()+`"`) {
			t.Errorf("the log does not show the game's mail:\n%s", log)
		}
		store := filepath.Join(filepath.Dir(cfg), "windpost.db")
		dump, _ := runFor(t, 30*time.Second, bin, "admin", "dump", "--store", store)
		full, _ := runFor(t, 30*time.Second, bin, "admin", "dump", "--keys", "--store", store)
		for key := range keys {
			for i, line := range strings.Split(string(log), "\n") {
				if strings.Contains(strings.ToLower(line), key) {
					t.Errorf("log line %d shows key %s: %s", i+1, key, line)
				}
			}
			if strings.Contains(dump, key) {
				t.Errorf("admin dump shows key %s", key)
			}
			if !strings.Contains(full, key) {
				t.Errorf("admin dump --keys lacks key %s", key)
			}
		}
	})
}
