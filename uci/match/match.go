// Package match plays matches between two UCI engines in Micro-shogi
// (windpost's bot and Fairy-Stockfish, as a rule) and measures them: each
// opening is played with both colours at a fixed time per move, the rules
// engine of windpost judges every move and every game end (an engine's
// claims are not trusted), and the score turns into an Elo difference with
// its 95% interval, with an optional early stop by SPRT.
package match

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/uci"
)

// Player is an engine of the match. Start is called for its first game
// and again after it crashed or timed out.
type Player struct {
	Name  string
	Start func(ctx context.Context) (*uci.Client, error)
	// Options are set on this engine after the match's own (and win over
	// them).
	Options map[string]string
}

// Config is how a match is played. Zero fields mean the defaults.
type Config struct {
	Openings [][]string    // moves from the start, in UCI form; each is played with both colours
	MoveTime time.Duration // per move; 0 means 1 s
	// Nodes, when set, replaces MoveTime: each move searches so many nodes
	// ("go nodes"), which makes a match independent of the machine's load.
	// A move may then take up to NodesTimeout plus Grace.
	Nodes int64
	// Grace is how much longer than MoveTime an engine may take before it
	// loses on time; 0 means a second.
	Grace time.Duration
	// MaxPlies ends a game as a draw after so many plies past the opening;
	// 0 means 300.
	MaxPlies int
	Games    int   // stop after so many games; 0 means two per opening
	SPRT     *SPRT // if set, stop as soon as it decides
	// Options are set on both engines after UCI_Variant (e.g. Hash).
	Options map[string]string
	// Played is told of each game as it ends; may be nil.
	Played func(Game, Result)
}

func (c Config) moveTime() time.Duration {
	if c.MoveTime <= 0 {
		return time.Second
	}
	return c.MoveTime
}

// NodesTimeout is how long a move may take when Config.Nodes is set
// before Grace begins: it only catches an engine that hangs.
const NodesTimeout = 30 * time.Second

// moveLimit is how long a move may take before the engine loses on time.
func (c Config) moveLimit() time.Duration {
	if c.Nodes > 0 {
		return NodesTimeout + c.grace()
	}
	return c.moveTime() + c.grace()
}

func (c Config) grace() time.Duration {
	if c.Grace <= 0 {
		return time.Second
	}
	return c.Grace
}

func (c Config) maxPlies() int {
	if c.MaxPlies <= 0 {
		return 300
	}
	return c.MaxPlies
}

func (c Config) games() int {
	if c.Games <= 0 || c.Games > 2*len(c.Openings) {
		return 2 * len(c.Openings)
	}
	return c.Games
}

// Game is one game of the match.
type Game struct {
	Number  int  // from 1
	Opening int  // index in Config.Openings
	AFirst  bool // the first engine moved first (windpost's Black, Fairy-Stockfish's white)
	// Points is the first engine's: 1, 0.5 or 0.
	Points float64
	Reason string // "checkmate", "repetition", "move limit", "Fairy-Stockfish: timeout", ...
	Moves  []string
}

// Stats is what one engine did over the match.
type Stats struct {
	Moves    int
	Nodes    int64
	Time     time.Duration // wall time of its searches
	Depths   []int         // of its moves: the depth of its last info line with a score
	Crashes  int           // its output ended, or it could not start
	Timeouts int
	Illegal  int // moves the rules refused, or no move while the game went on
}

// NodesPerSecond is the engine's average speed.
func (s Stats) NodesPerSecond() float64 {
	if s.Time <= 0 {
		return 0
	}
	return float64(s.Nodes) / s.Time.Seconds()
}

// MedianDepth is the median of the engine's depths: a mean would be
// swayed by the very deep searches of mates.
func (s Stats) MedianDepth() float64 {
	n := len(s.Depths)
	if n == 0 {
		return 0
	}
	d := slices.Sorted(slices.Values(s.Depths))
	return float64(d[(n-1)/2]+d[n/2]) / 2
}

// Result is a match's outcome so far.
type Result struct {
	Score   Score    // the first engine's
	Stats   [2]Stats // of the first and the second engine
	LLR     float64  // when an SPRT runs
	Verdict Verdict
}

