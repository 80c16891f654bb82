// Package uci speaks the Universal Chess Interface the way Fairy-Stockfish
// does for its variant "micro" (Micro-shogi): Engine serves windpost's
// Micro-shogi bot to GUIs and match tools over a reader and a writer, and
// Client drives such an engine (Fairy-Stockfish, or windpost itself) for
// the match runner in uci/match.
//
// Positions and moves travel in Fairy-Stockfish's notation (see
// notation/microshogi's ParseFEN and ParseUCIMove). The engine keeps the
// moves given after "position", so that the rules' repetition and
// perpetual check apply in its search.
package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	fen "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	bot "github.com/windpost/windpost/solver/microshogi"
)

// Variant is the only value of the option UCI_Variant windpost accepts.
const Variant = "micro"

// Engine is windpost's Micro-shogi bot as a UCI engine. The zero value is
// ready to use.
type Engine struct {
	// Name is what "id name" says; empty means "windpost".
	Name string
	// Search runs one search; nil means the bot of solver/microshogi. Tests
	// replace it.
	Search func(ctx context.Context, g *rules.Game, o bot.Options) (bot.Result, error)
}

func (e *Engine) name() string {
	if e.Name == "" {
		return "windpost"
	}
	return e.Name
}

// Run answers the UCI commands read from in on out until "quit", the end
// of in, or the end of ctx. A search runs while commands are read, so that
// "stop" and "isready" are answered at once.
func (e *Engine) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	s := &session{engine: e, out: bufio.NewWriter(out), game: rules.NewGame(engine.Variant{}),
		hashMB: defaultHashMB, overhead: defaultOverhead, threads: 1, multiPV: 1, currMoveAfter: currMoveAfter}
	defer s.stopSearch()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				// The end of the input lets a timed search finish (so that
				// "echo 'go movetime 500' | windpost uci" answers).
				if s.cancel != nil && !s.infinite {
					s.finished(<-s.done)
				}
				s.stopSearch()
				return s.flush()
			}
			if strings.TrimSpace(line) == "quit" {
				return nil
			}
			s.handle(ctx, line)
		case d := <-s.done:
			s.finished(d)
		}
		if err := s.flush(); err != nil {
			return err
		}
	}
}

// Defaults of the engine's options.
const (
	defaultHashMB   = 16
	maxHashMB       = 4096
	maxMultiPV      = 64
	defaultOverhead = 30 * time.Millisecond
)

// session is one conversation's state: the game, the options and the
// search under way.
type session struct {
	engine *Engine
	// out is written by the session and, while it runs, by the search's
	// reports, each holding mu.
	mu       sync.Mutex
	out      *bufio.Writer
	game     *rules.Game
	hashMB   int
	threads  int // the search's threads (lazy SMP)
	multiPV  int // the lines each iteration reports
	overhead time.Duration
	// currMoveAfter is how long a search runs before it names the root
	// move it searches.
	currMoveAfter time.Duration

	cancel   context.CancelFunc // of the search under way, or nil
	done     chan searchDone
	infinite bool        // the search under way may not answer before stop
	held     *searchDone // an infinite search's answer, waiting for stop
	// pondering is the limits of the search under way if it ponders: the
	// search ponderhit starts.
	pondering *limits

	// bot is kept from search to search while only the time changes, so
	// that its tables are reused rather than allocated anew.
	bot     *bot.Bot
	botOpts bot.Options
}

// searcher returns what runs a search with limits o: the engine's Search,
// or the session's bot, which tells r as it goes.
func (s *session) searcher(o bot.Options, r bot.Reports) func(context.Context, *rules.Game) (bot.Result, error) {
	if s.engine.Search != nil {
		return func(ctx context.Context, g *rules.Game) (bot.Result, error) { return s.engine.Search(ctx, g, o) }
	}
	key, budget := o, time.Duration(0) // 0: the bot's own options
	key.KeepTables = true              // over the game; ucinewgame clears them
	if o.Nodes == 0 {
		// The time is each search's: a new clock keeps the tables.
		key.Time, key.MaxTime, budget = 0, 0, o.Time
	}
	if s.bot == nil || key != s.botOpts {
		s.bot, s.botOpts = bot.New(key), key
	}
	b, most := s.bot, o.MaxTime
	return func(ctx context.Context, g *rules.Game) (bot.Result, error) {
		return b.Watch(ctx, g, budget, most, r)
	}
}

