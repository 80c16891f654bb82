package e2e

import (
	"bytes"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// benchBackends is backends for benchmarks.
func forEachBackendB(b *testing.B, f func(b *testing.B, be *backend)) {
	bs := []*backend{embedded(b)}
	if os.Getenv("WINDPOST_E2E_MAILSTACK") == "1" {
		bs = append(bs, mailstack(b))
	}
	for _, be := range bs {
		b.Run(be.name, func(b *testing.B) { f(b, be) })
	}
}

// smtpConns keeps one open SMTP connection per login for the benchmarks
// (a mail client keeps its connection too).
var smtpConns = struct {
	sync.Mutex
	m map[string]*smtp.Client
}{m: map[string]*smtp.Client{}}

// sendBatch submits several raw mails over login's kept connection,
// dialling again once if it broke.
func (be *backend) sendBatch(login string, from string, rcpts []string, raws [][]byte) error {
	key := be.name + "/" + login
	smtpConns.Lock()
	c := smtpConns.m[key]
	delete(smtpConns.m, key)
	smtpConns.Unlock()
	for attempt := 0; ; attempt++ {
		var err error
		if c == nil {
			if c, err = be.dialSMTP(login); err != nil {
				return err
			}
		}
		for i := 0; i < len(raws) && err == nil; i++ {
			if err = c.SendMail(from, []string{rcpts[i]}, bytes.NewReader(raws[i])); err == nil {
				rcpts, raws = rcpts[1:], raws[1:]
				i--
			}
		}
		if err == nil {
			smtpConns.Lock()
			smtpConns.m[key] = c
			smtpConns.Unlock()
			return nil
		}
		c.Close()
		c = nil
		if attempt > 0 {
			return err
		}
	}
}

// BenchmarkAnswerLatency: one player, one mail at a time, the daemon (a
// separate process) waiting in IDLE: the time from handing the move to the
// SMTP server to the answer being in the player's INBOX (so it includes
// both deliveries and Dovecot's 0.5 s IDLE delay). One op = one move; a
// 300ms pause before each move, not timed, lets the daemon go back to IDLE.
func BenchmarkAnswerLatency(b *testing.B) {
	forEachBackendB(b, func(b *testing.B, be *backend) {
		t := b
		bin, cfg, logPath := prepareServe(t, be, "bot", "alice")
		p := startProc(t, bin, cfg, logPath)
		defer p.stop()
		alice := newPlayer(t, be, "alice")
		g := alice.answerTo(alice.send(be.addr("bot"), "game", "new gufuu level casual", mailOpts{}))
		var worst, sum time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			// Let the daemon go back to IDLE (it looks again 100ms after
			// handling mail): each move then waits for IDLE's push.
			b.StopTimer()
			time.Sleep(300 * time.Millisecond)
			b.StartTimer()
			t0 := time.Now()
			var id string
			if g.Header.Get("X-Windpost-Result") != "" {
				id = alice.send(be.addr("bot"), "game", "new gufuu level casual", mailOpts{})
			} else {
				id = alice.reply(g, perfectMove(t, g), "gmail", mailOpts{})
			}
			g = alice.waitMailFast(id)
			d := time.Since(t0)
			sum += d
			worst = max(worst, d)
		}
		b.StopTimer()
		b.ReportMetric(float64(sum.Microseconds())/1000/float64(b.N), "ms/answer")
		b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		b.ReportMetric(p.peakRSS(), "peak-RSS-MiB")
	})
}

