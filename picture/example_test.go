package picture_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/windpost/windpost/picture"
	"github.com/windpost/windpost/rules/julgonu"
)

// A picture of the position after Black's first move, marked, for a mail
// client with a dark background.
func ExamplePNG() {
	start := julgonu.Start()
	move := julgonu.NewMove(julgonu.Square(0, 0), julgonu.Square(0, 1)) // a1-a2
	after, err := start.Play(move)
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	err = picture.PNG(&buf, after, picture.Options{
		Theme: picture.Dark,
		Last:  picture.Last{Before: start, Move: move},
	})
	if err != nil {
		panic(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		panic(err)
	}
	fmt.Println(img.Bounds().Dx(), "by", img.Bounds().Dy(), "pixels")
	// Output: 360 by 392 pixels
}
