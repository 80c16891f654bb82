package e2e

import (
	"bytes"
	"context"
	"errors"
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
			{"cut to the meta pages", func(b []byte) []byte { return b[:2*page] }},
			{"cut in half", func(b []byte) []byte { return b[:len(b)/2] }},
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

// TestHostileDamagedDataPage: a store whose games page is damaged opens
// (nothing reads that page at start); the first mail that reads it stops
// windpost serve with exit code 1 and the error in words, no panic (it
// used to panic in the tick a minute later, in a crash loop).
func TestHostileDamagedDataPage(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin, cfg, logPath := prepareServe(t, b, "bot", "alice")
		store := filepath.Join(filepath.Dir(cfg), "windpost.db")
		goodStore(t, store)
		db, err := bolt.Open(store, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		var root, pageSize int
		db.View(func(tx *bolt.Tx) error {
			root, pageSize = int(tx.Bucket([]byte("games")).Root()), db.Info().PageSize
			return nil
		})
		db.Close()
		if root == 0 {
			t.Fatal("the games are in their bucket's header (an inline bucket), not a page of their own")
		}
		f, err := os.OpenFile(store, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteAt([]byte{0xff, 0xff}, int64(root*pageSize+10)) // the leaf's element count
		f.Close()

		p := startProc(t, bin, cfg, logPath)
		alice := newPlayer(t, b, "alice")
		alice.send(b.addr("bot"), "a game", "new gufuu", mailOpts{})
		select {
		case err := <-p.done:
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Errorf("serve ended with %v, want exit code 1", err)
			}
		case <-time.After(30 * time.Second):
			p.stop()
			log, _ := os.ReadFile(logPath)
			t.Fatalf("serve did not stop on the damaged store:\n%s", log)
		}
		out, _ := os.ReadFile(logPath)
		if !strings.Contains(string(out), "is damaged") || !strings.Contains(string(out), "windpost admin backup") ||
			strings.Contains(string(out), "panic") || strings.Contains(string(out), "goroutine") {
			t.Errorf("serve's log:\n%s", out)
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
		text, err := os.ReadFile(cfg)
		if err != nil {
			t.Fatal(err)
		}
		debug := strings.Replace(string(text), `level = ""`, `level = "debug"`, 1)
		if debug == string(text) {
			t.Fatalf("no log level in the config:\n%s", text)
		}
		if err := os.WriteFile(cfg, []byte(debug), 0o600); err != nil {
			t.Fatal(err)
		}
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
		log, err := os.ReadFile(logPath)
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
