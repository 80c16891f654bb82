package microshogi

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// What Fairy-Stockfish 11.1 (Debian's fairy-stockfish, UCI_Variant micro)
// printed with "position startpos moves ...", "d" and "go perft 1"; its
// half-move clocks are written as 0 here, since windpost keeps none.
var fsfVectors = []struct {
	moves string // from the start
	fen   string
	legal string // sorted
}{
	{"", "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1",
		"a1a2 a1b2 b1a2 b1b2 b1c2 c1a3 c1b2 d1c2 d2d3"},
	{"d2d3 a4a3 d3d4", "kb+r+l/3P/p3/4/+L+RBK[] b - - 0 2",
		"a3a2 a5a4 a5b4 b5a4 b5c4 b5d3 c5b4 c5c4 c5d4- d5c4 d5d4-"},
	{"d2d3 a4a3 d3d4 d5d4-", "kb+r1/3l/p3/4/+L+RBK[p] w - - 0 3", "c1d2 d1c2"},
	{"d2d3 a4a3 d3d4 d5d4- d1c2", "kb+r1/3l/p3/2K1/+L+RB1[p] b - - 0 3",
		"+P@a2 +P@a4 +P@b2 +P@b3 +P@b4 +P@c3 +P@c4 +P@d1 +P@d2 +P@d3 +P@d5 " +
			"P@a2 P@a4 P@b2 P@b3 P@b4 P@c3 P@c4 P@d1 P@d2 P@d3 P@d5 " +
			"a3a2 a5a4 a5b4 b5a4 b5c4 b5d3 c5b4 c5c4 c5d5 d4d1 d4d2 d4d3"},
	{"d2d3 a4a3 d3d4 c5b4", "kb1+l/1+r1P/p3/4/+L+RBK[] w - - 0 3",
		"a1a2 a1b2 b1a2 b1b2 b1c2 c1a3+ c1b2 c1d2 d1c2 d1d2 d4d5+"},
}

func TestFSFVectors(t *testing.T) {
	for _, v := range fsfVectors {
		p := engine.Start()
		for _, w := range strings.Fields(v.moves) {
			m, err := ParseUCIMove(p, w)
			if err != nil {
				t.Fatalf("%q: %v", v.moves, err)
			}
			p = p.After(m)
		}
		if got := FormatFEN(p); got != v.fen {
			t.Errorf("after %q: FEN %q, Fairy-Stockfish says %q", v.moves, got, v.fen)
		}
		if got := legalUCI(p); got != v.legal {
			t.Errorf("after %q: moves\n%s\nFairy-Stockfish:\n%s", v.moves, got, v.legal)
		}
	}
}

func legalUCI(p engine.Position) string {
	var ws []string
	for _, m := range p.Generate(nil) {
		ws = append(ws, FormatUCIMove(p, m))
	}
	slices.Sort(ws)
	return strings.Join(ws, " ")
}

// randomGames plays n random games of up to 200 plies (repetitions
// aside) from a fixed seed and returns every position of them.
func randomGames(n int, seed uint64) []engine.Position {
	rng := rand.New(rand.NewPCG(seed, 12))
	var out []engine.Position
	for range n {
		p := engine.Start()
		ms := p.Generate(nil)
		for ply := 0; ply < 200 && len(ms) > 0; ply++ {
			out = append(out, p)
			p = p.After(ms[rng.IntN(len(ms))])
			ms = p.Generate(nil)
		}
		out = append(out, p)
	}
	return out
}

