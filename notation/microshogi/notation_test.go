package microshogi

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation/internal/notationtest"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

func mustPos(t testing.TB, s string) engine.Position {
	return notationtest.MustPosition[engine.Position](t, Notation{}, s)
}

func TestFormatMove(t *testing.T) {
	for _, c := range []struct {
		pos   string
		moves map[string]string // coordinate form: the move as written
	}{
		{"kbgs/p3/4/3P/SGBK b - 1", map[string]string{"1d1c": "P-1c", "2e4c": "B-4c"}},
		{"kbgs/p3/4/3P/SGBK w - 1", map[string]string{"4b4c": "P-4c"}},
		{"k3/4/p3/4/1B1K b - 1", map[string]string{"3e4d": "B-4d"}},
		{"1k2/3s/4/3B/3K b - 1", map[string]string{"1d2c": "B-2c"}},
		{"k3/p3/4/1B2/3K b - 1", map[string]string{"3d4c": "B-4c"}},
		{"k3/2S1/1G2/4/3K b P 1", map[string]string{"P*4b": "P*4b#", "N*2c": "N*2c"}},
		{"k3/4/1t2/1R2/3K b - 1", map[string]string{"3d3c": "Rx3c=G"}},
		{"k3/4/4/GpG1/3K b - 1", map[string]string{"4d3d": "G4dx3d=R"}},
		{"k3/4/4/G1G1/3K b - 1", map[string]string{"4d3d": "G4d-3d", "4d4c": "G-4c"}},
		{"1k2/4/4/4/R2K b - 1", map[string]string{"4e4a": "R-4a+"}},
	} {
		p := mustPos(t, c.pos)
		for move, want := range c.moves {
			if got := (Notation{}).FormatMove(p, coord(t, p, move)); got != want {
				t.Errorf("%s %s: %q, want %q", c.pos, move, got, want)
			}
		}
	}
}

