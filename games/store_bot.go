package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// botTx is the bot's part of the store.
//
// Bucket "bot-work" holds the continuations of mails whose answer waits
// for the bot (botwork.go): key "<lane> <20-digit sequence>" ->
// continuation. The lane is the sender's canonical address, or
// laneStrangers or laneOverBudget (botqueue.go); within a lane the keys go
// oldest first. Schema 2 keyed by the sequence alone (migrate.go). It is
// made by the first continuation stored.
//
// Bucket "bot-time" holds the bot's budgets per hour: a sender's canonical
// address -> botHour of the bot time their mails took, and
// keyUnprovenGames -> botHour of the games against the bot that unproven
// senders started. It is made by the first search charged.
type botTx struct{ tx *store.Tx }

// keyUnprovenGames is bot-time's record of the games against the bot
// that unproven senders started; it is no address (it has no '@').
const keyUnprovenGames = "unproven new games"

// botHour is what the bot gave one sender (or all unproven senders) in
// the hour from From: the time it thought, the games it began.
type botHour struct {
	V     int           `json:"v"`
	From  time.Time     `json:"from"`
	Spent time.Duration `json:"spent,omitempty"`
	Games int           `json:"games,omitempty"`
}

// over reports whether h's hour is over at now (or lies ahead of it: the
// clock was set back).
func (h botHour) over(now time.Time) bool {
	return !now.Before(h.From.Add(time.Hour)) || now.Before(h.From)
}

// botHour reads the record of key at now: a new hour if there is none,
// its hour is over, or it cannot be read (a budget must never stop the
// bot's work; the next write replaces it).
func (st botTx) botHour(key string, now time.Time) botHour {
	h, _, err := store.Get[botHour](st.tx.Bucket(store.BotTime), key)
	if h == nil || err != nil || h.over(now) {
		return botHour{From: now}
	}
	return *h
}

// putBotHour writes the record of key, and forgets the records whose hour
// is over: the bucket holds only the senders of the last hour.
func (st botTx) putBotHour(key string, h botHour, now time.Time) error {
	b := st.tx.Bucket(store.BotTime)
	var over []string
	err := store.Each(b, func(k string, old *botHour, err error) error {
		if k != key && (err != nil || old.over(now)) {
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

// chargeBotTime adds took to the bot time of sender's hour at now.
func (st botTx) chargeBotTime(sender string, took time.Duration, now time.Time) error {
	h := st.botHour(sender, now)
	h.Spent += took
	return st.putBotHour(sender, h, now)
}

// putContinuation stores c at the back of lane, under a new key, and
// returns the key.
func (st botTx) putContinuation(lane string, c *continuation) (string, error) {
	b := st.tx.Bucket(store.BotWork)
	n, err := b.NextSequence()
	if err != nil {
		return "", err
	}
	key := workKey(lane, n)
	c.V = 1
	return key, b.Put(key, c)
}

// laneHeads returns the first key of each lane of the bot's queue, in key
// order, passing over the keys in skip. It reads keys only.
func (st botTx) laneHeads(skip map[string]bool) []string {
	b := st.tx.Bucket(store.BotWork)
	var heads []string
	for from := ""; ; {
		keys := b.Keys(from, "", 1)
		if len(keys) == 0 {
			return heads
		}
		key := keys[0]
		lane, _, laned := splitWorkKey(key)
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

// continuation reads continuation key; one that cannot be read comes with
// the error.
func (st botTx) continuation(key string) (*continuation, error) {
	c, _, err := store.Get[continuation](st.tx.Bucket(store.BotWork), key)
	if err != nil {
		return nil, fmt.Errorf("continuation %w", err)
	}
	if c == nil {
		return nil, fmt.Errorf("continuation %s is gone", key)
	}
	return c, nil
}

// anyContinuation reports whether a mail waits for the bot.
func (st botTx) anyContinuation() bool {
	return len(st.tx.Bucket(store.BotWork).Keys("", "", 1)) > 0
}

// continuationJob reads the job of continuation key; ok is false if it
// is gone or cannot be read.
func (st botTx) continuationJob(key string) (job botJob, ok bool) {
	c, _, err := store.Get[continuation](st.tx.Bucket(store.BotWork), key)
	if c == nil || err != nil {
		return botJob{}, false
	}
	return c.Job, true
}

// deleteContinuation removes continuation key.
func (st botTx) deleteContinuation(key string) error {
	return st.tx.Bucket(store.BotWork).Delete(key)
}
