package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// PNG writes the pixels Board draws, all of them: the palette loses
// nothing, in both themes and at both widths.
func TestPNGKeepsThePixels(t *testing.T) {
	for _, sc := range scenes() {
		t.Run(sc.name, func(t *testing.T) {
			p, o := sc.setUp(t)
			want, err := Board(p, o)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := PNG(&buf, p, o); err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := got.(*image.Paletted); !ok {
				t.Errorf("the PNG decodes to a %T, want a palette's *image.Paletted", got)
			}
			if err := samePixels(got, want); err != nil {
				t.Error(err)
			}
		})
	}
}

// A picture of more than 256 colours keeps its 256 most frequent and
// paints the others in the nearest of them; one of fewer keeps them all.
func TestPalettedColours(t *testing.T) {
	tests := []struct {
		name    string
		colours int // distinct colours
		want    int // the palette's size
	}{
		{"one colour", 1, 1},
		{"a picture's few dozen", 60, 60},
		{"256", 256, 256},
		{"257", 257, 256},
		{"300", 300, 256},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Colour i is (i, i/2, 0) on the first n-i pixels of row
			// n-1-i, the rest black, colour 0: the rarer ones come
			// first.
			img := image.NewRGBA(image.Rect(0, 0, tt.colours, tt.colours))
			for i := 0; i < tt.colours; i++ {
				for x := 0; x < tt.colours; x++ {
					c := color.RGBA{uint8(i), uint8(i / 2), 0, 255}
					if x >= tt.colours-i {
						c = color.RGBA{0, 0, 0, 255}
					}
					img.SetRGBA(x, tt.colours-1-i, c)
				}
			}
			got := paletted(img)
			if len(got.Palette) != tt.want {
				t.Fatalf("the palette has %d colours, want %d", len(got.Palette), tt.want)
			}
			for y := 0; y < tt.colours; y++ {
				for x := 0; x < tt.colours; x++ {
					in, out := img.RGBAAt(x, y), got.At(x, y).(color.RGBA)
					if tt.colours-1-y < tt.want && in != out {
						t.Fatalf("(%d, %d) is %v, want %v kept", x, y, out, in)
					}
					if in != out && got.Palette.Index(in) != int(got.ColorIndexAt(x, y)) {
						t.Fatalf("(%d, %d): %v is painted %v, not the nearest %v", x, y, in, out, got.Palette[got.Palette.Index(in)])
					}
				}
			}
		})
	}
}
