package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayPGN: replay reads PGN files (the hand-written fixtures of
// package notation), reports each game of a file, names the first illegal
// move with the legal moves in the file's own notation, and checks the
// result and the Variant tag.
func TestReplayPGN(t *testing.T) {
	fixture := func(name string) string { return filepath.Join("..", "..", "notation", "testdata", "pgn", name) }
	for _, tt := range []struct {
		game, file string
		code       int
		want       []string
	}{
		{"gufuu", "gufuu-by-hand.pgn", 0, []string{"ok: 14 moves; white wins by checkmate\n"}},
		{"julgonu", "julgonu-two-games.pgn", 0, []string{"Game 1 (the bot - black40@example.org):\n", "ok: 20 moves\n",
			"Game 2 (the bot - black40@example.org):\n", "ok: 6 moves; black wins by timeout\n"}},
		{"micro", "micro-fairy.pgn", 0, []string{"Game 1 (black1@example.org - the bot, g001):\n", "ok: 21 moves; black wins by checkmate\n", "ok: 15 moves; black wins by checkmate\n"}},
		{"gufuu", "gufuu-pairs-resigned.pgn", 0, []string{"ok: 10 moves; black wins by resignation\n"}},
		{"gufuu", "gufuu-by-ply-resigned.pgn", 0, []string{"ok: 10 moves; white wins by resignation\n"}},
		{"gufuu", "gufuu-illegal.pgn", 1, []string{"not ok: move 5 (K-3c): there is no square 3c", "Legal moves for move 5: "}},
		{"gufuu", "gufuu-wrong-result.pgn", 1, []string{"not ok: the result does not match the moves: the moves end the game (white wins by checkmate), but the result is 0-1\n"}},
		{"gufuu", "unclosed-tag.pgn", 1, []string{"not ok: line 2: tag White: no ] after the value\n"}},
		{"gufuu", "julgonu-two-games.pgn", 1, []string{"not ok: a record of julgonu, not of gufuu\n", "not ok: a record of gonu, not of gufuu\n"}},
	} {
		out, errOut, code := leadRun(t, "", "replay", tt.game, fixture(tt.file))
		if code != tt.code {
			t.Errorf("replay %s %s: code %d, want %d; %s\n%s", tt.game, tt.file, code, tt.code, errOut, out)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("replay %s %s: output lacks %q:\n%s", tt.game, tt.file, w, out)
			}
		}
	}
}

// TestReplayFairyLegalMoves: in a file of Fairy-Stockfish's form, the
// legal moves after an illegal one are listed as UCI moves.
func TestReplayFairyLegalMoves(t *testing.T) {
	out, _, code := leadRun(t, "[Variant \"micro\"]\n\n1. a1a2 a1a1 *\n", "replay", "microshogi", "-")
	if code != 1 || !strings.Contains(out, "not ok: move 2 (a1a1)") || !strings.Contains(out, "Legal moves for move 2: ") ||
		!strings.Contains(out, " b5d3") {
		t.Errorf("code %d:\n%s", code, out)
	}
}
