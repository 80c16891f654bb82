package e2e

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer"
)

// shiftClock is the real clock moved by an offset the test sets: the games
// server and the daemon run on it, while the mail server stamps arrivals
// with the real time.
type shiftClock struct{ offset atomic.Int64 }

func (c *shiftClock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// set makes it now t.
func (c *shiftClock) set(t time.Time) { c.offset.Store(int64(time.Until(t))) }

// busyGames holds the daemon on one sender's mail until released: the
// daemon is busy with another player's mail (a long bot search, say).
type busyGames struct {
	mailer.Games
	from    string
	busy    chan struct{}
	release chan struct{}
}

func (g *busyGames) Handle(ctx context.Context, r games.Request) ([]games.Mail, error) {
	if r.From == g.from {
		close(g.busy)
		select {
		case <-g.release:
		case <-time.After(30 * time.Second):
		}
	}
	return g.Games.Handle(ctx, r)
}

// TestHostileMoveArrivesWhileBusy: a move that reached the inbox 40 s
// before its deadline, while the daemon was busy with another player's
// mail until after the deadline, is not lost on time: the tick that fires
// meanwhile judges deadlines only up to the mail handled, and the move
// counts by its arrival.
func TestHostileMoveArrivesWhileBusy(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice", "bob", "carol")
		clk := &shiftClock{}
		busy := &busyGames{from: b.addr("carol"), busy: make(chan struct{}), release: make(chan struct{})}
		// The clock is set forward by a day as if windpost ran all along,
		// not as an outage.
		tune := func(c *games.Config) { c.Clock, c.OutageAfter = clk, -1 }
		dm := startDaemonWith(t, b, t.TempDir(), tune, func(d *mailer.Daemon) {
			d.Now, d.Outbox.Now = clk.Now, clk.Now
			d.TickEvery = 50 * time.Millisecond
			d.IMAP.Poll = time.Second
			busy.Games = d.Games
			d.Games = busy
		})
		alice, bob, carol := newPlayer(t, b, "alice"), newPlayer(t, b, "bob"), newPlayer(t, b, "carol")
		// alice never wrote to windpost before: she confirms the
		// challenge in a reply, which carries her key.
		ask := alice.answerTo(alice.send(b.addr("bot"), "a game?", "challenge "+bob.addr()+" gufuu as black days 1", mailOpts{}))
		game := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{})).game()
		inv := bob.waitMail("with the challenge", 30*time.Second, func(g *got) bool { return g.game() == game })
		bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
		list, err := dm.store.Games()
		if err != nil || len(list) != 1 || list[0].State != "playing" || list[0].ToMove != "black" {
			t.Fatalf("the game: %+v, %v", list, err)
		}
		deadline := list[0].Deadline

		// Shortly before the deadline the inbox is read (a poll), then
		// carol's mail keeps the daemon busy, and alice's move arrives.
		clk.set(deadline.Add(-50 * time.Second))
		time.Sleep(1500 * time.Millisecond)
		carol.send(b.addr("bot"), "help", "help", mailOpts{})
		<-busy.busy
		g := latestAbout(alice, game)
		move := alice.reply(g, perfectMove(t, g), "gmail", mailOpts{})
		b.waitIn(t, "INBOX", move, 30*time.Second)
		// The deadline passes while the daemon is still busy; ticks fire.
		clk.set(deadline.Add(3 * time.Second))
		time.Sleep(300 * time.Millisecond)
		close(busy.release)

		ans := alice.answerTo(move)
		if !strings.Contains(ans.Text, "Done: you played") {
			t.Fatalf("the move that arrived in time was not played:\n%s", ans.Text)
		}
		bob.waitMail("with alice's move", 30*time.Second, func(m *got) bool {
			return m.game() == game && strings.Contains(m.Text, "It is your move.")
		})
		time.Sleep(500 * time.Millisecond) // more ticks
		for _, p := range []*player{alice, bob} {
			p.fetchNew()
			for _, m := range p.mails {
				if strings.Contains(m.Text, "on time") {
					t.Errorf("%s was told of a loss on time:\n%s", p.local, m.Text)
				}
			}
		}
		if list, err := dm.store.Games(); err != nil || list[0].State != "playing" || list[0].Ply != 1 {
			t.Errorf("the game after the move: %+v, %v", list, err)
		}
	})
}
