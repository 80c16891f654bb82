package games

import (
	"bytes"
	"encoding/json"
	"time"
)

// The bot's budgets per hour, as bucketBotTime keeps them (store.go).

// keyUnprovenGames is bucketBotTime's record of the games against the bot
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
func (st storeTx) botHour(key string, now time.Time) botHour {
	var h botHour
	if b := st.tx.Bucket(bucketBotTime); b != nil {
		if v := b.Get([]byte(key)); v == nil || json.Unmarshal(v, &h) != nil || h.over(now) {
			return botHour{From: now}
		}
		return h
	}
	return botHour{From: now}
}

// putBotHour writes the record of key, and forgets the records whose hour
// is over: the bucket holds only the senders of the last hour.
func (st storeTx) putBotHour(key string, h botHour, now time.Time) error {
	b, err := st.tx.CreateBucketIfNotExists(bucketBotTime)
	if err != nil {
		return err
	}
	var over [][]byte
	err = b.ForEach(func(k, v []byte) error {
		var old botHour
		if string(k) != key && (json.Unmarshal(v, &old) != nil || old.over(now)) {
			over = append(over, bytes.Clone(k))
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
	return putJSON(b, key, h)
}

// chargeBotTime adds took to the bot time of sender's hour at now.
func (st storeTx) chargeBotTime(sender string, took time.Duration, now time.Time) error {
	h := st.botHour(sender, now)
	h.Spent += took
	return st.putBotHour(sender, h, now)
}

// laneBotWork moves the continuations of schema 2, keyed by their
// sequence alone, into their lanes (schema 3), keeping their sequence and
// their bytes: the sender's own lane for a mail that proved its sender
// (it carried a key of theirs), else laneStrangers (so too a continuation
// that cannot be read: BotWork reports it as before).
func laneBotWork(st storeTx) error {
	b := st.tx.Bucket(bucketBotWork)
	if b == nil {
		return nil
	}
	type move struct{ from, to string }
	var moves []move
	err := b.ForEach(func(k, v []byte) error {
		if _, _, laned := splitWorkKey(string(k)); laned {
			return nil
		}
		lane := laneStrangers
		var c continuation
		if json.Unmarshal(v, &c) == nil && (c.AuthGame != "" || c.Digest || c.Request.Aligned) && plausibleAddress(c.From) {
			lane = c.From
		}
		moves = append(moves, move{string(k), lane + " " + string(k)})
		return nil
	})
	if err != nil {
		return err
	}
	for _, m := range moves {
		v := bytes.Clone(b.Get([]byte(m.from)))
		if err := b.Put([]byte(m.to), v); err != nil {
			return err
		}
		if err := b.Delete([]byte(m.from)); err != nil {
			return err
		}
	}
	return nil
}
