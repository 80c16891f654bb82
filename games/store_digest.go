package games

import (
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// The digests bucket indexes the players who chose "notify digest" by
// the time their next digest goes, like the clocks index does games, so
// that a tick reads only the digests that are due: key "<time as
// 20060102T150405Z>/<address>", no value. The player record's DigestNext
// says which entry is current; the tick deletes the others when it comes
// to them.

// putDigest notes that the digest of address goes at at.
func (st storeTx) putDigest(at time.Time, address string) error {
	return st.tx.Bucket(store.Digests).PutRaw(clockKey(at, address), nil)
}

// dueDigests returns the entries of the digests index due at now, and
// deletes them: the tick puts back the next one of each player.
func (st storeTx) dueDigests(now time.Time) ([]indexEntry, error) {
	b := st.tx.Bucket(store.Digests)
	due := dueEntries(b, now)
	for _, e := range due {
		if err := b.Delete(e.key); err != nil {
			return nil, err
		}
	}
	return due, nil
}
