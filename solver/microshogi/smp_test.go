package microshogi

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
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

func TestTableEntryPacks(t *testing.T) {
	for _, e := range []ttEntry{
		{move: 1, score: 0, depth: 0, bound: boundExact},
		{move: 0xffffffff, score: -mate + 3, depth: 127, bound: boundUpper},
		{move: 0x8000_0001, score: mate - 1, depth: -1, bound: boundLower},
		{move: rules.NoMove, score: -1, depth: 12, bound: boundExact},
	} {
		if got := unpack(e.pack()); got != e {
			t.Errorf("unpack(pack(%+v)) = %+v", e, got)
		}
	}
}

func TestTableProbeStore(t *testing.T) {
	tt := newTable(4)
	const h = 0x1234_5678_9abc_def5
	if _, ok := tt.probe(h); ok {
		t.Fatal("an empty table has an entry")
	}
	if _, ok := tt.probe(0); ok {
		t.Fatal("an empty slot reads as key 0's")
	}
	deep := ttEntry{move: 7, score: 40, depth: 9, bound: boundExact}
	tt.store(h, deep)
	if e, ok := tt.probe(h); !ok || e != deep {
		t.Fatalf("probe after store: %+v %v, want %+v", e, ok, deep)
	}
	if _, ok := tt.probe(h ^ 1<<40); ok {
		t.Fatal("a key sharing the slot's index reads another position's entry")
	}
	tt.store(h, ttEntry{move: 8, score: 10, depth: 3, bound: boundLower})
	if e, _ := tt.probe(h); e != deep {
		t.Errorf("a shallower bound replaced a deeper entry: %+v", e)
	}
	exact := ttEntry{move: 9, score: 11, depth: 2, bound: boundExact}
	tt.store(h, exact)
	if e, _ := tt.probe(h); e != exact {
		t.Errorf("an exact score did not replace the entry: %+v", e)
	}
	other := ttEntry{move: 10, score: 12, depth: 1, bound: boundUpper}
	tt.store(h^1<<40, other)
	if e, ok := tt.probe(h ^ 1<<40); !ok || e != other {
		t.Errorf("another position did not take the slot: %+v %v", e, ok)
	}
	tt.clear()
	if _, ok := tt.probe(h ^ 1<<40); ok {
		t.Error("clear kept an entry")
	}
}

// entryOf is the one entry TestTableTornWrites ever stores for key h, so
// that any other entry read under h is a torn one.
func entryOf(h uint64) ttEntry {
	return ttEntry{move: rules.Move(h >> 32), score: int16(h), depth: int8(h>>16) & 63, bound: uint8(1 + h>>24%3)}
}

// TestTableTornWrites has threads write different positions into the same
// few slots at once while others read: a read may miss, but a hit is
// always the entry stored for that very key, never a mix of two.
func TestTableTornWrites(t *testing.T) {
	tt := newTable(2)
	keys := make([]uint64, 64)
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range keys {
		keys[i] = rng.Uint64()
	}
	var wg, writers sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	hits := 0
	// The readers read until the writers are through (at least as many
	// reads as writes): on a busy machine a reader may run before any
	// writer, and must not finish before one has stored.
	var written atomic.Bool
	// check reads key h and counts a hit; a hit must be h's own entry.
	check := func(h uint64) int {
		e, ok := tt.probe(h)
		if !ok {
			return 0
		}
		if e != entryOf(h) {
			mu.Lock()
			bad = append(bad, "torn")
			mu.Unlock()
		}
		return 1
	}
	for w := 0; w < 4; w++ {
		wg.Add(1)
		if w%2 == 0 {
			writers.Add(1)
		}
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			n := 0
			for i := 0; i < 200000 || (w%2 == 1 && !written.Load()); i++ {
				h := keys[r.IntN(len(keys))]
				if w%2 == 0 {
					tt.store(h, entryOf(h))
					if i == 200000-1 {
						writers.Done()
					}
					continue
				}
				n += check(h)
			}
			if w%2 == 1 {
				// A reader that ran before the writers and was then held
				// off the CPU until they were through may have read only
				// an empty table: one more pass over every key, now that
				// the slots are full, reads what the writers left.
				for _, h := range keys {
					n += check(h)
				}
			}
			mu.Lock()
			hits += n
			mu.Unlock()
		}()
	}
	writers.Wait()
	written.Store(true)
	wg.Wait()
	if len(bad) > 0 {
		t.Fatalf("%d reads returned an entry not stored for their key", len(bad))
	}
	if hits == 0 {
		t.Fatal("the readers never found an entry: the test tested nothing")
	}
}
