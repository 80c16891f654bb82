package referee

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
)

// The digest: a player who chose "notify digest 07:00" gets one mail a
// day at that local time, listing every game where it is their move, most
// urgent deadline first, each with its board, deadline and how to answer,
// and the news of their games since the last one (an opponent's move)
// instead of a mail for each. Reminders and invitations still come on
// their own. The reply address carries the digest's key: it proves the
// player for every game of theirs, so that one reply may answer several
// games, each line starting with the game's id.

// maxDigestEvents bounds the news held for one digest.
const maxDigestEvents = 100

// NextDigest is the first time after after at minutes past local midnight
// in loc (on a day that skips that time, the time the clocks show then).
func NextDigest(after time.Time, loc *time.Location, minutes int) time.Time {
	l := after.In(loc)
	for d := 0; ; d++ {
		t := time.Date(l.Year(), l.Month(), l.Day()+d, minutes/60, minutes%60, 0, 0, loc)
		if t.After(after) {
			return t.UTC()
		}
	}
}

// ScheduleDigest sets when p's next digest goes, from now, after a change
// of p's settings: none unless p chose the digest.
func ScheduleDigest(c *Change, p *record.Player) error {
	p.DigestNext = time.Time{}
	if p.Notify != NotifyDigest {
		p.DigestEvents = nil
		return nil
	}
	p.DigestNext = NextDigest(c.Now, p.Location(), p.DigestAt)
	return c.Tx.putDigest(p.DigestNext, p.Address)
}

// foldIntoDigest holds notice n for to's digest instead of sending it,
// if to chose the digest and n is news of a game in progress; it reports
// whether it did.
func foldIntoDigest(c *Change, to string, lg *LiveGame, n *notice) (bool, error) {
	if n.kind != Notice || lg.Rec.State != record.Playing {
		return false, nil
	}
	p, err := c.Player(to)
	if err != nil || p.Notify != NotifyDigest {
		return false, err
	}
	for _, e := range n.Events {
		if len(p.DigestEvents) < maxDigestEvents {
			p.DigestEvents = append(p.DigestEvents, record.DigestEvent{Game: lg.Rec.ID, Text: e, At: c.Now})
		}
	}
	c.MarkChanged(to)
	return true, nil
}

// tickDigests sends the digests that are due and sets the next ones.
func tickDigests(c *Change) error {
	due, err := c.Tx.dueDigests(c.Now)
	if err != nil {
		return err
	}
	for _, e := range due {
		p, err := c.Player(e.Name)
		if err != nil {
			return err
		}
		if p.Notify != NotifyDigest || !p.DigestNext.Equal(e.At) {
			continue // stale: the setting changed since
		}
		if err := sendDigest(c, p); err != nil {
			return err
		}
		p.DigestEvents = nil
		c.MarkChanged(p.Address)
		if err := ScheduleDigest(c, p); err != nil {
			return err
		}
	}
	return nil
}

// sendDigest composes and queues p's digest, if there is anything to
// say: the games where it is p's move, and the news held.
func sendDigest(c *Change, p *record.Player) error {
	var mine []*LiveGame
	for _, id := range p.Games {
		lg := c.Game(id)
		if lg == nil || lg.Rec.State != record.Playing {
			continue
		}
		if side, ok := lg.Rec.SideOf(p.Address); ok && lg.ToMove() == side {
			mine = append(mine, lg)
		}
	}
	if len(mine) == 0 && len(p.DigestEvents) == 0 || c.Tx.Banned(p.Address) {
		return nil // nothing to say, or nobody to say it to (store_ban.go)
	}
	m, err := c.PlainMail(Notice, p.Address, "", "", digestText(p, mine), digestMail(c, p))
	if err != nil {
		return err
	}
	c.Queued = append(c.Queued, m)
	return nil
}

// digestMail gives the digest its subject and reply address, which carry
// the digest's key.
func digestMail(c *Change, p *record.Player) func(*Mail) {
	return func(m *Mail) {
		id, tok := keys.PersonalKey(c.Server.Store.Secret, keys.Digest, p.Address)
		m.ReplyTo = keys.ReplyAddress(c.Server.Local, c.Server.Domain, id, tok)
		m.Subject = fmt.Sprintf("windpost: your daily digest, %s %s", localDay(p, c.Now), keys.SubjectTag(id, tok))
	}
}

// digestText is the digest's body: the games where it is p's move, most
// urgent first (games without a deadline last), then the news.
func digestText(p *record.Player, mine []*LiveGame) document.Document {
	slices.SortStableFunc(mine, func(a, b *LiveGame) int {
		da, db := a.Rec.Deadline, b.Rec.Deadline
		switch {
		case da.IsZero() != db.IsZero():
			if da.IsZero() {
				return 1
			}
			return -1
		}
		return cmp.Or(da.Compare(db), strings.Compare(a.Rec.ID, b.Rec.ID))
	})
	var b strings.Builder
	switch len(mine) {
	case 0:
		b.WriteString("It is not your move in any game.\n")
	default:
		fmt.Fprintf(&b, "It is your move in %d %s, the most urgent first.\n", len(mine), Plural(len(mine), "game", "games"))
		b.WriteString("To answer, reply to this mail with one line per game: the game's id, then\n")
		fmt.Fprintf(&b, "the move, e.g. \"%s <your move>\". One reply may answer several games.\n", mine[0].Rec.ID)
	}
	d := document.Document{Blocks: Paragraphs(b.String())}
	for _, lg := range mine {
		d.Add(YourMoveSection(lg, p)...)
	}
	if len(p.DigestEvents) > 0 {
		d.Add(document.Para("== News since the last digest =="))
		for _, e := range p.DigestEvents {
			d.Add(Paragraphs(fmt.Sprintf("%s, game %s: %s", LocalTime(p, e.At), e.Game, e.Text))...)
		}
	}
	d.Add(document.Para(`"notify each" gets you a mail for every event instead.`))
	return d
}

// YourMoveSection is a game where it is p's move as a mail that answers
// several games shows it: "== Game <id>: your move, deadline ... ==",
// then the game's status block.
func YourMoveSection(lg *LiveGame, p *record.Player) []document.Block {
	deadline := "no deadline"
	if !lg.Rec.Deadline.IsZero() {
		deadline = "deadline " + LocalTime(p, lg.Rec.Deadline)
	}
	head := document.Para(fmt.Sprintf("== Game %s: your move, %s ==", lg.Rec.ID, deadline))
	return append([]document.Block{head}, statusBlock(lg, p.Address, viewOf(lg, p.Address, p))...)
}

// localDay writes t's date in the player's time zone ("Mon 2 Jan").
func localDay(p *record.Player, t time.Time) string {
	return t.In(p.Location()).Format("Mon 2 Jan")
}
