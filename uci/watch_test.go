package uci

import (
	"bufio"
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	bot "github.com/windpost/windpost/solver/microshogi"
)

// infoShape is an iteration's info line: Stockfish's fields in its order.
var infoShape = regexp.MustCompile(`^info depth (\d+) seldepth (\d+) multipv 1 score (cp -?\d+|mate -?\d+) ` +
	`nodes (\d+) nps \d+ hashfull (\d+) time \d+ pv( \S+)+$`)

// The engine prints an info line for each iteration it finishes, deeper
// each time, with more nodes, then its bestmove, the first move of the
// last line's pv, pondering on the second.
func TestInfoPerIteration(t *testing.T) {
	for _, threads := range []string{"1", "2"} {
		out := talk(t, &Engine{}, "setoption name Threads value "+threads+"\nposition startpos moves d2d3\ngo depth 8\n")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 9 {
			t.Fatalf("threads %s: %d lines, want 8 info lines and bestmove:\n%s", threads, len(lines), out)
		}
		var nodes int64
		for i, l := range lines[:8] {
			m := infoShape.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("threads %s: line %q is not an info line of %v", threads, l, infoShape)
			}
			depth, _ := strconv.Atoi(m[1])
			sel, _ := strconv.Atoi(m[2])
			n, _ := strconv.ParseInt(m[4], 10, 64)
			if depth != i+1 || sel < depth || n < nodes {
				t.Errorf("threads %s: line %d: depth %d seldepth %d nodes %d (before %d)", threads, i, depth, sel, n, nodes)
			}
			nodes = n
		}
		pv := strings.Fields(strings.SplitN(lines[7], " pv ", 2)[1])
		if len(pv) < 2 || lines[8] != "bestmove "+pv[0]+" ponder "+pv[1] {
			t.Errorf("threads %s: %q after pv %v", threads, lines[8], pv)
		}
	}
}

// A search that runs long names each root move as it begins its search.
func TestCurrMove(t *testing.T) {
	var out bytes.Buffer
	s := &session{engine: &Engine{}, out: bufio.NewWriter(&out), game: rules.NewGame(engine.Variant{}),
		hashMB: 1, threads: 1, currMoveAfter: 0}
	s.handle(context.Background(), "go depth 4")
	s.finished(<-s.done)
	if err := s.flush(); err != nil {
		t.Fatal(err)
	}
	moves := len(s.game.LegalMoves())
	seen := map[string]bool{}
	cur := regexp.MustCompile(`^info depth (\d) currmove (\S+) currmovenumber (\d+)$`)
	for _, l := range strings.Split(out.String(), "\n") {
		if m := cur.FindStringSubmatch(l); m != nil {
			if n, _ := strconv.Atoi(m[3]); n < 1 || n > moves {
				t.Errorf("%q: number beyond the %d moves", l, moves)
			}
			seen[m[1]+" "+m[3]] = true
		}
	}
	for d := 1; d <= 4; d++ {
		for n := 1; n <= moves; n++ {
			if !seen[strconv.Itoa(d)+" "+strconv.Itoa(n)] {
				t.Errorf("depth %d: no currmove numbered %d in\n%s", d, n, out.String())
			}
		}
	}
}

// On the clock the search keeps to its share: its nodes stay below what
// the share's most (maxTime) allows at 5 M nodes/s, more than this machine
// searches, and far below what a search ignoring the clock would. A slower
// machine searches fewer nodes, never more.
func TestClockKept(t *testing.T) {
	const fastest = 5e6 // nodes/s
	for _, c := range []struct {
		moves, clock string
		most         time.Duration // the most the search may take (see maxTime)
	}{
		{"", "wtime 1000 btime 1000", 60 * time.Millisecond},
		{"", "wtime 3000 btime 3000 winc 100 binc 100", 585 * time.Millisecond},
		{"d2d3", "wtime 600000 btime 800 winc 0 binc 0", 30 * time.Millisecond}, // the second player's clock
		{"d2d3 a4a3", "wtime 2000 btime 2000 movestogo 10", 470 * time.Millisecond},
	} {
		g := rules.NewGame(engine.Variant{})
		for _, w := range strings.Fields(c.moves) {
			if err := Play(g, w); err != nil {
				t.Fatal(err)
			}
		}
		l := parseGo(strings.Fields(c.clock), g.Position().ToMove())
		if most := l.maxTime(l.options(16, defaultOverhead).Time, defaultOverhead); most != c.most {
			t.Errorf("go %s: most %v, want %v", c.clock, most, c.most)
		}
		out := talk(t, &Engine{}, "position startpos moves "+c.moves+"\ngo "+c.clock+"\n")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		m := infoShape.FindStringSubmatch(lines[len(lines)-2])
		if m == nil || !strings.HasPrefix(lines[len(lines)-1], "bestmove ") || strings.HasSuffix(out, "(none)\n") {
			t.Fatalf("%s: answered\n%s", c.clock, out)
		}
		nodes, _ := strconv.ParseInt(m[4], 10, 64)
		if ceiling := int64(fastest * c.most.Seconds()); nodes > ceiling {
			t.Errorf("go %s: %d nodes, more than %d in its most %v", c.clock, nodes, ceiling, c.most)
		}
	}
}

