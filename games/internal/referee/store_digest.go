package referee

import (
	"time"

	"github.com/windpost/windpost/games/internal/clocks"
)

// The digests bucket indexes the players who chose "notify digest" by
// the time their next digest goes, like the clocks index does games, so
// that a tick reads only the digests that are due: key "<time as
// 20060102T150405Z>/<address>", no value. The player record's DigestNext
// says which entry is current; the tick deletes the others when it comes
// to them.

// putDigest notes that the digest of address goes at at.
func (st StoreTx) putDigest(at time.Time, address string) error {
	return st.Clocks().Digests().Put(at, address)
}

// dueDigests returns the entries of the digests index due at now, and
// deletes them: the tick puts back the next one of each player.
func (st StoreTx) dueDigests(now time.Time) ([]clocks.Entry, error) {
	return st.Clocks().Digests().Take(now)
}
