package games

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/rules"
)

// benchStore fills h's store with n games between people (16 moves of
// Gufuu each, deadlines from 25 hours to 7 days away), their players, and
// per game 2 handled Message-IDs and 4 sent mails, a quarter of them older
// than keepFor. It returns the ids of the games.
func benchStore(b *testing.B, h *harness, n int) []string {
	b.Helper()
	kit, ok := h.catalog.Lookup("gufuu")
	if !ok {
		b.Fatal("no gufuu in the catalog")
	}
	g := rules.NewGame(kit.Rules)
	now := h.clock.Now()
	var moves []record.Move
	for len(moves) < 16 && !g.Outcome().Over() {
		m := g.LegalMoves()[0]
		text := kit.Notation.FormatMove(g.Position(), m)
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
		moves = append(moves, record.Move{Text: text, Code: uint32(m), Position: kit.Notation.FormatPosition(g.Position()), At: now})
	}
	ids := make([]string, n)
	const perTx = 5000
	for lo := 0; lo < n; lo += perTx {
		err := h.store.Update(func(st referee.StoreTx) error {
			for i := lo; i < min(n, lo+perTx); i++ {
				ids[i] = fmt.Sprintf("b%07d", i)
				a, z := fmt.Sprintf("p%d@players.test", i), fmt.Sprintf("p%d@players.test", i+1)
				rec := &record.Game{ID: ids[i], Variant: "gufuu", State: record.Playing, Challenger: a,
					Players: [2]record.Slot{{Address: a}, {Address: z}}, Start: kit.Notation.FormatPosition(kit.Rules.Start()),
					Moves: moves, DaysPerMove: 7, Deadline: now.Add(25*time.Hour + time.Duration(i%140)*time.Hour), Created: now}
				if err := st.PutGame(rec, nil, time.Time{}, now); err != nil {
					return err
				}
				if err := st.PutPlayer(a, &record.Player{Address: a, Games: []string{ids[i]}, Created: now}); err != nil {
					return err
				}
				at := now
				if i%4 == 0 {
					at = now.Add(-referee.KeepFor - time.Hour)
				}
				for j := 0; j < 2; j++ {
					if err := st.MarkProcessed(fmt.Sprintf("<%d.%d@players.test>", i, j), record.Processed{At: at, From: a}); err != nil {
						return err
					}
				}
				for j := 0; j < 4; j++ {
					num, err := st.Outbox().NewNumber()
					if err != nil {
						return err
					}
					m := Mail{ID: outbox.Key(num), MessageID: fmt.Sprintf("<windpost.%d@windpost.test>", num), Kind: Notice, To: a,
						Subject: "Gufuu game " + ids[i], Text: "a board and a few lines of text, as a notice has them\n", NextTry: at}
					if err := st.Outbox().Queue(&m); err != nil {
						return err
					}
					m.SentAt = at
					if err := st.Outbox().Put(m); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return ids
}

// dueNow makes the deadlines of games ids[from:from+k] pass.
func dueNow(b *testing.B, h *harness, ids []string, from, k int) {
	b.Helper()
	err := h.store.Update(func(st referee.StoreTx) error {
		for i := from; i < from+k; i++ {
			rec, _, err := st.Game(ids[i%len(ids)])
			if err != nil {
				return err
			}
			was := referee.ClockOf(rec).Wake()
			rec.Deadline = h.clock.Now().Add(-time.Minute)
			if err := st.PutGame(rec, nil, was, h.clock.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkTick measures one tick of a store of 10k and 100k games between
// people, 10 of which are due (a loss on time each: 20 mails); the daily
// prune has just run.
func BenchmarkTick(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			h := newHarness(b, defaultCatalog(b.TempDir()))
			ids := benchStore(b, h, n)
			ctx := context.Background()
			if _, err := h.srv.Tick(ctx); err != nil { // the daily prune
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				h.clock.Advance(time.Minute)
				dueNow(b, h, ids, i*10, 10)
				b.StartTimer()
				mails, err := h.srv.TickUpTo(ctx, h.clock.Now())
				if err != nil || len(mails) != 20 {
					b.Fatalf("tick: %v, %d mails", err, len(mails))
				}
			}
		})
	}
}

// BenchmarkPrune measures the daily prune of the store of BenchmarkTick
// (2 handled Message-IDs and 4 sent mails per game, a quarter of them
// old): longest-hold-ms is the longest write transaction it holds.
func BenchmarkPrune(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			h := newHarness(b, defaultCatalog(b.TempDir()))
			benchStore(b, h, n)
			ctx := context.Background()
			var longest time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				if err := h.store.Update(func(st referee.StoreTx) error { return st.Tx.Bucket(store.Meta).Delete(string(store.KeyPruned)) }); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				for more := true; more; {
					t0 := time.Now()
					var err error
					if more, err = h.srv.Prune(ctx); err != nil {
						b.Fatal(err)
					}
					longest = max(longest, time.Since(t0))
				}
			}
			b.ReportMetric(float64(longest.Microseconds())/1000, "longest-hold-ms")
		})
	}
}
