package referee

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
)

// Refusal is a command that was not run: what was wrong, and what the
// player could write instead. Commands return it as their error; the
// handling of a mail tells it from a failure of the store or the bot with
// errors.As (as go-imap's server tells *imap.Error from other errors), and
// answers it, where a failure undoes the whole request.
type Refusal struct {
	wrong string // what was wrong
	right string // what would be right; "" if there is nothing to add
	// notCommand marks a line that is neither a command nor a move: it may
	// be the sender's name under the commands.
	notCommand bool
	// slip marks a line that starts with a slip of a command word ("hlep"):
	// it is asked about ("Did you mean"), also after commands that ran.
	slip bool
}

// Refused returns the refusal whose wrong part is the formatted text.
func Refused(format string, a ...any) *Refusal {
	return &Refusal{wrong: fmt.Sprintf(format, a...)}
}

// Instead sets what would be right, formatted.
func (r *Refusal) Instead(format string, a ...any) *Refusal {
	r.right = fmt.Sprintf(format, a...)
	return r
}

// Error joins the two parts: the right one follows after a space, or on
// its own line if it begins with a line break.
func (r *Refusal) Error() string {
	if r.right == "" {
		return r.wrong
	}
	if strings.HasPrefix(r.right, "\n") {
		return r.wrong + r.right
	}
	return r.wrong + " " + r.right
}

// Text is the refusal as the answer shows it.
func (r *Refusal) Text() string { return "Refused: " + r.Error() }

// StateRefusal refuses a command of reader's on a game that is not being
// played, and says what reader can do instead.
func StateRefusal(lg *LiveGame, reader string) *Refusal {
	const other = `Write "games" for your other games, or "help" to start a new one.`
	rec := lg.Rec
	switch rec.State {
	case record.Invited:
		if reader == rec.Invitee() {
			return Refused(`game %s has not begun: you have not accepted the challenge yet.`, rec.ID).
				Instead(`Reply "accept" to begin, or "decline".`)
		}
		return Refused(`game %s has not begun: %s has not accepted the challenge yet.`, rec.ID, rec.Invitee()).
			Instead(`I will write to you when they answer ("decline" withdraws your challenge).`)
	case record.Declined:
		return Refused("game %s never began (%s).", rec.ID, lg.Result()).Instead(other)
	case record.Cancelled:
		return Refused("game %s was %s.", rec.ID, lg.Result()).Instead(other)
	}
	return Refused("game %s is over: %s.", rec.ID, lg.ResultFor(reader)).Instead(other)
}
