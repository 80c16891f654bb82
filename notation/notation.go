// Package notation turns moves and positions into text and back, in each
// game's own notation: moves as players write them, position strings for
// tests and tools, ASCII boards for mails and terminals, and numbered game
// records. The rules engines know nothing of text; this layer sits on top.
//
// Each variant's notation lives in a subpackage (notation/gufuu,
// notation/microshogi, notation/julgonu) and satisfies Notation; the game
// record functions here work for all of them, and so does what the three
// share: one reading of lenient move text (NormalizeMove, SplitMoveNumber),
// one check of a stated mark against the true one (Mark), and one policy
// for a position of another game (rules.As, FormatAs).
package notation

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/rules"
)

// Notation is one variant's text layer.
type Notation interface {
	// ParseMove reads a move as a player typed it, in position p. It is
	// lenient about case and spaces, and reads the text through
	// NormalizeMove (invisible characters, Unicode dashes, a move number). The error explains in plain words what
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
	// "\n" and carry no trailing spaces. A position of another game is
	// written "?" by Board, FormatMove and FormatPosition (see FormatAs).
	Board(p rules.Position) string
	// BoardFrom is Board drawn from the side of the player of bottom: that
	// side's pieces (and hand) at the bottom, the files and ranks and the
	// pieces' marks turned with the board. BoardFrom(p, rules.Black) is
	// Board(p), the diagram as shogi players print it.
	BoardFrom(p rules.Position, bottom rules.Side) string
	// Rules explains the variant's rules and notation in plain words, for
	// players who ask for them by mail or in the terminal.
	Rules() string
}

// FormatAs writes p with format when p is a position of the engine type T,
// and "?" when it is a position of another game: the one failure policy of
// a Notation's FormatMove, FormatPosition and Board (its ParseMove returns
// the error of rules.As).
func FormatAs[T rules.Position](p rules.Position, format func(T) string) string {
	q, err := rules.As[T](p)
	if err != nil {
		return "?"
	}
	return format(q)
}

// Parsed hands on what an engine's position parser returned as the result
// of a Notation's ParsePosition: p and nil, or nil and err (never a
// non-nil position beside an error).
func Parsed[T rules.Position](p T, err error) (rules.Position, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}

// SideName names side s as a sentence begins: "Black" or "White".
func SideName(s rules.Side) string {
	if s == rules.White {
		return "White"
	}
	return "Black"
}

// SideLines is a line for each side, Black's first, each its side's name
// and what says writes of it: "Black: 2 pieces, on a1, b1.\nWhite: ...\n".
func SideLines(says func(s rules.Side) string) string {
	var b strings.Builder
	for _, s := range []rules.Side{rules.Black, rules.White} {
		fmt.Fprintf(&b, "%s: %s\n", SideName(s), says(s))
	}
	return b.String()
}

// Describer says a position and a move in words, for a reader who does
// not look at a board ("format accessible": a screen reader, large
// print): no diagram and no symbols. A Notation may implement it.
type Describer interface {
	// Pieces lists the pieces of p: each side's by square, then what
	// each side has in hand, in sentences ("Black: king on 1e, ...").
	Pieces(p rules.Position) string
	// Said is legal move m of p in words, without its player: "moved the
	// pawn from 1d to 1c and took the silver, giving check".
	Said(p rules.Position, m rules.Move) string
}
