package web

import (
	"bytes"
	"fmt"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/picture"
)

// The board picture on a game's page is the one the mail shows: drawn by
// package picture from the game's games.BoardRef, in the light theme,
// twice as wide as it is shown.
const (
	boardWidth = 720 // pixels drawn
	boardShown = 360 // CSS pixels shown, at most
)

// boardPNG draws ref, the board of a game's page, as a PNG.
func (h *Handler) boardPNG(ref games.BoardRef) ([]byte, error) {
	kit, ok := h.catalog().Lookup(ref.Variant)
	if !ok {
		return nil, fmt.Errorf("board: unknown game %q", ref.Variant)
	}
	n := kit.Notation
	now, err := n.ParsePosition(ref.Position)
	if err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	o := picture.Options{Width: boardWidth, Theme: picture.Light, Caption: ref.Status}
	if ref.Move != "" {
		if o.Last.Before, err = n.ParsePosition(ref.Before); err != nil {
			return nil, fmt.Errorf("board: the position before the last move: %w", err)
		}
		if o.Last.Move, err = n.ParseMove(o.Last.Before, ref.Move); err != nil {
			return nil, fmt.Errorf("board: the last move %q: %w", ref.Move, err)
		}
	}
	var buf bytes.Buffer
	if err := picture.PNG(&buf, now, o); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
