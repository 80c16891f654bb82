package e2e

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// botGame is one game a player plays against the bot.
type botGame struct {
	p     *player
	last  *got
	moves int
}

// next composes the game's next mail from player pl: a new game if there
// is none yet or it has ended, else the perfect move as a reply to the
// last answer. move says which.
func (g *botGame) next(tb testing.TB, be *backend, pl *player) (raw []byte, id, rcpt string, move bool) {
	if g.last == nil || g.last.Header.Get("X-Windpost-Result") != "" {
		raw, id = compose(pl.addr(), be.addr("bot"), "game", "new gufuu level casual", mailOpts{})
		return raw, id, be.addr("bot"), false
	}
	raw, id = compose(pl.addr(), g.last.ReplyTo, "Re: "+g.last.Subject, perfectMove(tb, g.last), mailOpts{inReplyTo: g.last.MessageID})
	return raw, id, g.last.ReplyTo, true
}

// TestKillDuringBurst: three players play two bot games each, all moving
// at once, while the daemon (a separate process) is killed with SIGKILL at
// random moments and started again. Every move must be answered, none
// applied twice, none lost.
func TestKillDuringBurst(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin, cfg, logPath := prepareServe(t, b, "bot", "alice", "bob", "carol")
		var mu sync.Mutex
		cur := startProc(t, bin, cfg, logPath)
		defer func() {
			mu.Lock()
			defer mu.Unlock()
			if err := cur.stop(); err != nil {
				t.Errorf("SIGTERM: the daemon did not exit cleanly: %v", err)
			}
		}()

		var games []*botGame
		sent := map[string]bool{}
		for _, name := range []string{"alice", "bob", "carol"} {
			p := newPlayer(t, b, name)
			for i := 0; i < 2; i++ {
				id := p.send(b.addr("bot"), "game", "new gufuu level casual", mailOpts{})
				sent[id] = true
				games = append(games, &botGame{p: p, last: p.answerTo(id)})
			}
		}

		// The killer: SIGKILL at random moments, restart at once.
		stopKiller := make(chan struct{})
		killerDone := make(chan int)
		var killed atomic.Int32
		rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))
		go func() {
			kills := 0
			defer func() { killerDone <- kills }()
			for kills < 6 {
				select {
				case <-stopKiller:
					return
				case <-time.After(time.Duration(20+rng.IntN(400)) * time.Millisecond):
				}
				mu.Lock()
				cur.kill(syscall.SIGKILL)
				cur = startProc(t, bin, cfg, logPath)
				mu.Unlock()
				kills++
				killed.Store(int32(kills))
			}
		}()

		// Play until the killer is through and enough moves were made; a
		// finished game is followed by a new one.
		moves := 0
		for round := 0; round < 300 && (killed.Load() < 6 || moves < 60); round++ {
			ids := map[*botGame]string{}
			for _, g := range games {
				if g.last.Header.Get("X-Windpost-Result") != "" {
					id := g.p.send(b.addr("bot"), "another", "new gufuu level casual", mailOpts{})
					sent[id] = true
					ids[g] = id
					continue
				}
				id := g.p.reply(g.last, perfectMove(t, g.last), styles[round%3], mailOpts{})
				sent[id] = true
				ids[g] = id
				moves++
			}
			for _, g := range games {
				id, ok := ids[g]
				if !ok {
					continue
				}
				before := g.last.Header.Get("X-Windpost-Position")
				newGame := g.last.Header.Get("X-Windpost-Result") != ""
				g.last = g.p.waitMail("answering "+id, 90*time.Second, func(m *got) bool { return m.InReplyTo == id })
				if newGame {
					continue
				}
				if strings.Contains(g.last.Text, "Refused") || g.last.Header.Get("X-Windpost-Position") == before {
					t.Fatalf("a move was refused or not applied (applied twice?):\n%s", g.last.Text)
				}
				g.moves++
			}
		}
		close(stopKiller)
		kills := <-killerDone

		// Count the answers: every mail answered at least once.
		time.Sleep(time.Second)
		answers, dups := 0, 0
		per := map[string]int{}
		seen := map[*player]bool{}
		for _, g := range games {
			if seen[g.p] {
				continue
			}
			seen[g.p] = true
			g.p.fetchNew()
			for _, m := range g.p.mails {
				if sent[m.InReplyTo] {
					per[m.InReplyTo]++
				}
			}
		}
		for id := range sent {
			switch n := per[id]; {
			case n == 0:
				t.Errorf("mail %s was never answered", id)
			default:
				answers += n
				dups += n - 1
			}
		}
		t.Logf("%d kills; %d mails sent (%d moves), %d answers received, %d of them duplicates (at-least-once)",
			kills, len(sent), moves, answers, dups)
		if kills == 0 {
			t.Error("the daemon was never killed")
		}
	})
}

// TestMailServersRestart: the IMAP and SMTP servers go away and come back
// while windpost runs; it must recover by itself.
func TestMailServersRestart(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, alice, _, g := newBotGame(t, b, "alice", "game")
		for i := 0; i < 3 && g.Header.Get("X-Windpost-Result") == ""; i++ {
			restartServers(t, b)
			// The player's own connection died too.
			alice = newPlayer(t, b, "alice")
			id := alice.reply(g, perfectMove(t, g), "gmail", mailOpts{})
			g = alice.waitMail("answer after the restart", 90*time.Second, func(m *got) bool { return m.InReplyTo == id })
			if strings.Contains(g.Text, "Refused") {
				t.Fatalf("refused after restart:\n%s", g.Text)
			}
		}
	})
}

// restartServers stops both mail servers, waits, and starts them again.
func restartServers(t testing.TB, b *backend) {
	t.Helper()
	if b.local != nil {
		if err := b.local.Restart(2 * time.Second); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, s := range []string{"mailstack-down.sh", "mailstack-up.sh"} {
		cmd := exec.Command(filepath.Join("..", "scripts", s))
		cmd.Env = append(os.Environ(), "MAILSTACK_QUIET=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", s, err, out)
		}
		if s == "mailstack-down.sh" {
			time.Sleep(2 * time.Second)
		}
	}
}
