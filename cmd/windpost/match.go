package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	search "github.com/windpost/windpost/solver/microshogi"
	"github.com/windpost/windpost/uci"
	"github.com/windpost/windpost/uci/match"
)

// optionFlags collects repeated -fsf-option Name=Value flags.
type optionFlags map[string]string

func (o optionFlags) String() string { return fmt.Sprint(map[string]string(o)) }

func (o optionFlags) Set(s string) error {
	n, v, ok := strings.Cut(s, "=")
	if !ok || n == "" {
		return fmt.Errorf("%q: want Name=Value, as in Threads=1", s)
	}
	o[n] = v
	return nil
}

const matchAbout = `Plays windpost's Micro-shogi bot against Fairy-Stockfish (Debian's fairy-stockfish; it runs as
a separate program) over UCI, each opening with both colours at a fixed time per move, and
prints each game, the W-D-L score, the Elo difference with its 95% interval, and the nodes
per second and median depth of both engines. windpost's rules judge every move and game end;
a crash, a timeout or an illegal move loses. With -elo0 and -elo1 an SPRT may stop the match
early. -opponent plays any other UCI engine instead (e.g. an older build:
-opponent "./windpost-old uci"); -nodes gives both engines a number of nodes a move instead
of a time, which the machine's load does not change; -level plays windpost at that level.
-make-openings prints a new set of balanced openings instead (see uci/match).`

// cmdMatch plays windpost's Micro-shogi bot against Fairy-Stockfish.
func cmdMatch(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "match [-games N] [-movetime 1s | -nodes N] [-opponent CMD] [-level L] [-elo0 E -elo1 E] [...]", matchAbout)
	games := fs.Int("games", 0, "games to play (0: two per opening)")
	moveTime := fs.Duration("movetime", time.Second, "time per move for both engines")
	nodes := fs.Int64("nodes", 0, "nodes per move for both engines instead of -movetime (\"go nodes\")")
	opponent := fs.String("opponent", "", "play this UCI engine's command line instead of Fairy-Stockfish (e.g. \"./windpost-old uci\")")
	level := fs.String("level", "strong", "windpost's level: strong, club or casual (club and casual ignore -movetime and -nodes)")
	grace := fs.Duration("grace", time.Second, "extra time an engine may take before it loses on time")
	maxPlies := fs.Int("max-plies", 300, "plies after the opening before a game is drawn")
	hash := fs.Int("hash", 64, "transposition table size for both engines, in MB")
	threads := fs.Int("threads", 1, "windpost's search threads (its UCI option Threads)")
	fsfPath := fs.String("fsf", "", "Fairy-Stockfish's program (default: fairy-stockfish on the PATH or in /usr/games)")
	fsfOptions := optionFlags{"Threads": "1"}
	fs.Var(fsfOptions, "fsf-option", "a UCI option for Fairy-Stockfish, Name=Value (repeatable; Threads=1 is set)")
	self := fs.String("windpost", "", "run windpost's side as this command line (e.g. \"./windpost-old uci\"); default: in this process")
	openingsFile := fs.String("openings", "", "a file of openings, one a line of UCI moves (default: the built-in set)")
	elo0 := fs.Float64("elo0", 0, "SPRT: the Elo difference of H0")
	elo1 := fs.Float64("elo1", 0, "SPRT: the Elo difference of H1 (an SPRT runs when it differs from -elo0)")
	alpha := fs.Float64("alpha", 0.05, "SPRT: the false positive rate")
	beta := fs.Float64("beta", 0.05, "SPRT: the false negative rate")
	showMoves := fs.Bool("moves", false, "print each game's moves (UCI form, from the start) under it")
	makeOpenings := fs.Int("make-openings", 0, "print this many new balanced openings and stop")
	recipe := match.OpeningRecipe{}
	fs.IntVar(&recipe.Plies, "opening-plies", 6, "-make-openings: random plies from the start")
	fs.Int64Var(&recipe.Nodes, "opening-nodes", 200000, "-make-openings: nodes of the search that judges balance")
	fs.IntVar(&recipe.Margin, "opening-margin", 60, "-make-openings: the largest |score| kept, in centipawns")
	fs.Uint64Var(&recipe.Seed, "seed", 1, "-make-openings: the random seed")
	if code, ok := flagsOnly(a, fs, args); !ok {
		return code
	}
	if *makeOpenings > 0 {
		recipe.Count = *makeOpenings
		return printOpenings(ctx, a, recipe)
	}
	cfg := match.Config{
		MoveTime: *moveTime, Nodes: *nodes, Grace: *grace, MaxPlies: *maxPlies, Games: *games,
		Options: map[string]string{"Hash": strconv.Itoa(*hash)},
	}
	if *elo0 != *elo1 {
		cfg.SPRT = &match.SPRT{Elo0: *elo0, Elo1: *elo1, Alpha: *alpha, Beta: *beta}
	}
	var err error
	if cfg.Openings, err = loadOpenings(*openingsFile); err != nil {
		fmt.Fprintf(a.stderr, "windpost match: %v\n", err)
		return 2
	}
	fsf, err := opponentPlayer(*opponent, *fsfPath)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost match: %v\n", err)
		return 2
	}
	wp, err := windpostPlayer(*self, solver.Level(*level))
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost match: %v\n", err)
		return 2
	}
	fsf.Options = fsfOptions
	wp.Options = map[string]string{"Threads": strconv.Itoa(*threads)}
	total := cfg.Games
	if total <= 0 || total > 2*len(cfg.Openings) {
		total = 2 * len(cfg.Openings)
	}
	cfg.Played = func(g match.Game, _ match.Result) {
		printGame(a.stdout, g, total)
		if *showMoves {
			fmt.Fprintf(a.stdout, "  moves %s\n", strings.Join(g.Moves, " "))
		}
	}
	res, err := match.Run(ctx, cfg, wp, fsf)
	printMatch(a.stdout, cfg, [2]string{wp.Name, fsf.Name}, res)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost match: %v\n", err)
		return 1
	}
	return 0
}

