package referee

import (
	"errors"
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/games/internal/keys"
)

// Who may act in a player's name. A From line proves nothing: anyone can
// write any address there. What proves a sender is a key windpost gave
// only to that address: the reply address (or subject tag) of a mail
// windpost sent there, whether about a game, a digest, a tournament or a
// confirm request; or, with [auth] authserv_id, the receiving server's
// dmarc=pass for the From's domain (Request.Aligned). Each verb declares
// its Authority in the registry (verbs.go), and handling.authorise checks
// it before the verb runs.

// Authority is what a mail must prove for a verb to run: package
// consent's levels, which every verb's spec declares (verbs.go).
type Authority = consent.Authority

// The levels of authority (consent's).
const (
	Anyone    = consent.Anyone
	Sender    = consent.Sender
	Player    = consent.Player
	Organiser = consent.Organiser
)

// TournamentAuthority is what a tournament line needs: looking needs
// nothing, entering or leaving the sender's key, starting or withdrawing
// another player the organiser's.
func TournamentAuthority(c Command) Authority {
	if c.Tournament == nil {
		return Sender
	}
	switch c.Tournament.Op {
	case "list", "show":
		return Anyone
	case "start":
		return Organiser
	case "withdraw":
		if c.Tournament.Address != "" {
			return Organiser
		}
	}
	return Sender
}

// authorise checks that the mail may have command c run, before it runs.
// A Sender verb in a mail that proves nothing is held for the sender's
// confirm: held is true and text says so. Player and Organiser verbs are
// checked where the game or tournament is known (gameFor, organiserKey).
func (h *Handling) authorise(spec *VerbSpec, c Command) (text string, held bool, err error) {
	if spec.AuthorityFor(c) != Sender || h.Consent.proven {
		return "", false, nil
	}
	text, err = h.holdForConfirm(c)
	return text, err == nil, err
}

// holdForConfirm keeps command c of a mail that does not prove its sender
// until the sender confirms it, in a reply to the one keyed mail that asks
// for it (consent.Hold: one request waits per address; a new one goes at
// most once an hour and replaces the one waiting, so that mails forged in
// someone's name bring them at most one mail an hour).
func (h *Handling) holdForConfirm(c Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	line := c.Line
	if c.Verb == VerbChallenge {
		line = heldLine(c)
	}
	confirm, ask, err := consent.Hold(p.Confirm, h.Now, h.Consent.Asked, h.newConfirmationID,
		consent.HeldChallenge{Line: line, To: c.Address}, MaxOpenInvitations)
	var lately *consent.AskedLately
	var full *consent.Full
	var long *consent.TooLong
	switch {
	case errors.As(err, &long):
		return "", Refused("this line is too long for me to keep (%d characters; at most %d).", long.Len, consent.MaxLine).
			Instead("Write it shorter, or in a reply to any mail windpost sent you, where it runs at once.")
	case errors.As(err, &lately):
		return "", Refused("I asked you to confirm another mail at %s, and ask at most once an hour;", FormatTime(lately.At)).
			Instead(`reply "confirm" to that mail, or write this line in a reply to any mail windpost sent you: its reply key proves the mail comes from you, and the line runs at once.`)
	case errors.As(err, &full):
		return "", Refused("this mail already has %d lines waiting for your confirmation, as many as I keep;", full.Held).
			Instead(`reply "confirm" to my answer, then send the rest.`)
	case err != nil:
		return "", err
	}
	p.Confirm = confirm
	h.MarkChanged(h.From)
	if !ask {
		return "Waiting for your confirmation too (see above).", nil
	}
	h.Consent.Asked = true
	return fmt.Sprintf("Waiting for your confirmation: this line acts in your name, and nothing in this mail proves that it comes from you. "+
		"Reply to this mail with the word: confirm\n(by %s; until then I do nothing of it, and nobody else gets mail. "+
		"If you did not write to windpost, ignore this mail. A reply to any mail windpost sent you runs such lines at once.)",
		FormatTime(p.Confirm.Until)), nil
}

// addressKeyMail has answer m carry its recipient's address key in its
// reply address and subject tag.
func (c *Change) addressKeyMail(m *Mail, to string) {
	c.CarryKey(m, keys.Address, to)
}

// CarryKey puts the key for purpose (keys.PersonalKey) of to in mail m's
// reply address and subject tag.
func (c *Change) CarryKey(m *Mail, purpose, to string) {
	id, tok := keys.PersonalKey(c.Server.Store.Secret, purpose, to)
	m.ReplyTo = keys.ReplyAddress(c.Server.Local, c.Server.Domain, id, tok)
	if tag := keys.SubjectTag(id, tok); !strings.Contains(m.Subject, tag) {
		m.Subject = ShortenSubject(m.Subject + " " + tag)
	}
}

// authenticate checks the request's reply token against its sender.
func (h *Handling) authenticate() {
	r := h.Req
	if r.Token == "" {
		return
	}
	game := strings.ToLower(r.GameID)
	secret := h.Server.Store.Secret
	switch {
	case confirmKeyMatches(h, game, r.Token):
		return
	case keys.MatchPersonal(secret, keys.Digest, h.From, game, r.Token):
		h.ByDigest = true // the key of the sender's digests
		return
	case keys.MatchPersonal(secret, keys.Address, h.From, game, r.Token):
		h.Consent.AddressKey = true // the sender's address key (authority.go)
		return
	}
	if game != "" && keys.Match(r.Token, keys.Token(secret, game, h.From)) {
		if lg := h.Game(game); lg != nil {
			if _, ok := lg.Rec.SideOf(h.From); ok {
				h.AuthGame = game
				return
			}
		}
	}
	h.BadToken = true
}
