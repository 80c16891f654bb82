// Package microshogi is windpost's Micro-shogi opponent and analyst: an
// iterative-deepening alpha-beta search (negamax with principal variation
// search) over the rules/microshogi engine, with aspiration windows at the
// root, a transposition table keyed by the engine's Zobrist hash, move
// ordering (the table's move, captures by victim and attacker, killers,
// countermoves, history and continuation history), late-move reductions
// growing with depth and move number, null-move, reverse-futility,
// futility and move-count pruning, pruning of captures and drops that lose
// material by static exchange near the leaves, extensions for safe checks,
// a quiescence search of captures, check evasions and (at its first ply)
// checking drops that lose no material, and mate scores. The evaluation is
// a table of weights tuned on self-play games (eval_weights.go, made by
// cmd/micro-tune). With Options.KeepTables the tables live on from move to
// move of a game. With Options.Threads the search runs on several threads
// that share the transposition table without locks (lazy SMP, smp.go).
//
// The search knows the game's history: a position that repeats one
// already on the path (the game's or the search's) scores as a draw,
// unless one side gave check with every move since the earlier occurrence,
// which then loses — the rules' fourfold repetition and perpetual check,
// judged at the first repetition as engines do.
//
// Each move is searched within a budget: a time per move (2 s by default)
// and/or a number of nodes. With a node budget and no time limit the bot
// is fully deterministic: the same game and the same rng state give the
// same move. With a time budget, or more than one thread, the depth
// reached depends on the machine.
package microshogi

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

// DefaultTime is the time per move when Options sets no budget.
const DefaultTime = 2 * time.Second

// Options configures a Bot.
type Options struct {
	// Time is the time per move. Zero means DefaultTime, unless Nodes is
	// set, in which case there is no time limit.
	Time time.Duration
	// MaxTime, when longer than Time, is what a search in trouble may take:
	// one whose best move just changed, or whose best move's score fell.
	// Such a search also ends early, when it is not in trouble, rather than
	// start an iteration it would likely not finish. Zero means Time.
	MaxTime time.Duration
	// Nodes is the number of nodes per move; zero means no node limit.
	Nodes int64
	// MaxDepth bounds the iterative deepening (0 = no bound but maxPly).
	MaxDepth int
	// TableBits is the base-2 logarithm of the number of transposition
	// table entries (16 bytes each); 0 means 20 (16 MiB).
	TableBits int
	// Threads is the number of threads that search together, sharing the
	// transposition table (lazy SMP); 0 means 1, and at most MaxThreads.
	// With more than one the search is not deterministic.
	Threads int
	// KeepTables keeps the transposition table and (halved) the history
	// from one search to the next, as for the moves of one game: stronger,
	// but a move then depends on the searches before it. Clear forgets.
	KeepTables bool
	// MultiPV is how many lines a watched search (Bot.Watch) reports each
	// iteration, the best first; 0 means 1. Each line past the first costs
	// a search of the root's other moves.
	MultiPV int
}

// Bot is the Micro-shogi bot: solver.Bot and solver.Analyst. It is safe
// for concurrent use; building one costs nothing (tables are made on the
// first search).
type Bot struct {
	opts Options
	pool sync.Pool // of *crew

	mu   sync.Mutex
	kept *crew // with KeepTables: the last search's, if not in use
}

// Clear forgets the tables kept from earlier searches (Options.KeepTables),
// as for a new game.
func (b *Bot) Clear() {
	b.mu.Lock()
	b.kept = nil
	b.mu.Unlock()
}

// crew returns the threads for a search with tables of 1<<bits entries,
// and whether they hold an earlier search's work.
func (b *Bot) crew(bits, threads int) (*crew, bool) {
	fits := func(c *crew) bool { return c != nil && c.members[0].tt.len() == 1<<bits && len(c.members) == threads }
	if b.opts.KeepTables {
		b.mu.Lock()
		c := b.kept
		b.kept = nil
		b.mu.Unlock()
		if fits(c) {
			return c, true
		}
	}
	c, _ := b.pool.Get().(*crew)
	if !fits(c) {
		c = newCrew(bits, threads)
	}
	return c, false
}

// release gives c back once its search is over.
func (b *Bot) release(c *crew) {
	if b.opts.KeepTables {
		b.mu.Lock()
		b.kept = c
		b.mu.Unlock()
		return
	}
	b.pool.Put(c)
}

// New returns a bot with options o.
func New(o Options) *Bot {
	if o.TableBits <= 0 {
		o.TableBits = 20
	}
	if o.TableBits > 28 {
		o.TableBits = 28
	}
	if o.Time == 0 && o.Nodes == 0 {
		o.Time = DefaultTime
	}
	if o.MaxDepth <= 0 || o.MaxDepth > maxPly-8 {
		o.MaxDepth = maxPly - 8
	}
	o.Threads = min(max(o.Threads, 1), MaxThreads)
	return &Bot{opts: o}
}

// Levels lists strong, club and casual.
func (b *Bot) Levels() []solver.Level {
	return []solver.Level{solver.Strong, solver.Club, solver.Casual}
}

