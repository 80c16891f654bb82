package consent

import (
	"fmt"
	"time"
)

// The caps on what waits for a sender's confirm, so that mails forged in
// someone's name bring them at most one mail an hour.
const (
	// AskGap is how long after a confirm request to an address the next
	// may go, however many mails name it as their sender.
	AskGap = time.Hour
	// Lifetime is how long a confirmation waits for its "confirm".
	Lifetime = 3 * 24 * time.Hour
	// MaxLine is the longest line a confirmation holds, in bytes.
	MaxLine = 300
)

// AskedLately refuses a new confirm request to an address within AskGap
// of the one that waits (asked At).
type AskedLately struct{ At time.Time }

// Error says when the request waiting went.
func (e *AskedLately) Error() string {
	return fmt.Sprintf("a confirm request went at %s: at most one an hour", e.At.UTC().Format(time.RFC3339))
}

// Full refuses a line when the confirmation already holds Held, its cap.
type Full struct{ Held int }

// Error says how many lines wait.
func (e *Full) Error() string { return fmt.Sprintf("%d lines wait for the confirm already", e.Held) }

// TooLong refuses a line of Len bytes, over MaxLine.
type TooLong struct{ Len int }

// Error says how long the line is.
func (e *TooLong) Error() string {
	return fmt.Sprintf("a line of %d bytes (at most %d) cannot wait for a confirm", e.Len, MaxLine)
}

// Hold puts line (held, with the address it invites) among what waits for
// the sender's confirm at now, and returns what waits then. c is what
// waits already (nil if nothing); asked says this same mail already asked
// for a confirm, so that its lines join that one. Otherwise a new
// confirmation, named id(), replaces c, unless c still waits and was
// asked for within AskGap (*AskedLately). It holds at most `most` lines
// (*Full) of at most MaxLine bytes (*TooLong). ask is true when the
// confirmation is new: the mail must ask for it.
func Hold(c *Confirmation, now time.Time, asked bool, id func() string, held HeldChallenge, most int) (got *Confirmation, ask bool, err error) {
	if len(held.Line) > MaxLine {
		return c, false, &TooLong{Len: len(held.Line)}
	}
	if !asked || c == nil {
		if c != nil && now.Before(c.Until) && now.Sub(c.Asked) < AskGap {
			return c, false, &AskedLately{At: c.Asked}
		}
		c, ask = &Confirmation{ID: id(), Until: now.Add(Lifetime), Asked: now}, true
	}
	if n := len(c.Challenges); n >= most {
		return c, false, &Full{Held: n}
	}
	c.Challenges = append(c.Challenges, held)
	return c, ask, nil
}
