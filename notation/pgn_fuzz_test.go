package notation_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/variants"
)

// FuzzReadPGN checks that the reader never panics, that what it reads is
// written back to text it reads the same, and that playing any record read
// (as Gufuu, and as Micro-shogi in Fairy-Stockfish's form) never panics.
func FuzzReadPGN(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "pgn", "*.pgn"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	for _, s := range []string{"", "*", "[", "{", "(", ";x}y\n1-0", "1. ... a4a3", "%x\n[a \"\\\"\"] 1.", "a b c 1/2-1/2 d"} {
		f.Add(s)
	}
	cat := variants.Default(variants.Options{CacheDir: f.TempDir()})
	gufuu, _ := cat.Lookup("gufuu")
	micro, _ := cat.Lookup("microshogi")
	f.Fuzz(func(t *testing.T, text string) {
		recs, _ := notation.ReadPGN(text) // the games before a broken tag
		var out strings.Builder
		for i := range recs {
			if recs[i].Result == "" {
				recs[i].Result = "*" // the writer writes a game's end
			}
			out.WriteString(recs[i].String())
			if len(recs[i].Moves) < 50 {
				notation.PlayPGN(gufuu.Rules, notation.OwnForm(gufuu.Rules, gufuu.Notation), recs[i])
				notation.PlayPGN(micro.Rules, microshogi.FairyForm(), recs[i])
			}
		}
		again, err := notation.ReadPGN(out.String())
		if err != nil || !slices.EqualFunc(again, recs, samePGN) {
			t.Errorf("read back %d games, %v:\n%#v\nwant\n%#v\nwritten\n%s", len(again), err, again, recs, out.String())
		}
	})
}
