package notation

import (
	"strings"

	"github.com/windpost/windpost/rules"
)

// OtherForms is implemented by a Notation whose games are also written in
// forms besides the game's own (Micro-shogi: Fairy-Stockfish's form).
type OtherForms interface {
	// OtherPGNForms lists those forms; each has its own Variant tag.
	OtherPGNForms() []PGNForm
}

// PGNForms lists the forms a game of v is written in: its own form first
// (OwnForm), then those n names in OtherPGNForms.
func PGNForms(v rules.Variant, n Notation) []PGNForm {
	forms := []PGNForm{OwnForm(v, n)}
	if o, ok := n.(OtherForms); ok {
		forms = append(forms, o.OtherPGNForms()...)
	}
	return forms
}

// FormOf is the form record r is written in, as a game of v in notation n:
// the other form whose Variant tag r has (any case), else the game's own.
func FormOf(v rules.Variant, n Notation, r PGN) PGNForm {
	forms := PGNForms(v, n)
	for _, f := range forms[1:] {
		if strings.EqualFold(r.Tag("Variant"), f.Variant) {
			return f
		}
	}
	return forms[0]
}
