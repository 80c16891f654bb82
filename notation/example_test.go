package notation_test

import (
	"testing"

	"github.com/windpost/windpost/notation"
	ngufuu "github.com/windpost/windpost/notation/gufuu"
	"github.com/windpost/windpost/rules/gufuu"
)

func TestExampleWithoutExamples(t *testing.T) {
	start := gufuu.Variant{}.Start()
	if got := notation.Example(plainNotation{ngufuu.Notation{}}, start); got != "" {
		t.Errorf("a notation without examples gave %q", got)
	}
	if got := notation.Example(ngufuu.Notation{}, start); got == "" {
		t.Error("Gufuu's notation gave no example")
	}
}

// plainNotation hides its notation's Examples.
type plainNotation struct{ notation.Notation }
