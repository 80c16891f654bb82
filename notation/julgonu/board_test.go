package julgonu

import (
	"path/filepath"
	"testing"

	"github.com/windpost/windpost/rules"

	"github.com/windpost/windpost/notation/internal/notationtest"
)

func TestBoardGolden(t *testing.T) {
	n := Notation{}
	for _, tc := range []struct{ file, pos string }{
		{"board_start", "wwww/4/4/bbbb b"},
		{"board_midgame", "1w2/bw2/2b1/1bb1 w"},
		{"board_end", "4/1w2/bbb1/4 w"},
	} {
		for _, side := range []rules.Side{rules.Black, rules.White} {
			file := tc.file + ".txt"
			if side == rules.White {
				file = tc.file + "_white.txt"
			}
			got := n.BoardFrom(mustPosition(t, tc.pos), side)
			notationtest.NoTrailingSpace(t, file, got)
			notationtest.Golden(t, filepath.Join("..", "..", "testdata", "julgonu", file), got)
		}
	}
}
