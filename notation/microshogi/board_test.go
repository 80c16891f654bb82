package microshogi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"

	"github.com/windpost/windpost/notation/internal/notationtest"
)

func TestBoardGolden(t *testing.T) {
	for _, c := range []struct{ name, pos string }{
		{"start", "kbgs/p3/4/3P/SGBK b - 1"},
		{"black-hand", "k3/2S1/1G2/4/3K b P 1"},
		{"white-to-move", "ks2/1t2/4/2NT/1L1K w Pg 40"},
		{"white-in-check", "k3/4/4/4/R2K w B 9"},
	} {
		got := (Notation{}).Board(mustPos(t, c.pos))
		notationtest.Golden(t, filepath.Join("..", "..", "testdata", "microshogi", c.name+".board"), got)
		notationtest.NoTrailingSpace(t, c.name, got)
		white := (Notation{}).BoardFrom(mustPos(t, c.pos), rules.White)
		notationtest.Golden(t, filepath.Join("..", "..", "testdata", "microshogi", c.name+".white.board"), white)
		notationtest.NoTrailingSpace(t, c.name+" from White's side", white)
	}
}

// TestBoardFromWhiteMirrors: from White's side each piece stands on the
// square turned half round (the row and column counted from the other
// end), the hands change places and the "v" marks Black's pieces.
func TestBoardFromWhiteMirrors(t *testing.T) {
	p := mustPos(t, "ks2/1t2/4/2NT/1L1K w Pg 40")
	rows := func(board string) []string {
		var out []string
		for _, l := range strings.Split(board, "\n") {
			if strings.HasPrefix(l, "|") {
				out = append(out, l[1:13])
			}
		}
		return out
	}
	black, white := rows((Notation{}).Board(p)), rows((Notation{}).BoardFrom(p, rules.White))
	if len(black) != engine.Ranks || len(white) != engine.Ranks {
		t.Fatalf("rows: %q and %q", black, white)
	}
	flip := func(cell string) string { // "vK" <-> " K"
		switch {
		case cell == " .":
			return cell
		case cell[0] == 'v':
			return " " + cell[1:]
		}
		return "v" + cell[1:]
	}
	for r := 0; r < engine.Ranks; r++ {
		for f := 0; f < engine.Files; f++ {
			b := black[r][3*f+1 : 3*f+3]
			w := white[engine.Ranks-1-r][3*(engine.Files-1-f)+1 : 3*(engine.Files-1-f)+3]
			if flip(b) != w {
				t.Errorf("rank %c, column %d: %q from Black's side, %q from White's", 'a'+r, f, b, w)
			}
		}
	}
	board := (Notation{}).BoardFrom(p, rules.White)
	if !strings.HasPrefix(board, "Black in hand: P\n") || !strings.Contains(board, "White in hand: G\n") {
		t.Errorf("hands from White's side: Black's should be on top, White's below:\n%s", board)
	}
}

func TestBoardLegendExplainsV(t *testing.T) {
	for _, pos := range []string{"kbgs/p3/4/3P/SGBK b - 1", "k3/4/4/4/R2K w B 9"} {
		got := (Notation{}).Board(mustPos(t, pos))
		lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
		last := lines[len(lines)-1]
		if last != Legend || !strings.Contains(last, "v = White's piece") || !strings.Contains(last, "upside down") {
			t.Errorf("board of %s ends %q, not the legend", pos, last)
		}
		for _, l := range lines {
			if len(l) > 78 {
				t.Errorf("board of %s: line of %d columns: %q", pos, len(l), l)
			}
		}
	}
}
