package referee

import (
	"fmt"

	"github.com/windpost/windpost/games/internal/botwork"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/store"
)

// SchemaVersion is the version of the store's layout this code writes. A
// store written by a newer windpost is refused rather than misread; an
// older one is migrated when it is opened for writing.
const SchemaVersion = 3

// migrate brings a store of schema version from to SchemaVersion, in the
// transaction that opens it (store.Options.Migrate).
func migrate(tx *store.Tx, from int) error {
	for v := from; v < SchemaVersion; v++ {
		switch v {
		case 1:
			// Schema 2: the tokens index is gone (nothing read it).
			if err := tx.DeleteBucket(store.TokensV1); err != nil {
				return err
			}
		case 2:
			// Schema 3: the bot's work is keyed by lane (botqueue.go).
			if err := laneBotWork(tx); err != nil {
				return fmt.Errorf("the bot's work: %w", err)
			}
		}
	}
	return nil
}

// laneBotWork moves the continuations of schema 2, keyed by their
// sequence alone, into their lanes (schema 3), keeping their sequence and
// their bytes: the sender's own lane for a mail that proved its sender
// (it carried a key of theirs), else laneStrangers (so too a continuation
// that cannot be read: BotWork reports it as before).
func laneBotWork(tx *store.Tx) error {
	b := tx.Bucket(store.BotWork)
	type move struct{ from, to string }
	var moves []move
	err := store.Each(b, func(k string, c *Continuation, err error) error {
		if _, _, laned := botwork.SplitKey(k); laned {
			return nil
		}
		lane := LaneStrangers
		if err == nil && (c.AuthGame != "" || c.ByDigest || c.Req.Aligned) && keys.PlausibleAddress(c.From) {
			lane = c.From
		}
		moves = append(moves, move{k, lane + " " + k})
		return nil
	})
	if err != nil {
		return err
	}
	for _, m := range moves {
		if err := b.PutRaw(m.to, b.Raw(m.from)); err != nil {
			return err
		}
		if err := b.Delete(m.from); err != nil {
			return err
		}
	}
	return nil
}
