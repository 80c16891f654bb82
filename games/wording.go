package games

import (
	"fmt"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

// The wording of what players read that is not tied to one mail kind:
// the move format's example, names of players, results in the reader's
// words, "did you mean".

// replyWithMove says how to write a move, with an example of the
// notation's form that is not a legal move of p (an example that could be
// played would read as a hint), or in words when the notation has none.
func replyWithMove(n notation.Notation, p rules.Position, number int) string {
	if e := notation.Example(n, p); e != "" {
		return fmt.Sprintf("Reply with your move, e.g. \"%s #%d\"; \"moves\" lists the legal ones.\n", e, number)
	}
	return fmt.Sprintf("Reply with your move and its number, #%d; \"moves\" lists the legal ones.\n", number)
}
