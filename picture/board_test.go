package picture

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/rules/gufuu"
	"github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/rules/microshogi"
)

// The labels the pictures write are the ones the text boards write, in the
// same places: each text board's file line and its rank letters or digits.
func TestAxesAsTextBoards(t *testing.T) {
	tests := []struct {
		game   string
		start  string
		axes   axes
		bottom rules.Side
		// rank finds a rank line of the text board and its label.
		rank *regexp.Regexp
	}{
		{"gufuu", gufuuStart, gufuuAxes(), rules.Black, regexp.MustCompile(`^ ([a-z]) \|`)},
		{"microshogi", microshogiStart, microshogiAxes(), rules.Black, regexp.MustCompile(`\| ([a-z])$`)},
		{"julgonu", julgonuStart, julgonuAxes(), rules.Black, regexp.MustCompile(`^([0-9]) `)},
		{"gufuu", gufuuStart, gufuuAxes().from(rules.White), rules.White, regexp.MustCompile(`^ ([a-z]) \|`)},
		{"microshogi", microshogiStart, microshogiAxes().from(rules.White), rules.White, regexp.MustCompile(`\| ([a-z])$`)},
		{"julgonu", julgonuStart, julgonuAxes().from(rules.White), rules.White, regexp.MustCompile(`^([0-9]) `)},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.bottom.String(), func(t *testing.T) {
			n := notations()[tt.game]
			p, err := n.ParsePosition(tt.start)
			if err != nil {
				t.Fatal(err)
			}
			var files, ranks []string
			for _, line := range strings.Split(n.BoardFrom(p, tt.bottom), "\n") {
				if m := tt.rank.FindStringSubmatch(line); m != nil {
					ranks = append(ranks, m[1])
				} else if f := strings.Fields(line); files == nil && len(f) == len(tt.axes.files) && !strings.ContainsAny(line, "+|:") {
					files = f
				}
			}
			if !slices.Equal(files, tt.axes.files) {
				t.Errorf("the picture's files are %q, the text board's %q", tt.axes.files, files)
			}
			if !slices.Equal(ranks, tt.axes.ranks) {
				t.Errorf("the picture's ranks are %q, the text board's %q", tt.axes.ranks, ranks)
			}
		})
	}
}

// turned is g turned half round, for White's side.
func turned(g grid) grid {
	g.turned = true
	return g
}

// From White's side the square numbered i is drawn where the square
// numbered from the other corner is drawn from Black's: the top left
// square holds the bottom right one.
func TestTurnedGridMirrors(t *testing.T) {
	for _, g := range []grid{gufuuGrid(1), microshogiGrid(1)} {
		n := g.files * g.ranks
		for i := 0; i < n; i++ {
			if got, want := turned(g).squareAt(i), g.squareAt(n-1-i); got != want {
				t.Errorf("%dx%d: square %d from White's side at %v, want %v", g.files, g.ranks, i, got, want)
			}
		}
	}
}

// foreign is a position of no game windpost draws.
type foreign struct{ rules.Position }

func TestRefusals(t *testing.T) {
	jg := julgonu.Start()
	moved, err := jg.Play(julgonu.NewMove(julgonu.Square(0, 0), julgonu.Square(0, 1)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    rules.Position
		o    Options
		want string
		is   error
	}{
		{"another game", foreign{jg}, Options{}, "is not a position of a game windpost draws", nil},
		{"too narrow", jg, Options{Width: MinWidth - 1}, "a width of 239 pixels", nil},
		{"too wide", jg, Options{Width: MaxWidth + 1}, "a width of 1441 pixels", nil},
		{"negative width", jg, Options{Width: -360}, "a width of -360 pixels", nil},
		{"last move of another game", moved, Options{Last: Last{Before: microshogi.Start(), Move: 1}}, "the last move", rules.ErrForeignPosition},
		{"illegal last move", moved, Options{Last: Last{Before: jg, Move: julgonu.NewMove(0, 5)}}, "the last move", rules.ErrIllegal},
		{"last move elsewhere", moved, Options{Last: Last{Before: jg, Move: julgonu.NewMove(julgonu.Square(1, 0), julgonu.Square(1, 1))}}, "does not lead to the position drawn", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := Board(tt.p, tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Board = %v, %v; want an error saying %q", img, err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			if err := PNG(&bytes.Buffer{}, tt.p, tt.o); err == nil {
				t.Error("PNG drew what Board refused")
			}
		})
	}
}

// maxPNG is the size budget of one picture at the default width.
const maxPNG = 60 << 10

// Every position of a few random games draws, with its last move marked,
// in both themes, and within the size budget; a picture has the default
// width and a height that does not change in the game.
func TestRandomGames(t *testing.T) {
	games := []rules.Variant{gufuu.Variant{}, microshogi.Variant{}, julgonu.Variant{}}
	plies, rounds := 50, 2
	if testing.Short() {
		plies, rounds = 20, 1
	}
	for _, v := range games {
		t.Run(v.Name(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(11, uint64(len(v.Name()))))
			height, largest := 0, 0
			for round := 0; round < rounds; round++ {
				positions := []rules.Position{v.Start()}
				var o Options
				for ply := 0; ply <= plies; ply++ {
					p := positions[len(positions)-1]
					o.Theme = Theme(ply % 2)
					var buf bytes.Buffer
					if err := PNG(&buf, p, o); err != nil {
						t.Fatalf("ply %d: %v", ply, err)
					}
					largest = max(largest, buf.Len())
					if buf.Len() > maxPNG {
						t.Errorf("ply %d: the PNG has %d bytes, more than %d", ply, buf.Len(), maxPNG)
					}
					img, err := png.Decode(&buf)
					if err != nil {
						t.Fatalf("ply %d: %v", ply, err)
					}
					if height == 0 {
						height = img.Bounds().Dy()
					}
					if b := img.Bounds(); b.Dx() != DefaultWidth || b.Dy() != height {
						t.Fatalf("ply %d: the picture is %v, want %d by %d", ply, b, DefaultWidth, height)
					}
					moves := v.LegalMoves(positions)
					if len(moves) == 0 {
						break
					}
					m := moves[r.IntN(len(moves))]
					next, err := p.Play(m)
					if err != nil {
						t.Fatal(err)
					}
					positions = append(positions, next)
					o.Last = Last{Before: p, Move: m}
				}
			}
			t.Logf("largest PNG: %d bytes", largest)
		})
	}
}

