package games

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
)

// storeBytes is a store with a game in progress, a bot game and mail, as
// bytes, and its page size.
func storeBytes(t *testing.T) ([]byte, int) {
	t.Helper()
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h)
	h.write(t, alice, "new nim as black")
	fillGames(t, h.store, 30) // a branch page and several leaves
	var pageSize int
	pageSize = os.Getpagesize() // bbolt's page size is the OS's
	var b bytes.Buffer
	if _, err := h.store.Backup(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), pageSize
}

// useStore opens path and reads everything as the daemon and the admin
// would; openErr is Open's error, useErr the first error after it.
func useStore(path string, readOnly bool) (openErr, useErr error) {
	st, err := OpenWith(path, StoreOptions{ReadOnly: readOnly})
	if err != nil {
		return err, nil
	}
	defer st.Close()
	var sink bytes.Buffer
	checkErr := st.Check(&sink) // first, on pages nothing has read yet
	if _, err := st.Games(); err != nil {
		return nil, err
	}
	if err := st.Dump(&sink); err != nil {
		return nil, err
	}
	if _, err := st.Backup(&sink); err != nil {
		return nil, err
	}
	return nil, checkErr
}

// wantInWords checks that err, if any, names the file and says what to do.
func wantInWords(t *testing.T, what, path string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	msg := err.Error()
	if !strings.Contains(msg, path) || !strings.Contains(msg, "windpost admin backup") ||
		!(errors.Is(err, ErrDamaged) || errors.Is(err, store.ErrNotAStore)) {
		t.Errorf("%s: error not in words: %v", what, err)
	}
	if strings.Contains(msg, "goroutine ") || strings.Contains(msg, "panic:") {
		t.Errorf("%s: error shows a stack: %v", what, err)
	}
}

// TestDamagedStore: an empty, truncated or bit-flipped store is refused
// at Open, in words, before anything reads or writes it: no damage is
// found only later (by Check, Games, Dump or Backup); bbolt's panics on
// broken pages never escape, and an empty file is never made a new store.
func TestDamagedStore(t *testing.T) {
	good, pageSize := storeBytes(t)
	flip := func(offsets ...int) func([]byte) []byte {
		return func(b []byte) []byte {
			for _, o := range offsets {
				b[o] ^= 0xff
			}
			return b
		}
	}
	cut := func(n int) func([]byte) []byte { return func(b []byte) []byte { return b[:n] } }
	inRecord := bytes.Index(good, []byte(`"variant":"nim"`)) // inside a game's JSON
	if inRecord < 0 {
		t.Fatal("no game record in the store's bytes")
	}
	secretKey := []byte("secret" + hex.EncodeToString(testSecret)[:8]) // the key, then its value
	if !bytes.Contains(good, secretKey) {
		t.Fatal("no secret in the store's bytes")
	}
	type damage struct {
		name     string
		damage   func([]byte) []byte
		mustFail bool // at Open
	}
	cases := []damage{
		{"empty", cut(0), true},
		{"first 100 bytes", cut(100), true},
		{"one page and a half", cut(pageSize + pageSize/2), true}, // bbolt: "file size too small"
		{"meta pages only", cut(2 * pageSize), true},
		{"half", cut(len(good) / 2 / pageSize * pageSize), true},
		{"one page short", cut(len(good) - pageSize), true},
		{"one byte short", cut(len(good) - 1), false},
		{"both meta pages' magic", flip(16, pageSize+16), true},
		{"both meta pages' root", flip(32, pageSize+32), true},
		{"one meta page", flip(40), false}, // bbolt falls back on the other
		{"a byte of a game's JSON", flip(inRecord + 3), true},
		{"a quote of a game's JSON", flip(inRecord), true},
		{"the secret's key", func(b []byte) []byte { // in the live page and in freed ones, in order
			return bytes.ReplaceAll(b, secretKey, append([]byte("secreu"), secretKey[6:]...))
		}, true},
	}
	for p := 2; p < len(good)/pageSize; p++ {
		o := p * pageSize
		cases = append(cases,
			damage{fmt.Sprintf("page %d flags", p), flip(o + 8), false},
			damage{fmt.Sprintf("page %d count", p), flip(o + 11), false},
			damage{fmt.Sprintf("page %d middle", p), flip(o + pageSize/2), false},
			damage{fmt.Sprintf("page %d first element", p), flip(o+16, o+20, o+24), false})
	}
	refused := 0
	for _, tt := range cases {
		for _, ro := range []bool{true, false} {
			path := filepath.Join(t.TempDir(), "windpost.db")
			if err := os.WriteFile(path, tt.damage(bytes.Clone(good)), 0o600); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(path)
			openErr, useErr := useStore(path, ro)
			wantInWords(t, tt.name, path, openErr)
			if useErr != nil {
				t.Errorf("%s (read-only %v): opened, and then found damaged: %v", tt.name, ro, useErr)
			}
			if tt.mustFail && openErr == nil {
				t.Errorf("%s (read-only %v): not refused at Open", tt.name, ro)
			}
			if openErr != nil {
				refused++
				if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
					t.Errorf("%s (read-only %v): the refused file was changed (%d bytes, was %d)", tt.name, ro, len(after), len(before))
				}
			}
		}
	}
	if refused < len(cases) {
		t.Errorf("only %d of %d damaged stores were refused", refused, 2*len(cases))
	}
	t.Logf("%d of %d opens refused", refused, 2*len(cases))
}

