package picture

import (
	"image"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/rules/microshogi"
)

// TestCaption: Options.Caption replaces the position's own caption (the
// picture changes, and only below the board), and a caption too long for
// the picture is set smaller so that it ends inside the margin.
func TestCaption(t *testing.T) {
	starts := map[string]rules.Position{
		"gufuu":      gufuu.Variant{}.Start(),
		"microshogi": microshogi.Variant{}.Start(),
		"julgonu":    julgonu.Variant{}.Start(),
	}
	for name, p := range starts {
		t.Run(name, func(t *testing.T) {
			draw := func(caption string) image.Image {
				img, err := Board(p, Options{Caption: caption})
				if err != nil {
					t.Fatal(err)
				}
				return img
			}
			own, end := draw(""), draw("Black is checkmated: White wins.")
			long := draw("The challenge was withdrawn by its challenger: the game never began, and no one won it.")
			if same(own, end, own.Bounds()) {
				t.Errorf("a caption changes nothing")
			}
			b := own.Bounds()
			margin := image.Rect(b.Max.X-captionMargin+1, b.Min.Y, b.Max.X, b.Max.Y)
			if !same(own, long, margin) {
				t.Errorf("a long caption reaches the picture's right margin")
			}
		})
	}
}

// same reports whether a and b have the same pixels in r.
func same(a, b image.Image, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
