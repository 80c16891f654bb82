package picture

import "image/color"

// pentagon is a shogi piece's outline pointing north, in unit coordinates
// (-1..1, y down): the point at the top, the shoulders, the wide foot.
func pentagon() []pt {
	return []pt{{0, -0.98}, {0.66, -0.6}, {0.8, 0.92}, {-0.8, 0.92}, {-0.66, -0.6}}
}

// piece is a shogi piece to paint.
type piece struct {
	at     pt         // its centre
	r      float32    // its half-size: it fits a square of side 2r
	q      int        // quarter turns clockwise from north that it points
	style  pieceStyle // its colours
	ink    color.RGBA // its letter's colour
	text   string     // its letter
	flip   bool       // the letter upside down (Micro-shogi's White)
	font   face       // the letter's font
	shadow color.RGBA // the shadow under it
	halo   color.RGBA // a rim around it (Gufuu's checking generals), if not transparent
}

// piece paints a shogi piece: a shadow, its halo if any, the edge, the body and the letter,
// which sits a little away from the point, where the piece is widest.
func (c *canvas) piece(p piece) {
	outline := func(at pt, r float32) path {
		var o path
		corner := float32(0.12)
		o.roundedPolygon(pentagon(), corner)
		return o.mapped(turn(at, r, p.q))
	}
	sh := float32(p.r * 0.07)
	c.fill(outline(pt{p.at.X + float32(sh*0.5), p.at.Y + sh}, p.r), p.shadow)
	if p.halo.A != 0 {
		c.fill(outline(p.at, float32(p.r*1.12)), p.halo)
	}
	c.fill(outline(p.at, p.r), p.style.edge)
	edge := max(1.2, p.r*0.06)
	c.fill(outline(p.at, p.r-edge), p.style.body)
	centre := turn(p.at, p.r, p.q).apply(pt{0, 0.14})
	c.letter(p.font, p.text, centre, p.flip, p.ink)
}
