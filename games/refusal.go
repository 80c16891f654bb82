package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
)

// refusal is a command that was not run: what was wrong, and what the
// player could write instead. Commands return it as their error; the
// handling of a mail tells it from a failure of the store or the bot with
// errors.As (as go-imap's server tells *imap.Error from other errors), and
// answers it, where a failure undoes the whole request.
type refusal struct {
	wrong string // what was wrong
	right string // what would be right; "" if there is nothing to add
	// notCommand marks a line that is neither a command nor a move: it may
	// be the sender's name under the commands.
	notCommand bool
	// slip marks a line that starts with a slip of a command word ("hlep"):
	// it is asked about ("Did you mean"), also after commands that ran.
	slip bool
}

// refused returns the refusal whose wrong part is the formatted text.
func refused(format string, a ...any) *refusal {
	return &refusal{wrong: fmt.Sprintf(format, a...)}
}

// instead sets what would be right, formatted.
func (r *refusal) instead(format string, a ...any) *refusal {
	r.right = fmt.Sprintf(format, a...)
	return r
}

// Error joins the two parts: the right one follows after a space, or on
// its own line if it begins with a line break.
func (r *refusal) Error() string {
	if r.right == "" {
		return r.wrong
	}
	if strings.HasPrefix(r.right, "\n") {
		return r.wrong + r.right
	}
	return r.wrong + " " + r.right
}

// text is the refusal as the answer shows it.
func (r *refusal) text() string { return "Refused: " + r.Error() }

// stateRefusal refuses a command of reader's on a game that is not being
// played, and says what reader can do instead.
func stateRefusal(lg *liveGame, reader string) *refusal {
	const other = `Write "games" for your other games, or "help" to start a new one.`
	rec := lg.rec
	switch rec.State {
	case record.Invited:
		if reader == rec.Invitee() {
			return refused(`game %s has not begun: you have not accepted the challenge yet.`, rec.ID).
				instead(`Reply "accept" to begin, or "decline".`)
		}
		return refused(`game %s has not begun: %s has not accepted the challenge yet.`, rec.ID, rec.Invitee()).
			instead(`I will write to you when they answer ("decline" withdraws your challenge).`)
	case record.Declined:
		return refused("game %s never began (%s).", rec.ID, lg.result()).instead(other)
	case record.Cancelled:
		return refused("game %s was %s.", rec.ID, lg.result()).instead(other)
	}
	return refused("game %s is over: %s.", rec.ID, lg.resultFor(reader)).instead(other)
}
