package e2e

import (
	"context"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

// The hostile mails of issue 10 against the budgets per mail and the
// bot's thinking: a mail that makes the Micro-shogi bot think again and
// again must not hold up another player's answer, nor a stop; a mail of
// 43,000 "help" lines gets one short answer.

// stallMail is "new micro as black" and 15 x ("P-1c", "undo"): 169 bytes
// that held every other mail for 30 s when the bot thought inside the
// mail's transaction.
func stallMail() string {
	lines := []string{"new micro as black"}
	for range 15 {
		lines = append(lines, "P-1c", "undo")
	}
	return strings.Join(lines, "\n")
}

// waitThinking waits until the bot has work from a mail.
func waitThinking(t testing.TB, dm *daemon) {
	t.Helper()
	srv := dm.d.Games.(*games.Server)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if pending, err := srv.PendingBot(); err != nil || pending {
			if err != nil {
				t.Fatal(err)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the bot got no work within 30s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHostileBotStall: while the bot thinks about a hostile Micro-shogi
// mail, another player's "help" is answered within 2 s; the hostile mail
// gets one answer in which the bot moved once and the next search was
// refused.
func TestHostileBotStall(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		dm, ps := startPlayers(t, b, "alice", "bob")
		alice, bob := ps[0], ps[1]
		hostile := alice.send(b.addr("bot"), "micro", stallMail(), mailOpts{})
		waitThinking(t, dm)
		start := time.Now()
		id := bob.send(b.addr("bot"), "help?", "help", mailOpts{})
		bob.waitMail("answering help within 2s", 2*time.Second, func(g *got) bool { return g.InReplyTo == id })
		t.Logf("help answered in %v while the bot thought", time.Since(start))
		ans := alice.answerTo(hostile)
		for _, want := range []string{"The bot answered 2.", "Refused: the bot has already searched for a move in game", "Not run, because the command above was refused:"} {
			if !strings.Contains(ans.Text, want) {
				t.Errorf("the hostile mail's answer lacks %q:\n%s", want, ans.Text)
			}
		}
	})
}

// TestHostileBotStop: stopping the daemon while the bot thinks ends its
// search at once; after a restart on the same store the bot's work goes
// on and the player gets the answer.
func TestHostileBotStop(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice")
		dir := t.TempDir()
		dm := startDaemon(t, b, dir)
		alice := newPlayer(t, b, "alice")
		hostile := alice.send(b.addr("bot"), "micro", stallMail(), mailOpts{})
		waitThinking(t, dm)
		start := time.Now()
		dm.stop(t)
		if took := time.Since(start); took > time.Second {
			t.Errorf("stopping while the bot thought took %v", took)
		}
		if err := dm.store.Close(); err != nil {
			t.Fatal(err)
		}
		startDaemon(t, b, dir)
		ans := alice.answerTo(hostile)
		if !strings.Contains(ans.Text, "The bot answered 2.") {
			t.Errorf("after the restart the answer lacks the bot's move:\n%s", ans.Text)
		}
	})
}

// TestHostileHelpFlood: 43,000 "help" lines get one answer under 64 KiB,
// and the store grows by less than 1 MB.
func TestHostileHelpFlood(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice")
		dm := startDaemon(t, b, t.TempDir())
		size := func() int64 {
			fi, err := os.Stat(dm.store.Path())
			if err != nil {
				t.Fatal(err)
			}
			return fi.Size()
		}
		before := size()
		alice := newPlayer(t, b, "alice")
		ans := alice.answerTo(alice.send(b.addr("bot"), "help", strings.Repeat("help\n", 43000), mailOpts{}))
		if len(ans.Raw) >= 64<<10 {
			t.Errorf("answer of %d bytes", len(ans.Raw))
		}
		if !strings.Contains(ans.Text, "Not run, because one mail may hold at most 20 commands") {
			t.Errorf("the answer does not say the commands past 20 were not run:\n%.2000s", ans.Text)
		}
		if grown := size() - before; grown >= 1<<20 {
			t.Errorf("the store grew by %d bytes", grown)
		}
	})
}