// coord reads a move in coordinate form with the engine's own moves, so
// that FormatMove's test does not depend on ParseMove.
func coord(t *testing.T, p engine.Position, s string) rules.Move {
	t.Helper()
	for _, m := range p.Generate(nil) {
		mp := engine.Split(m)
		var text string
		if mp.Drop {
			text = Letter(mp.Face) + "*" + Square(mp.To)
		} else {
			text = Square(mp.From) + Square(mp.To)
		}
		if text == s {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s", FormatPosition(p), s)
	return 0
}

func TestParseMove(t *testing.T) {
	for _, c := range []struct {
		pos, in string
		move    string // the move read, in coordinate form (1d1c, P*4b)
		err     string // or, if it is refused, a part of the refusal
	}{
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1c", "1d1c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", "p-1C", "1d1c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", " P - 1 c ", "1d1c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", "1d1c", "1d1c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", "1d-1c", "1d1c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", "P1d-1c", "1d1c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", "P1c", "1d1c", ""},
		{"k3/2S1/1G2/4/3K b P 1", "P*4b", "P*4b", ""},
		{"k3/2S1/1G2/4/3K b P 1", "P*4b#", "P*4b", ""},
		{"k3/2S1/1G2/4/3K b P 1", "P*4b+", "P*4b", ""},
		{"k3/2S1/1G2/4/3K b P 1", "n*2c", "N*2c", ""},
		{"k3/2S1/1G2/4/3K b P 1", "N2c", "N*2c", ""},
		{"k3/4/1t2/1R2/3K b - 1", "Rx3c", "3d3c", ""},
		{"k3/4/1t2/1R2/3K b - 1", "Rx3c=G", "3d3c", ""},
		{"k3/4/1t2/1R2/3K b - 1", "R x 3c = g", "3d3c", ""},
		{"k3/4/1t2/1R2/3K b - 1", "3dx3c", "3d3c", ""},
		{"k3/4/4/G1G1/3K b - 1", "G4d-3d", "4d3d", ""},
		{"k3/4/4/G1G1/3K b - 1", "G2d-3d", "2d3d", ""},
		{"1k2/4/4/4/R2K b - 1", "R-4a+", "4e4a", ""},
		{"kbgs/p3/4/3P/SGBK w - 1", "P-4c", "4b4c", ""},
		{"kbgs/p3/4/3P/SGBK b - 1", "", "", "no move given"},
		{"kbgs/p3/4/3P/SGBK b - 1", "hello", "", "cannot read"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1c=Q", "", "cannot read"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1c=X", "", "cannot read"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-5c", "", "not a square"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1f", "", "not a square"},
		{"kbgs/p3/4/3P/SGBK b - 1", "1c", "", "name the piece"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1b", "", "no pawn of yours can go to 1b"},
		{"kbgs/p3/4/3P/SGBK b - 1", "R-1b", "", "you have no rook on the board"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P*2c", "", "no pawn/knight in hand"},
		{"kbgs/p3/4/3P/SGBK b - 1", "K*2c", "", "cannot be dropped"},
		{"kbgs/p3/4/3P/SGBK b - 1", "G-2e", "", "your own bishop stands on 2e"},
		{"kbgs/p3/4/3P/SGBK b - 1", "S3e-3d", "", "the piece on 3e is a gold, not a silver"},
		{"kbgs/p3/4/3P/SGBK b - 1", "2c1c", "", "2c is empty"},
		{"kbgs/p3/4/3P/SGBK b - 1", "4b4c", "", "your opponent's"},
		{"kbgs/p3/4/3P/SGBK b - 1", "Px1c", "", "1c is empty, so this is no capture; write P-1c"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1c+", "", "does not give check; write P-1c"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P-1c=N", "", "only a capture flips"},
		{"kbgs/p3/4/3P/SGBK b - 1", "P1d*1c", "", "a drop has no origin"},
		{"k3/4/1t2/1R2/3K b - 1", "R-3c", "", "takes the tokin on 3c: write Rx3c=G"},
		{"k3/4/1t2/1R2/3K b - 1", "Rx3c=R", "", "turns into a gold, not a rook"},
		{"k3/4/4/G1G1/3K b - 1", "G-3d", "", "ambiguous: which gold? write G4d-3d or G2d-3d"},
		{"k3/4/4/G3/3K b G 1", "G4c", "", "ambiguous: which gold? write G4d-4c or G*4c"},
		{"k3/4/1r2/1G2/1K2 b - 1", "G-4d", "", "would leave your king in check"},
		{"k3/4/4/3r/3K b G 1", "G*3c", "", "your king is in check and G*3c does not get it out"},
		{"k3/2S1/1G2/4/3K b P 1", "P*3b#", "", "is not mate"},
		{"1k2/4/4/4/R2K b - 1", "R-4a#", "", "gives check but not mate"},
		{"k3/2S1/1G2/4/3K b P 1", "P*3c", "", "3c is occupied"},
		{"k3/4/4/4/3K b P 1", "P-3c", "", "to drop one from your hand write P*3c"},
	} {
		p := mustPos(t, c.pos)
		m, err := (Notation{}).ParseMove(p, c.in)
		switch {
		case c.move == "":
			notationtest.ErrorMentions(t, c.pos+" "+c.in, err, c.err)
		case err != nil:
			t.Errorf("%s %q: %v", c.pos, c.in, err)
		case m != coord(t, p, c.move):
			t.Errorf("%s %q: got %s, want %s", c.pos, c.in, (Notation{}).FormatMove(p, m), c.move)
		}
	}
	_, err := (Notation{}).ParseMove(mustPos(t, "kbgs/p3/4/3P/SGBK b - 1"), "P-1b")
	if !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("an illegal move's error does not wrap rules.ErrIllegal: %v", err)
	}
}

// Along random games every legal move reads back from its own text, from
// its coordinate form and in lower case, and every position string reads
// back to the same position.
func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	n := Notation{}
	for g := 0; g < 100; g++ {
		p := engine.Start()
		for ply := 0; ply < 80; ply++ {
			s := FormatPosition(p)
			q, err := ParsePosition(s)
			if err != nil || q.Key() != p.Key() || q.MoveNumber() != p.MoveNumber() || FormatPosition(q) != s {
				t.Fatalf("position %q does not round-trip: %v", s, err)
			}
			ms := p.Generate(nil)
			if len(ms) == 0 {
				break
			}
			for _, m := range ms {
				text := n.FormatMove(p, m)
				for _, in := range []string{text, strings.ToLower(text), longForm(p, m)} {
					got, err := n.ParseMove(p, in)
					if err != nil || got != m {
						t.Fatalf("%s: %q reads as %v, %v", s, in, got, err)
					}
				}
				if mp := engine.Split(m); !mp.Drop {
					got, err := n.ParseMove(p, Square(mp.From)+Square(mp.To))
					if err != nil || got != m {
						t.Fatalf("%s: coordinate form of %q: %v", s, text, err)
					}
				}
			}
			p = p.After(ms[rng.IntN(len(ms))])
		}
	}
}

func FuzzParseMove(f *testing.F) {
	positions := []string{"kbgs/p3/4/3P/SGBK b - 1", "k3/2S1/1G2/4/3K b P 1", "k3/4/4/G3/3K b G 1", "k3/4/1t2/1R2/3K w 2Pb 17"}
	for _, s := range []string{"P-1c", "Bx4c=T", "G3e-3d", "N*2b", "1d1c", "P*1c+", "g4dx3d=r#", "", "=", "x", "**", "9z9z"} {
		f.Add(uint8(0), s)
		f.Add(uint8(2), s)
	}
	f.Add(uint8(0), "\u200f1.\u00a0p\u2212 1C\u200b")
	n := Notation{}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		notationtest.ParseMoveProperty(t, n, mustPos(t, positions[int(which)%len(positions)]), text)
	})
}

func TestExampleNeverLegal(t *testing.T) {
	notationtest.ExampleNeverLegal(t, Notation{}, engine.Variant{}.Start())
}
