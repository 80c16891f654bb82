package microshogi

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// TestThreadsShareTheWork: with more threads, every helper searches, the
// node budget counts every thread's nodes, and the move is legal.
func TestThreadsShareTheWork(t *testing.T) {
	const budget = 300000
	for _, threads := range []int{1, 2, 4} {
		// With KeepTables the bot keeps the crew it is given back (a
		// sync.Pool may drop it), so the search below runs on c.
		b := New(Options{Nodes: budget, TableBits: 16, Threads: threads, KeepTables: true})
		c, _ := b.crew(16, threads)
		b.release(c)
		g := rules.NewGame(engine.Variant{})
		r, err := b.Analyse(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(g.LegalMoves(), r.Move) {
			t.Fatalf("threads %d: illegal move %v", threads, r.Move)
		}
		// Each thread counts in steps of 1024, and may run on for up to
		// 1024 nodes before it looks.
		slack := int64(threads) * 2 * 1024
		if r.Nodes < budget || r.Nodes > budget+slack {
			for i, s := range c.members {
				t.Logf("member %d: %d nodes", i, s.nodes)
			}
			t.Errorf("threads %d: %d nodes for a budget of %d (slack %d)", threads, r.Nodes, budget, slack)
		}
		for i, s := range c.members {
			if s.nodes == 0 {
				t.Errorf("threads %d: thread %d searched nothing", threads, i)
			}
		}
		if r.Depth < 6 {
			t.Errorf("threads %d: depth %d with %d nodes", threads, r.Depth, r.Nodes)
		}
		t.Logf("threads %d: depth %d, %d nodes, %v", threads, r.Depth, r.Nodes, r.Time)
	}
}

// TestThreadsPlayAGame plays a game between a two-thread bot that keeps
// its tables and a one-thread bot, at a few milliseconds a move: every
// move legal, both bots' searches stopped by their deadlines (run it with
// -race to check the sharing).
func TestThreadsPlayAGame(t *testing.T) {
	bots := [2]*Bot{
		New(Options{Time: 20 * time.Millisecond, TableBits: 16, Threads: 2, KeepTables: true}),
		New(Options{Time: 20 * time.Millisecond, TableBits: 16}),
	}
	g := rules.NewGame(engine.Variant{})
	rng := rand.New(rand.NewPCG(3, 3))
	for ply := 0; ply < 40 && !g.Outcome().Over(); ply++ {
		r, err := bots[ply%2].Think(context.Background(), g, "strong", rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
}

// TestThreadsStopOnCancel: a cancelled search with helpers returns, and
// its helpers stop with it.
func TestThreadsStopOnCancel(t *testing.T) {
	b := New(Options{Time: time.Hour, TableBits: 16, Threads: 3})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := b.Analyse(ctx, rules.NewGame(engine.Variant{}), 0)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the search did not stop when cancelled")
	}
}
