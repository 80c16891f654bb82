package games

import "testing"

// Micro-shogi offers the club level; a game without it refuses it and
// names the levels it has.
func TestClubLevel(t *testing.T) {
	h, _ := gufuuHarness(t)
	for _, tc := range []struct{ line, want string }{
		{"new gufuu level club", "Refused: the bot does not play at level club in this game; it plays perfect, strong, casual."},
		{"new julgonu club", "Refused: the bot does not play at level club in this game; it plays perfect, strong, casual."},
		{"new micro as black level club", "You play black against the bot (level club)"},
		{"help levels", "\"level club\" (Micro-shogi) looks only a few moves ahead"},
		{"new micro level club rated", "The game is rated: the bot counts as a fixed rating of 1500 (±100)."},
	} {
		wantText(t, only(t, h.write(t, alice, tc.line), alice), tc.want)
	}
}
