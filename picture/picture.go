// Package picture draws a position of each windpost game as a picture: the
// board a player would rather look at than read, for the HTML part of a
// mail or anything else that shows images.
//
// Board reads the position through its engine (rules/gufuu,
// rules/microshogi, rules/julgonu, with rules.As) and draws it as the
// players know it: Gufuu's pentagon pieces pointing the way they face, the
// kings black and white, the shared Wind and Storm in their own colours;
// Micro-shogi's pieces with the face that is up, White's upside down, both
// hands with their counts; Jul-Gonu's stones on the points of the lines.
// The files and ranks are labelled where the text boards of notation/<game>
// put them. The move that led to the position may be marked, and with it
// the stones it captured.
//
// The pictures are drawn with the image packages and golang.org/x/image
// (anti-aliased vector shapes, the Go fonts): no system font and no
// external program. Drawing is deterministic: the same position and
// options give the same pixels on every machine. The edges are
// anti-aliased in a few steps (shades), so a picture has a few dozen
// colours, and PNG writes them as a palette: a picture 720 pixels wide,
// as a mail carries it, is 10-17 KB (BenchmarkPNG, TestPictureSize).
package picture

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/windpost/windpost/rules"
)

// The widths a picture may have, in pixels. DefaultWidth fits a phone's
// screen; twice it looks sharp on a phone's dense screen shown at half size.
const (
	DefaultWidth = 360
	MinWidth     = 240
	MaxWidth     = 1440
)

// Theme is the look of a picture: Light for a mail client with a light
// background, Dark for one with a dark background.
type Theme uint8

// The themes.
const (
	Light Theme = iota
	Dark
)

// Options says how to draw a position. The zero Options draws a light
// picture DefaultWidth pixels wide with no move marked.
type Options struct {
	// Width is the picture's width in pixels, MinWidth to MaxWidth; zero
	// means DefaultWidth. The height follows from the game.
	Width int
	// Theme is Light (the zero value) or Dark.
	Theme Theme
	// Last is the move that led to the position, to be marked; its zero
	// value marks none.
	Last Last
	// Caption is the line under the board when the game's status is more
	// than its position says (the end and the result of a game that has
	// ended); "" means the position's own: whose move, a check, a mate.
	Caption string
	// Bottom is the side whose player sits at the bottom of the picture:
	// Black (the zero value) draws the board as shogi diagrams are
	// printed; White turns it half round, its labels with it.
	Bottom rules.Side
}

// Last is a move to mark: the position before it and the move, as the
// engine encodes it. Board checks that the move leads to the position
// drawn.
type Last struct {
	Before rules.Position
	Move   rules.Move
}

// width is the width to draw at.
func (o Options) width() (int, error) {
	switch {
	case o.Width == 0:
		return DefaultWidth, nil
	case o.Width < MinWidth || o.Width > MaxWidth:
		return 0, fmt.Errorf("picture: a width of %d pixels: want %d to %d", o.Width, MinWidth, MaxWidth)
	}
	return o.Width, nil
}

// sheet is what every game's drawing starts from: the width, the scale of
// the 360-pixel design, the theme's colours and the labels' font.
type sheet struct {
	w       int
	s       scale
	pal     palette
	labels  face
	caption string     // Options.Caption
	bottom  rules.Side // the side drawn at the bottom
}

// sheet checks o and makes the sheet to draw on.
func (o Options) sheet() (sheet, error) {
	w, err := o.width()
	if err != nil {
		return sheet{}, err
	}
	s := scaleOf(w)
	bottom := rules.Black
	if o.Bottom == rules.White {
		bottom = rules.White
	}
	return sheet{w: w, s: s, pal: paletteOf(o.Theme), labels: face{regularFont, s.f(17)}, caption: o.Caption, bottom: bottom}, nil
}

// captionMargin is the least room, in design pixels, right of a caption.
const captionMargin = 6

