package botwork

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// Tx is the bot's part of a store transaction.
//
// Bucket "bot-work" holds the queue: key "<lane> <20-digit sequence>" ->
// what waits (games' continuation of a mail). Within a lane the keys go
// oldest first. Schema 2 keyed by the sequence alone (games' migrate.go).
// It is made by the first entry stored.
//
// Bucket "bot-time" holds the bot's budgets per hour: a sender's canonical
// address -> Hour of the bot time their mails took, and KeyUnprovenGames
// -> Hour of the games against the bot that unproven senders started. It
// is made by the first search charged.
type Tx struct{ tx *store.Tx }

// View is the bot's part of tx.
func View(tx *store.Tx) Tx { return Tx{tx} }

// KeyUnprovenGames is bot-time's record of the games against the bot that
// unproven senders started; it is no address (it has no '@').
const KeyUnprovenGames = "unproven new games"

// Hour is what the bot gave one sender (or all unproven senders) in the
// hour from From: the time it thought, the games it began.
type Hour struct {
	V     int           `json:"v"`
	From  time.Time     `json:"from"`
	Spent time.Duration `json:"spent,omitempty"`
	Games int           `json:"games,omitempty"`
}

// Over reports whether h's hour is over at now (or lies ahead of it: the
// clock was set back).
func (h Hour) Over(now time.Time) bool {
	return !now.Before(h.From.Add(time.Hour)) || now.Before(h.From)
}

// Hour reads the record of key at now: a new hour if there is none, its
// hour is over, or it cannot be read (a budget must never stop the bot's
// work; the next write replaces it).
func (st Tx) Hour(key string, now time.Time) Hour {
	h, _, err := store.Get[Hour](st.tx.Bucket(store.BotTime), key)
	if h == nil || err != nil || h.Over(now) {
		return Hour{From: now}
	}
	return *h
}

// PutHour writes the record of key, and forgets the records whose hour is
// over: the bucket holds only the senders of the last hour.
func (st Tx) PutHour(key string, h Hour, now time.Time) error {
	b := st.tx.Bucket(store.BotTime)
	var over []string
	err := store.Each(b, func(k string, old *Hour, err error) error {
		if k != key && (err != nil || old.Over(now)) {
			over = append(over, k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range over {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	h.V = 1
	return b.Put(key, h)
}

// Charge adds took to the bot time of sender's hour at now.
func (st Tx) Charge(sender string, took time.Duration, now time.Time) error {
	h := st.Hour(sender, now)
	h.Spent += took
	return st.PutHour(sender, h, now)
}

// Key is the key of the n-th entry of the queue, in lane: the sequence
// fixed width, so that a lane's keys sort in the order they were pushed.
func Key(lane string, n uint64) string { return fmt.Sprintf("%s %020d", lane, n) }

// SplitKey splits a queue key into its lane and sequence; laned is false
// for a key without a lane (written by hand, or damaged), whose sequence
// is the whole key.
func SplitKey(key string) (lane, seq string, laned bool) {
	i := strings.LastIndexByte(key, ' ')
	if i < 0 {
		return "", key, false
	}
	return key[:i], key[i+1:], true
}

// Push stores v at the back of lane, under a new key, and returns the
// key.
func (st Tx) Push(lane string, v any) (string, error) {
	b := st.tx.Bucket(store.BotWork)
	n, err := b.NextSequence()
	if err != nil {
		return "", err
	}
	key := Key(lane, n)
	return key, b.Put(key, v)
}

// Heads returns the first key of each lane of the queue, in key order,
// passing over the keys in skip. It reads keys only.
func (st Tx) Heads(skip map[string]bool) []string {
	b := st.tx.Bucket(store.BotWork)
	var heads []string
	for from := ""; ; {
		keys := b.Keys(from, "", 1)
		if len(keys) == 0 {
			return heads
		}
		key := keys[0]
		lane, _, laned := SplitKey(key)
		if skip[key] || !laned {
			from = key + "\x00" // the next key
			if !skip[key] {
				heads = append(heads, key) // a key of no lane is a lane of its own
			}
			continue
		}
		heads = append(heads, key)
		from = lane + "!" // '!' follows ' ': past the lane's keys
	}
}

// Read reads the entry key of st's queue as a T; one that is gone or
// cannot be read is an error.
func Read[T any](st Tx, key string) (*T, error) {
	v, _, err := store.Get[T](st.tx.Bucket(store.BotWork), key)
	if err != nil {
		return nil, fmt.Errorf("bot work %w", err)
	}
	if v == nil {
		return nil, fmt.Errorf("bot work %s is gone", key)
	}
	return v, nil
}

// Any reports whether anything waits for the bot.
func (st Tx) Any() bool { return len(st.tx.Bucket(store.BotWork).Keys("", "", 1)) > 0 }

// Delete removes entry key.
func (st Tx) Delete(key string) error { return st.tx.Bucket(store.BotWork).Delete(key) }
