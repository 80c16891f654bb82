package games

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
)

// oldDump is the dump as windpost wrote it before it streamed: every
// record gathered in a map, then encoded at once. DumpWith must write the
// same bytes.
func oldDump(t *testing.T, s *Store) string {
	t.Helper()
	dump := map[string]map[string]json.RawMessage{}
	err := s.View(func(st referee.StoreTx) error {
		return st.Tx.EachRecord(func(bucket, key string, v []byte) {
			if dump[bucket] == nil {
				dump[bucket] = map[string]json.RawMessage{}
			}
			if v == nil && key == "" {
				return
			}
			if v == nil || !json.Valid(v) {
				v, _ = json.Marshal(string(v))
			}
			dump[bucket][key] = append(json.RawMessage(nil), v...)
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(dump); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func dumpWith(t *testing.T, s *Store, o DumpOptions) string {
	t.Helper()
	var b strings.Builder
	if err := s.DumpWith(&b, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// keysOf returns the reply keys the mails carry (in their reply addresses
// and subject tags).
func keysOf(mails ...Mail) []string {
	seen := map[string]bool{}
	var found []string
	for _, m := range mails {
		for _, s := range []string{m.ReplyTo, m.Subject, m.MessageID} {
			if _, key, ok := keys.ParseSubjectTag(s); ok && !seen[key] {
				seen[key] = true
				found = append(found, key)
			}
			if _, key, ok := keys.ParseReplyAddress(botAddress, s); ok && !seen[key] {
				seen[key] = true
				found = append(found, key)
			}
		}
	}
	return found
}

// TestDumpStreams: the streamed dump with keys is byte for byte the dump
// windpost wrote before; without --keys no reply key shows, and neither
// does the secret, with or without.
func TestDumpStreams(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)
	h.write(t, alice, "new nim as black")
	h.store.Update(func(st referee.StoreTx) error { // a record that is not JSON, an empty bucket of sorts
		return st.Tx.Bucket(store.Games).PutRaw("gbad<&>", []byte("not json <&> \u2028"))
	})
	wantKeys := keysOf(toAlice, toBob)
	if len(wantKeys) != 2 {
		t.Fatalf("keys %v", wantKeys)
	}
	v1, err := OpenWith(copyFixture(t, "store-v1.db"), StoreOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer v1.Close()
	for _, tt := range []struct {
		name  string
		store *Store
	}{{"game", h.store}, {"schema 1", v1}} {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := dumpWith(t, tt.store, DumpOptions{Keys: true}), oldDump(t, tt.store); got != want {
				t.Errorf("streamed dump differs:\n%s\nwant:\n%s", got, want)
			}
			red := dumpWith(t, tt.store, DumpOptions{})
			var all map[string]map[string]json.RawMessage
			if err := json.Unmarshal([]byte(red), &all); err != nil {
				t.Fatalf("redacted dump is not JSON: %v", err)
			}
			if m := keys.Redact(red); m != red {
				t.Errorf("the dump shows a key: %s", red)
			}
			if strings.Contains(red, string(testSecret)) || strings.Contains(dumpWith(t, tt.store, DumpOptions{Keys: true}), "77696e64706f7374") {
				t.Error("a dump shows the secret")
			}
		})
	}
	full, red := dumpWith(t, h.store, DumpOptions{Keys: true}), dump(t, h.store)
	for _, k := range wantKeys {
		if !strings.Contains(full, k) || strings.Contains(red, k) {
			t.Errorf("key %s: in the dump with keys %v, in the dump without %v", k, strings.Contains(full, k), strings.Contains(red, k))
		}
	}
	if !strings.Contains(red, "[windpost g") || !strings.Contains(red, "+g") || !strings.Contains(red, "."+keys.Redacted+"@") {
		t.Errorf("the redacted dump lost the game ids around the keys:\n%s", red)
	}
}

// fillGames puts n games of about 2 KB each into the store.
func fillGames(t testing.TB, s *Store, n int) {
	t.Helper()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for done := 0; done < n; done += 1000 {
		err := s.Update(func(st referee.StoreTx) error {
			for i := done; i < n && i < done+1000; i++ {
				rec := &record.Game{ID: fmt.Sprintf("g%07d", i), Variant: "nim", State: record.Playing,
					Analysis: strings.Repeat("a long analysis text ", 100)}
				if err := st.PutGame(rec, nil, time.Time{}, now); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// peakHeap writes to nowhere and samples the heap every 200 writes.
type peakHeap struct {
	writes int
	peak   uint64
}

func (p *peakHeap) Write(b []byte) (int, error) {
	p.writes++
	if p.writes%200 == 0 {
		p.sample()
	}
	return len(b), nil
}

func (p *peakHeap) sample() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	p.peak = max(p.peak, m.HeapAlloc)
}

// TestDumpMemoryStaysFlat: the heap while dumping 10,000 games is not
// much above the heap while dumping 1,000 (the dump used to gather it all:
// 20 MB of records here, 860 MB at 10k real games).
func TestDumpMemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a store with 10,000 games")
	}
	peak := map[int]uint64{}
	for _, n := range []int{1000, 10000} {
		st, err := OpenWith(t.TempDir()+"/windpost.db", StoreOptions{Secret: testSecret})
		if err != nil {
			t.Fatal(err)
		}
		fillGames(t, st, n)
		runtime.GC()
		p := &peakHeap{}
		p.sample()
		base := p.peak
		if err := st.Dump(p); err != nil {
			t.Fatal(err)
		}
		p.sample()
		peak[n] = p.peak - base
		st.Close()
	}
	t.Logf("heap above the start while dumping: 1k games %d KB, 10k games %d KB", peak[1000]>>10, peak[10000]>>10)
	if peak[10000] > 2*peak[1000]+8<<20 {
		t.Errorf("dumping 10k games took %d KB of heap, 1k games %d KB: not flat", peak[10000]>>10, peak[1000]>>10)
	}
}
