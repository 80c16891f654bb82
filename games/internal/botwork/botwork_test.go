package botwork

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/games/internal/store/storetest"
)

type entry struct {
	V    int    `json:"v"`
	Line string `json:"line"`
}

func open(t *testing.T) *store.DB { return storetest.Open(t, store.Options{}) }

// TestQueue: each lane keeps its entries oldest first; Heads gives the
// first of each lane, past the ones skipped (a key of no lane is a lane of
// its own); Read gives an entry back, and says so of one gone or damaged;
// Any and Delete empty the queue.
func TestQueue(t *testing.T) {
	db := open(t)
	var keys []string
	err := db.Update(func(tx *store.Tx) error {
		st := View(tx)
		if st.Any() {
			t.Error("a new store has bot work")
		}
		for _, e := range []struct{ lane, line string }{{"bob@x.test", "b1"}, {"alice@x.test", "a1"}, {"bob@x.test", "b2"}, {"strangers", "s1"}} {
			k, err := st.Push(e.lane, &entry{V: 1, Line: e.line})
			if err != nil {
				return err
			}
			keys = append(keys, k)
		}
		return tx.Bucket(store.BotWork).PutRaw("00000000000000000099", []byte("{damaged"))
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error {
		st := View(tx)
		heads := st.Heads(nil)
		if want := []string{"00000000000000000099", keys[1], keys[0], keys[3]}; !slices.Equal(heads, want) {
			t.Errorf("heads %v, want %v", heads, want)
		}
		if heads := st.Heads(map[string]bool{keys[0]: true, "00000000000000000099": true}); !slices.Equal(heads, []string{keys[1], keys[2], keys[3]}) {
			t.Errorf("heads past bob's first and the lone key: %v", heads)
		}
		if lane, seq, laned := SplitKey(keys[2]); lane != "bob@x.test" || len(seq) != 20 || !laned {
			t.Errorf("SplitKey(%q) = %q %q %v", keys[2], lane, seq, laned)
		}
		if _, seq, laned := SplitKey("00000000000000000099"); laned || seq != "00000000000000000099" {
			t.Error("a key of no lane")
		}
		if e, err := Read[entry](st, keys[2]); err != nil || e.Line != "b2" {
			t.Errorf("read %+v, %v", e, err)
		}
		if _, err := Read[entry](st, "00000000000000000099"); err == nil || !strings.Contains(err.Error(), "00000000000000000099") {
			t.Errorf("a damaged entry: %v", err)
		}
		if _, err := Read[entry](st, "nobody 1"); err == nil || !strings.Contains(err.Error(), "gone") {
			t.Errorf("an entry gone: %v", err)
		}
		for _, k := range append(keys, "00000000000000000099") {
			if err := st.Delete(k); err != nil {
				return err
			}
		}
		if st.Any() {
			t.Error("bot work left after deleting every entry")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestHours: a sender's hour adds up what the bot spent; an hour that is
// over (or lies ahead: the clock went back) starts afresh; writing one
// forgets the others that are over.
func TestHours(t *testing.T) {
	db := open(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	err := db.Update(func(tx *store.Tx) error {
		st := View(tx)
		if err := st.Charge("alice@x.test", time.Second, now); err != nil {
			return err
		}
		if err := st.Charge("alice@x.test", 2*time.Second, now.Add(30*time.Minute)); err != nil {
			return err
		}
		if err := st.PutHour(KeyUnprovenGames, Hour{From: now, Games: 2}, now); err != nil {
			return err
		}
		if h := st.Hour("alice@x.test", now.Add(59*time.Minute)); h.Spent != 3*time.Second || !h.From.Equal(now) {
			t.Errorf("alice's hour %+v", h)
		}
		for _, at := range []time.Time{now.Add(time.Hour), now.Add(-time.Minute)} {
			if h := st.Hour("alice@x.test", at); h.Spent != 0 || !h.From.Equal(at) {
				t.Errorf("alice's hour at %v: %+v, want a new one", at, h)
			}
		}
		if err := st.Charge("bob@x.test", time.Second, now.Add(2*time.Hour)); err != nil {
			return err
		}
		if keys := tx.Bucket(store.BotTime).Keys("", "", 0); !slices.Equal(keys, []string{"bob@x.test"}) {
			t.Errorf("hours kept after an hour: %v", keys)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