// Run plays the match between a and b. An engine that crashes, times out or
// plays an illegal move loses that game and is restarted for the next.
func Run(ctx context.Context, cfg Config, a, b Player) (Result, error) {
	var res Result
	if len(cfg.Openings) == 0 {
		return res, errors.New("match: no openings")
	}
	players := [2]*seat{{player: a}, {player: b}}
	defer func() {
		for _, s := range players {
			s.stop()
		}
	}()
	for i := range cfg.games() {
		g := Game{Number: i + 1, Opening: i / 2, AFirst: i%2 == 0}
		if err := play(ctx, cfg, players, &g, &res); err != nil {
			return res, err
		}
		switch g.Points {
		case 1:
			res.Score.Wins++
		case 0:
			res.Score.Losses++
		default:
			res.Score.Draws++
		}
		if cfg.SPRT != nil {
			res.LLR, res.Verdict = cfg.SPRT.Decide(res.Score)
		}
		if cfg.Played != nil {
			cfg.Played(g, res)
		}
		if res.Verdict != Continue {
			break
		}
	}
	return res, nil
}

// seat is a player and its running engine, if any.
type seat struct {
	player Player
	client *uci.Client
	cancel context.CancelFunc
}

func (s *seat) stop() {
	if s.client != nil {
		s.client.Close()
		s.cancel()
		s.client, s.cancel = nil, nil
	}
}

// ready starts the engine if needed and begins a game.
func (s *seat) ready(ctx context.Context, cfg Config) error {
	if s.client == nil {
		ectx, cancel := context.WithCancel(ctx)
		c, err := s.player.Start(ectx)
		if err != nil {
			cancel()
			return err
		}
		s.client, s.cancel = c, cancel
		hctx, hcancel := context.WithTimeout(ctx, 10*time.Second)
		defer hcancel()
		opts := maps.Clone(cfg.Options)
		if opts == nil {
			opts = map[string]string{}
		}
		maps.Copy(opts, s.player.Options)
		if err := c.Handshake(hctx, uci.Variant, opts); err != nil {
			return err
		}
	}
	nctx, ncancel := context.WithTimeout(ctx, 10*time.Second)
	defer ncancel()
	return s.client.NewGame(nctx)
}

// play plays game g, filling in its result and the engines' stats.
func play(ctx context.Context, cfg Config, players [2]*seat, g *Game, res *Result) error {
	game := rules.NewGame(engine.Variant{})
	for _, w := range cfg.Openings[g.Opening] {
		if err := uci.Play(game, w); err != nil {
			return fmt.Errorf("match: opening %d: %w", g.Opening+1, err)
		}
		g.Moves = append(g.Moves, w)
	}
	// who[side] is the index of the engine playing side.
	who := [2]int{0, 1}
	if !g.AFirst {
		who = [2]int{1, 0}
	}
	for i, s := range players {
		if err := s.ready(ctx, cfg); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			res.Stats[i].Crashes++
			s.stop()
			g.Points, g.Reason = float64(i), s.player.Name+": did not start: "+err.Error()
			return nil
		}
	}
	opening := len(game.Moves)
	for {
		if o := game.Outcome(); o.Over() {
			g.Reason = string(o.Reason)
			g.Points = 0.5
			if o.Status == rules.Win {
				g.Points = float64(who[o.Winner] ^ 1)
			}
			return nil
		}
		if len(game.Moves)-opening >= cfg.maxPlies() {
			g.Points, g.Reason = 0.5, "move limit"
			return nil
		}
		side := game.Position().ToMove()
		i := who[side]
		fault, err := move(ctx, cfg, players[i], game, g, &res.Stats[i])
		if err != nil {
			return err
		}
		if fault != "" {
			players[i].stop()
			g.Points, g.Reason = float64(i), players[i].player.Name+": "+fault
			return nil
		}
	}
}

// move asks the engine at seat s for its move and plays it. It returns
// the engine's fault ("timeout", "crash", "illegal move d2d4") when it gave
// no legal move, or an error when the match must stop.
func move(ctx context.Context, cfg Config, s *seat, game *rules.Game, g *Game, st *Stats) (string, error) {
	mctx, cancel := context.WithTimeout(ctx, cfg.moveLimit())
	defer cancel()
	var r uci.Search
	var err error
	if cfg.Nodes > 0 {
		r, err = s.client.GoNodes(mctx, g.Moves, cfg.Nodes)
	} else {
		r, err = s.client.Go(mctx, g.Moves, cfg.moveTime())
	}
	switch {
	case ctx.Err() != nil:
		return "", ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		st.Timeouts++
		return "timeout", nil
	case err != nil:
		st.Crashes++
		return "crash (" + err.Error() + ")", nil
	}
	st.Moves++
	st.Nodes += r.Nodes
	st.Time += r.Elapsed
	st.Depths = append(st.Depths, r.Depth)
	if err := uci.Play(game, r.BestMove); err != nil {
		st.Illegal++
		return "illegal move " + r.BestMove, nil
	}
	g.Moves = append(g.Moves, r.BestMove)
	return "", nil
}
