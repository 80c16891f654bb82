package notation

// Mark is what a move's text says the move does besides going where it
// goes: check or mate in the shogi games, the points it captures in
// Jul-Gonu. A notation reads the mark a player states and works out the
// move's true one; Agrees compares the two. The zero Mark states nothing.
type Mark struct {
	Facts uint64 // what the move does, one bit a fact; the variant says which
	Open  bool   // the mark names Facts and leaves more open ("+" may mate, a bare "x" captures something)
}

// The facts of the shogi games' check and mate marks: a checking move's
// true mark holds Check, a mating move's Check and Mate.
const (
	Check uint64 = 1 << iota
	Mate
)

// CheckSign returns the mark that a check or mate sign states: check and
// maybe mate for "+" (a mate is a check too), mate for "#" and "X", nothing
// for "" or any other text. As a move's true mark, "+" reads as a check
// and "#" or "X" as a mate.
func CheckSign(sign string) Mark {
	switch sign {
	case "+":
		return Mark{Facts: Check, Open: true}
	case "#", "X":
		return Mark{Facts: Check | Mate}
	}
	return Mark{}
}

// Agrees reports whether m, the mark a player stated for a move, agrees
// with truth, the move's true mark: the zero Mark agrees with any; an open
// mark when truth holds the facts it names and at least one; any other mark
// when it names exactly truth's facts.
func (m Mark) Agrees(truth Mark) bool {
	switch {
	case m.Open:
		return truth.Facts != 0 && m.Facts&^truth.Facts == 0
	case m.Facts == 0:
		return true
	}
	return m.Facts == truth.Facts
}
