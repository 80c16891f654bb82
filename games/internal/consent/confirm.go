package consent

import (
	"time"

	"github.com/windpost/windpost/games/internal/keys"
)

// Confirmation is what waits for an unproven sender's "confirm": the
// challenges they wrote, held until a reply carries the confirmation's key
// (ConfirmToken of ID and the sender), or until Until.
type Confirmation struct {
	ID         string          `json:"id"` // game-id-shaped, so that the reply address and subject tag carry it
	Challenges []HeldChallenge `json:"challenges"`
	Until      time.Time       `json:"until"` // it expires then
	// Asked is when the mail that asks for it went; zero in records made
	// before the time was kept.
	Asked time.Time `json:"asked,omitempty"`
}

// HeldChallenge is one line waiting for its sender's confirm.
type HeldChallenge struct {
	Line string `json:"line"` // the command as written; run again on confirm
	To   string `json:"to"`   // the invited address, "" if the line invites nobody
}

// Held is c's lines if c waits at now: none for a nil or expired c.
func (c *Confirmation) Held(now time.Time) []HeldChallenge {
	if c == nil || !now.Before(c.Until) {
		return nil
	}
	return c.Challenges
}

// ConfirmToken is the reply key of confirmation id to address: a reply
// token over "confirm."+id, so that no game's key confirms and no
// confirmation's key plays.
func ConfirmToken(secret []byte, id, address string) string {
	return keys.Token(secret, "confirm."+id, address)
}
