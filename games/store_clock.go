package games

import (
	"bytes"
	"encoding/json"
	"time"
)

// The store's part of the clocks: when the server last ran (meta "clock"),
// and the daily prune's place (meta "prune-from": the bucket and key it
// goes on from, while a prune is under way). Like store.go, the only code
// that knows these keys and their encodings.
var (
	keyLastRun   = []byte("clock")
	keyPruneFrom = []byte("prune-from")
)

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

// gameClock is the part of a game record the tick's scan reads: decoding
// only these fields (not the moves) keeps a tick over every game cheap.
type gameClock struct {
	State       gameState `json:"state"`
	DaysPerMove int       `json:"days_per_move"`
	Deadline    time.Time `json:"deadline"`
	Reminded    bool      `json:"reminded"`
}

// dueGames returns the ids of the games in which the clock has something
// to do at now (gameRecord.due); a record that cannot be decoded is handed
// to damaged and skipped.
func (st storeTx) dueGames(now time.Time, damaged func(id string, err error)) ([]string, error) {
	var ids []string
	err := st.tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var gc gameClock
		if err := json.Unmarshal(v, &gc); err != nil {
			damaged(string(k), err)
			return nil
		}
		rec := gameRecord{State: gc.State, DaysPerMove: gc.DaysPerMove, Deadline: gc.Deadline, Reminded: gc.Reminded}
		if rec.due(now) {
			ids = append(ids, string(k))
		}
		return nil
	})
	return ids, err
}
