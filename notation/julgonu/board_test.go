package julgonu

import (
	"path/filepath"
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
)

func TestBoardGolden(t *testing.T) {
	n := Notation{}
	for _, tc := range []struct{ file, pos string }{
		{"board_start.txt", "wwww/4/4/bbbb b"},
		{"board_midgame.txt", "1w2/bw2/2b1/1bb1 w"},
		{"board_end.txt", "4/1w2/bbb1/4 w"},
	} {
		got := n.Board(mustPosition(t, tc.pos))
		notationtest.NoTrailingSpace(t, tc.file, got)
		notationtest.Golden(t, filepath.Join("..", "..", "testdata", "julgonu", tc.file), got)
	}
}
