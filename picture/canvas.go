package picture

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The two Go fonts the pictures use, parsed once when the package loads and
// never changed (sfnt.Font is safe for concurrent use with a Buffer per
// call).
var (
	regularFont = mustParse(goregular.TTF)
	boldFont    = mustParse(gobold.TTF)
)

func mustParse(ttf []byte) *sfnt.Font {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic("picture: the Go font does not parse: " + err.Error())
	}
	return f
}

// pt is a point in image pixels, y down.
type pt struct{ X, Y float32 }

// affine maps (x, y) to (a*x + b*y + c, d*x + e*y + f). Every product is
// rounded on its own (the float32 conversions), so that no compiler fuses a
// multiply-add and the pictures are the same on every architecture.
type affine struct{ a, b, c, d, e, f float32 }

func (m affine) apply(p pt) pt {
	return pt{
		float32(m.a*p.X) + float32(m.b*p.Y) + m.c,
		float32(m.d*p.X) + float32(m.e*p.Y) + m.f,
	}
}

// turn maps unit coordinates (-1..1, y down, pointing north) to a shape of
// half-size r around centre c, turned q quarter turns clockwise.
func turn(c pt, r float32, q int) affine {
	cos := [4]float32{1, 0, -1, 0}[q&3]
	sin := [4]float32{0, 1, 0, -1}[q&3]
	return affine{a: cos * r, b: -sin * r, c: c.X, d: sin * r, e: cos * r, f: c.Y}
}

// op is one step of a path.
type op struct {
	kind byte // 'M' move, 'L' line, 'Q' quadratic, 'C' cubic
	p    [3]pt
}

// points is how many of p the op uses.
func (o op) points() int {
	switch o.kind {
	case 'Q':
		return 2
	case 'C':
		return 3
	}
	return 1
}

// path is a list of closed outlines. Outlines that wind the other way cut
// holes (the rasterizer adds signed areas).
type path []op

func (p *path) moveTo(a pt)       { *p = append(*p, op{kind: 'M', p: [3]pt{a}}) }
func (p *path) lineTo(a pt)       { *p = append(*p, op{kind: 'L', p: [3]pt{a}}) }
func (p *path) quadTo(a, b pt)    { *p = append(*p, op{kind: 'Q', p: [3]pt{a, b}}) }
func (p *path) cubeTo(a, b, c pt) { *p = append(*p, op{kind: 'C', p: [3]pt{a, b, c}}) }
func (p *path) polygon(ps ...pt)  { p.moveTo(ps[0]); p.lineToAll(ps[1:]) }
func (p *path) lineToAll(ps []pt) {
	for _, a := range ps {
		p.lineTo(a)
	}
}
func (p path) mapped(m affine) path { return p.each(m.apply) }

func (p path) each(f func(pt) pt) path {
	q := make(path, len(p))
	for i, o := range p {
		q[i] = op{kind: o.kind, p: [3]pt{f(o.p[0]), f(o.p[1]), f(o.p[2])}}
	}
	return q
}

// kappa places the control points of a cubic quarter circle.
const kappa = 0.5522847

// circle adds a circle of radius r around c, clockwise (or counter-clockwise
// when ccw, to cut a hole).
func (p *path) circle(c pt, r float32, ccw bool) {
	k := float32(kappa * r)
	s := float32(1)
	if ccw {
		s = -1
	}
	at := func(x, y float32) pt { return pt{c.X + s*x, c.Y + y} }
	p.moveTo(at(0, -r))
	p.cubeTo(at(k, -r), at(r, -k), at(r, 0))
	p.cubeTo(at(r, k), at(k, r), at(0, r))
	p.cubeTo(at(-k, r), at(-r, k), at(-r, 0))
	p.cubeTo(at(-r, -k), at(-k, -r), at(0, -r))
}