// Pictures drawn at once from several goroutines are the pictures drawn
// one by one: the fonts are shared, nothing else is.
func TestConcurrent(t *testing.T) {
	sc := scenes()
	want := make([][]byte, len(sc))
	for i, s := range sc {
		p, o := s.setUp(t)
		var buf bytes.Buffer
		if err := PNG(&buf, p, o); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.Bytes()
	}
	errs := make(chan error, len(sc))
	for i, s := range sc {
		p, o := s.setUp(t)
		go func() {
			var buf bytes.Buffer
			err := PNG(&buf, p, o)
			if err == nil && !bytes.Equal(buf.Bytes(), want[i]) {
				err = errors.New(s.name + ": drawn at once with others, the PNG differs")
			}
			errs <- err
		}()
	}
	for range sc {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// The line under each board says whose turn it is, and a check, a mate or
// the forced drop of Gufuu's opening.
func TestCaptions(t *testing.T) {
	tests := []struct {
		game, position, want string
	}{
		{"gufuu", gufuuStart, "Black to move: drop his king"},
		{"gufuu", "kw../Kn../We.. w o", "White to move: drop the Storm"},
		{"gufuu", "..../KeWs/ks.. w", "White to move"},
		{"gufuu", "WwSe/Ke../kw.. b", "Black to move"},
		{"gufuu", "kn../SeKn/.... w", "White is checkmated"},
		{"gufuu", "WeKn/ks../..Ss b", "Black to move, in check"},
		{"microshogi", microshogiStart, "Black to move (move 1)"},
		{"microshogi", "k3/1B2/2G1/4/3K w - 8", "White to move (move 8), in check"},
		{"microshogi", "k3/1G2/1G2/4/3K w BSSPPb 10", "White is checkmated (move 10)"},
		{"julgonu", julgonuStart, "Black to move. Stones: Black 4, White 4"},
		{"julgonu", "1ww1/b3/4/b3 w", "White to move. Stones: Black 2, White 2"},
	}
	for _, tt := range tests {
		t.Run(tt.position, func(t *testing.T) {
			p, err := notations()[tt.game].ParsePosition(tt.position)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			switch x := p.(type) {
			case gufuu.Position:
				got = gufuuCaption(x.P)
			case microshogi.Position:
				got = microshogiCaption(x)
			case julgonu.Position:
				got = julgonuCaption(x)
			}
			if got != tt.want {
				t.Errorf("caption %q, want %q", got, tt.want)
			}
		})
	}
}

// A marked move changes the picture only on the squares it left and
// reached (the drawn pieces are the same), and on both.
func TestMarkOnlyTheMovesSquares(t *testing.T) {
	tests := []struct {
		scene  string
		grid   grid
		marked []int // the squares marked, numbered as the engine does
	}{
		{"gufuu-capture", gufuuGrid(1), []int{int(gufuu.Sq2b), int(gufuu.Sq1c)}},
		{"gufuu-opening", gufuuGrid(1), []int{int(gufuu.Sq1b)}},
		{"microshogi-hands", microshogiGrid(1), []int{0, 4}},
		{"microshogi-check", microshogiGrid(1), []int{5}},
		// From White's side the same squares are marked where the
		// board turned half round puts them.
		{"gufuu-capture-white", turned(gufuuGrid(1)), []int{int(gufuu.Sq2b), int(gufuu.Sq1c)}},
		{"microshogi-hands-white", turned(microshogiGrid(1)), []int{0, 4}},
		{"microshogi-check-white", turned(microshogiGrid(1)), []int{5}},
	}
	for _, tt := range tests {
		t.Run(tt.scene, func(t *testing.T) {
			p, o := sceneNamed(t, tt.scene).setUp(t)
			marked, err := Board(p, o)
			if err != nil {
				t.Fatal(err)
			}
			o.Last = Last{}
			plain, err := Board(p, o)
			if err != nil {
				t.Fatal(err)
			}
			var inside []image.Rectangle
			changed := make([]bool, len(tt.marked))
			for _, sq := range tt.marked {
				inside = append(inside, tt.grid.squareAt(sq))
			}
			b := plain.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if marked.At(x, y) == plain.At(x, y) {
						continue
					}
					k := slices.IndexFunc(inside, func(r image.Rectangle) bool { return image.Pt(x, y).In(r) })
					if k < 0 {
						t.Fatalf("pixel (%d, %d) changed, outside the marked squares", x, y)
					}
					changed[k] = true
				}
			}
			for k, ok := range changed {
				if !ok {
					t.Errorf("square %d is not marked", tt.marked[k])
				}
			}
		})
	}
}
