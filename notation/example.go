package notation

import "github.com/windpost/windpost/rules"

// Exampler is a Notation that can show its move format: Examples lists
// moves written in its form, most telling first, to pick from.
type Exampler interface {
	Examples() []string
}

// Example returns a move written in n's form that is NOT a legal move of
// p, to show the format with ("e.g. ..."), so that the example is never
// taken for a hint. It returns "" when n has no examples or every one of
// them is legal in p: the caller then says the format in words.
func Example(n Notation, p rules.Position) string {
	ex, ok := n.(Exampler)
	if !ok {
		return ""
	}
	for _, e := range ex.Examples() {
		if _, err := n.ParseMove(p, e); err != nil {
			return e
		}
	}
	return ""
}