// caption paints the line under the board at x, y: Options.Caption, else
// own, the position's. A caption too long for the picture is set smaller,
// to end captionMargin design pixels from the right edge.
func (c *canvas) caption(sh sheet, own string, x, y float32, col color.RGBA) {
	s, f := own, sh.labels
	if sh.caption != "" {
		s = sh.caption
	}
	if room, w := float32(c.img.Bounds().Dx())-x-sh.s.f(captionMargin), c.advance(f, s); w > room && room > 0 {
		f.size *= room / w
	}
	c.label(f, s, x, y, alignLeft, col)
}

// Board draws p, a position of any game windpost plays.
func Board(p rules.Position, o Options) (image.Image, error) {
	img, err := board(p, o)
	if err != nil {
		return nil, err
	}
	return img, nil
}

// board is Board's picture as the canvas has it.
func board(p rules.Position, o Options) (*image.RGBA, error) {
	sh, err := o.sheet()
	if err != nil {
		return nil, err
	}
	if img, ok, err := drawAs(p, o, sh, "gufuu", drawGufuu); ok {
		return img, err
	}
	if img, ok, err := drawAs(p, o, sh, "microshogi", drawMicroshogi); ok {
		return img, err
	}
	if img, ok, err := drawAs(p, o, sh, "julgonu", drawJulgonu); ok {
		return img, err
	}
	return nil, fmt.Errorf("picture: %T is not a position of a game windpost draws", p)
}

// drawAs draws p with draw when p is a position of the engine type T (ok),
// and does nothing when it is not.
func drawAs[T rules.Position](p rules.Position, o Options, sh sheet, game string, draw func(T, played[T], sheet) *canvas) (img *image.RGBA, ok bool, err error) {
	x, err := rules.As[T](p)
	if err != nil {
		return nil, false, nil
	}
	last, err := lastMove(x, o)
	if err != nil {
		return nil, true, fmt.Errorf("picture: %s: %w", game, err)
	}
	c := draw(x, last, sh)
	if c.err != nil {
		return nil, true, fmt.Errorf("picture: %s: %w", game, c.err)
	}
	return c.img, true, nil
}

// PNG writes Board(p, o) to w as a PNG of its colours in a palette (see
// paletted), by image/png: the pixels Board draws, in a quarter of the
// octets of a full-colour PNG.
func PNG(w io.Writer, p rules.Position, o Options) error {
	img, err := board(p, o)
	if err != nil {
		return err
	}
	// image/png writes a palette's indices unfiltered, as the PNG
	// specification recommends for a palette.
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(w, paletted(img)); err != nil {
		return fmt.Errorf("picture: writing the PNG: %w", err)
	}
	return nil
}

// played is the move to mark, when ok: the position before it (as the
// engine's type T) and the move.
type played[T rules.Position] struct {
	before T
	move   rules.Move
	ok     bool
}

// lastMove returns o.Last as a played move of p's game, after checking
// that it leads to p.
func lastMove[T rules.Position](p T, o Options) (played[T], error) {
	if o.Last.Before == nil {
		return played[T]{}, nil
	}
	before, err := rules.As[T](o.Last.Before)
	if err != nil {
		return played[T]{}, fmt.Errorf("the last move: %w", err)
	}
	after, err := before.Play(o.Last.Move)
	if err != nil {
		return played[T]{}, fmt.Errorf("the last move: %w", err)
	}
	if after.Key() != p.Key() {
		return played[T]{}, fmt.Errorf("the last move does not lead to the position drawn")
	}
	return played[T]{before: before, move: o.Last.Move, ok: true}, nil
}

// scale turns lengths of the 360-pixel design into pixels of a picture w
// pixels wide.
type scale float32

func scaleOf(w int) scale { return scale(float32(w) / DefaultWidth) }

// f is x design pixels as a length.
func (s scale) f(x float32) float32 { return float32(s) * x }

// i is x design pixels rounded to whole pixels.
func (s scale) i(x float32) int { return int(float32(float32(s)*x) + 0.5) }
