package clocks

import (
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// Wake is when the clock next has something to do in the game whose
// record is raw (zero: never), or the error that the record cannot be
// read.
type Wake func(raw []byte) (time.Time, error)

// Tx is the clocks' part of a store transaction: meta "clock" (when the
// server last ran) and "pruned" (when the last prune ended), meta
// "prune-from" (the bucket and key the prune under way goes on from), and
// the games' clocks index (bucket "clocks"), whose wake times wake reads
// from the games' records.
type Tx struct {
	tx   *store.Tx
	wake Wake
}

// View is the clocks' part of tx; wake reads a game's wake time.
func View(tx *store.Tx, wake Wake) Tx { return Tx{tx, wake} }

// Digests is the index of the players by when their next digest goes.
func (st Tx) Digests() Index { return Index{st.tx.Bucket(store.Digests)} }

// LastRun is when a Handle or Tick last ran (zero if never).
func (st Tx) LastRun() time.Time {
	t, _ := time.Parse(time.RFC3339, string(st.tx.Meta(store.KeyLastRun)))
	return t
}

// SetLastRun notes now as the time the server last ran.
func (st Tx) SetLastRun(now time.Time) error {
	return st.tx.PutMeta(store.KeyLastRun, []byte(now.UTC().Format(time.RFC3339)))
}

// LastPruned is when the last prune ended (zero if never).
func (st Tx) LastPruned() time.Time {
	t, _ := time.Parse(time.RFC3339, string(st.tx.Meta(store.KeyPruned)))
	return t
}

// NotePruned notes now as the time the last prune ended.
func (st Tx) NotePruned(now time.Time) error {
	return st.tx.PutMeta(store.KeyPruned, []byte(now.Format(time.RFC3339)))
}

// PruneFrom is where the prune under way goes on: the bucket and the
// first key to look at; ok is false when no prune is under way.
func (st Tx) PruneFrom() (bucket store.Name, key string, ok bool) {
	v := st.tx.Meta(store.KeyPruneFrom)
	if v == nil {
		return "", "", false
	}
	b, k, _ := strings.Cut(string(v), "\x00")
	return store.Name(b), k, true
}

// SetPruneFrom notes where the prune goes on; an empty bucket ends it.
func (st Tx) SetPruneFrom(bucket store.Name, key string) error {
	if bucket == "" {
		return st.tx.Bucket(store.Meta).Delete(string(store.KeyPruneFrom))
	}
	return st.tx.PutMeta(store.KeyPruneFrom, []byte(string(bucket)+"\x00"+key))
}

// ForgetSome looks at up to limit records of bucket from key on and
// deletes those old says are old. more is false when the bucket is done,
// else next is the key to go on from.
func (st Tx) ForgetSome(bucket store.Name, key string, limit int, old func(raw []byte) bool) (next string, more bool, err error) {
	b := st.tx.Bucket(bucket)
	var doomed []string
	n := 0
	b.Scan(key, func(k string, v []byte) bool {
		if n == limit {
			next, more = k, true
			return false
		}
		n++
		if old(v) {
			doomed = append(doomed, k)
		}
		return true
	})
	for _, k := range doomed {
		if err := b.Delete(k); err != nil {
			return "", false, err
		}
	}
	return next, more, nil
}

// Games is the clocks index: the games by when their clock next wakes.
// putGame keeps it (IndexGame); an entry that no longer matches its game
// is deleted when the tick comes to it (DueGames), and the daily prune
// puts back any that is missing (ReindexSome). A store without it gets it
// built at its first tick.
func (st Tx) Games() Index { return Index{st.tx.Bucket(store.Clocks)} }

// IndexGame notes game id's wake time now in the clocks index, in place of
// was (zero: none); nothing while the index is not built.
func (st Tx) IndexGame(id string, was, now time.Time) error {
	x := st.Games()
	if !x.b.Exists() || was.Equal(now) {
		return nil
	}
	if !was.IsZero() {
		if err := x.Delete(was, id); err != nil {
			return err
		}
	}
	if !now.IsZero() {
		return x.Put(now, id)
	}
	return nil
}

// DueGames returns the ids of the games whose clock wakes by now, from the
// clocks index (built first if the store has none); a record that cannot
// be read is handed to damaged and skipped, and an entry that no longer
// matches its game (gone, damaged, stale) is deleted.
func (st Tx) DueGames(now time.Time, damaged func(id string, err error)) ([]string, error) {
	x := st.Games()
	if !x.b.Exists() {
		if err := x.b.Make(); err != nil {
			return nil, err
		}
		if _, _, err := st.ReindexSome("", 0, damaged); err != nil {
			return nil, err
		}
	}
	var ids []string
	seen := map[string]bool{}
	games := st.tx.Bucket(store.Games)
	for _, e := range x.Due(now) {
		raw := games.Raw(e.Name)
		var at time.Time
		var err error
		if raw != nil {
			if at, err = st.wake(raw); err != nil {
				damaged(e.Name, err)
			}
		}
		if raw == nil || err != nil || !at.Equal(e.At) {
			if err := x.b.Delete(e.Key); err != nil {
				return nil, err
			}
			continue
		}
		if !seen[e.Name] {
			seen[e.Name] = true
			ids = append(ids, e.Name)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// ReindexSome puts into the clocks index the wake times of up to limit
// games (0 = all) from key on; more is false when done, else next is the
// key to go on from. A record that cannot be read is handed to damaged.
func (st Tx) ReindexSome(key string, limit int, damaged func(id string, err error)) (next string, more bool, err error) {
	x := st.Games()
	if !x.b.Exists() {
		return "", false, nil // built at the next tick
	}
	n := 0
	var put []Entry
	st.tx.Bucket(store.Games).Scan(key, func(k string, v []byte) bool {
		if limit > 0 && n == limit {
			next, more = k, true
			return false
		}
		n++
		if at, err := st.wake(v); err != nil {
			damaged(k, err)
		} else if !at.IsZero() {
			put = append(put, Entry{At: at, Name: k})
		}
		return true
	})
	for _, e := range put {
		if err := x.Put(e.At, e.Name); err != nil {
			return "", false, err
		}
	}
	return next, more, nil
}
