package picture

import (
	"cmp"
	"image"
	"image/color"
	"slices"
)

// paletted is img with its colours in a palette, as PNG stores a picture
// of few colours in a byte a pixel. A picture has a few dozen colours
// (the theme's, and the shades of its anti-aliased edges over them) and
// keeps them all; one with more than 256 keeps its 256 most frequent
// (ties broken by the colour, so the same picture gives the same PNG) and
// paints each pixel in the nearest of them.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	out := image.NewPaletted(b, nil)
	index := map[color.RGBA]int{}
	var count []int
	last, k := color.RGBA{}, -1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			c := color.RGBA{row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]}
			if c != last || k < 0 {
				i, ok := index[c]
				if !ok {
					i = len(out.Palette)
					index[c] = i
					out.Palette = append(out.Palette, c)
					count = append(count, 0)
				}
				last, k = c, i
			}
			count[k]++
			out.Pix[out.PixOffset(b.Min.X+x, y)] = uint8(k) // nearest paints it again past 256
		}
	}
	if len(out.Palette) <= 256 {
		return out
	}
	return nearest(img, out.Palette, count)
}

// nearest is img painted in the 256 most frequent of its colours all
// (count[i] pixels are all[i]), each pixel in the nearest of them.
func nearest(img *image.RGBA, all color.Palette, count []int) *image.Paletted {
	order := make([]int, len(all))
	for i := range order {
		order[i] = i
	}
	key := func(i int) uint32 {
		c := all[i].(color.RGBA)
		return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
	}
	slices.SortFunc(order, func(i, j int) int {
		if c := cmp.Compare(count[j], count[i]); c != 0 {
			return c
		}
		return cmp.Compare(key(i), key(j))
	})
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = all[order[i]]
	}
	b := img.Bounds()
	out := image.NewPaletted(b, pal)
	index := map[color.RGBA]uint8{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			i, ok := index[c]
			if !ok {
				i = uint8(pal.Index(c))
				index[c] = i
			}
			out.Pix[out.PixOffset(x, y)] = i
		}
	}
	return out
}
