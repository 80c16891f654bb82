package uci

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
	bot "github.com/windpost/windpost/solver/microshogi"
)

// talk runs the engine on a script to the end of its input and returns
// what it answered.
func talk(t *testing.T, e *Engine, script string) string {
	t.Helper()
	var out bytes.Buffer
	if err := e.Run(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestDialogue(t *testing.T) {
	for _, c := range []struct {
		name, script, want string
	}{
		{"uci", "uci\nisready\nquit\nisready\n", `id name windpost
id author the windpost authors
option name UCI_Variant type combo default micro var micro
option name Hash type spin default 16 min 1 max 4096
option name Threads type spin default 1 min 1 max 64
option name MultiPV type spin default 1 min 1 max 64
option name Move Overhead type spin default 30 min 0 max 5000
option name Ponder type check default false
option name Clear Hash type button
uciok
readyok
`},
		{"options", "setoption name UCI_Variant value micro\nsetoption name UCI_Variant value chess\n" +
			"setoption name Hash value 0\nsetoption name Hash value 64\nsetoption name Move Overhead value x\nsetoption name Contempt value 3\n" +
			"setoption name Threads value 0\nsetoption name Threads value 65\nsetoption name Threads value 2\n" +
			"setoption name MultiPV value 0\nsetoption name MultiPV value many\nsetoption name MultiPV value 3\n",
			`info string variant micro files 4 ranks 5 pocket 10 template shogi startpos kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1
info string windpost plays only the variant micro, not "chess"
info string Hash "0": want megabytes from 1 to 4096
info string Move Overhead "x": want milliseconds from 0 to 5000
info string no option "Contempt"
info string Threads "0": want a number from 1 to 64
info string Threads "65": want a number from 1 to 64
info string MultiPV "0": want a number of lines from 1 to 64
info string MultiPV "many": want a number of lines from 1 to 64
`},
		{"positions", "d\nposition startpos moves d2d3 a4a3 d3d4 d5d4- d1c2\nd\n" +
			"position fen kb+r1/3l/p3/2K1/+L+RB1[p] b - - 1 3 moves +P@d1\nd\n" +
			"position startpos moves d2d3 d2d4 a4a3\nd\nposition fen k3/4/4/4/3K w\nd\nposition\nucinewgame\nd\nfrobnicate\n",
			`info string fen kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1
info string fen kb+r1/3l/p3/2K1/+L+RB1[p] b - - 0 3
info string fen kb+r1/3l/p3/2K1/+L+RB+p[] w - - 0 4
info string move "d2d4": illegal move: not a legal move in kb+r+l/p3/3P/4/+L+RBK[] b - - 0 1
info string fen kb+r+l/p3/3P/4/+L+RBK[] b - - 0 1
info string FEN "k3/4/4/4/3K w": the hands must follow the board in brackets, as in [Pl] or []
info string fen kb+r+l/p3/3P/4/+L+RBK[] b - - 0 1
info string position: want startpos or fen <fen>, then moves <move>...
info string fen kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1
info string unknown command "frobnicate"
`},
		{"the end of the input lets a search finish", "position fen k3/4/P3/4/3K[R] w - - 0 1\ngo nodes 5000\n",
			"info depth 1 seldepth 4 multipv 1 score mate 1 nodes 52 nps N hashfull 0 time T pv +R@a4\n" +
				"info depth 2 seldepth 2 multipv 1 score mate 1 nodes 90 nps N hashfull 0 time T pv +R@a4\n" +
				"info depth 3 seldepth 3 multipv 1 score mate 1 nodes 128 nps N hashfull 0 time T pv +R@a4\nbestmove +R@a4\n"},
		{"two threads find the mate too", "setoption name Threads value 2\nposition fen k3/4/P3/4/3K[R] w - - 0 1\ngo depth 3\n",
			"info depth 1 seldepth S multipv 1 score mate 1 nodes N nps N hashfull 0 time T pv +R@a4\n" +
				"info depth 2 seldepth S multipv 1 score mate 1 nodes N nps N hashfull 0 time T pv +R@a4\n" +
				"info depth 3 seldepth S multipv 1 score mate 1 nodes N nps N hashfull 0 time T pv +R@a4\nbestmove +R@a4\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := talk(t, &Engine{}, c.script)
			got = regexp.MustCompile(`nps \d+ (hashfull \d+) time \d+`).ReplaceAllString(got, "nps N $1 time T") // the clock's
			if strings.Contains(c.script, "Threads value 2\nposition") {
				// the threads' timing: which thread's table entries the
				// other finds first changes the nodes and how deep a line
				// reached (seldepth); the depth, score, line and move do not
				got = regexp.MustCompile(`nodes \d+`).ReplaceAllString(got, "nodes N")
				got = regexp.MustCompile(`seldepth \d+`).ReplaceAllString(got, "seldepth S")
			}
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func client(t *testing.T, e *Engine) *Client {
	t.Helper()
	c := e.Client(context.Background())
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Handshake(ctx, Variant, map[string]string{"Hash": "1"}); err != nil {
		t.Fatal(err)
	}
	return c
}

// ask sends commands and returns the engine's lines up to the bestmove.
func ask(t *testing.T, c *Client, commands ...string) []string {
	t.Helper()
	for _, cmd := range commands {
		if err := c.send("%s", cmd); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var lines []string
	last, err := c.readUntil(ctx, "bestmove", func(l string) { lines = append(lines, l) })
	if err != nil {
		t.Fatal(err)
	}
	return append(lines, last)
}

func TestSearch(t *testing.T) {
	c := client(t, &Engine{})
	for _, tc := range []struct {
		name     string
		commands []string
		info     []string // words the last info line holds
		best     string
	}{
		{"mate in one by a gold drop", []string{"position fen k3/4/P3/4/3K[R] w - - 0 1", "go nodes 5000"},
			[]string{"score mate 1", "pv +R@a4"}, "bestmove +R@a4"},
		{"a depth", []string{"position fen k3/4/P3/4/3K[R] w - - 0 1 moves d1c1", "go depth 3"},
			[]string{"info depth 3 ", "score cp "}, "bestmove "},
		{"a fourfold repetition ends the game", []string{"position startpos moves " +
			strings.Repeat("b1b2 c5c4 b2b1 c4c5 ", 3), "go movetime 50"},
			[]string{"info string microshogi"}, "bestmove (none)"},
		{"the clock of the side to move", []string{"position startpos moves d2d3", "go wtime 100000 btime 1 winc 0 binc 0"},
			[]string{"info depth"}, "bestmove"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			lines := ask(t, c, tc.commands...)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
			if len(lines) < 2 {
				t.Fatalf("lines %q", lines)
			}
			info, best := lines[len(lines)-2], lines[len(lines)-1]
			for _, w := range tc.info {
				if !strings.Contains(info, w) {
					t.Errorf("info %q lacks %q", info, w)
				}
			}
			if !strings.HasPrefix(best, tc.best) {
				t.Errorf("%q, want %q", best, tc.best)
			}
		})
	}
}

// blockingSearch searches until its context ends and records the game.
type blockingSearch struct {
	started chan *rules.Game
}

func (b blockingSearch) search(ctx context.Context, g *rules.Game, o bot.Options) (bot.Result, error) {
	b.started <- g
	<-ctx.Done()
	m := g.LegalMoves()[0]
	return bot.Result{Move: m, PV: []rules.Move{m}, Depth: 7, Score: -12, Nodes: 1000, Time: time.Second}, nil
}

// An infinite search answers nothing until stop; isready is answered
// meanwhile; the game searched has the history given.
func TestStopInfinite(t *testing.T) {
	b := blockingSearch{started: make(chan *rules.Game, 1)}
	c := client(t, &Engine{Search: b.search})
	if err := c.send("position startpos moves d2d3 a4a3"); err != nil {
		t.Fatal(err)
	}
	if err := c.send("go infinite"); err != nil {
		t.Fatal(err)
	}
	g := <-b.started
	if len(g.Positions) != 3 {
		t.Errorf("the search got %d positions, want 3", len(g.Positions))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ready(ctx); err != nil {
		t.Fatal(err)
	}
	lines := ask(t, c, "stop")
	want := []string{"info depth 7 seldepth 7 multipv 1 score cp -12 nodes 1000 nps 1000 hashfull 0 time 1000 pv d1c2", "bestmove d1c2"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", lines, want)
	}
}

func TestLimits(t *testing.T) {
	for _, c := range []struct {
		args   string
		toMove rules.Side
		want   bot.Options
	}{
		{"movetime 1000", rules.Black, bot.Options{Time: 970 * time.Millisecond, TableBits: 20}},
		{"nodes 5000", rules.Black, bot.Options{Nodes: 5000, TableBits: 20}},
		{"depth 4", rules.White, bot.Options{MaxDepth: 4, Time: forever, TableBits: 20}},
		{"infinite", rules.White, bot.Options{Time: forever, TableBits: 20}},
		{"", rules.White, bot.Options{Time: forever, TableBits: 20}},
		{"wtime 20000 btime 60000 winc 0 binc 1000", rules.Black, bot.Options{Time: 970 * time.Millisecond, TableBits: 20}},
		{"wtime 20000 btime 60000 winc 0 binc 1000", rules.White, bot.Options{Time: 3720 * time.Millisecond, TableBits: 20}},
		{"wtime 20000 btime 60000 movestogo 4", rules.Black, bot.Options{Time: 4970 * time.Millisecond, TableBits: 20}},
		{"wtime 10 btime 10", rules.Black, bot.Options{Time: time.Millisecond, TableBits: 20}},
		{"btime 0 wtime 0 movestogo 40", rules.Black, bot.Options{Time: time.Millisecond, TableBits: 20}},
		{"wtime 0 btime 60000", rules.White, bot.Options{Time: 2970 * time.Millisecond, TableBits: 20}},
		{"movetime 200 nodes 100", rules.Black, bot.Options{Time: 170 * time.Millisecond, Nodes: 100, TableBits: 20}},
	} {
		got := parseGo(strings.Fields(c.args), c.toMove).options(16, 30*time.Millisecond)
		if got != c.want {
			t.Errorf("go %s (%s to move): %+v, want %+v", c.args, c.toMove, got, c.want)
		}
	}
}

// On the clock, a search in trouble may take three times its share, never
// more than a quarter of the clock; a move time, a node count or an
// infinite search is kept to.
func TestMaxTime(t *testing.T) {
	for _, c := range []struct {
		args string
		want time.Duration
	}{
		{"wtime 20000 btime 20000", 2910 * time.Millisecond},
		{"wtime 2000 btime 2000", 210 * time.Millisecond},
		{"wtime 200 btime 200", 3 * time.Millisecond},
		{"movetime 1000", 0},
		{"wtime 2000 btime 2000 nodes 5000", 0},
		{"infinite", 0},
	} {
		l := parseGo(strings.Fields(c.args), rules.Black)
		o := l.options(16, defaultOverhead)
		if got := l.maxTime(o.Time, defaultOverhead); got != c.want {
			t.Errorf("go %s: max time %v, want %v (share %v)", c.args, got, c.want, o.Time)
		}
	}
}
