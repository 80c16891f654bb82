package varianttest

import (
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// TestGameTo: each game GameTo gives, read back by the notation and
// played from the start, is legal to the end and ends by the reason asked.
func TestGameTo(t *testing.T) {
	catalog := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for _, tc := range Ends() {
		kit, _ := catalog.Lookup(tc.Game)
		moves, err := GameTo(kit, tc.Reason, 3)
		if err != nil {
			t.Fatalf("%s: %v", tc.Game, err)
		}
		g := rules.NewGame(kit.Rules)
		for i, text := range moves {
			m, err := kit.Notation.ParseMove(g.Position(), text)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatalf("%s, move %d %s: %v", tc.Game, i+1, text, err)
			}
		}
		if got := g.Outcome(); !got.Over() || got.Reason != tc.Reason {
			t.Errorf("%s: the game ends %+v, want %s", tc.Game, got, tc.Reason)
		}
	}
}