// Choose returns the bot's move at level (see Think).
func (b *Bot) Choose(ctx context.Context, g *rules.Game, level solver.Level, rng *rand.Rand) (rules.Move, error) {
	r, err := b.Think(ctx, g, level, rng)
	if err != nil {
		return rules.NoMove, err
	}
	return r.Move, nil
}

// Result is what a search found.
type Result struct {
	Move  rules.Move   // the best move
	Score int          // centipawns for the side to move (mate scores beyond ±31000)
	Value solver.Value // Won/Lost when a mate was proven, else Estimate with Score
	PV    []rules.Move // the principal variation, starting with Move
	Depth int          // the last depth searched to the end
	Nodes int64
	Time  time.Duration
}

// Analyse searches g's current position with the bot's options, or with
// time per move instead if it is not zero.
func (b *Bot) Analyse(ctx context.Context, g *rules.Game, budget time.Duration) (Result, error) {
	return b.AnalyseUpTo(ctx, g, budget, 0)
}

// AnalyseUpTo is Analyse with a time budget that may grow up to most when
// the search is in trouble (see Options.MaxTime).
func (b *Bot) AnalyseUpTo(ctx context.Context, g *rules.Game, budget, most time.Duration) (Result, error) {
	return b.Watch(ctx, g, budget, most, Reports{})
}

// Watch is AnalyseUpTo that tells r, as the search goes, what it finds:
// for a GUI to show while the bot thinks.
func (b *Bot) Watch(ctx context.Context, g *rules.Game, budget, most time.Duration, r Reports) (Result, error) {
	if o := g.Outcome(); o.Over() {
		return Result{}, fmt.Errorf("microshogi: %w (%s)", solver.ErrGameOver, o)
	}
	o := b.opts
	if budget > 0 {
		o.Time, o.Nodes, o.MaxTime = budget, 0, most
	}
	return b.searchReporting(ctx, g, o, nil, r)
}

// Evaluate returns the value of g's position for the side to move: Won or
// Lost in so many plies when the search proves a mate, Drawn or a result
// when the game is over, else an Estimate with the search's score.
func (b *Bot) Evaluate(ctx context.Context, g *rules.Game) (solver.Value, error) {
	if v, over := solver.OutcomeValue(g); over {
		return v, nil
	}
	r, err := b.search(ctx, g, b.opts, nil)
	if err != nil {
		return solver.Value{}, err
	}
	return r.Value, nil
}

// asEngine recovers the engine's position.
func asEngine(p rules.Position) (engine.Position, error) {
	q, err := rules.As[engine.Position](p)
	if err != nil {
		return q, fmt.Errorf("microshogi bot: %w", err)
	}
	return q, nil
}

func (b *Bot) search(ctx context.Context, g *rules.Game, o Options, rng *rand.Rand) (Result, error) {
	return b.searchReporting(ctx, g, o, rng, Reports{})
}

func (b *Bot) searchReporting(ctx context.Context, g *rules.Game, o Options, rng *rand.Rand, r Reports) (Result, error) {
	root, err := asEngine(g.Position())
	if err != nil {
		return Result{}, err
	}
	c, warm := b.crew(o.TableBits, max(o.Threads, 1))
	defer b.release(c)
	c.reset(warm)
	s := c.members[0]
	s.ctx = ctx
	s.reports = r
	s.nodeLimit = o.Nodes
	s.deadline, s.latest, s.trouble = time.Time{}, time.Time{}, false
	start := time.Now()
	s.start = start
	if o.Time > 0 {
		s.deadline = start.Add(o.Time)
		if o.MaxTime > o.Time {
			s.latest = start.Add(o.MaxTime)
		}
	}
	for _, rp := range g.Positions[:len(g.Positions)-1] {
		q, err := asEngine(rp)
		if err != nil {
			return Result{}, err
		}
		s.push(&q, q.InCheck())
	}
	inCheck := root.InCheck()
	s.push(&root, inCheck)

	ms := root.Generate(nil)
	if len(ms) == 0 {
		return Result{}, fmt.Errorf("microshogi bot: %w (no legal move)", solver.ErrGameOver)
	}
	if rng != nil {
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	}
	var res Result
	if len(c.members) > 1 {
		res = c.run(&root, ms, o, start)
	} else {
		res = s.iterate(&root, ms, o, start)
		res.Nodes = s.nodes
	}
	res.Time = time.Since(start)
	res.Value = valueOf(res.Score)
	if err := ctx.Err(); err != nil && res.Depth == 0 {
		return res, fmt.Errorf("microshogi bot: %w", err)
	}
	return res, nil
}

// troubleDrop is how far the best move's score must fall from one
// iteration to the next for the search to be in trouble.
const troubleDrop = 50

func valueOf(score int) solver.Value {
	switch {
	case score >= mateBound:
		return solver.Value{Kind: solver.Won, Plies: mate - score}
	case score <= -mateBound:
		return solver.Value{Kind: solver.Lost, Plies: mate + score}
	}
	return solver.Value{Kind: solver.Estimate, Score: score}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
