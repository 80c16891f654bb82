package picture

import "image/color"

// palette is every colour a picture uses. The pieces and stones keep their
// colours in both themes (they are things on a wooden board); the
// background, the labels and the board around them change.
type palette struct {
	background color.RGBA // around the board
	text       color.RGBA // labels and the caption
	faint      color.RGBA // "nothing" in an empty hand
	board      color.RGBA // the wood
	line       color.RGBA // the grid on the wood
	shadow     color.RGBA // under the pieces and stones
	last       color.RGBA // tint of the last move's squares
	check      color.RGBA // tint of a king in check
	checker    color.RGBA // Gufuu: the rim of a checking general
	mark       color.RGBA // Jul-Gonu: the last move's dot and rings
	cross      color.RGBA // Jul-Gonu: the cross on a captured stone

	wood  pieceStyle // a shogi piece
	black pieceStyle // Gufuu: Black's king
	white pieceStyle // Gufuu: White's king
	wind  pieceStyle // Gufuu: the Wind
	storm pieceStyle // Gufuu: the Storm

	blackStone, blackStoneEdge color.RGBA
	whiteStone, whiteStoneEdge color.RGBA
}

// pieceStyle is how one piece is painted: its body, the edge around it,
// its letter, and the letter of its other face (Micro-shogi's flipped
// pieces are red, as promoted pieces are in shogi).
type pieceStyle struct {
	body, edge, ink, back color.RGBA
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// rgba is colour v at opacity a (0-255), premultiplied as image/color
// wants it.
func rgba(v uint32, a uint8) color.RGBA {
	c := rgb(v)
	pre := func(x uint8) uint8 { return uint8((uint32(x)*uint32(a) + 127) / 255) }
	return color.RGBA{pre(c.R), pre(c.G), pre(c.B), a}
}

func paletteOf(t Theme) palette {
	p := palette{
		background: rgb(0xfbf8f1),
		text:       rgb(0x2b2622),
		faint:      rgb(0x8a8178),
		board:      rgb(0xe4bf7c),
		line:       rgb(0x5c4325),
		shadow:     rgba(0x3a2a14, 0x48),
		last:       rgba(0x9bc700, 0x6a),
		check:      rgba(0xe0301e, 0x80),
		checker:    rgba(0xd42a18, 0xd0),
		mark:       rgb(0xe0541b),
		cross:      rgb(0xc8261b),

		wood:  pieceStyle{body: rgb(0xf6e2b3), edge: rgb(0x6e4d22), ink: rgb(0x1c1712), back: rgb(0xc0201a)},
		black: pieceStyle{body: rgb(0x25211e), edge: rgb(0x0d0b0a), ink: rgb(0xfaf6ee)},
		white: pieceStyle{body: rgb(0xfdfbf6), edge: rgb(0x3b3530), ink: rgb(0x1c1712)},
		wind:  pieceStyle{body: rgb(0xcfe6f3), edge: rgb(0x24587a), ink: rgb(0x123f5e)},
		storm: pieceStyle{body: rgb(0xf5d3c7), edge: rgb(0x8c3424), ink: rgb(0x6e1f12)},

		blackStone: rgb(0x211d1a), blackStoneEdge: rgb(0x0a0908),
		whiteStone: rgb(0xfbf9f3), whiteStoneEdge: rgb(0x4a423a),
	}
	if t == Dark {
		p.background = rgb(0x1d1e22)
		p.text = rgb(0xe3ded6)
		p.faint = rgb(0x9a948c)
		p.board = rgb(0xb58e52)
		p.line = rgb(0x3b2a15)
		p.shadow = rgba(0x000000, 0x60)
		p.black.edge = rgb(0x000000)
	}
	return p
}