// waitMailFast polls the INBOX every 2ms for the answer to id.
func (p *player) waitMailFast(id string) *got {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		for _, g := range p.fetchNew() {
			if g.InReplyTo == id {
				return g
			}
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("no answer to %s within 60s", id)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// goT lets helper code written for tests run in a goroutine of a
// benchmark: a fatal failure is reported and ends only that goroutine.
type goT struct{ testing.TB }

func (g goT) Fatal(args ...any) { g.TB.Error(args...); runtime.Goexit() }
func (g goT) Fatalf(format string, args ...any) {
	g.TB.Errorf(format, args...)
	runtime.Goexit()
}

// BenchmarkThroughput: eleven players with 20 bot games each (the most
// windpost allows) keep every game busy: as soon as a game's answer
// arrives, its next move goes out (each player, in its own goroutine,
// sends what is ready over one SMTP connection); a finished game is
// replaced by a new one. One op = one move. Reports the sustained moves/s
// through one daemon process (mails/s counts the new-game mails too) and
// the daemon's peak RSS. With Dovecot, each answer waits ~0.5 s for its
// IDLE push, so the rate is bounded by games in flight / (0.5 s + the rest
// of the round trip).
func BenchmarkThroughput(b *testing.B) {
	forEachBackendB(b, func(b *testing.B, be *backend) {
		names := append([]string{"alice", "bob", "carol"}, benchPlayers...)
		bin, cfg, logPath := prepareServe(b, be, append([]string{"bot"}, names...)...)
		p := startProc(b, bin, cfg, logPath)
		defer p.stop()
		const perPlayer = 20
		var moves, mails atomic.Int64
		var started sync.WaitGroup
		var startOnce sync.Once
		go1 := make(chan struct{})
		var wg sync.WaitGroup
		total := int64(b.N)
		for _, name := range names {
			wg.Add(1)
			started.Add(1)
			go func() {
				defer wg.Done()
				gt := goT{b}
				pl := newPlayer(gt, be, name)
				proveAddress(gt, be, pl) // 20 new games at once are more than a stranger's answers an hour
				pending := map[string]*botGame{}
				var ready []*botGame
				for i := 0; i < perPlayer; i++ {
					ready = append(ready, &botGame{p: pl})
				}
				send := func(count bool) {
					var raws [][]byte
					var rcpts []string
					for _, g := range ready {
						if count && moves.Load() >= total {
							break
						}
						raw, id, rcpt, move := g.next(gt, be, pl)
						rcpts = append(rcpts, rcpt)
						if count {
							mails.Add(1)
							if move {
								moves.Add(1)
							}
						}
						raws = append(raws, raw)
						pending[id] = g
					}
					ready = ready[len(raws):]
					if len(raws) > 0 {
						if err := be.sendBatch(pl.local, pl.addr(), rcpts, raws); err != nil {
							gt.Fatal(err)
						}
					}
				}
				collect := func() int {
					n := 0
					for _, m := range pl.fetchNew() {
						if g, ok := pending[m.InReplyTo]; ok {
							g.last = m
							delete(pending, m.InReplyTo)
							ready = append(ready, g)
							n++
						}
					}
					return n
				}
				wait := func(what string, done func() bool) {
					deadline := time.Now().Add(120 * time.Second)
					for !done() {
						if collect() == 0 {
							if time.Now().After(deadline) {
								gt.Fatalf("%s: %s: %d answers missing after 120s", pl.local, what, len(pending))
							}
							time.Sleep(25 * time.Millisecond)
						}
					}
				}
				send(false)
				wait("new games", func() bool { return len(pending) == 0 })
				startOnce.Do(func() {})
				started.Done()
				<-go1
				for moves.Load() < total {
					if collect() == 0 {
						time.Sleep(25 * time.Millisecond)
					}
					send(true)
				}
				wait("last answers", func() bool { return len(pending) == 0 })
			}()
		}
		started.Wait()
		cpu0 := p.cpuTime()
		b.ResetTimer()
		start := time.Now()
		close(go1)
		wg.Wait()
		el := time.Since(start)
		b.StopTimer()
		b.ReportMetric(float64(moves.Load())/el.Seconds(), "moves/s")
		b.ReportMetric(float64(mails.Load())/el.Seconds(), "mails/s")
		b.ReportMetric(float64((p.cpuTime()-cpu0).Microseconds())/1000/float64(mails.Load()), "daemon-cpu-ms/mail")
		b.ReportMetric(p.peakRSS(), "peak-RSS-MiB")
	})
}

// BenchmarkBacklog measures the daemon alone: while it is stopped, eleven
// players each send a move in each of their 20 bot games (220 mails wait
// in the inbox); then the daemon starts, and the clock runs from its start
// to the last answer in the players' inboxes. One op = one move. This
// leaves out the players' round trips and Dovecot's IDLE delay.
func BenchmarkBacklog(b *testing.B) {
	forEachBackendB(b, func(b *testing.B, be *backend) {
		names := append([]string{"alice", "bob", "carol"}, benchPlayers...)
		bin, cfg, logPath := prepareServe(b, be, append([]string{"bot"}, names...)...)
		const perPlayer = 20
		var players []*player
		games := map[*player][]*botGame{}
		// sendAll sends the next mail of every game; it returns the ids.
		sendAll := func() (map[string]*botGame, int) {
			pending := map[string]*botGame{}
			moves := 0
			for _, pl := range players {
				var raws [][]byte
				var rcpts []string
				for _, g := range games[pl] {
					raw, id, rcpt, move := g.next(b, be, pl)
					rcpts = append(rcpts, rcpt)
					if move {
						moves++
					}
					raws = append(raws, raw)
					pending[id] = g
				}
				if err := be.sendBatch(pl.local, pl.addr(), rcpts, raws); err != nil {
					b.Fatal(err)
				}
			}
			return pending, moves
		}
		collectAll := func(pending map[string]*botGame) {
			deadline := time.Now().Add(120 * time.Second)
			for len(pending) > 0 {
				for _, pl := range players {
					for _, m := range pl.fetchNew() {
						if g, ok := pending[m.InReplyTo]; ok {
							g.last = m
							delete(pending, m.InReplyTo)
						}
					}
				}
				if time.Now().After(deadline) {
					b.Fatalf("%d answers missing after 120s", len(pending))
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		for _, name := range names {
			pl := newPlayer(b, be, name)
			players = append(players, pl)
			for i := 0; i < perPlayer; i++ {
				games[pl] = append(games[pl], &botGame{p: pl})
			}
		}
		p := startProc(b, bin, cfg, logPath)
		for _, pl := range players {
			proveAddress(b, be, pl) // 20 new games at once are more than a stranger's answers an hour
		}
		pending, _ := sendAll()
		collectAll(pending)
		p.stop()
		b.ResetTimer()
		var busy time.Duration
		moves, peak := 0, 0.0
		for moves < b.N {
			b.StopTimer()
			pending, n := sendAll()
			// Let the mail reach the inbox before the daemon starts.
			time.Sleep(time.Second)
			b.StartTimer()
			t0 := time.Now()
			p = startProc(b, bin, cfg, logPath)
			collectAll(pending)
			busy += time.Since(t0)
			b.StopTimer()
			peak = max(peak, p.peakRSS())
			p.stop()
			moves += n
		}
		b.ReportMetric(float64(moves)/busy.Seconds(), "moves/s")
		b.ReportMetric(peak, "peak-RSS-MiB")
	})
}