// With MultiPV 3 each iteration prints three lines, numbered, each with a
// first move of its own; bestmove is the first line's.
func TestMultiPV(t *testing.T) {
	out := talk(t, &Engine{}, "setoption name MultiPV value 3\nposition startpos\ngo depth 5\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	shape := regexp.MustCompile(`^info depth (\d+) seldepth \d+ multipv (\d) score \S+ -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv (\S+)`)
	if len(lines) != 16 {
		t.Fatalf("%d lines, want 5 iterations of 3 and bestmove:\n%s", len(lines), out)
	}
	var first string
	for i, l := range lines[:15] {
		m := shape.FindStringSubmatch(l)
		if m == nil || m[1] != strconv.Itoa(i/3+1) || m[2] != strconv.Itoa(i%3+1) {
			t.Fatalf("line %d: %q", i, l)
		}
		if i%3 == 0 {
			first = m[3]
			continue
		}
		if m[3] == first || (i%3 == 2 && m[3] == shape.FindStringSubmatch(lines[i-1])[3]) {
			t.Errorf("line %d: %q repeats a first move", i, l)
		}
	}
	if want := "bestmove " + shape.FindStringSubmatch(lines[12])[3] + " "; !strings.HasPrefix(lines[15], want) {
		t.Errorf("%q, want %q", lines[15], want)
	}
}

// pondering records the options of each search and blocks until its
// context ends.
type pondering struct {
	started chan bot.Options
}

func (p pondering) search(ctx context.Context, g *rules.Game, o bot.Options) (bot.Result, error) {
	p.started <- o
	<-ctx.Done()
	m := g.LegalMoves()[0]
	return bot.Result{Move: m, PV: []rules.Move{m}, Depth: 5, Nodes: 100, Time: time.Second}, nil
}

// "go ponder" searches until ponderhit, which gives the answer to a new
// search on the clock given, or until stop, which answers at once.
func TestPonder(t *testing.T) {
	for _, c := range []struct {
		name  string
		then  string
		times []time.Duration // the searches' times
	}{
		{"ponderhit", "ponderhit", []time.Duration{forever, 20 * time.Millisecond}},
		{"stop", "stop", []time.Duration{forever}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := pondering{started: make(chan bot.Options, 4)}
			cl := client(t, &Engine{Search: p.search})
			if err := cl.send("position startpos moves d2d3 a4a3"); err != nil {
				t.Fatal(err)
			}
			if err := cl.send("go ponder wtime 1000 btime 1000"); err != nil {
				t.Fatal(err)
			}
			if o := <-p.started; o.Time != c.times[0] {
				t.Errorf("pondering for %v, want %v", o.Time, c.times[0])
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			quiet(t, ctx, cl)
			if err := cl.send("%s", c.then); err != nil {
				t.Fatal(err)
			}
			if len(c.times) > 1 {
				if o := <-p.started; o.Time != c.times[1] {
					t.Errorf("after ponderhit: %v, want %v", o.Time, c.times[1])
				}
				if err := cl.send("stop"); err != nil {
					t.Fatal(err)
				}
			}
			var lines []string
			best, err := cl.readUntil(ctx, "bestmove", func(l string) { lines = append(lines, l) })
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "info depth 5 ") {
				t.Errorf("before %q: %q, want one info line", best, lines)
			}
			quiet(t, ctx, cl)
		})
	}
}

// quiet checks that the engine answers isready with no bestmove before.
func quiet(t *testing.T, ctx context.Context, c *Client) {
	t.Helper()
	if err := c.send("isready"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.readUntil(ctx, "readyok", func(l string) {
		if strings.HasPrefix(l, "bestmove") {
			t.Errorf("%q unasked", l)
		}
	}); err != nil {
		t.Fatal(err)
	}
}

// The bot and its tables live on from move to move whatever the clocks,
// and from pondering to ponderhit.
func TestTablesKept(t *testing.T) {
	var out bytes.Buffer
	s := &session{engine: &Engine{}, out: bufio.NewWriter(&out), game: rules.NewGame(engine.Variant{}),
		hashMB: 1, threads: 1, multiPV: 1, currMoveAfter: currMoveAfter}
	ctx := context.Background()
	var bots []*bot.Bot
	for _, cmd := range []string{"go wtime 2000 btime 2000", "go wtime 1500 btime 1900 winc 100 binc 100",
		"go ponder wtime 1400 btime 1800", "ponderhit"} {
		s.handle(ctx, cmd)
		bots = append(bots, s.bot)
	}
	s.stopSearch()
	if err := s.flush(); err != nil {
		t.Fatal(err)
	}
	for i, b := range bots {
		if b != bots[0] {
			t.Errorf("search %d has a bot of its own", i)
		}
	}
	if n := strings.Count(out.String(), "bestmove"); n != 3 {
		t.Errorf("%d bestmoves, want 3 (the pondering's none):\n%s", n, out.String())
	}
}
