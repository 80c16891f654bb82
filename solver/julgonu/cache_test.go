package julgonu

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCacheRoundTrip(t *testing.T) {
	tab := solved()
	path := filepath.Join(t.TempDir(), "sub", "julgonu.table")
	if err := tab.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.val) != string(tab.val) {
		t.Fatal("values differ after the round trip")
	}
	if string(got.squeeze) != string(tab.squeeze) {
		t.Error("the squeezes differ after a round trip")
	}
	if string(got.keeps) != string(tab.keeps) {
		t.Fatal("the counts of moves that keep the value differ after the round trip")
	}
	for side := 0; side < 2; side++ {
		for i := range tab.reach[side] {
			if got.reach[side][i] != tab.reach[side][i] {
				t.Fatalf("reachability differs at side %d word %d", side, i)
			}
		}
	}
	if got.Stats() != tab.Stats() {
		t.Fatalf("stats %+v, want %+v", got.Stats(), tab.Stats())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the cache directory holds %d files, want only the table", len(entries))
	}
}

func TestSolverBuildsLoadsAndRebuilds(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "julgonu.table")
	good, _ := solved().MarshalBinary()

	// Missing: built and written.
	s := New(path)
	tab, err := s.Table(ctx)
	if err != nil || tab == nil {
		t.Fatalf("Table: %v", err)
	}
	if p, _ := s.Ready(ctx); p.Loaded || !errors.Is(p.LoadErr, os.ErrNotExist) || p.SaveErr != nil {
		t.Fatalf("provenance %+v, want built after a missing file, saved", p)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != string(good) {
		t.Fatalf("cache file not written or different (%v)", err)
	}

	// Present: loaded.
	s = New(path)
	if _, err := s.Table(ctx); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Ready(ctx); !p.Loaded || p.LoadErr != nil {
		t.Fatalf("provenance %+v, want from cache", p)
	}

	damages := map[string]func([]byte) []byte{
		"flipped value":    func(b []byte) []byte { b[headerSize+1000] ^= 1; return b },
		"truncated":        func(b []byte) []byte { return b[:len(b)/2] },
		"other version":    func(b []byte) []byte { b[len(magic)] = 9; return b },
		"not a table":      func(b []byte) []byte { return []byte("hello") },
		"flipped checksum": func(b []byte) []byte { b[len(b)-1] ^= 0x80; return b },
	}
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, damage(append([]byte(nil), good...)), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Load(path); !errors.Is(err, ErrDamaged) {
				t.Fatalf("Load = %v, want ErrDamaged", err)
			}
			if name != "flipped value" && name != "truncated" {
				return // rebuilding takes a second; two cases show it
			}
			s := New(path)
			if _, err := s.Table(ctx); err != nil {
				t.Fatal(err)
			}
			if p, _ := s.Ready(ctx); p.Loaded || !errors.Is(p.LoadErr, ErrDamaged) || p.SaveErr != nil {
				t.Fatalf("provenance %+v, want rebuilt", p)
			}
			data, _ := os.ReadFile(path)
			if string(data) != string(good) {
				t.Fatal("damaged cache not replaced by a good one")
			}
		})
	}
}
