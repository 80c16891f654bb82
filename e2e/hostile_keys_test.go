package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

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
