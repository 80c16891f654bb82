package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

// goodStore writes a store with a game against the bot to path.
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
	if _, err := srv.Handle(context.Background(), games.Request{From: "alice@windpost.test", Subject: "new",
		MessageID: "<hostile-store@client.example>", Lines: []string{"new gufuu as black"}, Received: time.Now()}); err != nil {
		t.Fatal(err)
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