// roundedPolygon adds the polygon ps with each corner rounded off over a
// length of at most r along its edges.
func (p *path) roundedPolygon(ps []pt, r float32) {
	n := len(ps)
	toward := func(a, b pt, d float32) pt {
		dx, dy := b.X-a.X, b.Y-a.Y
		l := float32(math.Sqrt(float64(float32(dx*dx) + float32(dy*dy))))
		t := d / l
		if t > 0.5 {
			t = 0.5
		}
		return pt{a.X + float32(dx*t), a.Y + float32(dy*t)}
	}
	for i := range ps {
		prev, cur, next := ps[(i+n-1)%n], ps[i], ps[(i+1)%n]
		in, out := toward(cur, prev, r), toward(cur, next, r)
		if i == 0 {
			p.moveTo(in)
		} else {
			p.lineTo(in)
		}
		p.quadTo(cur, out)
	}
}

// bar adds a straight stroke of width w from a to b.
func (p *path) bar(a, b pt, w float32) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := float32(math.Sqrt(float64(float32(dx*dx) + float32(dy*dy))))
	nx, ny := -dy/l*w/2, dx/l*w/2
	p.polygon(pt{a.X + nx, a.Y + ny}, pt{b.X + nx, b.Y + ny}, pt{b.X - nx, b.Y - ny}, pt{a.X - nx, a.Y - ny})
}

// canvas is one picture being drawn. Its first error sticks (err) and the
// drawing calls after it do nothing, as with bufio.Writer.
type canvas struct {
	img  *image.RGBA
	rast vector.Rasterizer
	mask []uint8 // the coverage of the shape being filled, reused
	buf  sfnt.Buffer
	err  error
}

// shades is how many steps of coverage an anti-aliased edge has between
// outside and inside: an edge pixel is a quarter, half or three quarters
// of the colour painted over what was there. Four steps look as smooth as
// the rasterizer's 255 at the sizes drawn (more so shown at half size on a
// phone), and they keep a picture to a few dozen colours, which PNG stores
// in a palette and compresses to about a third (see PNG).
const shades = 4

// shade rounds the coverage a (0-255) to the nearest of the shades steps.
func shade(a uint8) uint8 {
	step := (int(a)*shades + 127) / 255
	return uint8((step*255 + shades/2) / shades)
}

func newCanvas(w, h int, bg color.RGBA) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

// rect fills the whole-pixel rectangle r with col (blended over what is
// there when col is translucent).
func (c *canvas) rect(r image.Rectangle, col color.RGBA) {
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

// fill paints p in col, anti-aliased in shades steps. The rasterizer
// covers only p's bounding box, which keeps it small and so on its
// fixed-point path: the same pixels on every machine.
func (c *canvas) fill(p path, col color.RGBA) {
	if c.err != nil || len(p) == 0 {
		return
	}
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, o := range p {
		for _, q := range o.p[:o.points()] {
			minX, minY = min(minX, q.X), min(minY, q.Y)
			maxX, maxY = max(maxX, q.X), max(maxY, q.Y)
		}
	}
	box := image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))),
		int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY)))).Intersect(c.img.Bounds())
	if box.Empty() {
		return
	}
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	c.rast.Reset(box.Dx(), box.Dy())
	for _, o := range p {
		a, b, d := o.p[0], o.p[1], o.p[2]
		switch o.kind {
		case 'M':
			c.rast.ClosePath()
			c.rast.MoveTo(a.X-ox, a.Y-oy)
		case 'L':
			c.rast.LineTo(a.X-ox, a.Y-oy)
		case 'Q':
			c.rast.QuadTo(a.X-ox, a.Y-oy, b.X-ox, b.Y-oy)
		case 'C':
			c.rast.CubeTo(a.X-ox, a.Y-oy, b.X-ox, b.Y-oy, d.X-ox, d.Y-oy)
		}
	}
	c.rast.ClosePath()
	n := box.Dx() * box.Dy()
	if cap(c.mask) < n {
		c.mask = make([]uint8, n)
	}
	mask := &image.Alpha{Pix: c.mask[:n], Stride: box.Dx(), Rect: image.Rect(0, 0, box.Dx(), box.Dy())}
	c.rast.DrawOp = draw.Src
	c.rast.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	for i, a := range mask.Pix {
		mask.Pix[i] = shade(a)
	}
	draw.DrawMask(c.img, box, image.NewUniform(col), image.Point{}, mask, image.Point{}, draw.Over)
}

