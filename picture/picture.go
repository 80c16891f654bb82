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
// options give the same pixels on every machine.
package picture

import (
	"fmt"
	"image"
	"image/png"
	"io"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/rules/microshogi"
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

// palette is the theme's set of colours.
func (o Options) palette() palette { return paletteOf(o.Theme) }

// Board draws p, a position of any game windpost plays.
func Board(p rules.Position, o Options) (image.Image, error) {
	w, err := o.width()
	if err != nil {
		return nil, err
	}
	var c *canvas
	if x, err := rules.As[gufuu.Position](p); err == nil {
		c, err = drawGufuu(x.P, o, w)
		if err != nil {
			return nil, fmt.Errorf("picture: gufuu: %w", err)
		}
	} else if x, err := rules.As[microshogi.Position](p); err == nil {
		c, err = drawMicroshogi(x, o, w)
		if err != nil {
			return nil, fmt.Errorf("picture: microshogi: %w", err)
		}
	} else if x, err := rules.As[julgonu.Position](p); err == nil {
		c, err = drawJulgonu(x, o, w)
		if err != nil {
			return nil, fmt.Errorf("picture: julgonu: %w", err)
		}
	} else {
		return nil, fmt.Errorf("picture: %T is not a position of a game windpost draws", p)
	}
	return c.img, nil
}

// PNG writes Board(p, o) to w as a PNG.
func PNG(w io.Writer, p rules.Position, o Options) error {
	img, err := Board(p, o)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("picture: writing the PNG: %w", err)
	}
	return nil
}

// lastMove returns o.Last's position before the move as the engine's type
// T, when a move is to be marked; it checks that the move leads to p.
func lastMove[T rules.Position](p T, o Options) (before T, m rules.Move, ok bool, err error) {
	if o.Last.Before == nil {
		return before, rules.NoMove, false, nil
	}
	before, err = rules.As[T](o.Last.Before)
	if err != nil {
		return before, rules.NoMove, false, fmt.Errorf("the last move: %w", err)
	}
	after, err := before.Play(o.Last.Move)
	if err != nil {
		return before, rules.NoMove, false, fmt.Errorf("the last move: %w", err)
	}
	if after.Key() != p.Key() {
		return before, rules.NoMove, false, fmt.Errorf("the last move does not lead to the position drawn")
	}
	return before, o.Last.Move, true, nil
}

// scale turns lengths of the 360-pixel design into pixels of a picture w
// pixels wide.
type scale float32

func scaleOf(w int) scale { return scale(float32(w) / DefaultWidth) }

// f is x design pixels as a length.
func (s scale) f(x float32) float32 { return float32(s) * x }

// i is x design pixels rounded to whole pixels.
func (s scale) i(x float32) int { return int(float32(float32(s)*x) + 0.5) }