// clearHash forgets the tables the bot kept from the searches before.
func (s *session) clearHash() {
	if s.bot != nil {
		s.bot.Clear()
	}
}

// searchDone is a finished search and the game it searched.
type searchDone struct {
	game *rules.Game
	res  bot.Result
	err  error
	last *bot.Iteration // the last iteration reported, if any
}

func (s *session) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.out.Flush(); err != nil {
		return fmt.Errorf("uci: %w", err)
	}
	return nil
}

func (s *session) printf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

// report writes line at once, from the search's goroutine. A failed write
// is the session's to find at its next flush.
func (s *session) report(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out.WriteString(line + "\n")
	s.out.Flush()
}

func (s *session) handle(ctx context.Context, line string) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return
	}
	switch f[0] {
	case "uci":
		s.uci()
	case "isready":
		s.printf("readyok")
	case "setoption":
		s.setOption(f[1:])
	case "ucinewgame":
		s.stopSearch()
		s.game = rules.NewGame(engine.Variant{})
		s.clearHash()
	case "position":
		s.stopSearch()
		s.position(f[1:])
	case "go":
		s.stopSearch()
		s.goSearch(ctx, f[1:])
	case "stop":
		s.stopSearch()
	case "ponderhit":
		s.ponderHit(ctx)
	case "debug", "register":
	case "d":
		s.printf("info string fen %s", fenOf(s.game))
	default:
		s.printf("info string unknown command %q", f[0])
	}
}

func (s *session) uci() {
	s.printf("id name %s", s.engine.name())
	s.printf("id author the windpost authors")
	s.printf("option name UCI_Variant type combo default %s var %s", Variant, Variant)
	s.printf("option name Hash type spin default %d min 1 max %d", defaultHashMB, maxHashMB)
	s.printf("option name Threads type spin default 1 min 1 max %d", bot.MaxThreads)
	s.printf("option name MultiPV type spin default 1 min 1 max %d", maxMultiPV)
	s.printf("option name Move Overhead type spin default %d min 0 max 5000", defaultOverhead.Milliseconds())
	s.printf("option name Ponder type check default false")
	s.printf("option name Clear Hash type button")
	s.printf("uciok")
}

// stopSearch ends the search under way, if any, and answers it.
func (s *session) stopSearch() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.infinite = false
	if s.held != nil {
		s.finished(*s.held)
		return
	}
	s.finished(<-s.done)
}

// finished answers a search that ended (by itself or stopped): its last
// info line and bestmove, unless an infinite search must wait for stop.
func (s *session) finished(d searchDone) {
	if s.infinite {
		s.held = &d
		return
	}
	s.cancel()
	s.cancel, s.held, s.pondering = nil, nil, nil
	if d.err != nil {
		s.printf("info string %v", d.err)
		s.printf("bestmove (none)")
		return
	}
	if last := d.last; last == nil || last.Depth != d.res.Depth || last.Score != d.res.Score || last.PV[0] != d.res.Move {
		// The search ended in an iteration, or reported none: its answer.
		it := bot.Iteration{Depth: d.res.Depth, SelDepth: d.res.Depth, Score: d.res.Score, Value: d.res.Value,
			PV: d.res.PV, Nodes: d.res.Nodes, Time: d.res.Time}
		if last != nil {
			it.SelDepth, it.Hashfull = max(it.SelDepth, last.SelDepth), last.Hashfull
		}
		s.printf("%s", infoLine(d.game, it))
	}
	p, _ := rules.As[engine.Position](d.game.Position())
	best := uciMove(p, d.res.Move)
	if pv := d.res.PV; best != "(none)" && len(pv) > 1 && pv[0] == d.res.Move {
		// The reply expected, for a GUI that lets the engine ponder.
		if q := p.After(pv[0]); q.Legal(pv[1]) {
			best += " ponder " + fen.FormatUCIMove(q, pv[1])
		}
	}
	s.printf("bestmove %s", best)
}
