package games

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// parseConsent reads the arguments of confirm, stop, block, unblock and
// forget.
func parseConsent(c *referee.Command, args []string) {
	switch c.Verb {
	case referee.VerbConfirm:
		if len(args) > 0 {
			c.Err = `write "confirm" alone on its line`
		}
	case referee.VerbStop:
		// It holds for ever, so a line that merely begins with the word
		// ("Stop, I meant P-2c") must not be taken for it.
		if len(args) > 0 {
			c.Err = `to get no more mail from windpost, write "stop" alone on its line`
		}
	case referee.VerbForget:
		if len(args) != 1 || args[0] != "me" {
			c.Err = `write "forget me" to leave windpost`
		}
	case referee.VerbBlock, referee.VerbUnblock:
		if len(args) != 1 {
			c.Err = fmt.Sprintf("write %s and one address, e.g. \"%s someone@example.org\"", c.Verb, c.Verb)
			return
		}
		c.ParseAddress(args[0])
	}
}

// confirm answers "confirm": in a reply carrying the confirmation's key,
// the challenges waiting for it are made; anywhere else it does nothing.
func confirm(h *referee.Handling, _ referee.Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	if !h.Consent.ConfirmKey && referee.KeyOfAnother(h, p) {
		return "", referee.Refused("this mail answers one I sent to another address, not to %s, and a confirm counts only from the address that wrote the line;", h.From).
			Instead("reply from that address (with its +tag, if it had one), or write the line again from this one.")
	}
	if len(p.Confirm.Held(h.Now)) == 0 {
		return "", referee.Refused("nothing of yours is waiting for a confirmation.").
			Instead(`A challenge from an address I do not know yet waits for one (for %d days); write the challenge again if it expired.`, int(consent.Lifetime/(24*time.Hour)))
	}
	if !h.Consent.ConfirmKey {
		return "", referee.Refused("a confirm counts only in a reply to the mail in which I asked for it;").
			Instead("reply to that mail: its reply address (or the tag [windpost %s ...] in its subject) carries the key that proves the mail comes from you.", p.Confirm.ID)
	}
	held := p.Confirm.Challenges
	p.Confirm = nil
	h.MarkChanged(h.From)
	var b strings.Builder
	b.WriteString("Done: you confirmed your address; from now on I invite the players you challenge at once.")
	for _, hc := range held {
		c, _ := h.Server.Verbs.Parse(hc.Line)
		text, err := h.Run(c)
		var r *referee.Refusal
		if err != nil && !errors.As(err, &r) {
			return "", err
		}
		if r != nil {
			text = r.Text()
		}
		fmt.Fprintf(&b, "\n\n> %s\n%s", hc.Line, text)
	}
	return b.String(), nil
}

// stopVerb answers "stop": the sender goes on the do-not-mail list for ever,
// and the challenges waiting for them are declined.
func stopVerb(h *referee.Handling, _ referee.Command) (string, error) {
	if err := h.Tx.PutDoNotMail(h.From, h.Now); err != nil {
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
			referee.Decline(h, lg)
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

// blockVerb answers "block <address>": address can no longer challenge the
// sender; its challenges waiting for the sender are declined.
func blockVerb(h *referee.Handling, c referee.Command) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	undo := fmt.Sprintf(`Write "unblock %s" to undo it.`, c.Address)
	if slices.Contains(p.Blocked, c.Address) {
		return fmt.Sprintf("%s was already blocked: they cannot challenge you. %s", c.Address, undo), nil
	}
	if len(p.Blocked) >= referee.MaxBlocked {
		return "", referee.Refused("you have blocked %d addresses, as many as I keep;", len(p.Blocked)).
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
			referee.Decline(h, lg)
		}
	}
	return fmt.Sprintf("Done: %s can no longer challenge you. %s", c.Address, undo), nil
}

// unblock answers "unblock <address>". Since it lets mail in again, it
// counts only in a mail that carries the sender's reply key.
func unblock(h *referee.Handling, c referee.Command) (string, error) {
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
