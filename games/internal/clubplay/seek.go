package clubplay

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
)

// Seeks: an open challenge to whoever takes it up. "seek gufuu days 3"
// puts one on the list ("seeks"); "join s7k3q" makes the game between the
// seeker and the joiner at once, on the seek's terms (verb_seek.go).
// Nobody but the seeker is mailed about a seek until someone joins it, and
// then only the two players. A seek lasts seekDays; the clock's tick
// removes it after that and tells the seeker in one short mail. The seeks
// live in their own bucket (internal/club), at most maxSeeks in all and
// seeksPerPlayer per seeker, so that the public address cannot be made to
// keep (or list) more.

const (
	SeekDays       = 7   // a seek nobody joined expires after this
	SeeksPerPlayer = 3   // open seeks per seeker
	MaxSeeks       = 200 // open seeks in all
	SeeksListed    = 30  // seeks "seeks" lists per game
	RatingCeiling  = 4000
)

// newSeekID draws seek ids until one is free; when the short ids are
// crowded, longer ones follow.
func newSeekID(c *referee.Change) (string, error) {
	for tries := 0; ; tries++ {
		n, err := c.Tx.Club().NewSeekNumber()
		if err != nil {
			return "", err
		}
		id := keys.ID(c.Server.Store.Secret, "seek-id", 's', n, 4+tries/8)
		if _, variant := c.Server.Catalog.Lookup(id); !c.Tx.Club().HasSeek(id) && !c.Server.Verbs.Keyword(id) && !variant {
			return id, nil
		}
	}
}

// seekOpen reports whether seek s can still be joined at: not expired, and
// its seeker still one windpost may write to (they did not say "stop" or
// "forget me" since).
func seekOpen(c *referee.Change, s *club.Seek, at time.Time) (bool, error) {
	if !at.Before(s.Expires) || c.Tx.DoNotMail(s.Seeker) || c.Tx.Banned(s.Seeker) {
		return false, nil
	}
	p, err := c.Tx.Player(s.Seeker)
	return err == nil && p != nil && !p.Proven.IsZero(), err
}

// openSeeks returns the seeks open at c.now, oldest first by id order;
// seeks that cannot be read are logged and left out.
func openSeeks(c *referee.Change) ([]*club.Seek, error) {
	var open []*club.Seek
	err := c.Tx.Club().EachSeek(func(id string, s *club.Seek, err error) error {
		if err != nil {
			c.Server.Log.Error("seek cannot be read", "seek", id, "err", err)
			return nil
		}
		ok, err := seekOpen(c, s, c.Now)
		if ok {
			open = append(open, s)
		}
		return err
	})
	return open, err
}

// ExpireSeeks removes the seeks that expired before handledUpTo (a join
// may be in a mail not yet handled) and those whose seeker can no longer
// be written to ("stop", "forget me": their address is not kept); the
// seeker of an expired one gets one short mail.
func ExpireSeeks(c *referee.Change, handledUpTo time.Time) error {
	var expired, withdrawn []*club.Seek
	err := c.Tx.Club().EachSeek(func(id string, s *club.Seek, err error) error {
		if err != nil {
			c.Server.Log.Error("seek cannot be read", "seek", id, "err", err)
			return nil
		}
		ok, err := seekOpen(c, s, s.Created)
		switch {
		case !ok:
			withdrawn = append(withdrawn, s)
		case !handledUpTo.Before(s.Expires):
			expired = append(expired, s)
		}
		return err
	})
	if err != nil {
		return err
	}
	for _, s := range withdrawn {
		if err := c.Tx.Club().DeleteSeek(s.ID); err != nil {
			return err
		}
	}
	for _, s := range expired {
		if err := c.Tx.Club().DeleteSeek(s.ID); err != nil {
			return err
		}
		kit, _ := c.Server.Catalog.Lookup(s.Variant)
		title := s.Variant
		if kit.Rules != nil {
			title = kit.Rules.Title()
		}
		m, err := c.PlainMail(referee.Notice, s.Seeker, "Your seek "+s.ID+" expired", "", document.FromText(fmt.Sprintf(
			"Nobody joined your seek %s (a game of %s, %s) within %d days, so it has expired.\n\n"+
				"To seek again, write: %s\nTo challenge someone you know: challenge <address> %s\n",
			s.ID, title, s.Terms(s.Seeker), SeekDays, s.Command(), s.Variant)))
		if err != nil {
			return err
		}
		c.Queued = append(c.Queued, m)
	}
	return nil
}
