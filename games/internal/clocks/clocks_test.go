package clocks

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/games/internal/store/storetest"
)

// game is a record as the test's wake reads it: its wake time, or "bad"
// for a record that cannot be read.
type game struct {
	Wake time.Time `json:"wake"`
}

func wake(raw []byte) (time.Time, error) {
	var g game
	err := json.Unmarshal(raw, &g)
	return g.Wake, err
}

func open(t *testing.T) *store.DB { return storetest.Open(t, store.Options{}) }

func update(t *testing.T, db *store.DB, f func(st Tx) error) {
	t.Helper()
	if err := db.Update(func(tx *store.Tx) error { return f(View(tx, wake)) }); err != nil {
		t.Fatal(err)
	}
}

// TestDueGames: the index is built at the first look, gives the games due
// by now in id order, drops an entry that no longer matches its game (a
// stale time, a game gone, a record that cannot be read: told to
// damaged), follows IndexGame, and ReindexSome puts back what is missing
// in batches.
func TestDueGames(t *testing.T) {
	db := open(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	put := func(tx *store.Tx, id string, at time.Time) error {
		return tx.Bucket(store.Games).Put(id, game{Wake: at})
	}
	err := db.Update(func(tx *store.Tx) error {
		for id, at := range map[string]time.Time{"g3": now.Add(-time.Hour), "g1": now, "g2": now.Add(time.Hour), "g4": {}} {
			if err := put(tx, id, at); err != nil {
				return err
			}
		}
		return tx.Bucket(store.Games).PutRaw("g5", []byte("{damaged"))
	})
	if err != nil {
		t.Fatal(err)
	}
	var damaged []string
	due := func(at time.Time) (ids []string) {
		update(t, db, func(st Tx) error {
			var err error
			ids, err = st.DueGames(at, func(id string, err error) { damaged = append(damaged, id) })
			return err
		})
		return ids
	}
	if got := due(now); !slices.Equal(got, []string{"g1", "g3"}) || !slices.Equal(damaged, []string{"g5"}) {
		t.Errorf("due at first: %v, damaged %v", got, damaged)
	}
	// g1 moves on to later; g3's record is gone; g6 is new.
	update(t, db, func(st Tx) error {
		if err := st.IndexGame("g1", now, now.Add(2*time.Hour)); err != nil {
			return err
		}
		if err := put(st.tx, "g1", now.Add(2*time.Hour)); err != nil {
			return err
		}
		if err := st.tx.Bucket(store.Games).Delete("g3"); err != nil {
			return err
		}
		if err := put(st.tx, "g6", now.Add(-time.Minute)); err != nil {
			return err
		}
		return st.IndexGame("g6", time.Time{}, now.Add(-time.Minute))
	})
	if got := due(now.Add(90 * time.Minute)); !slices.Equal(got, []string{"g2", "g6"}) {
		t.Errorf("due after the changes: %v", got)
	}
	// An entry lost from the index comes back with ReindexSome, in batches.
	update(t, db, func(st Tx) error { return st.Games().Delete(now.Add(time.Hour), "g2") })
	if got := due(now.Add(90 * time.Minute)); !slices.Equal(got, []string{"g6"}) {
		t.Errorf("due with g2's entry lost: %v", got)
	}
	key, more, batches := "", true, 0
	for more {
		update(t, db, func(st Tx) error {
			var err error
			key, more, err = st.ReindexSome(key, 2, func(string, error) {})
			return err
		})
		batches++
	}
	if got := due(now.Add(90 * time.Minute)); !slices.Equal(got, []string{"g2", "g6"}) || batches != 3 {
		t.Errorf("due after the reindex in %d batches: %v", batches, got)
	}
}

// TestMetaAndIndex: the times the server keeps read back; the prune's
// place is kept and ended; ForgetSome deletes what old picks, in batches;
// an Index gives what is due earliest first and Take deletes it.
func TestMetaAndIndex(t *testing.T) {
	db := open(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	update(t, db, func(st Tx) error {
		if !st.LastRun().IsZero() || !st.LastPruned().IsZero() {
			t.Error("a new store has run or pruned")
		}
		if _, _, ok := st.PruneFrom(); ok {
			t.Error("a prune under way in a new store")
		}
		return errors.Join(st.SetLastRun(now), st.NotePruned(now.Add(time.Minute)), st.SetPruneFrom(store.Outbox, "00042"),
			st.tx.Bucket(store.Processed).PutRaw("a", []byte("old")), st.tx.Bucket(store.Processed).PutRaw("b", []byte("new")),
			st.tx.Bucket(store.Processed).PutRaw("c", []byte("old")),
			st.Digests().Put(now.Add(time.Hour), "carol@x.test"), st.Digests().Put(now.Add(-time.Hour), "bob@x.test"),
			st.Digests().Put(now, "alice@x.test"))
	})
	update(t, db, func(st Tx) error {
		if !st.LastRun().Equal(now) || !st.LastPruned().Equal(now.Add(time.Minute)) {
			t.Errorf("last run %v, last pruned %v", st.LastRun(), st.LastPruned())
		}
		if b, k, ok := st.PruneFrom(); !ok || b != store.Outbox || k != "00042" {
			t.Errorf("prune from %s %q %v", b, k, ok)
		}
		old := func(v []byte) bool { return string(v) == "old" }
		next, more, err := st.ForgetSome(store.Processed, "", 2, old)
		if err != nil || !more || next != "c" {
			t.Errorf("first batch: %q %v %v", next, more, err)
		}
		if _, more, err := st.ForgetSome(store.Processed, next, 2, old); err != nil || more {
			t.Errorf("second batch: more %v, %v", more, err)
		}
		if keys := st.tx.Bucket(store.Processed).Keys("", "", 0); !slices.Equal(keys, []string{"b"}) {
			t.Errorf("left after the prune: %v", keys)
		}
		due, err := st.Digests().Take(now)
		if err != nil || len(due) != 2 || due[0].Name != "bob@x.test" || due[1].Name != "alice@x.test" || !due[1].At.Equal(now) {
			t.Errorf("digests due: %+v, %v", due, err)
		}
		if left := st.Digests().Due(now.Add(2 * time.Hour)); len(left) != 1 || left[0].Name != "carol@x.test" {
			t.Errorf("digests left: %+v", left)
		}
		return st.SetPruneFrom("", "")
	})
	update(t, db, func(st Tx) error {
		if _, _, ok := st.PruneFrom(); ok {
			t.Error("the prune did not end")
		}
		return nil
	})
}
