package games

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/store"
)

// clockTx is the part of the store that keeps time: when the server last
// ran (meta "clock") and last pruned (meta "pruned"), the daily prune's
// place (meta "prune-from": the bucket and key it goes on from, while a
// prune is under way), and the clocks index (bucket "clocks": "<wake
// time>/<game id>" -> "", the games by when the clock next has to do with
// them). Like store.go, the only code that knows these keys and their
// encodings.
type clockTx struct{ tx *store.Tx }

// lastRun is when a Handle or Tick last ran (zero if never).
func (st clockTx) lastRun() time.Time {
	t, _ := time.Parse(time.RFC3339, string(st.tx.Meta(store.KeyLastRun)))
	return t
}

// setLastRun notes now as the time the server last ran.
func (st clockTx) setLastRun(now time.Time) error {
	return st.tx.PutMeta(store.KeyLastRun, []byte(now.UTC().Format(time.RFC3339)))
}

// lastPruned is when forget last ran (zero if never).
func (st clockTx) lastPruned() time.Time {
	t, _ := time.Parse(time.RFC3339, string(st.tx.Meta(store.KeyPruned)))
	return t
}

// notePruned notes now as the time the last prune ended.
func (st clockTx) notePruned(now time.Time) error {
	return st.tx.PutMeta(store.KeyPruned, []byte(now.Format(time.RFC3339)))
}

// pruneFrom is where the prune under way goes on: the bucket and the
// first key to look at; ok is false when no prune is under way.
func (st clockTx) pruneFrom() (bucket store.Name, key string, ok bool) {
	v := st.tx.Meta(store.KeyPruneFrom)
	if v == nil {
		return "", "", false
	}
	b, k, _ := strings.Cut(string(v), "\x00")
	return store.Name(b), k, true
}

// setPruneFrom notes where the prune goes on; an empty bucket ends it.
func (st clockTx) setPruneFrom(bucket store.Name, key string) error {
	if bucket == "" {
		return st.tx.Bucket(store.Meta).Delete(string(store.KeyPruneFrom))
	}
	return st.tx.PutMeta(store.KeyPruneFrom, []byte(string(bucket)+"\x00"+key))
}

// forgetSome looks at up to limit records of bucket from key on and
// deletes those older than cutoff: handled Message-IDs, and sent mails of
// the outbox (pending mail stays). more is false when the bucket is done,
// else next is the key to go on from.
func (st clockTx) forgetSome(bucket store.Name, key string, cutoff time.Time, limit int) (next string, more bool, err error) {
	old := func(v []byte) bool { return outbox.SentBefore(v, cutoff) }
	if bucket == store.Processed {
		old = func(v []byte) bool {
			var p processedRecord
			return json.Unmarshal(v, &p) == nil && p.At.Before(cutoff)
		}
	}
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

// gameClock is the part of a game record the clocks read: decoding only
// these fields (not the moves) keeps a look at every game cheap.
type gameClock struct {
	State       gameState `json:"state"`
	DaysPerMove int       `json:"days_per_move"`
	Deadline    time.Time `json:"deadline"`
	Reminded    bool      `json:"reminded"`
	// RemindBefore: see gameRecord.
	RemindBefore []time.Duration `json:"remind_before"`
}

func clockOf(rec *gameRecord) gameClock {
	return gameClock{State: rec.State, DaysPerMove: rec.DaysPerMove, Deadline: rec.Deadline, Reminded: rec.Reminded, RemindBefore: rec.RemindBefore}
}

// wake is when the clock next has something to do in the game (a
// reminder, a loss on time, an expired challenge: gameRecord.due is true
// from then on), or zero if never.
func (g gameClock) wake() time.Time {
	// Read from gameRecord.due, so that the two cannot disagree: due at
	// the end of time means due some day; due a day before the deadline
	// means a reminder is waiting.
	rec := gameRecord{State: g.State, DaysPerMove: g.DaysPerMove, Deadline: g.Deadline, Reminded: g.Reminded, RemindBefore: g.RemindBefore}
	at, reminder := rec.nextReminder()
	switch {
	case !rec.due(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)):
		return time.Time{}
	case reminder && rec.due(at):
		return at.Truncate(time.Second)
	}
	return g.Deadline.Truncate(time.Second)
}

