package picture

import (
	"fmt"

	nm "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/microshogi"
)

// drawMicroshogi draws a Micro-shogi position as notation/microshogi's
// text board lays it out: White's hand on top, files 4 to 1 above the
// board, ranks a to e down its right side, Black's hand below, then whose
// turn it is. White's pieces point down the board and their letters are
// upside down, as shogi players draw them; a piece showing its other face
// (tokin, rook, lance, knight) has a red letter. From White's side all is
// turned half round: Black's hand and pieces are at the top, upside down.
func drawMicroshogi(p microshogi.Position, last played[microshogi.Position], sh sheet) *canvas {
	s, pal, labels := sh.s, sh.pal, sh.labels
	g := microshogiGrid(s)
	g.turned = sh.bottom == rules.White
	top := sh.bottom.Opponent()
	c := newCanvas(sh.w, g.bottom()+s.i(98), pal.background)

	c.rect(g.bounds(), pal.board)
	if last.ok {
		mp := microshogi.Split(last.move)
		c.rect(g.squareAt(int(mp.To)), pal.last)
		if !mp.Drop {
			c.rect(g.squareAt(int(mp.From)), pal.last)
		}
	}
	if p.InCheck() {
		k := p.KingSquare(p.ToMove())
		c.rect(g.squareAt(int(k)), pal.check)
	}
	c.lines(g, s, pal)
	ax := microshogiAxes().from(sh.bottom)
	for col, name := range ax.files {
		c.label(labels, name, g.centre(col, 0).X, float32(g.y0)-s.f(15), alignCenter, pal.text)
	}
	for row, name := range ax.ranks {
		c.label(labels, name, float32(g.right())+s.f(18), g.centre(0, row).Y, alignCenter, pal.text)
	}
	for sq := microshogi.Square(0); sq < microshogi.NumSquares; sq++ {
		if pc, on := p.At(sq); on {
			at := g.centreAt(int(sq))
			c.piece(shogiPiece(pc.Face, pc.Side == top, at, g.f()*0.46, pal))
		}
	}
	c.shogiHand(p, top, true, pt{float32(g.x0), s.f(34)}, pal, s)
	c.shogiHand(p, sh.bottom, false, pt{float32(g.x0), float32(g.bottom()) + s.f(36)}, pal, s)
	c.caption(sh, microshogiCaption(p), float32(g.x0), float32(g.bottom())+s.f(80), pal.text)
	return c
}

// microshogiGrid is where the board is: 4 files by 5 ranks of 64 pixels
// at the default width, below White's hand.
func microshogiGrid(s scale) grid {
	return grid{x0: s.i(40), y0: s.i(88), cell: s.i(64), files: microshogi.Files, ranks: microshogi.Ranks}
}

// microshogiAxes are the labels of notation/microshogi's text board: files
// 4 to 1, ranks a (White's side) to e.
func microshogiAxes() axes {
	return axes{files: []string{"4", "3", "2", "1"}, ranks: []string{"a", "b", "c", "d", "e"}}
}

// microshogiCaption says whose turn it is at which move, and a check, a
// mate or a side left with no move (which loses too).
func microshogiCaption(p microshogi.Position) string {
	who := sideName(p.ToMove())
	switch none := len(p.Moves()) == 0; {
	case none && p.InCheck():
		return fmt.Sprintf("%s is checkmated (move %d)", who, p.MoveNumber())
	case none:
		return fmt.Sprintf("%s has no legal move (move %d)", who, p.MoveNumber())
	case p.InCheck():
		return fmt.Sprintf("%s to move (move %d), in check", who, p.MoveNumber())
	}
	return fmt.Sprintf("%s to move (move %d)", who, p.MoveNumber())
}

// shogiPiece is a Micro-shogi piece showing face f, upside down when it
// belongs to the player at the top of the picture.
func shogiPiece(f microshogi.Face, down bool, at pt, r float32, pal palette) piece {
	ink := pal.wood.ink
	if f != microshogi.King && f != microshogi.Front(f.Pair()) {
		ink = pal.wood.back
	}
	q, flip := 0, false
	if down {
		q, flip = 2, true
	}
	return piece{at: at, r: r, q: q, style: pal.wood, ink: ink, text: nm.Letter(f), flip: flip,
		font: face{boldFont, r * 0.95}, shadow: pal.shadow}
}

// shogiHand writes side s's hand in a row from at: "White in hand:" and
// each kind of piece by its front face, with its count when more than one;
// the pieces upside down (down) when s sits at the top.
func (c *canvas) shogiHand(p microshogi.Position, s rules.Side, down bool, at pt, pal palette, sc scale) {
	small := face{regularFont, sc.f(16)}
	head := sideName(s) + " in hand:"
	c.label(small, head, at.X, at.Y, alignLeft, pal.text)
	x := at.X + c.advance(small, head) + sc.f(10)
	n := 0
	for k := 0; k < microshogi.Pairs; k++ {
		count := p.Hand(s, k)
		if count == 0 {
			continue
		}
		r := sc.f(18)
		c.piece(shogiPiece(microshogi.Front(k), down, pt{x + r, at.Y}, r, pal))
		x += 2*r + sc.f(4)
		if count > 1 {
			times := fmt.Sprintf("×%d", count)
			c.label(small, times, x, at.Y, alignLeft, pal.text)
			x += c.advance(small, times)
		}
		x += sc.f(10)
		n++
	}
	if n == 0 {
		c.label(small, "nothing", x, at.Y, alignLeft, pal.faint)
	}
}
