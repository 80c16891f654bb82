package referee

import (
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
)

// Consent: windpost writes to an address other than the sender's (a
// challenge's invitation) only in a mail that proves its sender
// (authority.go): a reply with one of their keys, or "confirm" in a reply
// to the request windpost sent for a mail that proved nothing. Until then
// the lines wait on the sender's record (confirmation), and nobody else is
// written to: a forged From gets that one request, the invited address
// nothing.
//
// Invitations to addresses that never played are capped per sender and
// day (withdrawn ones count too); one invitation waits for an address at
// a time, whoever sent it, and an address gets at most 3 an hour. "stop"
// puts the sender on the do-not-mail list for ever; "block" keeps one
// address from challenging the player.

// DefaultInvitationsPerDay is Config.InvitationsPerDay's default.
const DefaultInvitationsPerDay = 5

const (
	MaxBlocked = 200 // addresses one player may block
	// invitationsPerHourTo is how many invitations one address gets in
	// an hour, whoever sends them.
	invitationsPerHourTo = 3
)

// invitationsPerDay is how many addresses that never played a sender may
// invite in 24 hours.
func (cfg Config) invitationsPerDay() int {
	if cfg.InvitationsPerDay <= 0 {
		return DefaultInvitationsPerDay
	}
	return cfg.InvitationsPerDay
}

// senderProof is what a handling knows of its sender's proof.
type senderProof struct {
	ConfirmKey bool `json:"confirm_key,omitempty"` // the mail carries the key of the sender's confirmation
	AddressKey bool `json:"address_key,omitempty"` // the mail carries the sender's address key (authority.go)
	Asked      bool `json:"asked,omitempty"`       // a line of this mail waits for the sender's confirm
	proven     bool // this mail proves its sender (a key of theirs, or DMARC); noteProof, again after a pause
	Known      bool // the sender proved their address once (record.Player.Proven)
}

// KeyOfAnother reports whether the mail carries a reply key that is not
// the sender's: one windpost gave another address (alice+x@ when alice@
// replies), so the sender's mail program answered from an address the
// mail was not sent to. A wrong key with the id of p's own confirmation
// is not another's.
func KeyOfAnother(h *Handling, p *record.Player) bool {
	if h.Req.GameID == "" || h.Req.Token == "" || h.AuthGame != "" || h.Consent.AddressKey || h.ByDigest ||
		p.Confirm != nil && p.Confirm.ID == h.Req.GameID {
		return false
	}
	secret := h.Server.Store.Secret
	return !keys.Match(h.Req.Token, consent.ConfirmToken(secret, h.Req.GameID, h.From)) &&
		!keys.Match(h.Req.Token, keys.Token(secret, h.Req.GameID, h.From))
}

// confirmKeyMatches reports whether the request carries the key of the
// sender's confirmation (game is the id it carried), and notes it.
func confirmKeyMatches(h *Handling, game, token string) bool {
	p, err := h.Player(h.From)
	if err != nil || p.Confirm == nil || p.Confirm.ID != game || !h.Now.Before(p.Confirm.Until) {
		return false
	}
	if !keys.Match(token, consent.ConfirmToken(h.Server.Store.Secret, game, h.From)) {
		return false
	}
	h.Consent.ConfirmKey = true
	return true
}

// noteProof records on the sender's record that a reply key proved their
// address, and whether it is proven.
func noteProof(h *Handling) error {
	p, err := h.Player(h.From)
	if err != nil {
		return err
	}
	if ProvedHere(h) && p.Proven.IsZero() {
		p.Proven = h.Now
		h.MarkChanged(h.From)
	}
	h.Consent.proven = ProvedHere(h)
	h.Consent.Known = !p.Proven.IsZero()
	return nil
}

// ProvedHere reports whether this mail proves its sender: it carries one
// of the sender's keys, or passed DMARC at our own server.
func ProvedHere(h *Handling) bool {
	return h.AuthGame != "" || h.Consent.ConfirmKey || h.Consent.AddressKey || h.ByDigest || h.Req.Aligned
}

// subjectStop adds "stop" before the commands of a mail whose subject is
// "stop" or "unsubscribe" (what a List-Unsubscribe mailto sends), unless a
// line says it already.
func subjectStop(h *Handling, cmds []Command) []Command {
	s := strings.ToLower(strings.TrimSpace(h.Req.Subject))
	for strings.HasPrefix(s, "re:") {
		s = strings.TrimSpace(s[3:])
	}
	if s != "stop" && s != "unsubscribe" || slices.ContainsFunc(cmds, func(c Command) bool { return c.Verb == VerbStop && c.Err == "" }) {
		return cmds
	}
	return append([]Command{{Line: "stop", Verb: VerbStop}}, cmds...)
}

// neverPlayed reports whether address has never proven itself to windpost.
func (c *Change) neverPlayed(address string) (bool, error) {
	p, err := c.Player(address)
	if err != nil {
		return false, err
	}
	return p.Proven.IsZero(), nil
}
