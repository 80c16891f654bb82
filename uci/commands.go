package uci

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"time"

	fen "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
	bot "github.com/windpost/windpost/solver/microshogi"
)

// setOption handles "setoption name <name> [value <value>]".
func (s *session) setOption(args []string) {
	var name, value []string
	cur := &name
	for i, a := range args {
		switch {
		case i == 0 && a == "name":
		case a == "value" && cur == &name:
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	switch n {
	case "uci_variant":
		if v != Variant {
			s.printf("info string windpost plays only the variant %s, not %q", Variant, v)
			return
		}
		s.printf("info string variant %s files %d ranks %d pocket 10 template shogi startpos %s",
			Variant, engine.Files, engine.Ranks, fen.FENStart)
	case "hash":
		if mb, ok := s.number("Hash", v, "megabytes", 1, maxHashMB); ok {
			s.hashMB = mb
		}
	case "move overhead":
		if ms, ok := s.number("Move Overhead", v, "milliseconds", 0, 5000); ok {
			s.overhead = time.Duration(ms) * time.Millisecond
		}
	case "clear hash":
		s.stopSearch()
		s.clearHash()
	case "threads":
		if n, ok := s.number("Threads", v, "a number", 1, bot.MaxThreads); ok {
			s.threads = n
		}
	case "multipv":
		if n, ok := s.number("MultiPV", v, "a number of lines", 1, maxMultiPV); ok {
			s.multiPV = n
		}
	case "ponder":
		// Nothing to set: "go ponder" ponders, whatever the option says.
	default:
		s.printf("info string no option %q", strings.Join(name, " "))
	}
}

// number reads v, the value of option name, as a number from lo to hi
// (of what); if it is not one, it says so and ok is false.
func (s *session) number(name, v, what string, lo, hi int) (n int, ok bool) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		s.printf("info string %s %q: want %s from %d to %d", name, v, what, lo, hi)
		return 0, false
	}
	return n, true
}

// position handles "position startpos|fen <fen> [moves <move>...]". Like
// Fairy-Stockfish, it plays the moves up to the first it cannot read, and
// says so.
func (s *session) position(args []string) {
	var start engine.Position
	i := 1
	switch {
	case len(args) > 0 && args[0] == "startpos":
		start = engine.Start()
	case len(args) > 0 && args[0] == "fen":
		for i < len(args) && args[i] != "moves" {
			i++
		}
		p, err := fen.ParseFEN(strings.Join(args[1:i], " "))
		if err != nil {
			s.printf("info string %v", err)
			return
		}
		start = p
	default:
		s.printf("info string position: want startpos or fen <fen>, then moves <move>...")
		return
	}
	g := rules.NewGameFrom(engine.Variant{}, start)
	if i < len(args) && args[i] == "moves" {
		for _, w := range args[i+1:] {
			if err := Play(g, w); err != nil {
				s.printf("info string %v", err)
				break
			}
		}
	}
	s.game = g
}

