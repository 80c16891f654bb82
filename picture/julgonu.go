package picture

import (
	"fmt"
	"image"
	"image/color"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/julgonu"
)

// drawJulgonu draws a Jul-Gonu position as notation/julgonu's text board
// lays it out: the 4x4 lines with the stones on their points, Black's side
// at the bottom (White's when the board is turned for White), files a to
// d above and below, ranks 1 to 4 on both sides,
// then whose turn it is and how many stones each side has. The last move
// shows as a ring where the stone left and a dot on the stone that moved;
// the stones it captured stay faded, crossed out.
func drawJulgonu(p julgonu.Position, last played[julgonu.Position], sh sheet) *canvas {
	s, pal, labels := sh.s, sh.pal, sh.labels
	c := newCanvas(sh.w, s.i(392), pal.background)
	// screen is the centre of the point in column col and row row of the
	// picture, from the top left, in whole pixels so that the lines are
	// crisp; point is that of file f (0 = a) and rank r (0 = 1), Black's
	// side at the bottom unless the board is turned for White.
	screen := func(col, row int) image.Point {
		return image.Pt(s.i(78+float32(68*float32(col))), s.i(78+float32(68*float32(row))))
	}
	point := func(f, r int) image.Point {
		if sh.bottom == rules.White {
			return screen(3-f, r)
		}
		return screen(f, 3-r)
	}
	at := func(sq int) pt {
		q := point(sq%4, sq/4)
		return pt{float32(q.X), float32(q.Y)}
	}
	c.rect(image.Rect(s.i(36), s.i(36), s.i(324), s.i(324)), pal.board)
	t := max(2, s.i(2.5))
	a, d := screen(0, 0), screen(3, 3)
	for k := 0; k < 4; k++ {
		q := screen(k, k)
		c.rect(image.Rect(q.X-t/2, a.Y-t/2, q.X-t/2+t, d.Y-t/2+t), pal.line)
		c.rect(image.Rect(a.X-t/2, q.Y-t/2, d.X-t/2+t, q.Y-t/2+t), pal.line)
	}
	ax := julgonuAxes().from(sh.bottom)
	for k := 0; k < 4; k++ {
		x, y := float32(screen(k, 0).X), float32(screen(0, k).Y)
		c.label(labels, ax.files[k], x, s.f(18), alignCenter, pal.text)
		c.label(labels, ax.files[k], x, s.f(342), alignCenter, pal.text)
		c.label(labels, ax.ranks[k], s.f(18), y, alignCenter, pal.text)
		c.label(labels, ax.ranks[k], s.f(342), y, alignCenter, pal.text)
	}
	r := s.f(27)
	for sq := 0; sq < 16; sq++ {
		if side, on := p.At(sq); on {
			c.stone(at(sq), r, side, 0xff, pal)
		}
	}
	if last.ok {
		from, to, _ := julgonu.MoveSquares(last.move)
		_, captured := last.before.After(last.move)
		var ring path
		ring.circle(at(from), r*0.42, false)
		ring.circle(at(from), r*0.42-max(2, s.f(3)), true)
		c.fill(ring, pal.mark)
		var dot path
		dot.circle(at(to), r*0.3, false)
		c.fill(dot, pal.mark)
		for sq := 0; sq < 16; sq++ {
			if captured&(1<<sq) != 0 {
				c.stone(at(sq), r, p.ToMove(), 0x70, pal)
				c.cross(at(sq), r*0.62, max(2, s.f(4.5)), pal.cross)
			}
		}
	}
	c.caption(sh, julgonuCaption(p), s.f(36), s.f(370), pal.text)
	return c
}

// julgonuCaption says whose turn it is and how many stones each side has.
func julgonuCaption(p julgonu.Position) string {
	return fmt.Sprintf("%s to move. Stones: Black %d, White %d", sideName(p.ToMove()), p.Count(rules.Black), p.Count(rules.White))
}

// julgonuAxes are the labels of notation/julgonu's text board: files a to
// d, ranks 4 (White's side) down to 1.
func julgonuAxes() axes {
	return axes{files: []string{"a", "b", "c", "d"}, ranks: []string{"4", "3", "2", "1"}}
}

// stone paints a stone of side s with radius r on at, at opacity alpha.
func (c *canvas) stone(at pt, r float32, s rules.Side, alpha uint8, pal palette) {
	body, edge := pal.blackStone, pal.blackStoneEdge
	if s == rules.White {
		body, edge = pal.whiteStone, pal.whiteStoneEdge
	}
	fade := func(col color.RGBA) color.RGBA {
		return rgba(uint32(col.R)<<16|uint32(col.G)<<8|uint32(col.B), uint8(uint32(col.A)*uint32(alpha)/255))
	}
	var sh, outer, inner path
	sh.circle(pt{at.X + float32(r*0.06), at.Y + float32(r*0.1)}, r, false)
	outer.circle(at, r, false)
	inner.circle(at, r-max(1.2, r*0.07), false)
	if alpha == 0xff {
		c.fill(sh, pal.shadow)
	}
	c.fill(outer, fade(edge))
	c.fill(inner, fade(body))
}

// cross paints an X of half-size r and stroke width w on at.
func (c *canvas) cross(at pt, r, w float32, col color.RGBA) {
	var x path
	x.bar(pt{at.X - r, at.Y - r}, pt{at.X + r, at.Y + r}, w)
	x.bar(pt{at.X - r, at.Y + r}, pt{at.X + r, at.Y - r}, w)
	c.fill(x, col)
}
