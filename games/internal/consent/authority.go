package consent

import "fmt"

// Authority is what a mail must prove for a verb to run.
type Authority int

const (
	// Anyone may have the verb run: it is answered to the From address
	// only, and shows nothing of another player beyond "name@..." to a
	// mail without that game's key (help, rules, seeks, standings, board).
	Anyone Authority = iota
	// Sender verbs act in the sender's name (challenge, seek, join, stop,
	// block, vacation, ...): they run only in a mail that carries one of
	// the sender's keys or passes DMARC; otherwise the line is held and the
	// sender gets one keyed "did you write this? reply confirm" mail.
	Sender
	// Player verbs change a game (a move, resign, draw, accept): the mail
	// must carry the sender's key of that game, or the game must be one
	// this mail made.
	Player
	// Organiser verbs act on a tournament's games (adjudicate, extend,
	// start, withdraw a player): the organiser's key.
	Organiser
)

// String names the authority as docs and tests do.
func (a Authority) String() string {
	switch a {
	case Anyone:
		return "anyone"
	case Sender:
		return "the sender's key"
	case Player:
		return "the game's player key"
	case Organiser:
		return "the organiser's key"
	}
	return fmt.Sprintf("Authority(%d)", int(a))
}