// On every position of 300 random games the FEN reads back to the same
// position and every legal move reads back from its text (and from the
// text without its flip mark); no two moves share a text.
func TestFENAndMovesRoundTrip(t *testing.T) {
	ps := randomGames(300, 1)
	if len(ps) < 10000 {
		t.Fatalf("only %d positions", len(ps))
	}
	for _, p := range ps {
		fen := FormatFEN(p)
		q, err := ParseFEN(fen)
		if err != nil || q.Key() != p.Key() || q.MoveNumber() != p.MoveNumber() {
			t.Fatalf("FEN %q (%s) reads back as %s, %v", fen, FormatPosition(p), FormatPosition(q), err)
		}
		seen := map[string]bool{}
		for _, m := range p.Generate(nil) {
			w := FormatUCIMove(p, m)
			if seen[w] {
				t.Fatalf("%s: two moves written %q", fen, w)
			}
			seen[w] = true
			for _, in := range []string{w, strings.TrimRight(w, "+-")} {
				if got, err := ParseUCIMove(p, in); err != nil || got != m {
					t.Fatalf("%s: %q reads as %v, %v", fen, in, got, err)
				}
			}
		}
	}
}

func TestParseFENForms(t *testing.T) {
	start := FormatPosition(engine.Start())
	for _, s := range []string{
		FENStart,
		"kb+r+l/p3/4/3P/+L+RBK[-] w 0 1",
		"kb+r+l/p3/4/3P/+L+RBK[] w",
		"kb+r+l/p3/4/3P/+L+RBK[] w - - 17 1",
	} {
		p, err := ParseFEN(s)
		if err != nil || FormatPosition(p) != start {
			t.Errorf("%q reads as %s, %v", s, FormatPosition(p), err)
		}
	}
	p, err := ParseFEN("k3/4/4/4/3K[LPRBlprb] b - - 0 6")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := FormatPosition(p), "k3/4/4/4/3K w BGSPbgsp 12"; got != want {
		t.Errorf("hands read as %q, want %q", got, want)
	}
}

func TestParseFENErrors(t *testing.T) {
	for _, s := range []string{
		"",
		"kb+r+l/p3/4/3P/+L+RBK w 0 1",          // no hands
		"kb+r+l/p3/4/3P[] w 0 1",               // four ranks
		"kb+r+l/p3/5/3P/+L+RBK[] w 0 1",        // five files
		"kb+r+l/p3/4/3P/+L+RB[] w 0 1",         // three squares
		"kb+r+l/p3/4/3P/+L+RBK+[] w 0 1",       // dangling +
		"kb+r+l/p3/4/3Q/+L+RBK[] w 0 1",        // no queens
		"kb+r+l/p3/4/3P/+L+RBK[G] w 0 1",       // gold is +R on the board, R in hand
		"kb+r+l/p3/4/3P/+L+RBK[] x 0 1",        // side
		"kb+r+l/p3/4/3P/+L+RBK[] w 0 0",        // move number
		"kb+r+l/p3/4/3P/+L+RBK[PPP] w 0 1",     // three pawns
		"k3/4/4/4/3K[] w - - 0",                // clock without move number
		"kb+r+l/p3/4/3P/+L+RB+K[] w - - 0 1",   // promoted king
		"k3/R3/4/4/3K[] w - - 0 1",             // White in check, Black to move
		"k3/4/4/4/3K[] w - - 0 1 extra fields", // too many fields
	} {
		if p, err := ParseFEN(s); err == nil {
			t.Errorf("%q reads as %s", s, FormatPosition(p))
		}
	}
}

func TestParseUCIMoveErrors(t *testing.T) {
	p := engine.Start()
	for _, c := range []struct {
		text    string
		illegal bool // well formed, but no legal move
	}{
		{"", false}, {"d2", false}, {"d2d3d4", false}, {"e2e3", false}, {"d2d6", false},
		{"d2d3++", false}, {"K@b3", false}, {"Q@b3", false}, {"P@e3", false}, {"@b3", false},
		{"d2d4", true}, {"P@b3", true}, {"d2d3+", true}, {"c1d2", true},
	} {
		_, err := ParseUCIMove(p, c.text)
		if err == nil {
			t.Errorf("%q was read", c.text)
			continue
		}
		if got := errors.Is(err, rules.ErrIllegal); got != c.illegal {
			t.Errorf("%q: %v: wraps ErrIllegal %v, want %v", c.text, err, got, c.illegal)
		}
	}
}
