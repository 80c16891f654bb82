package microshogi

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	notation "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

func gameFrom(t *testing.T, pos string, moves ...string) *rules.Game {
	t.Helper()
	p, err := notation.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGameFrom(engine.Variant{}, p)
	for _, text := range moves {
		m, err := (notation.Notation{}).ParseMove(g.Position(), text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// A repetition on the path is a draw, or a loss for a side that checked
// with every move since the earlier occurrence.
func TestSearchRepetition(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []string
		want  int
	}{
		{"perpetual check by black, white to move", []string{"K-4a", "R-1a+", "K-4b", "R-1b+"}, perpetual},
		{"a quiet black move in the cycle", []string{"K-4a", "R-1c", "K-4b", "R-1b+"}, 0},
	} {
		g := gameFrom(t, "4/k2R/4/4/3K w - 1", c.moves...)
		s := newSearcher(10)
		s.reset(false)
		for _, rp := range g.Positions {
			q := rp.(engine.Position)
			s.push(&q, q.InCheck())
		}
		v, rep := s.repetition()
		if !rep || v != c.want {
			t.Errorf("%s: repetition() = %d, %v; want %d, true", c.name, v, rep, c.want)
		}
	}
}

// With history, the bot does not walk into the perpetual check it would
// lose: ahead by a rook, it plays on instead of repeating.
func TestBotAvoidsPerpetualCheckLoss(t *testing.T) {
	g := gameFrom(t, "4/k2R/4/4/3K w - 1", "K-4a", "R-1a+", "K-4b")
	bot := New(Options{Nodes: 50000, TableBits: 16})
	m, err := bot.Choose(context.Background(), g, solver.Strong, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if text := (notation.Notation{}).FormatMove(g.Position(), m); strings.HasPrefix(text, "R-1b") {
		t.Errorf("bot repeats with %s", text)
	}
}

func TestLevels(t *testing.T) {
	bot := New(Options{Nodes: 1000})
	if got := bot.Levels(); len(got) != 3 || got[0] != solver.Strong || got[1] != solver.Club || got[2] != solver.Casual {
		t.Errorf("levels %v", got)
	}
	g := rules.NewGame(engine.Variant{})
	_, err := bot.Choose(context.Background(), g, solver.Perfect, rand.New(rand.NewPCG(1, 2)))
	if err == nil || !strings.Contains(err.Error(), "strong, club and casual") {
		t.Errorf("perfect level: %v", err)
	}
	over := gameFrom(t, "k3/2S1/1G2/4/3K b P 1", "P*4b")
	if _, err := bot.Choose(context.Background(), over, solver.Strong, nil); err == nil {
		t.Error("a move in a finished game")
	}
	v, err := bot.Evaluate(context.Background(), over)
	if err != nil || v != (solver.Value{Kind: solver.Lost}) {
		t.Errorf("mated side's value %v, %v", v, err)
	}
}

// The same game and the same rng state give the same move; the node
// budget makes the search itself reproducible.
func TestDeterministic(t *testing.T) {
	g := gameFrom(t, "kbgs/p3/4/3P/SGBK b - 1", "P-1c", "P-4c")
	var first rules.Move
	for i := 0; i < 3; i++ {
		bot := New(Options{Nodes: 20000, TableBits: 14})
		m, err := bot.Choose(context.Background(), g, solver.Strong, rand.New(rand.NewPCG(5, 6)))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = m
		} else if m != first {
			t.Fatalf("run %d chose another move", i)
		}
	}
}

// Casual takes a win in one and avoids a loss in one.
func TestCasual(t *testing.T) {
	bot := New(Options{})
	rng := rand.New(rand.NewPCG(9, 9))
	g := gameFrom(t, "k3/2S1/1G2/4/3K b P 1")
	for i := 0; i < 20; i++ {
		m, err := bot.Choose(context.Background(), g, solver.Casual, rng)
		if err != nil {
			t.Fatal(err)
		}
		if q := g.Position().(engine.Position).After(m); q.CountMoves() != 0 {
			t.Fatalf("casual missed the win in one, played %s", (notation.Notation{}).FormatMove(g.Position(), m))
		}
	}
	// White to move, Black threatens P*4b mate: most white moves allow it.
	g = gameFrom(t, "k3/2S1/1G2/4/3K w Pp 1")
	p := g.Position().(engine.Position)
	unsafe := 0
	for _, m := range p.Generate(nil) {
		if winIn(p.After(m), 1) {
			unsafe++
		}
	}
	if unsafe < len(p.Generate(nil))/2 {
		t.Fatalf("test position: only %d of %d moves allow a win in one", unsafe, len(p.Generate(nil)))
	}
	for i := 0; i < 20; i++ {
		m, err := bot.Choose(context.Background(), g, solver.Casual, rng)
		if err != nil {
			t.Fatal(err)
		}
		if winIn(p.After(m), 1) {
			t.Fatalf("casual allows a win in one with %s", (notation.Notation{}).FormatMove(p, m))
		}
	}
}

func TestAnalysePV(t *testing.T) {
	bot := New(Options{Nodes: 30000, TableBits: 14})
	g := rules.NewGame(engine.Variant{})
	r, err := bot.Analyse(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.PV) == 0 || r.PV[0] != r.Move || r.Depth < 2 {
		t.Fatalf("result %+v", r)
	}
	// The PV is a line of legal moves.
	p := g.Position().(engine.Position)
	for _, m := range r.PV {
		if !p.Legal(m) {
			t.Fatalf("PV move %v is illegal", engine.Split(m))
		}
		p = p.After(m)
	}
}

// With KeepTables a search reuses the last one's work (fewer nodes to the
// same depth); Clear forgets it, and the search costs what it did at first.
func TestKeepTables(t *testing.T) {
	g := rules.NewGame(engine.Variant{})
	bot := New(Options{Nodes: 1 << 40, MaxDepth: 7, TableBits: 16, KeepTables: true})
	var nodes []int64
	for i := range 3 {
		if i == 2 {
			bot.Clear()
		}
		r, err := bot.Analyse(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, r.Nodes)
	}
	if nodes[1] >= nodes[0] || nodes[2] != nodes[0] {
		t.Errorf("nodes to depth 7: %v; want the second fewer, the third as the first", nodes)
	}
}

// checkingDrops finds only legal drops that give check, and among them the
// safe ones.
func TestCheckingDrops(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want int // at least so many
	}{
		{"k3/4/2K1/4/4 b SG 1", 2},
		{"2k1/4/4/1K2/4 b P 1", 1},
		{"kbgs/p3/4/3P/SGBK b - 1", 0},
	} {
		p := gameFrom(t, c.pos).Position().(engine.Position)
		got := checkingDrops(&p, nil)
		for _, m := range got {
			if !p.Legal(m) || !p.After(m).InCheck() {
				t.Errorf("%s: %s is not a legal checking drop", c.pos, (notation.Notation{}).FormatMove(p, m))
			}
		}
		if len(got) < c.want || (c.want == 0 && len(got) > 0) {
			t.Errorf("%s: %d checking drops, want at least %d", c.pos, len(got), c.want)
		}
	}
}