// Play plays move w, written as Fairy-Stockfish does, in Micro-shogi game
// g. The error wraps rules.ErrIllegal when the rules refuse it.
func Play(g *rules.Game, w string) error {
	p, err := rules.As[engine.Position](g.Position())
	if err != nil {
		return err
	}
	m, err := fen.ParseUCIMove(p, w)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// limits is what "go" asked for.
type limits struct {
	moveTime, time, inc time.Duration
	movesToGo           int
	depth               int
	nodes               int64
	infinite            bool
	// onClock: the side to move's clock was given (time may be 0: none
	// left, as UCI2WB says before XBoard has set the clocks).
	onClock bool
	// ponder: search the opponent's time until ponderhit (then search
	// anew on the limits) or stop.
	ponder bool
}

func parseGo(args []string, toMove rules.Side) limits {
	var l limits
	// Fairy-Stockfish calls the side that moves first (windpost's Black)
	// white.
	timeKey, incKey := "wtime", "winc"
	if toMove == rules.White {
		timeKey, incKey = "btime", "binc"
	}
	for i := 0; i < len(args); i++ {
		var n int64
		if i+1 < len(args) {
			n, _ = strconv.ParseInt(args[i+1], 10, 64)
		}
		ms := time.Duration(n) * time.Millisecond
		switch args[i] {
		case "infinite":
			l.infinite = true
			continue
		case "ponder":
			l.ponder = true
			continue
		case "movetime":
			l.moveTime = ms
		case timeKey:
			l.time, l.onClock = ms, true
		case incKey:
			l.inc = ms
		case "movestogo":
			l.movesToGo = int(n)
		case "depth":
			l.depth = int(n)
		case "nodes":
			l.nodes = n
		}
		i++
	}
	return l
}

// forever stands for no time limit.
const forever = 1000 * time.Hour

// options turns the limits into the bot's options: the move time, or a
// share of the clock (a twentieth, or the moves to go, plus most of the
// increment, never more than half the clock), less the move overhead.
func (l limits) options(hashMB int, overhead time.Duration) bot.Options {
	o := bot.Options{Nodes: l.nodes, MaxDepth: l.depth, TableBits: 16 + bits.Len(uint(hashMB)) - 1}
	switch {
	case l.infinite:
		o.Time = forever
	case l.moveTime > 0:
		o.Time = l.moveTime - overhead
	case l.onClock:
		togo := l.movesToGo
		if togo <= 0 || togo > 20 {
			togo = 20
		}
		o.Time = min(l.time/time.Duration(togo)+l.inc*3/4, l.time/2) - overhead
	case l.nodes == 0:
		o.Time = forever // depth only, or nothing: until stop or the depth
	}
	if o.Time < 0 || (o.Time == 0 && l.nodes == 0) {
		o.Time = time.Millisecond
	}
	if l.nodes > 0 && o.Time == forever {
		o.Time = 0 // the node limit alone: deterministic
	}
	return o
}

// maxTime is how long a search on the clock that is in trouble may take:
// three times its share t, never more than a quarter of the clock. A move
// time is kept to.
func (l limits) maxTime(t, overhead time.Duration) time.Duration {
	if l.moveTime > 0 || l.time <= 0 || l.infinite || l.nodes > 0 {
		return 0
	}
	return max(t, min(3*t, l.time/4-overhead))
}

// goSearch handles "go": it starts the search in the background.
func (s *session) goSearch(ctx context.Context, args []string) {
	s.start(ctx, parseGo(args, s.game.Position().ToMove()))
}

// ponderHit handles "ponderhit": the opponent played the move pondered
// on, so the pondering search gives way to a search on the limits "go
// ponder" gave, which finds the pondering's work in the tables kept.
func (s *session) ponderHit(ctx context.Context) {
	if s.cancel == nil || s.pondering == nil {
		s.printf("info string ponderhit: no search ponders")
		return
	}
	l := *s.pondering
	s.cancel()
	if s.held == nil {
		<-s.done // the pondering's answer is not given
	}
	l.ponder = false
	s.start(ctx, l)
}

// start starts a search of the session's game with limits l in the
// background.
func (s *session) start(ctx context.Context, l limits) {
	g := s.game.Clone()
	s.pondering = nil
	if l.ponder {
		given := l
		s.pondering = &given
		l.infinite = true // until ponderhit or stop
	}
	o := l.options(s.hashMB, s.overhead)
	o.Threads = s.threads
	o.MultiPV = s.multiPV
	o.MaxTime = l.maxTime(o.Time, s.overhead)
	start := time.Now()
	var last *bot.Iteration // written and read on the search's goroutine
	p, _ := rules.As[engine.Position](g.Position())
	search := s.searcher(o, bot.Reports{
		Iteration: func(it bot.Iteration) {
			if it.MultiPV <= 1 {
				last = &it
			}
			s.report(infoLine(g, it))
		},
		RootMove: func(m bot.RootMove) {
			if time.Since(start) >= s.currMoveAfter {
				s.report(fmt.Sprintf("info depth %d currmove %s currmovenumber %d", m.Depth, uciMove(p, m.Move), m.Number))
			}
		},
	})
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan searchDone, 1)
	s.cancel, s.done, s.infinite, s.held = cancel, done, l.infinite, nil
	go func() {
		res, err := search(ctx, g)
		done <- searchDone{game: g, res: res, err: err, last: last}
	}()
}

// currMoveAfter is how long a search runs before it says which root move
// it searches ("info currmove"), as Stockfish does.
const currMoveAfter = 3 * time.Second

// infoLine is the "info" line of an iteration of the search of g, in
// Stockfish's order.
func infoLine(g *rules.Game, it bot.Iteration) string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(max(it.Depth, 1)))
	b.WriteString(" seldepth " + strconv.Itoa(max(it.SelDepth, it.Depth, 1)))
	b.WriteString(" multipv " + strconv.Itoa(max(it.MultiPV, 1)) + " score ")
	b.WriteString(score(it.Value, it.Score))
	ms := it.Time.Milliseconds()
	nps := int64(0)
	if it.Time > 0 {
		nps = int64(float64(it.Nodes) / it.Time.Seconds())
	}
	b.WriteString(" nodes " + strconv.FormatInt(it.Nodes, 10))
	b.WriteString(" nps " + strconv.FormatInt(nps, 10))
	b.WriteString(" hashfull " + strconv.Itoa(it.Hashfull))
	b.WriteString(" time " + strconv.FormatInt(ms, 10))
	b.WriteString(" pv")
	p, _ := rules.As[engine.Position](g.Position())
	for _, m := range it.PV {
		if !p.Legal(m) {
			break
		}
		b.WriteString(" " + fen.FormatUCIMove(p, m))
		p = p.After(m)
	}
	return b.String()
}

// score writes a search's value v (with score in centipawns) as "cp X" or
// "mate N" (N moves, negative when windpost is mated).
func score(v solver.Value, cp int) string {
	switch v.Kind {
	case solver.Won:
		return "mate " + strconv.Itoa((v.Plies+1)/2)
	case solver.Lost:
		return "mate -" + strconv.Itoa(v.Plies/2)
	}
	return "cp " + strconv.Itoa(cp)
}

func uciMove(p engine.Position, m rules.Move) string {
	if m == rules.NoMove || !p.Legal(m) {
		return "(none)"
	}
	return fen.FormatUCIMove(p, m)
}

func fenOf(g *rules.Game) string {
	p, err := rules.As[engine.Position](g.Position())
	if err != nil {
		return "?"
	}
	return fen.FormatFEN(p)
}