// The clocks bucket indexes the games by wake time, so that a tick reads
// only the games that are due: key "<wake as 20060102T150405Z>/<game id>",
// no value. putGame keeps it (indexGame); an entry that no longer matches
// its game is deleted when the tick comes to it, and the daily prune puts
// back any that is missing (reindexSome). A store without it gets it built
// at its first tick.
// (the bucket's name is in buckets.go)

const clockKeyTime = "20060102T150405Z"

func clockKey(at time.Time, id string) string {
	return at.UTC().Format(clockKeyTime) + "/" + id
}

// indexGame notes rec's wake time in the clocks index, in place of the one
// of old (the record as stored before; nil if unknown or new).
func (st clockTx) indexGame(rec *gameRecord, old []byte) error {
	b := st.tx.Bucket(store.Clocks)
	if !b.Exists() {
		return nil // built at the next tick
	}
	var was gameClock
	if old != nil && json.Unmarshal(old, &was) == nil {
		if w := was.wake(); !w.IsZero() {
			if err := b.Delete(clockKey(w, rec.ID)); err != nil {
				return err
			}
		}
	}
	if w := clockOf(rec).wake(); !w.IsZero() {
		return b.PutRaw(clockKey(w, rec.ID), nil)
	}
	return nil
}

// dueGames returns the ids of the games in which the clock has something
// to do at now (gameRecord.due), from the clocks index (built first if the
// store has none); a record that cannot be decoded is handed to damaged
// and skipped.
func (st clockTx) dueGames(now time.Time, damaged func(id string, err error)) ([]string, error) {
	b := st.tx.Bucket(store.Clocks)
	if !b.Exists() {
		if err := b.Make(); err != nil {
			return nil, err
		}
		if _, _, err := st.reindexSome("", 0, damaged); err != nil {
			return nil, err
		}
	}
	var ids []string
	seen := map[string]bool{}
	games := st.tx.Bucket(store.Games)
	for _, e := range dueEntries(b, now) {
		var gc gameClock
		raw := games.Raw(e.id)
		err := json.Unmarshal(raw, &gc)
		if raw != nil && err != nil {
			damaged(e.id, err)
		}
		if raw == nil || err != nil || !gc.wake().Equal(e.at) {
			if err := b.Delete(e.key); err != nil { // gone, damaged, or stale
				return nil, err
			}
			continue
		}
		if !seen[e.id] {
			seen[e.id] = true
			ids = append(ids, e.id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// indexEntry is one entry of a time index (the clocks, the digests): key
// "<time>/<name>".
type indexEntry struct {
	key string
	at  time.Time
	id  string // a game id, or an address
}

// dueEntries returns the entries of time index b due at now, earliest
// first (an entry whose time cannot be read counts as due).
func dueEntries(b store.Bucket, now time.Time) []indexEntry {
	var entries []indexEntry
	b.Scan("", func(k string, _ []byte) bool {
		at, id, _ := strings.Cut(k, "/")
		t, err := time.Parse(clockKeyTime, at)
		if err == nil && t.After(now) {
			return false
		}
		entries = append(entries, indexEntry{k, t, id})
		return true
	})
	return entries
}

// reindexSome puts into the clocks index the wake times of up to limit
// games (0 = all) from key on; more is false when done, else next is the
// key to go on from. A record that cannot be decoded is handed to damaged.
func (st clockTx) reindexSome(key string, limit int, damaged func(id string, err error)) (next string, more bool, err error) {
	b := st.tx.Bucket(store.Clocks)
	if !b.Exists() {
		return "", false, nil // built at the next tick
	}
	n := 0
	var put []string
	st.tx.Bucket(store.Games).Scan(key, func(k string, v []byte) bool {
		if limit > 0 && n == limit {
			next, more = k, true
			return false
		}
		n++
		var gc gameClock
		if err := json.Unmarshal(v, &gc); err != nil {
			damaged(k, err)
		} else if w := gc.wake(); !w.IsZero() {
			put = append(put, clockKey(w, k))
		}
		return true
	})
	for _, k := range put {
		if err := b.PutRaw(k, nil); err != nil {
			return "", false, err
		}
	}
	return next, more, nil
}
