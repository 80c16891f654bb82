package notation_test

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/internal/notationtest"
)

// TestPositionErrors: each notation refuses a bad position string with an
// error that says what is wrong.
func TestPositionErrors(t *testing.T) {
	refusals := map[string][]struct{ in, want string }{
		"gufuu": {
			{"", "three rows"},
			{"..../..../.... x", "side to move"},
			{"..../..../.... b q", "only \"o\""},
			{"Kn../Kn../.... b", "only one"},
			{"..../Ks../kn.. b", "face to face"},
			{"Qn../..../.... b", "holds \"Qn\""},
			{"Kq../..../.... b", "facing"},
			{"..../..../..Kn b", "White's king is in hand"},
			{"Wn../..../.... b", "board must be empty"},
			{"..../..../ksKn w o", "the Wind must be on the board"},
			{"..../..../.... w", "Black to move"},
		},
		"microshogi": {
			{"", "want <board> <side> <hand>"},
			{"kbgs/p3/4/3P b - 1", "want 5 ranks"},
			{"kbgs/p4/4/3P/SGBK b - 1", "more than 4 squares"},
			{"kbgs/p2/4/3P/SGBK b - 1", "has 3 squares"},
			{"kbgx/p3/4/3P/SGBK b - 1", "'x' is not a piece"},
			{"kbgs/p3/4/3P/SGBK x - 1", "want b (Black to move) or w"},
			{"kbgs/p3/4/3P/SGBK b N 1", "count a knight in hand as P"},
			{"kbgs/p3/4/3P/SGBK b K 1", "not a piece in hand"},
			{"kbgs/p3/4/3P/SGBK b 2 1", "must be followed by a piece"},
			{"kbgs/p3/4/3P/SGBK b - 0", "move number"},
			{"kbgs/p3/4/3P/SGBK b P 1", "the set has only two"},
			{"kbgs/p3/4/3P/SGB1 b - 1", "black has 0 kings"},
		},
		"julgonu": {
			{"wwww/4/4/bbbb", "want the board and the side to move"},
			{"wwww/4/bbbb b", "3 ranks"},
			{"wwww/4/3/bbbb b", "rank 2 (3) has 3 points"},
			{"wwwww/4/4/bbbb b", "more than 4 points"},
			{"wwxw/4/4/bbbb b", `'x' is neither b, w`},
			{"wwww/4/4/bbbb x", "want b or w"},
			{"wwww/b3/4/bbbb b", "black has 5 pieces"},
			{"wwww/4/5/bbbb b", "'5' is neither b, w nor a number of empty points"},
		},
	}
	for _, k := range kits(t) {
		name := k.Rules.Name()
		if len(refusals[name]) == 0 {
			t.Errorf("%s: no position strings to refuse", name)
		}
		for _, tt := range refusals[name] {
			_, err := k.Notation.ParsePosition(tt.in)
			notationtest.ErrorMentions(t, name+" "+tt.in, err, tt.want)
		}
	}
}

func TestWriteRank(t *testing.T) {
	for _, tt := range []struct {
		cells []string
		want  string
	}{
		{[]string{"", "", "", ""}, "4"},
		{[]string{"k", "b", "g", "s"}, "kbgs"},
		{[]string{"p", "", "", ""}, "p3"},
		{[]string{"", "", "", "P"}, "3P"},
		{[]string{"", "k", "", "", "w"}, "1k2w"},
		{make([]string, 12), "12"},
	} {
		var b strings.Builder
		b.WriteString("/")
		notation.WriteRank(&b, len(tt.cells), func(i int) string { return tt.cells[i] })
		if got := b.String(); got != "/"+tt.want {
			t.Errorf("%q: %q, want %q", tt.cells, got, "/"+tt.want)
		}
	}
}
