package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	fen "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/uci"
)

// fake is a scripted UCI engine: move names its answer to "go" in the
// game it was given; "" hangs, "crash" ends its output.
type fake struct {
	name   string
	move   func(g *rules.Game) string
	starts *int
	gos    *[]string // if not nil, the "go" lines it was sent
}

func (f fake) player() Player {
	return Player{Name: f.name, Start: func(context.Context) (*uci.Client, error) {
		*f.starts++
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go f.serve(inR, outW)
		return uci.NewClient(inW, outR), nil
	}}
}

// serve answers on the pipes; when it ends, both close, as a process's
// would.
func (f fake) serve(in *io.PipeReader, out *io.PipeWriter) {
	defer in.Close()
	defer out.Close()
	sc := bufio.NewScanner(in)
	var g *rules.Game
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		switch w[0] {
		case "uci":
			fmt.Fprintf(out, "id name %s\nuciok\n", f.name)
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "position":
			g = rules.NewGame(engine.Variant{})
			for _, m := range w[min(len(w), 3):] {
				if err := uci.Play(g, m); err != nil {
					panic(err)
				}
			}
		case "go":
			if f.gos != nil {
				*f.gos = append(*f.gos, sc.Text())
			}
			switch m := f.move(g); m {
			case "":
			case "crash":
				return
			default:
				fmt.Fprintf(out, "info depth 3 score cp 0 nodes 100 pv %s\nbestmove %s\n", m, m)
			}
		case "quit":
			return
		}
	}
}

func nth(i int) func(g *rules.Game) string {
	return func(g *rules.Game) string {
		ms := g.LegalMoves()
		p, _ := rules.As[engine.Position](g.Position())
		return fen.FormatUCIMove(p, ms[min(i, len(ms)-1)])
	}
}

// greedy mates if it can, else captures if it can, else plays the first
// move.
func greedy(g *rules.Game) string {
	p, _ := rules.As[engine.Position](g.Position())
	ms := g.LegalMoves()
	best := ms[0]
	for _, m := range ms {
		if p.After(m).CountMoves() == 0 {
			return fen.FormatUCIMove(p, m)
		}
		if p.Captured(m) != engine.NoFace && p.Captured(best) == engine.NoFace {
			best = m
		}
	}
	return fen.FormatUCIMove(p, best)
}

func says(w string) func(*rules.Game) string { return func(*rules.Game) string { return w } }

var testOpenings = [][]string{{"d2d3", "a4a3"}, {"b1c2"}, {"c1b2", "b5c4"}}

// replay checks that the game's moves are legal and that its reason is
// the rules' (or the move limit).
func replay(t *testing.T, g Game, maxPlies int) {
	t.Helper()
	game := rules.NewGame(engine.Variant{})
	for _, w := range g.Moves {
		if err := uci.Play(game, w); err != nil {
			t.Fatalf("game %d: %v", g.Number, err)
		}
	}
	o := game.Outcome()
	switch {
	case o.Over():
		if g.Reason != string(o.Reason) {
			t.Errorf("game %d: reason %q, the rules say %q", g.Number, g.Reason, o.Reason)
		}
		// Black moves first; the first engine is Black when AFirst.
		want := 0.5
		if o.Status == rules.Win {
			want = 0
			if (o.Winner == rules.Black) == g.AFirst {
				want = 1
			}
		}
		if g.Points != want {
			t.Errorf("game %d: %v points, want %v (%v)", g.Number, g.Points, want, o)
		}
	case g.Reason == "move limit":
		if n := len(g.Moves) - len(testOpenings[g.Opening]); n != maxPlies || g.Points != 0.5 {
			t.Errorf("game %d: move limit after %d plies, %v points", g.Number, n, g.Points)
		}
	}
}

