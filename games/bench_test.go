package games

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

func defaultCatalog(dir string) *variants.Catalog {
	return variants.Default(variants.Options{CacheDir: dir})
}

// BenchmarkMoveRequest measures one move request of a human game: the
// dedupe check, the token, the replay of the game from the store, the
// move, the mails to both players into the outbox, and the bbolt commit
// with its fsync. The players play the first legal move; a game runs to 40
// moves or its end, then a new one begins (outside the timer).
func BenchmarkMoveRequest(b *testing.B) {
	for _, bc := range []struct {
		name    string
		catalog func(dir string) *variants.Catalog
		variant string
	}{
		{"nim", func(string) *variants.Catalog { return nimCatalog(1000) }, "nim"},
		{"gufuu", defaultCatalog, "gufuu"},
		{"microshogi", defaultCatalog, "micro"},
		{"julgonu", defaultCatalog, "gonu"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			h := newHarness(b, bc.catalog(b.TempDir()))
			kit, ok := h.catalog.Lookup(bc.variant)
			if !ok {
				b.Fatalf("no %s in the catalog", bc.variant)
			}
			var game string
			var replica *rules.Game
			tokens := map[string]string{}
			players := [2]string{alice, bob}
			start := func() {
				h.clock.Advance(time.Hour) // bob may be invited 3 times an hour
				inv := only(b, h.write(b, alice, "challenge bob@players.test "+bc.variant+" as black"), bob)
				game = inv.Headers["X-Windpost-Game"]
				tokens[alice] = keys.Token(testSecret, game, alice)
				tokens[bob] = keys.Token(testSecret, game, bob)
				h.send(b, h.request(bob, game, tokens[bob], "accept"))
				replica = rules.NewGame(kit.Rules)
			}
			start()
			timeRequests(b, func() Request {
				if replica.Ply() == 40 || replica.Outcome().Over() {
					start()
				}
				from := players[replica.Ply()%2]
				return h.request(from, game, tokens[from], firstMove(b, kit, replica))
			}, h.srv.Handle, func(text string, mails []Mail) {
				if len(mails) != 2 || mails[0].Headers["X-Windpost-Last-Move"] != text {
					b.Fatalf("move %d (%s): %s", replica.Ply(), text, describe(mails))
				}
			})
		})
	}
}

// BenchmarkBotMoveRequest measures one move request of a Gufuu game
// against the perfect bot: as BenchmarkMoveRequest, plus the bot's answer
// from the table by BotWork (a read and a second write transaction), and
// one mail.
func BenchmarkBotMoveRequest(b *testing.B) {
	h := newHarness(b, defaultCatalog(b.TempDir()))
	kit, _ := h.catalog.Lookup("gufuu")
	var game, token string
	var replica *rules.Game
	start := func() {
		m := only(b, h.write(b, alice, "new gufuu as black level perfect"), alice)
		game = m.Headers["X-Windpost-Game"]
		token = keys.Token(testSecret, game, alice)
		replica = rules.NewGame(kit.Rules)
	}
	start()
	timeRequests(b, func() Request {
		if replica.Outcome().Over() {
			start()
		}
		return h.request(alice, game, token, firstMove(b, kit, replica))
	}, h.handle, func(text string, mails []Mail) {
		if len(mails) != 1 {
			b.Fatalf("move %d (%s): %s", replica.Ply(), text, describe(mails))
		}
		if last := mails[0].Headers["X-Windpost-Last-Move"]; last != text {
			bm, err := kit.Notation.ParseMove(replica.Position(), last)
			if err == nil {
				err = replica.Play(bm)
			}
			if err != nil {
				b.Fatalf("the bot's move %q: %v", last, err)
			}
		}
	})
}

// timeRequests times b.N requests and reports requests/s and the CPU time
// per request: next makes each one (outside the timer), handle handles it,
// and check judges its mails (outside the timer); a failure stops the
// benchmark.
func timeRequests(b *testing.B, next func() Request, handle func(context.Context, Request) ([]Mail, error), check func(text string, mails []Mail)) {
	ctx := context.Background()
	var cpu cpuClock
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		r := next()
		b.StartTimer()
		cpu.start()
		mails, err := handle(ctx, r)
		cpu.stop()
		b.StopTimer()
		if err != nil {
			b.Fatalf("%q: %v", r.Lines, err)
		}
		check(strings.Join(r.Lines, "\n"), mails)
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	cpu.report(b)
}

// firstMove plays the first legal move of replica, the move the
// benchmarks' and tests' players make, and returns it as kit's notation
// writes it.
func firstMove(tb testing.TB, kit variants.Kit, replica *rules.Game) string {
	tb.Helper()
	m := replica.LegalMoves()[0]
	text := kit.Notation.FormatMove(replica.Position(), m)
	if err := replica.Play(m); err != nil {
		tb.Fatal(err)
	}
	return text
}

// cpuClock sums the process's CPU time, user and system, over the
// stretches it is started and stopped around: the work a request costs,
// apart from the time it waits for the disk or for a core on a busy
// machine, which wall-clock ns/op counts too.
type cpuClock struct{ total, at time.Duration }

func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (c *cpuClock) start() { c.at = processCPU() }
func (c *cpuClock) stop()  { c.total += processCPU() - c.at }

// report adds the CPU time per op as the metric cpu-ns/op.
func (c *cpuClock) report(b *testing.B) {
	b.ReportMetric(float64(c.total.Nanoseconds())/float64(b.N), "cpu-ns/op")
}
