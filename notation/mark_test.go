package notation_test

import (
	"testing"

	"github.com/windpost/windpost/notation"
)

func TestMarkAgrees(t *testing.T) {
	var (
		none  = notation.CheckSign("")
		check = notation.CheckSign("+")
		mate  = notation.CheckSign("#")
		b2    = notation.Mark{Facts: 1 << 5}
		b2c3  = notation.Mark{Facts: 1<<5 | 1<<10}
		some  = notation.Mark{Open: true}
	)
	for _, tt := range []struct {
		name          string
		stated, truth notation.Mark
		agrees        bool
	}{
		{"nothing stated, quiet move", none, none, true},
		{"nothing stated, check", none, check, true},
		{"nothing stated, mate", none, mate, true},
		{"+ on a quiet move", check, none, false},
		{"+ on a check", check, check, true},
		{"+ on a mate (a mate is a check)", check, mate, true},
		{"# on a quiet move", mate, none, false},
		{"# on a check", mate, check, false},
		{"# on a mate", mate, mate, true},
		{"X is #", notation.CheckSign("X"), mate, true},
		{"nothing stated, capture", notation.Mark{}, b2, true},
		{"open, nothing true", some, notation.Mark{}, false},
		{"open, something true", some, b2c3, true},
		{"the captures named", b2c3, b2c3, true},
		{"one capture too few", b2, b2c3, false},
		{"one capture too many", b2c3, b2, false},
		{"a capture claimed, none made", b2, notation.Mark{}, false},
		{"open with facts, all hold", notation.Mark{Facts: 1 << 5, Open: true}, b2c3, true},
		{"open with facts, one does not", notation.Mark{Facts: 1 << 7, Open: true}, b2c3, false},
	} {
		if got := tt.stated.Agrees(tt.truth); got != tt.agrees {
			t.Errorf("%s: Agrees = %v, want %v", tt.name, got, tt.agrees)
		}
	}
	if check.Facts != notation.Check || mate.Facts != notation.Check|notation.Mate {
		t.Errorf("CheckSign: + is %+v, # is %+v", check, mate)
	}
}
