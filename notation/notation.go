// Package notation turns moves and positions into text and back, in each
// game's own notation: moves as players write them, position strings for
// tests and tools, ASCII boards for mails and terminals, and numbered game
// records. The rules engines know nothing of text; this layer sits on top.
//
// Each variant's notation lives in a subpackage (notation/gufuu,
// notation/microshogi, notation/julgonu) and satisfies Notation; the game
// record functions here work for all of them.
package notation

import "github.com/windpost/windpost/rules"

// Notation is one variant's text layer.
type Notation interface {
	// ParseMove reads a move as a player typed it, in position p. It is
	// lenient about case and spaces. The error explains in plain words what
	// was wrong (an unknown square, a move that is not legal here and why, a
	// stated mark that contradicts the move and what the true one is); it
	// does not list the legal moves, callers do that with FormatMove.
	ParseMove(p rules.Position, text string) (rules.Move, error)
	// FormatMove writes legal move m of position p in the full output form,
	// with the marks the variant writes (check, mate, captured points).
	FormatMove(p rules.Position, m rules.Move) string
	// ParsePosition reads the variant's position string.
	ParsePosition(s string) (rules.Position, error)
	// FormatPosition writes the variant's position string; ParsePosition
	// reads it back to an equal position.
	FormatPosition(p rules.Position) string
	// Board draws p as a multi-line ASCII board with file and rank labels,
	// the hands if the variant has them, and the side to move. Lines end in
	// "\n" and carry no trailing spaces.
	Board(p rules.Position) string
	// Rules explains the variant's rules and notation in plain words, for
	// players who ask for them by mail or in the terminal.
	Rules() string
}
