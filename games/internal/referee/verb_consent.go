package referee

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

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
	maxBlocked = 200 // addresses one player may block
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

// ParseConsent reads the arguments of confirm, stop, block, unblock and
// forget.
func (c *Command) ParseConsent(args []string) {
	switch c.Verb {
	case VerbConfirm:
		if len(args) > 0 {
			c.Err = `write "confirm" alone on its line`
		}
	case VerbStop:
		// It holds for ever, so a line that merely begins with the word
		// ("Stop, I meant P-2c") must not be taken for it.
		if len(args) > 0 {
			c.Err = `to get no more mail from windpost, write "stop" alone on its line`
		}
	case VerbForget:
		if len(args) != 1 || args[0] != "me" {
			c.Err = `write "forget me" to leave windpost`
		}
	case VerbBlock, VerbUnblock:
		if len(args) != 1 {
			c.Err = fmt.Sprintf("write %s and one address, e.g. \"%s someone@example.org\"", c.Verb, c.Verb)
			return
		}
		c.ParseAddress(args[0])
	}
}

// keyOfAnother reports whether the mail carries a reply key that is not
// the sender's: one windpost gave another address (alice+x@ when alice@
// replies), so the sender's mail program answered from an address the
// mail was not sent to. A wrong key with the id of p's own confirmation
// is not another's.
func keyOfAnother(h *Handling, p *record.Player) bool {
	if h.Req.GameID == "" || h.Req.Token == "" || h.AuthGame != "" || h.Consent.AddressKey || h.ByDigest ||
		p.Confirm != nil && p.Confirm.ID == h.Req.GameID {
		return false
	}
	secret := h.Srv.Store.Secret
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
	if !keys.Match(token, consent.ConfirmToken(h.Srv.Store.Secret, game, h.From)) {
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

// Confirm answers "confirm": in a reply carrying the confirmation's key,
// the challenges waiting for it are made; anywhere else it does nothing.
func Confirm(h *Handling, _ Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	if !h.Consent.ConfirmKey && keyOfAnother(h, p) {
		return "", Refused("this mail answers one I sent to another address, not to %s, and a confirm counts only from the address that wrote the line;", h.From).
			Instead("reply from that address (with its +tag, if it had one), or write the line again from this one.")
	}
	if len(p.Confirm.Held(h.Now)) == 0 {
		return "", Refused("nothing of yours is waiting for a confirmation.").
			Instead(`A challenge from an address I do not know yet waits for one (for %d days); write the challenge again if it expired.`, int(consent.Lifetime/(24*time.Hour)))
	}
	if !h.Consent.ConfirmKey {
		return "", Refused("a confirm counts only in a reply to the mail in which I asked for it;").
			Instead("reply to that mail: its reply address (or the tag [windpost %s ...] in its subject) carries the key that proves the mail comes from you.", p.Confirm.ID)
	}
	held := p.Confirm.Challenges
	p.Confirm = nil
	h.MarkChanged(h.From)
	var b strings.Builder
	b.WriteString("Done: you confirmed your address; from now on I invite the players you challenge at once.")
	for _, hc := range held {
		c, _ := h.Srv.Verbs.Parse(hc.Line)
		text, err := h.run(c)
		var r *Refusal
		if err != nil && !errors.As(err, &r) {
			return "", err
		}
		if r != nil {
			text = r.text()
		}
		fmt.Fprintf(&b, "\n\n> %s\n%s", hc.Line, text)
	}
	return b.String(), nil
}

// StopVerb answers "stop": the sender goes on the do-not-mail list for ever,
// and the challenges waiting for them are declined.
func StopVerb(h *Handling, _ Command) (string, error) {
	if err := h.St.putDoNotMail(h.From, h.Now); err != nil {
		return "", err
	}
	mine, err := h.PlayerGames(h.From)
	if err != nil {
		return "", err
	}
	var declined, playing []string
	for _, lg := range mine {
		switch {
		case lg.Rec.State == record.Invited && lg.Rec.Invitee() == h.From:
			Decline(h, lg)
			declined = append(declined, lg.Rec.ID)
		case lg.Rec.State == record.Playing && !lg.Rec.IsBotGame():
			playing = append(playing, lg.Rec.ID)
		}
	}
	text := "Done: nobody can invite you any more, and windpost will never write to you again, except to answer mails you send it yourself and about the games you play."
	if len(declined) > 0 {
		text += fmt.Sprintf("\nI declined the challenges that were waiting for you (%s).", strings.Join(declined, ", "))
	}
	if len(playing) > 0 {
		text += fmt.Sprintf("\nYou still play %s: you keep getting the moves and reminders of these games, so that you do not lose on time. "+
			`To leave them, reply "forget me" to a mail about one of them.`, strings.Join(playing, ", "))
	}
	return text, nil
}

// BlockVerb answers "block <address>": address can no longer challenge the
// sender; its challenges waiting for the sender are declined.
func BlockVerb(h *Handling, c Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	undo := fmt.Sprintf(`Write "unblock %s" to undo it.`, c.Address)
	if slices.Contains(p.Blocked, c.Address) {
		return fmt.Sprintf("%s was already blocked: they cannot challenge you. %s", c.Address, undo), nil
	}
	if len(p.Blocked) >= maxBlocked {
		return "", Refused("you have blocked %d addresses, as many as I keep;", len(p.Blocked)).
			Instead(`unblock one first, or write "stop" to get no invitations at all.`)
	}
	p.Blocked = append(p.Blocked, c.Address)
	h.MarkChanged(h.From)
	mine, err := h.PlayerGames(h.From)
	if err != nil {
		return "", err
	}
	for _, lg := range mine {
		if lg.Rec.State == record.Invited && lg.Rec.Invitee() == h.From && lg.Rec.Challenger == c.Address {
			Decline(h, lg)
		}
	}
	return fmt.Sprintf("Done: %s can no longer challenge you. %s", c.Address, undo), nil
}

// Unblock answers "unblock <address>". Since it lets mail in again, it
// counts only in a mail that carries the sender's reply key.
func Unblock(h *Handling, c Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	i := slices.Index(p.Blocked, c.Address)
	if i < 0 {
		return fmt.Sprintf("%s was not blocked.", c.Address), nil
	}
	p.Blocked = slices.Delete(p.Blocked, i, i+1)
	h.MarkChanged(h.From)
	return fmt.Sprintf("Done: %s can challenge you again.", c.Address), nil
}

// privacyHelp is the help on consent ("help privacy").
const privacyHelp = `A From line proves nothing: anyone can write any address there. So
whatever acts in your name (challenge, seek, join, rematch, tournament
new/join/leave, stop, block, unblock, notify, remind, timezone,
vacation, forget me) runs at once only in a reply to a mail windpost
sent you: its reply address (or the [windpost ...] tag in its subject)
carries your personal key. In a new mail, windpost asks you once to
"confirm" it instead (within 3 days; at most one such request an hour),
and does nothing until you do. Moves, draws and resignations need the
key of their game.
Others see you as "name@..." unless they play a game with you. You may
invite a few addresses a day that never played (5 unless the operator
set another number; withdrawn challenges count); an address gets at
most 3 invitations an hour, and one waits for them at a time.
"stop", alone on a line (or your mail program's unsubscribe button):
nobody can invite you, and windpost never writes to you again except to
answer your own mails and about the games you accepted (so that you do
not lose them on time). It holds for ever, also after "forget me".
"block <address>": that address can no longer challenge you; "unblock
<address>" undoes it.
"forget me": your games in progress are resigned, your challenges are
off, your address in the game records is replaced by a stand-in, and
your player record is deleted.`
