package games

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The store's part of the clocks: when the server last ran (meta "clock"),
// and the daily prune's place (meta "prune-from": the bucket and key it
// goes on from, while a prune is under way). Like store.go, the only code
// that knows these keys and their encodings.

// lastRun is when a Handle or Tick last ran (zero if never).
func (st storeTx) lastRun() time.Time {
	t, _ := time.Parse(time.RFC3339, string(st.tx.Bucket(bucketMeta).Get(keyLastRun)))
	return t
}

// setLastRun notes now as the time the server last ran.
func (st storeTx) setLastRun(now time.Time) error {
	return st.tx.Bucket(bucketMeta).Put(keyLastRun, []byte(now.UTC().Format(time.RFC3339)))
}

// pruneFrom is where the prune under way goes on: the bucket and the
// first key to look at; ok is false when no prune is under way.
func (st storeTx) pruneFrom() (bucket, key []byte, ok bool) {
	v := st.tx.Bucket(bucketMeta).Get(keyPruneFrom)
	if v == nil {
		return nil, nil, false
	}
	bucket, key, _ = bytes.Cut(v, []byte{0})
	return bytes.Clone(bucket), bytes.Clone(key), true
}

// setPruneFrom notes where the prune goes on; a nil bucket ends it.
func (st storeTx) setPruneFrom(bucket, key []byte) error {
	meta := st.tx.Bucket(bucketMeta)
	if bucket == nil {
		return meta.Delete(keyPruneFrom)
	}
	return meta.Put(keyPruneFrom, append(append(bytes.Clone(bucket), 0), key...))
}

// forgetSome looks at up to limit records of bucket from key on and
// deletes those older than cutoff: handled Message-IDs, and sent mails of
// the outbox (pending mail stays). next is the key to go on from, nil when
// the bucket is done.
func (st storeTx) forgetSome(bucket, key []byte, cutoff time.Time, limit int) (next []byte, err error) {
	old := func(v []byte) bool {
		var m storedMail
		return json.Unmarshal(v, &m) == nil && !m.SentAt.IsZero() && m.SentAt.Before(cutoff)
	}
	if bytes.Equal(bucket, bucketProcessed) {
		old = func(v []byte) bool {
			var p processedRecord
			return json.Unmarshal(v, &p) == nil && p.At.Before(cutoff)
		}
	}
	b := st.tx.Bucket(bucket)
	var doomed [][]byte
	c := b.Cursor()
	k, v := c.Seek(key)
	for n := 0; k != nil && n < limit; n++ {
		if old(v) {
			doomed = append(doomed, bytes.Clone(k))
		}
		k, v = c.Next()
	}
	next = bytes.Clone(k)
	for _, k := range doomed {
		if err := b.Delete(k); err != nil {
			return nil, err
		}
	}
	return next, nil
}

// notePruned notes now as the time the last prune ended.
func (st storeTx) notePruned(now time.Time) error {
	return st.tx.Bucket(bucketMeta).Put(keyPruned, []byte(now.Format(time.RFC3339)))
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

func clockKey(at time.Time, id string) []byte {
	return []byte(at.UTC().Format(clockKeyTime) + "/" + id)
}

// indexGame notes rec's wake time in the clocks index, in place of the one
// of old (the record as stored before; nil if unknown or new).
func (st storeTx) indexGame(rec *gameRecord, old []byte) error {
	b := st.tx.Bucket(bucketClocks)
	if b == nil {
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
		return b.Put(clockKey(w, rec.ID), nil)
	}
	return nil
}

// dueGames returns the ids of the games in which the clock has something
// to do at now (gameRecord.due), from the clocks index (built first if the
// store has none); a record that cannot be decoded is handed to damaged
// and skipped.
func (st storeTx) dueGames(now time.Time, damaged func(id string, err error)) ([]string, error) {
	b := st.tx.Bucket(bucketClocks)
	if b == nil {
		var err error
		if b, err = st.tx.CreateBucket(bucketClocks); err != nil {
			return nil, err
		}
		if _, err := st.reindexSome(nil, 0, damaged); err != nil {
			return nil, err
		}
	}
	entries := dueEntries(b, now)
	var ids []string
	seen := map[string]bool{}
	games := st.tx.Bucket(bucketGames)
	for _, e := range entries {
		var gc gameClock
		raw := games.Get([]byte(e.id))
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
	key []byte
	at  time.Time
	id  string // a game id, or an address
}

// dueEntries returns the entries of time index b due at now, earliest
// first (an entry whose time cannot be read counts as due).
func dueEntries(b *bolt.Bucket, now time.Time) []indexEntry {
	var entries []indexEntry
	c := b.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		at, id, _ := strings.Cut(string(k), "/")
		t, err := time.Parse(clockKeyTime, at)
		if err == nil && t.After(now) {
			break
		}
		entries = append(entries, indexEntry{bytes.Clone(k), t, id})
	}
	return entries
}

// reindexSome puts into the clocks index the wake times of up to limit
// games (0 = all) from key on, and returns the key to go on from (nil when
// done). A record that cannot be decoded is handed to damaged.
func (st storeTx) reindexSome(key []byte, limit int, damaged func(id string, err error)) (next []byte, err error) {
	b := st.tx.Bucket(bucketClocks)
	if b == nil {
		return nil, nil // built at the next tick
	}
	c := st.tx.Bucket(bucketGames).Cursor()
	k, v := c.Seek(key)
	for n := 0; k != nil && (limit == 0 || n < limit); n++ {
		var gc gameClock
		if err := json.Unmarshal(v, &gc); err != nil {
			damaged(string(k), err)
		} else if w := gc.wake(); !w.IsZero() {
			if err := b.Put(clockKey(w, string(k)), nil); err != nil {
				return nil, err
			}
		}
		k, v = c.Next()
	}
	return bytes.Clone(k), nil
}