func TestRun(t *testing.T) {
	for _, c := range []struct {
		name       string
		a, b       func(*rules.Game) string
		maxPlies   int
		score      Score
		reason     string // of every game, if not ""
		stats      Stats  // the second engine's faults
		starts     [2]int // how often each engine was started
		consistent bool   // replay every game
	}{
		{name: "full games", a: greedy, b: nth(1), score: Score{3, 3, 0}, consistent: true, starts: [2]int{1, 1}},
		{name: "move limit", a: nth(0), b: nth(0), maxPlies: 3, score: Score{0, 6, 0}, reason: "move limit", starts: [2]int{1, 1}, consistent: true},
		{name: "timeout", a: nth(0), b: says(""), score: Score{6, 0, 0}, reason: "B: timeout", stats: Stats{Timeouts: 6}, starts: [2]int{1, 6}},
		{name: "crash", a: nth(0), b: says("crash"), score: Score{6, 0, 0}, reason: "B: crash (engine B: waiting for bestmove: the engine's output ended)", stats: Stats{Crashes: 6}, starts: [2]int{1, 6}},
		{name: "illegal", a: nth(0), b: says("d2d4"), score: Score{6, 0, 0}, reason: "B: illegal move d2d4", stats: Stats{Illegal: 6}, starts: [2]int{1, 6}},
		{name: "no move", a: says("(none)"), b: nth(0), score: Score{0, 0, 6}, reason: "A: illegal move (none)", starts: [2]int{6, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var aStarts, bStarts int
			var games []Game
			cfg := Config{Openings: testOpenings, MoveTime: 10 * time.Millisecond, Grace: 100 * time.Millisecond, MaxPlies: c.maxPlies,
				Played: func(g Game, _ Result) { games = append(games, g) }}
			res, err := Run(context.Background(), cfg, fake{name: "A", move: c.a, starts: &aStarts}.player(), fake{name: "B", move: c.b, starts: &bStarts}.player())
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 6 || res.Score.Games() != 6 {
				t.Fatalf("%d games, score %+v", len(games), res.Score)
			}
			if c.score != (Score{}) && res.Score != c.score {
				t.Errorf("score %+v, want %+v", res.Score, c.score)
			}
			for i, g := range games {
				if g.AFirst != (i%2 == 0) || g.Opening != i/2 || g.Number != i+1 {
					t.Errorf("game %d: opening %d, A first %v", g.Number, g.Opening, g.AFirst)
				}
				if c.reason != "" && g.Reason != c.reason {
					t.Errorf("game %d: %q, want %q", g.Number, g.Reason, c.reason)
				}
				if c.consistent {
					replay(t, g, cfg.maxPlies())
				}
				t.Logf("game %d: %v points, %s, %d plies", g.Number, g.Points, g.Reason, len(g.Moves))
			}
			b := res.Stats[1]
			if b.Timeouts != c.stats.Timeouts || b.Crashes != c.stats.Crashes || b.Illegal != c.stats.Illegal {
				t.Errorf("B's faults %+v, want %+v", b, c.stats)
			}
			if got := [2]int{aStarts, bStarts}; got != c.starts {
				t.Errorf("started A and B %v times, want %v", got, c.starts)
			}
			if a := res.Stats[0]; a.Moves > 0 && (a.MedianDepth() != 3 || a.Nodes != int64(100*a.Moves)) {
				t.Errorf("A's stats %+v", a)
			}
		})
	}
}

// With Nodes, both engines are asked for so many nodes a move, not a
// time, and a move may take longer than MoveTime.
func TestRunNodes(t *testing.T) {
	var starts int
	var aGos, bGos []string
	slow := func(g *rules.Game) string {
		time.Sleep(30 * time.Millisecond) // longer than MoveTime and Grace
		return nth(0)(g)
	}
	cfg := Config{Openings: testOpenings[:1], Nodes: 500, MoveTime: 5 * time.Millisecond, Grace: 10 * time.Millisecond, MaxPlies: 4}
	res, err := Run(context.Background(), cfg, fake{name: "A", move: nth(1), starts: &starts, gos: &aGos}.player(),
		fake{name: "B", move: slow, starts: &starts, gos: &bGos}.player())
	if err != nil {
		t.Fatal(err)
	}
	if res.Score.Games() != 2 || res.Stats[1].Timeouts != 0 {
		t.Errorf("score %+v, B's stats %+v", res.Score, res.Stats[1])
	}
	for _, gos := range [][]string{aGos, bGos} {
		if len(gos) == 0 {
			t.Fatal("no go command")
		}
		for _, g := range gos {
			if g != "go nodes 500" {
				t.Errorf("%q, want go nodes 500", g)
			}
		}
	}
}

