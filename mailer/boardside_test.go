package mailer

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/picture"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// TestBoardPictureSide: the picture of a mail's board is drawn with the
// side its BoardRef names at the bottom (the package picture's drawing
// with Options.Bottom), and a BoardRef that names none draws Black's.
func TestBoardPictureSide(t *testing.T) {
	for _, tt := range []struct {
		variant, position string
	}{
		{"gufuu", "..../KwSs/..kn w"},
		{"microshogi", "ks2/1t2/4/2NT/1L1K w Pg 40"},
		{"julgonu", "1w2/bw2/2b1/1bb1 w"},
	} {
		kit, ok := variants.Default(variants.Options{}).Lookup(tt.variant)
		if !ok {
			t.Fatalf("no %s", tt.variant)
		}
		pos, err := kit.Notation.ParsePosition(tt.position)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range []rules.Side{rules.Black, rules.White} {
			ref := &games.BoardRef{Variant: tt.variant, Position: tt.position}
			if side == rules.White {
				ref.Bottom = "white"
			}
			img, err := drawBoard(games.Mail{ID: "1", MessageID: "<g7.k.1@windpost.test>", Text: "Here.\n", Board: ref})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := picture.PNG(&buf, pos, picture.Options{Width: pictureWidth, Bottom: side}); err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(img.png))
			if err != nil {
				t.Fatal(err)
			}
			drawn, _ := png.Decode(&buf)
			if x, y, differs := firstDifference(got, drawn); differs {
				t.Errorf("%s from %s's side: pixel (%d, %d) differs from the picture drawn with Bottom %s", tt.variant, side, x, y, side)
			}
		}
	}
}

// firstDifference is the first pixel where a and b differ in colour.
func firstDifference(a, b image.Image) (x, y int, differs bool) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}
