package games

import (
	"testing"

	"github.com/windpost/windpost/notation"
)

// TestMailBoard: a mail about a game carries the board its text shows
// (the position, and the move that led to it with the position before,
// for the picture); a mail about no game carries none.
func TestMailBoard(t *testing.T) {
	h := newHarness(t, defaultCatalog(t.TempDir()))
	kit, _ := h.catalog.Lookup("julgonu")
	started := only(t, h.write(t, alice, "new julgonu as black level casual"), alice)
	tests := []struct {
		name  string
		mail  Mail
		moves int // moves played before the board; -1: no board
	}{
		{"a new game", started, 0},
		{"after a move and the bot's answer", only(t, h.reply(t, started, "a1-a2"), alice), 2},
		{"help", only(t, h.write(t, alice, "help"), alice), -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.mail.Board
			if tt.moves < 0 {
				if b != nil {
					t.Errorf("a mail about no game has a board: %+v", b)
				}
				return
			}
			rec := must[GameRecord](t)(h.store.GameRecord(tt.mail.Headers["X-Windpost-Game"]))
			if b == nil || b.Variant != "julgonu" || len(rec.Moves) < tt.moves {
				t.Fatalf("Board = %+v of a game of %d moves, want julgonu's after %d", b, len(rec.Moves), tt.moves)
			}
			pos := must[string](t)(boardAfter(kit.Notation, rec.Start, rec.Moves[:tt.moves]))
			if b.Position != pos {
				t.Errorf("Position %q, want %q", b.Position, pos)
			}
			if tt.moves == 0 {
				if b.Before != "" || b.Move != "" {
					t.Errorf("a last move %q from %q before any move", b.Move, b.Before)
				}
				return
			}
			before := must[string](t)(boardAfter(kit.Notation, rec.Start, rec.Moves[:tt.moves-1]))
			if b.Before != before || b.Move != rec.Moves[tt.moves-1] {
				t.Errorf("last move %q from %q, want %q from %q", b.Move, b.Before, rec.Moves[tt.moves-1], before)
			}
		})
	}
}

// boardAfter is the position string after moves from start.
func boardAfter(n notation.Notation, start string, moves []string) (string, error) {
	p, err := n.ParsePosition(start)
	if err != nil {
		return "", err
	}
	for _, text := range moves {
		m, err := n.ParseMove(p, text)
		if err != nil {
			return "", err
		}
		if p, err = p.Play(m); err != nil {
			return "", err
		}
	}
	return n.FormatPosition(p), nil
}