// TestForeignBoltFile: a bbolt file of another program is refused, not
// filled with windpost's buckets.
func TestForeignBoltFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err })
	db.Close()
	for _, ro := range []bool{false, true} {
		_, err := OpenWith(path, StoreOptions{ReadOnly: ro})
		if !errors.Is(err, store.ErrNotAStore) || !strings.Contains(err.Error(), `"widgets"`) && !ro {
			t.Errorf("read-only %v: %v", ro, err)
		}
		wantInWords(t, "foreign", path, err)
	}
}

// TestCheckSaysWhatItFound: admin check passes a sound store and says so,
// and names a record that cannot be read.
func TestCheckSaysWhatItFound(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h)
	fillGames(t, h.store, 30)
	err := h.store.Update(func(st referee.StoreTx) error { // a record over several pages
		return st.PutGame(&record.Game{ID: "glong", Variant: "nim", State: record.Playing, Analysis: strings.Repeat("long ", 5000)}, nil, time.Time{}, h.clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := h.store.Check(&out); err != nil || !strings.Contains(out.String(), "no problem found") {
		t.Fatalf("sound store: %v\n%s", err, out.String())
	}
	h.store.Update(func(st referee.StoreTx) error { return st.Tx.Bucket(store.Games).PutRaw("gbad", []byte("{not json")) })
	out.Reset()
	err = h.store.Check(&out)
	if !errors.Is(err, ErrDamaged) || !strings.Contains(out.String(), `games/"gbad"`) || !strings.Contains(out.String(), "1 record(s) that cannot be read") {
		t.Errorf("damaged record: %v\n%s", err, out.String())
	}
}

// TestGuardLeavesOtherPanics: a panic of windpost's own code inside a
// transaction is not taken for a damaged store: it goes on, for the
// daemon's recovery to report with its stack.
func TestGuardLeavesOtherPanics(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h)
	var nilGame *record.Game
	for _, tt := range []struct {
		name string
		f    func(referee.StoreTx) error
	}{
		{"panic", func(referee.StoreTx) error { panic("ours") }},
		{"nil pointer", func(referee.StoreTx) error { return errors.New(nilGame.ID) }},
		{"in a ForEach callback", func(st referee.StoreTx) error {
			return st.EachGame(func(string, *record.Game, error) error { panic("ours") })
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if v := recover(); v == nil {
					t.Error("the panic was recovered")
				}
			}()
			err := h.store.Update(tt.f)
			t.Errorf("update returned %v", err)
		})
	}
	wantText(t, only(t, h.write(t, alice, "games"), alice), "Your games:", "your move") // the store still works
}
