package picture

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	ngufuu "github.com/windpost/windpost/notation/gufuu"
	njulgonu "github.com/windpost/windpost/notation/julgonu"
	nmicroshogi "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/")

// notations reads positions and moves of each game for the tests.
func notations() map[string]notation.Notation {
	return map[string]notation.Notation{
		"gufuu":      ngufuu.Notation{},
		"microshogi": nmicroshogi.Notation{},
		"julgonu":    njulgonu.Notation{},
	}
}

// scene is a position to draw: a position string, the moves played from it
// (the last one is marked unless unmarked), and how to draw it.
type scene struct {
	name     string
	game     string
	from     string
	moves    string
	unmarked bool
	opts     Options
}

// setUp plays the scene's moves and returns the position and the options
// with the last move.
func (sc scene) setUp(t testing.TB) (rules.Position, Options) {
	t.Helper()
	n := notations()[sc.game]
	p, err := n.ParsePosition(sc.from)
	if err != nil {
		t.Fatal(err)
	}
	o := sc.opts
	for _, text := range strings.Fields(sc.moves) {
		m, err := n.ParseMove(p, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		before := p
		if p, err = p.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if !sc.unmarked {
			o.Last = Last{Before: before, Move: m}
		}
	}
	return p, o
}

const (
	gufuuStart      = "..../..../.... b"
	microshogiStart = "kbgs/p3/4/3P/SGBK b - 1"
	julgonuStart    = "wwww/4/4/bbbb b"
	// The designer's sample game, moves 1 to 9.
	gufuuSample = "K*1c>N K*2c>S W*1b>S S*2b>W Kx2b>E W-2a>W S*1a>E K:>W W-1b>N"
	// A Micro-shogi game with captures on both sides, pieces in both
	// hands and flipped faces on the board.
	microshogiGame = "G-4d B-2b G-4c B-1c Px1c=N G-1b Gx4b=R+ Kx4b"
)

func scenes() []scene {
	return []scene{
		{name: "gufuu-start", game: "gufuu", from: gufuuStart},
		{name: "gufuu-opening", game: "gufuu", from: gufuuStart, moves: "K*1c>N K*2c>S W*1b>S"},
		{name: "gufuu-capture", game: "gufuu", from: gufuuStart, moves: "K*1c>N K*2c>S W*1b>S S*2b>W Kx2b>E"},
		{name: "gufuu-sample", game: "gufuu", from: gufuuStart, moves: gufuuSample},
		{name: "gufuu-check", game: "gufuu", from: gufuuStart, moves: "K*2c>W K*1c>E W*2b>E S*2a>S K-1b>N S-1a>W+"},
		{name: "gufuu-mate", game: "gufuu", from: gufuuStart, moves: "K*1b>N K*1a>N W*2c>E S*1c>W Kx2c>E W*1b>S W-2a>W K-2b>EX"},
		{name: "gufuu-dark", game: "gufuu", from: gufuuStart, moves: gufuuSample, opts: Options{Theme: Dark}},
		{name: "microshogi-start", game: "microshogi", from: microshogiStart},
		{name: "microshogi-hands", game: "microshogi", from: microshogiStart, moves: microshogiGame},
		{name: "microshogi-check", game: "microshogi", from: "k3/4/2G1/4/3K b 2PBg 7", moves: "B*3b"},
		{name: "microshogi-dark", game: "microshogi", from: microshogiStart, moves: microshogiGame, opts: Options{Theme: Dark}},
		{name: "julgonu-start", game: "julgonu", from: julgonuStart},
		{name: "julgonu-capture", game: "julgonu", from: "1ww1/bw2/2b1/b3 b", moves: "c2-c3"},
		{name: "julgonu-double", game: "julgonu", from: "2bw/2w1/bw1b/w3 b", moves: "d2-c2"},
		{name: "julgonu-dark", game: "julgonu", from: "2bw/2w1/bw1b/w3 b", moves: "d2-c2", opts: Options{Theme: Dark}},
		// From White's side: the board turned half round.
		{name: "gufuu-capture-white", game: "gufuu", from: gufuuStart, moves: "K*1c>N K*2c>S W*1b>S S*2b>W Kx2b>E", opts: Options{Bottom: rules.White}},
		{name: "gufuu-check-white", game: "gufuu", from: gufuuStart, moves: "K*2c>W K*1c>E W*2b>E S*2a>S K-1b>N S-1a>W+", opts: Options{Bottom: rules.White}},
		{name: "microshogi-hands-white", game: "microshogi", from: microshogiStart, moves: microshogiGame, opts: Options{Bottom: rules.White}},
		{name: "microshogi-check-white", game: "microshogi", from: "k3/4/2G1/4/3K b 2PBg 7", moves: "B*3b", opts: Options{Bottom: rules.White}},
		{name: "julgonu-double-white", game: "julgonu", from: "2bw/2w1/bw1b/w3 b", moves: "d2-c2", opts: Options{Bottom: rules.White}},
		// One picture of each game at twice the width, for the README.
		{name: "sample-gufuu", game: "gufuu", from: gufuuStart, moves: gufuuSample, opts: Options{Width: 720}},
		{name: "sample-microshogi", game: "microshogi", from: microshogiStart, moves: microshogiGame, opts: Options{Width: 720}},
		{name: "sample-julgonu", game: "julgonu", from: "2bw/2w1/bw1b/w3 b", moves: "d2-c2", opts: Options{Width: 720}},
	}
}

// sceneNamed is the scene called name.
func sceneNamed(t testing.TB, name string) scene {
	t.Helper()
	for _, sc := range scenes() {
		if sc.name == name {
			return sc
		}
	}
	t.Fatalf("no scene %q", name)
	return scene{}
}

func TestGolden(t *testing.T) {
	for _, sc := range scenes() {
		t.Run(sc.name, func(t *testing.T) {
			p, o := sc.setUp(t)
			var buf bytes.Buffer
			if err := PNG(&buf, p, o); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", sc.name+".png")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := samePixels(got, want); err != nil {
				t.Errorf("%s: %v (look at it; go test -update rewrites the golden file)", path, err)
			}
		})
	}
}

// samePixels says where two images first differ.
func samePixels(got, want image.Image) error {
	if got.Bounds() != want.Bounds() {
		return fmt.Errorf("the picture is %v, the golden one %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := got.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return fmt.Errorf("pixel (%d, %d) is %v, the golden one %v", x, y, got.At(x, y), want.At(x, y))
			}
		}
	}
	return nil
}
