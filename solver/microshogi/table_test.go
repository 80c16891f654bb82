package microshogi

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/windpost/windpost/rules"
)

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
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	hits := 0
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			n := 0
			for i := 0; i < 200000; i++ {
				h := keys[r.IntN(len(keys))]
				if w%2 == 0 {
					tt.store(h, entryOf(h))
					continue
				}
				if e, ok := tt.probe(h); ok {
					n++
					if e != entryOf(h) {
						mu.Lock()
						bad = append(bad, "torn")
						mu.Unlock()
					}
				}
			}
			mu.Lock()
			hits += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(bad) > 0 {
		t.Fatalf("%d reads returned an entry not stored for their key", len(bad))
	}
	if hits == 0 {
		t.Fatal("the readers never found an entry: the test tested nothing")
	}
}