func TestMedianDepth(t *testing.T) {
	for _, c := range []struct {
		depths []int
		want   float64
	}{
		{nil, 0}, {[]int{7}, 7}, {[]int{9, 245, 8}, 9}, {[]int{12, 10, 245, 11}, 11.5},
	} {
		if got := (Stats{Depths: c.depths}).MedianDepth(); got != c.want {
			t.Errorf("%v: %v, want %v", c.depths, got, c.want)
		}
	}
}

// An SPRT stops the match as soon as the LLR leaves its bounds.
func TestRunSPRT(t *testing.T) {
	var starts int
	openings := [][]string{}
	for range 20 {
		openings = append(openings, testOpenings...)
	}
	// A wins when B hangs (as the second player) and plays B's own game
	// otherwise.
	hangSecond := func(g *rules.Game) string {
		if g.Position().ToMove() == rules.White {
			return ""
		}
		return nth(1)(g)
	}
	test := &SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1}
	var llrs []float64
	cfg := Config{Openings: openings, MoveTime: 5 * time.Millisecond, Grace: 50 * time.Millisecond, SPRT: test,
		Played: func(_ Game, r Result) { llrs = append(llrs, r.LLR) }}
	res, err := Run(context.Background(), cfg, fake{name: "A", move: nth(0), starts: &starts}.player(), fake{name: "B", move: hangSecond, starts: &starts}.player())
	if err != nil {
		t.Fatal(err)
	}
	llr, v := test.Decide(res.Score)
	if v == Continue || v != res.Verdict || llr != res.LLR || res.Score.Games() >= 2*len(openings) {
		t.Fatalf("after %+v: LLR %.3f, %v (result %.3f, %v)", res.Score, llr, v, res.LLR, res.Verdict)
	}
	lower, upper := test.Bounds()
	for _, l := range llrs[:len(llrs)-1] {
		if l <= lower || l >= upper {
			t.Errorf("the LLR %.3f left the bounds before the end: %v", l, llrs)
		}
	}
	t.Logf("stopped after %+v: LLR %.3f, %v", res.Score, res.LLR, res.Verdict)
}

// The built-in openings are legal, distinct and as many as made.
func TestDefaultOpenings(t *testing.T) {
	os := DefaultOpenings()
	if len(os) != 50 {
		t.Errorf("%d openings, want 50", len(os))
	}
	seen := map[string]bool{}
	for i, o := range os {
		g := rules.NewGame(engine.Variant{})
		for _, w := range o {
			if err := uci.Play(g, w); err != nil {
				t.Fatalf("opening %d: %v", i+1, err)
			}
		}
		if len(o) != 6 || seen[g.Position().Key()] {
			t.Errorf("opening %d (%v): %d plies, or a position seen before", i+1, o, len(o))
		}
		seen[g.Position().Key()] = true
	}
}

func TestReadOpeningsErrors(t *testing.T) {
	for _, s := range []string{"d2d4\n", "d2d3 a4a3\nb1b1\n"} {
		if _, err := ReadOpenings(strings.NewReader(s)); err == nil {
			t.Errorf("%q was read", s)
		}
	}
	os, err := ReadOpenings(strings.NewReader("# comment\n\n d2d3  a4a3 \n"))
	if err != nil || len(os) != 1 || strings.Join(os[0], " ") != "d2d3 a4a3" {
		t.Errorf("%q, %v", os, err)
	}
}

// MakeOpenings is reproducible: the same recipe gives the same set, each
// opening of the plies asked for.
func TestMakeOpeningsReproducible(t *testing.T) {
	r := OpeningRecipe{Count: 4, Plies: 4, Nodes: 3000, Margin: 80, Seed: 7}
	a, err := MakeOpenings(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := MakeOpenings(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(a) != fmt.Sprint(b) || len(a) != 4 {
		t.Errorf("two runs: %v and %v", a, b)
	}
	for _, o := range a {
		if len(o) != 4 {
			t.Errorf("opening %v", o)
		}
	}
}
