package referee

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/record"
)

// When the outbox gives up on a mail about a game, the game's other
// player is told, in a plain mail of its own (no reply key, no game
// thread: a failure of that mail tells nobody).

// queueFailureNotice queues the mail that tells the other player of
// failed's game that failed could not be delivered, where it matters: an
// invitation (the challenger) or a notice or reminder in a game being
// played (the opponent). Nobody is told about an answer (it went to the
// sender), about mail of no game, or when the other player has not
// proven their address.
func (st StoreTx) queueFailureNotice(failed Mail, now time.Time) error {
	id := failed.Headers["X-Windpost-Game"]
	if failed.Kind == Answer || id == "" {
		return nil
	}
	rec, _, err := st.Game(id)
	if err != nil || rec == nil {
		return err
	}
	to, text := "", ""
	switch {
	case rec.State == record.Invited && failed.To == rec.Invitee():
		to = rec.Challenger
		text = fmt.Sprintf("I could not deliver your challenge (game %s) to %s: their mail server refused it (%s).\n\n"+
			"The challenge stays open until %s, but they will not hear of it from me. "+
			"To withdraw it, write: %s decline\n", rec.ID, failed.To, shortReason(failed), FormatTime(rec.Deadline), rec.ID)
	case rec.State == record.Playing:
		side, ok := rec.SideOf(failed.To)
		if !ok {
			return nil
		}
		to = rec.OpponentAddress(side)
		text = fmt.Sprintf("I could not deliver my mail about game %s to your opponent %s: their mail server refused it (%s).\n\n"+
			"They may not know it is their move; the game's clock runs as usual.\n", rec.ID, failed.To, shortReason(failed))
	}
	if to == "" || to == failed.To {
		return nil
	}
	if ok, err := st.provenPlayer(to); err != nil || !ok {
		return err
	}
	n, err := st.Outbox().NewNumber()
	if err != nil {
		return err
	}
	_, domain := keys.SplitAddress(strings.Trim(failed.MessageID, "<>"))
	m := Mail{
		ID: outbox.Key(n), MessageID: keys.PlainMessageID(n, domain), Kind: Notice, To: to,
		Subject: fmt.Sprintf("windpost could not deliver mail to %s (game %s)", failed.To, rec.ID),
		Text:    text, Later: goesLater(Notice, nil), NextTry: now,
	}
	m.Subject = ShortenSubject(m.Subject)
	return st.Outbox().Queue(&m)
}

// shortReason is why failed failed, cut to one short line for a player,
// without its Message-ID (which holds its recipient's reply key).
func shortReason(failed Mail) string {
	reason := failed.LastError
	if id := strings.Trim(failed.MessageID, "<>"); id != "" {
		reason = strings.ReplaceAll(reason, id, "")
	}
	reason = strings.Join(strings.Fields(reason), " ")
	if r := []rune(reason); len(r) > 200 {
		return string(r[:200]) + "..."
	}
	return reason
}

// provenPlayer reports whether address has proven that it reads
// windpost's mail: a mail from it once carried one of its reply keys
// (record.Player.Proven, noted by handling.noteProof).
func (st StoreTx) provenPlayer(address string) (bool, error) {
	p, err := st.Player(address)
	if err != nil || p == nil {
		return false, err
	}
	return !p.Proven.IsZero(), nil
}
