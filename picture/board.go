package picture

import (
	"image"

	"github.com/windpost/windpost/rules"
)

// axes are a board's labels: the files from left to right, the ranks from
// top to bottom, as the game's text board writes them.
type axes struct{ files, ranks []string }

// from is a as the player of bottom sees the board: for White, both
// orders turned round.
func (a axes) from(bottom rules.Side) axes {
	if bottom != rules.White {
		return a
	}
	return axes{files: reversed(a.files), ranks: reversed(a.ranks)}
}

func reversed(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}

// sideName is "Black" or "White".
func sideName(s rules.Side) string {
	if s == rules.White {
		return "White"
	}
	return "Black"
}

// grid is a board of squares in whole pixels: its top left corner, the side
// of a square, and how many files (columns) and ranks (rows) it has.
type grid struct {
	x0, y0, cell int
	files, ranks int
	// turned draws the board half round (White's side at the bottom):
	// squareAt and centreAt count the squares from the bottom right.
	turned bool
}

func (g grid) right() int  { return g.x0 + g.files*g.cell }
func (g grid) bottom() int { return g.y0 + g.ranks*g.cell }
func (g grid) f() float32  { return float32(g.cell) }

func (g grid) bounds() image.Rectangle { return image.Rect(g.x0, g.y0, g.right(), g.bottom()) }

// square is the square in column col and row row, counted from the top left.
func (g grid) square(col, row int) image.Rectangle {
	x, y := g.x0+col*g.cell, g.y0+row*g.cell
	return image.Rect(x, y, x+g.cell, y+g.cell)
}

// squareAt is the square numbered i row by row from the top left, as both
// shogi engines number their squares (from the bottom right when turned).
func (g grid) squareAt(i int) image.Rectangle { return g.square(g.place(i)) }

// centreAt is the middle of the square numbered i (see squareAt).
func (g grid) centreAt(i int) pt { return g.centre(g.place(i)) }

// place is the column and row on the picture of the square numbered i.
func (g grid) place(i int) (col, row int) {
	col, row = i%g.files, i/g.files
	if g.turned {
		return g.files - 1 - col, g.ranks - 1 - row
	}
	return col, row
}

// centre is the middle of the square in column col and row row.
func (g grid) centre(col, row int) pt {
	return pt{float32(g.x0+col*g.cell) + g.f()/2, float32(g.y0+row*g.cell) + g.f()/2}
}

// lines draws the grid's lines, the outer ones thicker.
func (c *canvas) lines(g grid, s scale, pal palette) {
	thin, thick := max(1, s.i(1.5)), max(2, s.i(3))
	for col := 0; col <= g.files; col++ {
		t := thin
		if col == 0 || col == g.files {
			t = thick
		}
		x := g.x0 + col*g.cell - t/2
		c.rect(image.Rect(x, g.y0-thick/2, x+t, g.bottom()+thick-thick/2), pal.line)
	}
	for row := 0; row <= g.ranks; row++ {
		t := thin
		if row == 0 || row == g.ranks {
			t = thick
		}
		y := g.y0 + row*g.cell - t/2
		c.rect(image.Rect(g.x0-thick/2, y, g.right()+thick-thick/2, y+t), pal.line)
	}
}
