package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runAdmin runs `windpost admin` with args and returns what it printed;
// it fails t unless the command succeeds within a minute.
func runAdmin(t *testing.T, bin string, args ...string) string {
	t.Helper()
	out, code := runFor(t, time.Minute, bin, append([]string{"admin"}, args...)...)
	if code != 0 {
		t.Fatalf("windpost admin %q: exit %d:\n%s", args, code, out)
	}
	return out
}

// TestOperator: while windpost serve runs, the operator's admin commands
// reach the store through the daemon. An extension of a game between
// alice and bob is mailed to both, with the reason; an address the
// operator bans gets no answer to its mail; the audit log shows both
// actions with who took them and why.
func TestOperator(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin, cfg, logPath := prepareServe(t, b, "bot", "alice", "bob", "carol")
		p := startProc(t, bin, cfg, logPath)
		defer func() {
			if err := p.stop(); err != nil {
				t.Errorf("SIGTERM: the daemon did not exit cleanly: %v", err)
			}
		}()
		alice, bob, carol := newPlayer(t, b, "alice"), newPlayer(t, b, "bob"), newPlayer(t, b, "carol")
		ask := alice.answerTo(alice.send(b.addr("bot"), "a game?", "challenge "+bob.addr()+" gufuu as white days 3", mailOpts{}))
		game := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{})).game()
		inv := bob.waitMail("with the challenge", 30*time.Second, func(g *got) bool { return g.game() == game })
		bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
		alice.waitMail("saying the game began", 30*time.Second, func(g *got) bool {
			return g.game() == game && strings.Contains(g.Text, "accepted your challenge")
		})

		admin := func(args ...string) string { return runAdmin(t, bin, args...) }
		if out := admin("extend", game, "2", "days", "--why", "the club's autumn break", "--by", "referee", "-config", cfg); !strings.Contains(out, "Extended game "+game+" by 2 days") {
			t.Errorf("admin extend says:\n%s", out)
		}
		for _, pl := range []*player{alice, bob} {
			pl.waitMail("with the extension", 60*time.Second, func(g *got) bool {
				return g.game() == game && strings.Contains(g.Text, "The server's operator gave 2 more days for move #1") &&
					strings.Contains(g.Text, "Why: the club's autumn break")
			})
		}

		if out := admin("ban", carol.addr(), "--why", "abusive mail", "--by", "referee", "-config", cfg); !strings.Contains(out, "Banned "+carol.addr()) {
			t.Errorf("admin ban says:\n%s", out)
		}
		for _, body := range []string{"help", "new gufuu", "challenge " + alice.addr() + " gufuu"} {
			id := carol.send(b.addr("bot"), "hello", body, mailOpts{})
			b.filed(t, id, 30*time.Second) // handled, and dropped
		}
		quiet(t, carol, 0, 3*time.Second)
		quiet(t, alice, 0, 0)

		audit := admin("audit", "--store", filepath.Join(filepath.Dir(cfg), "windpost.db"))
		for _, row := range []string{"operator:referee  extend  " + game, "operator:referee  ban     " + carol.addr()} {
			if !strings.Contains(audit, row) {
				t.Errorf("admin audit lacks %q:\n%s", row, audit)
			}
		}
		for _, why := range []string{"the club's autumn break", "abusive mail"} {
			if !strings.Contains(audit, why) {
				t.Errorf("admin audit lacks %q:\n%s", why, audit)
			}
		}
	})
}
