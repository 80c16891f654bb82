package referee

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
)

// Invitations: who may be invited, how many mails an invitee gets, and
// the challenges held for a confirm.

// MayInvite checks the rules of consent for a challenge of the sender's to
// address: the do-not-mail list, the invitee's blocks, one invitation
// waiting per address, and the cap per day on addresses that never played.
func MayInvite(h *Handling, address string) error {
	if err := h.Server.CheckAddress(address); err != nil {
		return Refused("I cannot write to %s (%v).", address, err).Instead("Check the address for a typo.")
	}
	if h.Tx.Banned(address) {
		return Refused("%s cannot be invited.", address).Instead(otherOpponent) // not why (store_ban.go)
	}
	if h.Tx.DoNotMail(address) {
		return Refused("%s asked windpost never to write to them, so I cannot invite them.", address).
			Instead(otherOpponent)
	}
	them, err := h.Player(address)
	if err != nil {
		return err
	}
	if slices.Contains(them.Blocked, h.From) {
		return Refused("%s does not take challenges from you.", address).Instead(otherOpponent)
	}
	if err := mayMailInvitee(h, address, them); err != nil {
		return err
	}
	me, err := h.Player(h.From)
	if err != nil {
		return err
	}
	held := me.Confirm.Held(h.Now)
	if never, err := h.neverPlayed(address); err != nil || !never {
		return err
	}
	me.Invited = me.Invited.Since(h.Now, 24*time.Hour)
	if n := len(me.Invited) + len(held); n >= h.Server.Config.invitationsPerDay() {
		next := me.Invited.Freed(h.Now, 24*time.Hour)
		return Refused("you have invited %d addresses that never played windpost in the last 24 hours, as many as a day allows;", n).
			Instead("invite them after %s, or invite someone who already plays.", FormatTime(next))
	}
	return nil
}

// mayMailInvitee checks what others may cause to address, however many
// they are: one invitation waits for them at a time, and they get at most
// invitationsPerHourTo in an hour. them is address's record.
func mayMailInvitee(h *Handling, address string, them *record.Player) error {
	theirs, err := h.PlayerGames(address)
	if err != nil {
		return err
	}
	for _, lg := range theirs {
		if g := lg.Rec; g.State == record.Invited && g.Invitee() == address {
			if g.Challenger == h.From {
				return Refused("your challenge to %s (game %s) is still waiting for their answer;", address, g.ID).
					Instead(`wait for it, or withdraw it with "%s decline".`, g.ID)
			}
			return Refused("%s has another challenge waiting for their answer, and I give them one at a time.", address).
				Instead("Try again in a few days, or challenge someone else.")
		}
	}
	them.InvitedBy = them.InvitedBy.Since(h.Now, time.Hour)
	if n := len(them.InvitedBy); n >= invitationsPerHourTo {
		return Refused("%s has been invited %d times in the last hour, as many as I allow.", address, n).
			Instead("Try again after %s.", FormatTime(them.InvitedBy.Freed(h.Now, time.Hour)))
	}
	return nil
}

// CountInvitation counts an invitation to address against address's
// hourly cap and, if address never played, the sender's daily cap.
func CountInvitation(h *Handling, address string) error {
	them, err := h.Player(address)
	if err != nil {
		return err
	}
	them.InvitedBy = append(them.InvitedBy, h.Now)
	h.MarkChanged(address)
	never, err := h.neverPlayed(address)
	if err != nil || !never {
		return err
	}
	me, err := h.Player(h.From)
	if err != nil {
		return err
	}
	me.Invited = append(me.Invited, h.Now)
	h.MarkChanged(h.From)
	return nil
}

// heldLine is challenge c written again from what was read (a line as
// written may be long with blanks).
func heldLine(c Command) string {
	line := fmt.Sprintf("challenge %s %s", c.Address, c.Variant)
	if c.Side != "" {
		line += " as " + c.Side
	}
	if c.Days != 0 {
		line += fmt.Sprintf(" days %d", c.Days)
	}
	if c.Rating == "unrated" {
		line += " unrated"
	}
	return line
}

// newConfirmationID draws the id of a confirmation: game-id-shaped (so
// that the reply address and the subject tag carry it) and longer than the
// ids games get, and not a game's.
func (c *Change) newConfirmationID() string {
	for {
		b := []byte{'g'}
		for i := 0; i < 10; i++ {
			b = append(b, keys.Alphabet[c.rng.IntN(len(keys.Alphabet))])
		}
		if id := string(b); !c.Tx.HasGame(id) {
			return id
		}
	}
}

// confirmMail marks mail m as the confirmation request: its reply address
// and subject tag carry the key of the sender's confirmation.
func (h *Handling) confirmMail(m *Mail) {
	p := h.players[h.From]
	if !h.Consent.Asked || p == nil || p.Confirm == nil {
		return
	}
	id := p.Confirm.ID
	tok := consent.ConfirmToken(h.Server.Store.Secret, id, h.From)
	m.ReplyTo = keys.ReplyAddress(h.Server.Local, h.Server.Domain, id, tok)
	m.Subject += " " + keys.SubjectTag(id, tok)
}

// queueConfirmation sends the confirmation request as a mail of its own
// when the answer was about a game (and so carries that game's key).
func queueConfirmation(h *Handling) error {
	if !h.Consent.Asked || !h.Answer.Present || h.Answer.Focus == "" {
		return nil
	}
	p, err := h.Player(h.From)
	if err != nil || p.Confirm == nil {
		return err
	}
	var lines strings.Builder
	for _, hc := range p.Confirm.Challenges {
		lines.WriteString("> " + hc.Line + "\n")
	}
	m, err := h.PlainMail(Answer, h.From, "Did you write this? Confirm it to windpost", h.Req.MessageID,
		document.FromText("A mail from your address asked me to act in your name:\n"+lines.String()+
			"To do it, reply to this mail with the word: confirm\n"+
			"If you did not write to windpost, ignore this mail: I do nothing of it, and nobody else gets mail from me.\n"), h.confirmMail)
	if err != nil {
		return err
	}
	h.Queued = append(h.Queued, m)
	return nil
}

// Decline declines the challenge lg, or withdraws it if the sender made
// it.
func Decline(h *Handling, lg *LiveGame) string {
	rec := lg.Rec
	if h.From == rec.Challenger {
		lg.decline("the challenge was withdrawn")
		if lg.stored == nil {
			// Made and withdrawn in this mail: the invitee never hears of it.
			h.dropNotice(rec.Invitee(), rec.ID)
		} else {
			h.Notify(Notice, rec.Invitee(), rec.ID, fmt.Sprintf("%s withdrew the challenge to game %s.", h.FromShown(), rec.ID))
		}
		return fmt.Sprintf("Done: you withdrew your challenge to %s.", rec.Invitee())
	}
	lg.decline("the challenge was declined")
	h.Notify(Notice, rec.Challenger, rec.ID, fmt.Sprintf("%s declined your challenge to game %s.", h.FromShown(), rec.ID))
	return fmt.Sprintf("Done: you declined the challenge of %s.", rec.Challenger)
}
