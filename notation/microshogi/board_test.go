package microshogi

import (
	"path/filepath"
	"strings"
	"testing"

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