// BenchmarkHelpUnderHostileBot measures the latency of another player's
// "help" answer while the bot works on a hostile Micro-shogi mail.
func BenchmarkHelpUnderHostileBot(b *testing.B) {
	forEachBackendB(b, func(b *testing.B, be *backend) {
		be.wipe(b, "bot", "alice", "bob")
		dm := startDaemon(b, be, b.TempDir())
		alice, bob := newPlayer(b, be, "alice"), newPlayer(b, be, "bob")
		var total time.Duration
		for b.Loop() {
			alice.send(be.addr("bot"), "micro", stallMail(), mailOpts{})
			waitThinking(b, dm)
			start := time.Now()
			bob.answerTo(bob.send(be.addr("bot"), "help?", "help", mailOpts{}))
			total += time.Since(start)
		}
		b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/answer")
	})
}

// botQueueLog records the bot queue's events that games logs ("bot work
// queued", "taken", "done"), in the order logged.
type botQueueLog struct {
	mu     sync.Mutex
	events []botEvent
}

// botEvent is one event of the bot's queue: what happened, to whose mail.
type botEvent struct{ what, from, key string }

func (l *botQueueLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *botQueueLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *botQueueLog) WithGroup(string) slog.Handler            { return l }
func (l *botQueueLog) Handle(_ context.Context, r slog.Record) error {
	what, ok := strings.CutPrefix(r.Message, "bot work ")
	if !ok {
		return nil
	}
	e := botEvent{what: what}
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "from":
			e.from = a.Value.String()
		case "key":
			e.key = a.Value.String()
		}
		return true
	})
	l.mu.Lock()
	l.events = append(l.events, e)
	l.mu.Unlock()
	return nil
}

// snapshot is the events so far.
func (l *botQueueLog) snapshot() []botEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.events)
}

// waitTaken waits until the bot has taken a search of from's.
func (l *botQueueLog) waitTaken(t testing.TB, from string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !slices.ContainsFunc(l.snapshot(), func(e botEvent) bool { return e.what == "taken" && e.from == from }) {
		if time.Now().After(deadline) {
			t.Fatalf("the bot took no search of %s within 30s", from)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHostileBotQueue: a stranger's mails, each 20 x "new micro as white"
// (twenty searches of the bot) under the forged addresses x1@, x2@ and
// x3@, delay bob's move against the bot by one search at most: between
// bob's search being queued and being taken, the bot finishes at most one
// other search (the one under way), though the strangers' searches still
// wait after it. The order is read from the bot queue's log, not from
// the clock.
func TestHostileBotQueue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice", "bob")
		log := &botQueueLog{}
		startDaemonWith(t, b, t.TempDir(), func(c *games.Config) {
			c.Logger = slog.New(log)
			c.NewBotGamesUnproven = 60 // all three mails' games, so that the strangers' queue is long
		}, nil)
		alice, bob := newPlayer(t, b, "alice"), newPlayer(t, b, "bob")
		game := bob.answerTo(bob.send(b.addr("bot"), "micro", "new micro as black", mailOpts{}))
		strangers := []string{"x1@evil.test", "x2@evil.test", "x3@evil.test"}
		for _, x := range strangers {
			alice.send(b.addr("bot"), "micro", strings.Repeat("new micro as white\n", 20), mailOpts{from: x})
		}
		log.waitTaken(t, strangers[0])
		ans := bob.answerTo(bob.reply(game, "P-1c", "gmail", mailOpts{}))
		if !strings.Contains(ans.Text, "The bot answered") {
			t.Fatalf("bob's answer lacks the bot's move:\n%s", ans.Text)
		}
		events := log.snapshot()
		queued := slices.IndexFunc(events, func(e botEvent) bool { return e.what == "queued" && e.from == bob.addr() })
		taken := slices.IndexFunc(events, func(e botEvent) bool { return e.what == "taken" && e.from == bob.addr() })
		if queued < 0 || taken < queued {
			t.Fatalf("bob's search: queued at event %d, taken at %d: %v", queued, taken, events)
		}
		var done, before, after int
		for i, e := range events {
			switch {
			case e.what == "done" && i > queued && i < taken:
				done++
			case e.what == "taken" && slices.Contains(strangers, e.from) && i < taken:
				before++
			case e.what == "taken" && slices.Contains(strangers, e.from):
				after++
			}
		}
		t.Logf("bob's search waited for %d search(es); the strangers' searches: %d before it, %d after it so far", done, before, after)
		if done > 1 {
			t.Errorf("bob's search waited for %d searches, want at most 1: %v", done, events[queued:taken+1])
		}
		if after == 0 {
			t.Errorf("no stranger's search after bob's: the flood was over before bob's move, so this shows nothing: %v", events)
		}
	})
}