func loadOpenings(path string) ([][]string, error) {
	if path == "" {
		return match.DefaultOpenings(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return match.ReadOpenings(f)
}

func printOpenings(ctx context.Context, a *app, r match.OpeningRecipe) int {
	os, err := match.MakeOpenings(ctx, r)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost match: %v\n", err)
		return 1
	}
	fmt.Fprintf(a.stdout, "# windpost match -make-openings %d -opening-plies %d -opening-nodes %d -opening-margin %d -seed %d\n",
		r.Count, r.Plies, r.Nodes, r.Margin, r.Seed)
	fmt.Fprintf(a.stdout, "# %d random plies from the start, kept when the bot's %d-node search scores within %d cp (no mate)\n",
		r.Plies, r.Nodes, r.Margin)
	for _, o := range os {
		fmt.Fprintln(a.stdout, strings.Join(o, " "))
	}
	return 0
}

func printGame(w io.Writer, g match.Game, total int) {
	side := "second"
	if g.AFirst {
		side = "first"
	}
	result := map[float64]string{1: "win", 0.5: "draw", 0: "loss"}[g.Points]
	fmt.Fprintf(w, "game %d/%d  opening %d  windpost %-6s  %-4s  %s, %d plies\n",
		g.Number, total, g.Opening+1, side, result, g.Reason, len(g.Moves))
}

func printMatch(w io.Writer, cfg match.Config, names [2]string, r match.Result) {
	s := r.Score
	elo, low, high := s.Elo()
	budget := cfg.MoveTime.String()
	if cfg.Nodes > 0 {
		budget = strconv.FormatInt(cfg.Nodes, 10) + " nodes"
	}
	fmt.Fprintf(w, "\n%s vs %s, %d games at %s a move: W-D-L %d-%d-%d, score %.1f%%, Elo %+.0f (95%%: %+.0f to %+.0f)\n",
		names[0], names[1], s.Games(), budget, s.Wins, s.Draws, s.Losses, 100*s.Fraction(), elo, low, high)
	fmt.Fprintf(w, "%-16s %10s %7s %6s %8s %9s %8s\n", "", "nodes/s", "depth", "moves", "crashes", "timeouts", "illegal")
	for i, name := range names {
		st := r.Stats[i]
		fmt.Fprintf(w, "%-16s %10.0f %7.1f %6d %8d %9d %8d\n", name, st.NodesPerSecond(), st.MedianDepth(), st.Moves, st.Crashes, st.Timeouts, st.Illegal)
	}
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		fmt.Fprintf(w, "%v: LLR %.2f (bounds %.2f, %.2f): %v\n", *cfg.SPRT, r.LLR, lo, hi, r.Verdict)
	}
}

// opponentPlayer is the match's second engine: the command line opponent
// if given (named after it), else Fairy-Stockfish at fsfPath or where
// Debian puts it.
func opponentPlayer(opponent, fsfPath string) (match.Player, error) {
	if words := strings.Fields(opponent); len(words) > 0 {
		name := strings.Join(append([]string{filepath.Base(words[0])}, words[1:]...), " ")
		return match.Player{Name: name, Start: func(ctx context.Context) (*uci.Client, error) {
			return uci.Start(ctx, words[0], words[1:]...)
		}}, nil
	}
	if fsfPath == "" {
		p, err := uci.FairyStockfish()
		if err != nil {
			return match.Player{}, err
		}
		fsfPath = p
	}
	return match.Player{Name: "Fairy-Stockfish", Start: func(ctx context.Context) (*uci.Client, error) {
		return uci.Start(ctx, fsfPath)
	}}, nil
}

// windpostPlayer is the match's first engine: windpost's bot at level in
// this process, or the command line self (which plays its own level).
func windpostPlayer(self string, level solver.Level) (match.Player, error) {
	b := search.New(search.Options{})
	if !slices.Contains(b.Levels(), level) {
		return match.Player{}, fmt.Errorf("-level %s: windpost's Micro-shogi levels are %v", level, b.Levels())
	}
	if words := strings.Fields(self); len(words) > 0 {
		if level != solver.Strong {
			return match.Player{}, errors.New("-level is for windpost in this process, not with -windpost")
		}
		return match.Player{Name: "windpost", Start: func(ctx context.Context) (*uci.Client, error) {
			return uci.Start(ctx, words[0], words[1:]...)
		}}, nil
	}
	e := &uci.Engine{}
	name := "windpost"
	if level != solver.Strong {
		// The level's own budget; its rng is seeded by the position, so
		// that a match is reproducible.
		name += " " + string(level)
		e.Name = name
		e.Search = func(ctx context.Context, g *rules.Game, _ search.Options) (search.Result, error) {
			h := fnv.New64a()
			h.Write([]byte(g.Position().Key()))
			return b.Think(ctx, g, level, rand.New(rand.NewPCG(h.Sum64(), uint64(len(g.Moves)))))
		}
	}
	return match.Player{Name: name, Start: func(ctx context.Context) (*uci.Client, error) {
		return e.Client(ctx), nil
	}}, nil
}