// face is a font at a size in pixels per em.
type face struct {
	font *sfnt.Font
	size float32
}

func (f face) ppem() fixed.Int26_6 { return fixed.Int26_6(f.size * 64) }

func unfix(x fixed.Int26_6) float32 { return float32(x) / 64 }

// capHeight is the height of the face's capital letters.
func (c *canvas) capHeight(f face) float32 {
	m, err := f.font.Metrics(&c.buf, f.ppem(), 0)
	if err != nil {
		c.fail(err)
		return 0
	}
	return unfix(m.CapHeight)
}

// advance is the width of s set in f.
func (c *canvas) advance(f face, s string) float32 {
	var w float32
	c.glyphs(f, s, func(x sfnt.GlyphIndex, at float32) { w = at })
	return w
}

// glyphs calls use with each glyph of s and the pen position before it, and
// a last time with glyph 0 and the width of s.
func (c *canvas) glyphs(f face, s string, use func(x sfnt.GlyphIndex, at float32)) {
	var at float32
	prev := sfnt.GlyphIndex(0)
	for _, r := range s {
		x, err := f.font.GlyphIndex(&c.buf, r)
		if err != nil {
			c.fail(err)
			return
		}
		if prev != 0 {
			if k, err := f.font.Kern(&c.buf, prev, x, f.ppem(), 0); err == nil {
				at += unfix(k)
			}
		}
		use(x, at)
		adv, err := f.font.GlyphAdvance(&c.buf, x, f.ppem(), 0)
		if err != nil {
			c.fail(err)
			return
		}
		at += unfix(adv)
		prev = x
	}
	use(0, at)
}

// text paints s in f with its baseline starting at (0, 0) of the frame m
// (so m places, turns and centres the text), one glyph at a time.
func (c *canvas) text(f face, s string, m affine, col color.RGBA) {
	c.glyphs(f, s, func(x sfnt.GlyphIndex, at float32) {
		if x == 0 || c.err != nil {
			return
		}
		segs, err := f.font.LoadGlyph(&c.buf, x, f.ppem(), nil)
		if err != nil {
			c.fail(err)
			return
		}
		var p path
		for _, sg := range segs {
			q := [3]pt{}
			for i, a := range sg.Args {
				q[i] = m.apply(pt{unfix(a.X) + at, unfix(a.Y)})
			}
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				p.moveTo(q[0])
			case sfnt.SegmentOpLineTo:
				p.lineTo(q[0])
			case sfnt.SegmentOpQuadTo:
				p.quadTo(q[0], q[1])
			case sfnt.SegmentOpCubeTo:
				p.cubeTo(q[0], q[1], q[2])
			}
		}
		c.fill(p, col)
	})
}

// Anchors for label: where the given point is on the text.
const (
	alignLeft   = 0
	alignCenter = 1
	alignRight  = 2
)

// label paints s upright with its capitals centred vertically on y and
// its left end, centre or right end (align) at x.
func (c *canvas) label(f face, s string, x, y float32, align int, col color.RGBA) {
	w := c.advance(f, s)
	x -= w * float32(align) / 2
	base := y + c.capHeight(f)/2
	c.text(f, s, affine{a: 1, c: x, e: 1, f: base}, col)
}

// letter paints s centred on c, upside down when flip (as shogi players
// draw the pieces of the side at the top).
func (c *canvas) letter(f face, s string, at pt, flip bool, col color.RGBA) {
	w, h := c.advance(f, s), c.capHeight(f)
	s1 := float32(1)
	if flip {
		s1 = -1
	}
	// In the letter's own frame the centre of its capitals is (w/2, -h/2).
	m := affine{a: s1, c: at.X - s1*w/2, e: s1, f: at.Y + s1*h/2}
	c.text(f, s, m, col)
}

func (c *canvas) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}
