package picture

import (
	"slices"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/gufuu"
)

// drawGufuu draws a Gufuu Shogi position as notation/gufuu's text board
// lays it out (files 2 and 1 above, ranks a to c on the left; from White's
// side turned half round, north down), with the shared hand beside the
// board and whose turn it is below.
func drawGufuu(x gufuu.Position, last played[gufuu.Position], sh sheet) *canvas {
	p, s, pal, labels := x.P, sh.s, sh.pal, sh.labels
	g := gufuuGrid(s)
	g.turned = sh.bottom == rules.White
	c := newCanvas(sh.w, g.bottom()+s.i(46), pal.background)

	c.rect(g.bounds(), pal.board)
	if last.ok {
		kind, pc, to, _, _ := gufuu.DecodeMove(last.move)
		c.rect(g.squareAt(int(to)), pal.last)
		if from, _, on := last.before.P.Where(pc); kind == gufuu.Step && on {
			c.rect(g.squareAt(int(from)), pal.last)
		}
	}
	if p.InCheck() {
		if sq, _, on := p.Where(gufuu.KingOf(p.ToMove())); on {
			c.rect(g.squareAt(int(sq)), pal.check)
		}
	}
	c.lines(g, s, pal)
	ax := gufuuAxes().from(sh.bottom)
	for col, name := range ax.files {
		c.label(labels, name, g.centre(col, 0).X, s.f(22), alignCenter, pal.text)
	}
	for row, name := range ax.ranks {
		c.label(labels, name, s.f(22), g.centre(0, row).Y, alignCenter, pal.text)
	}
	checkers := p.Checkers()
	for sq := gufuu.Square(0); sq < gufuu.NumSquares; sq++ {
		if pc, f, on := p.At(sq); on {
			pic := gufuuPiece(pc, f, g.centreAt(int(sq)), g.f()*0.41, pal)
			if g.turned {
				pic.q = (pic.q + 2) % 4 // north points down the picture
			}
			if slices.Contains(checkers, pc) {
				pic.halo = pal.checker
			}
			c.piece(pic)
		}
	}
	c.gufuuHand(p, float32(g.right())+s.f(18), g, pal, s)
	c.caption(sh, gufuuCaption(p), float32(g.x0), float32(g.bottom())+s.f(24), pal.text)
	return c
}

// gufuuGrid is where the board is: 2 files by 3 ranks of 100 pixels at
// the default width.
func gufuuGrid(s scale) grid {
	return grid{x0: s.i(40), y0: s.i(40), cell: s.i(100), files: 2, ranks: 3}
}

// gufuuAxes are the labels of notation/gufuu's text board.
func gufuuAxes() axes { return axes{files: []string{"2", "1"}, ranks: []string{"a", "b", "c"}} }

// gufuuPiece is the piece pc: the kings black and white, the shared Wind
// and Storm in colours of their own, each pointing the way it faces with
// its letter upright.
func gufuuPiece(pc gufuu.Piece, f gufuu.Facing, at pt, r float32, pal palette) piece {
	st, text := pal.wind, "W"
	switch pc {
	case gufuu.BlackKing:
		st, text = pal.black, "K"
	case gufuu.WhiteKing:
		st, text = pal.white, "K"
	case gufuu.Storm:
		st, text = pal.storm, "S"
	}
	return piece{at: at, r: r, q: int(f), style: st, ink: st.ink, text: text,
		font: face{boldFont, r * 0.95}, shadow: pal.shadow}
}

// gufuuHand lists the pieces in the shared hand in a column from x, each
// pointing north with its name.
func (c *canvas) gufuuHand(p gufuu.Pos, x float32, g grid, pal palette, s scale) {
	small := face{regularFont, s.f(15)}
	y := float32(g.y0) + s.f(10)
	c.label(small, "In hand", x, y, alignLeft, pal.text)
	names := map[gufuu.Piece]string{gufuu.BlackKing: "Black", gufuu.WhiteKing: "White", gufuu.Wind: "Wind", gufuu.Storm: "Storm"}
	n := 0
	for pc := gufuu.Piece(0); pc < gufuu.NumPieces; pc++ {
		if _, _, on := p.Where(pc); on {
			continue
		}
		cy := y + s.f(46) + float32(float32(n)*s.f(56))
		c.piece(gufuuPiece(pc, gufuu.North, pt{x + s.f(20), cy}, s.f(21), pal))
		c.label(small, names[pc], x+s.f(48), cy, alignLeft, pal.text)
		n++
	}
	if n == 0 {
		c.label(small, "nothing", x, y+s.f(26), alignLeft, pal.faint)
	}
}

// gufuuCaption says whose turn it is, and a check, a mate or the forced
// drop of the opening.
func gufuuCaption(p gufuu.Pos) string {
	who := sideName(p.ToMove())
	if forced, ok := p.Forced(); ok {
		what := map[gufuu.Piece]string{gufuu.BlackKing: "his king", gufuu.WhiteKing: "his king", gufuu.Wind: "the Wind", gufuu.Storm: "the Storm"}[forced]
		return who + " to move: drop " + what
	}
	if p.InCheck() {
		var buf [gufuu.MaxMoves]rules.Move
		if len(p.AppendMoves(buf[:0])) == 0 {
			return who + " is checkmated"
		}
		return who + " to move, in check"
	}
	return who + " to move"
}
