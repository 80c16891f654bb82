// Command micro-tune fits the weights of windpost's Micro-shogi evaluation
// to self-play games by Texel's method (see solver/microshogi/tune) and
// writes them as solver/microshogi/eval_weights.go, whose first line names
// the command that made it. The games depend only on the seed, the flags
// and the weights the command was built with: run it from the repository's
// root on the commit before the weights it made, single-threaded.
//
//	go run ./cmd/micro-tune -seed 1 -games 3000 -nodes 4000 -margin 100
//	go run ./cmd/micro-tune -untuned   # the weights before any tuning
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	bot "github.com/windpost/windpost/solver/microshogi"
	"github.com/windpost/windpost/solver/microshogi/tune"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stderr))
}

// run is the command with its arguments; it reports its progress on log.
func run(ctx context.Context, args []string, log io.Writer) int {
	fs := flag.NewFlagSet("micro-tune", flag.ContinueOnError)
	fs.SetOutput(log)
	var play tune.Play
	var fit tune.Fit
	fs.Uint64Var(&play.Seed, "seed", 1, "the random seed of the openings and the bot's choices")
	fs.IntVar(&play.Games, "games", 600, "self-play games")
	fs.Int64Var(&play.Nodes, "nodes", 4000, "nodes a move in the self-play games")
	fs.IntVar(&play.OpeningPlies, "opening-plies", 6, "random plies that open each game")
	fs.IntVar(&play.MaxPlies, "max-plies", 250, "plies after the opening before a game is drawn")
	fs.IntVar(&play.Margin, "margin", 0, "keep only openings a 20000-node search scores within so many centipawns (0: all)")
	fs.IntVar(&fit.Epochs, "epochs", 300, "passes of gradient descent")
	fs.Float64Var(&fit.Rate, "rate", 2, "the step of gradient descent, in centipawns")
	fs.Float64Var(&fit.Lambda, "lambda", 1e-7, "how hard each weight is held to its start")
	out := fs.String("out", "solver/microshogi/eval_weights.go", "the file to write")
	untuned := fs.Bool("untuned", false, "write the weights before any tuning, and stop")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(log, "micro-tune: %q: only flags\n", fs.Arg(0))
		return 2
	}
	if *untuned {
		return write(*out, bot.UntunedWeights(), "micro-tune -untuned", log)
	}
	command := fmt.Sprintf("micro-tune -seed %d -games %d -nodes %d -opening-plies %d -max-plies %d -margin %d -epochs %d -rate %g -lambda %g",
		play.Seed, play.Games, play.Nodes, play.OpeningPlies, play.MaxPlies, play.Margin, fit.Epochs, fit.Rate, fit.Lambda)
	start := time.Now()
	play.Played = func(n int, g tune.Game) {
		if n%50 == 0 || n == play.Games {
			fmt.Fprintf(log, "game %d/%d (%d plies, %v), %v\n", n, play.Games, len(g.Positions)-1, g.Result, time.Since(start).Round(time.Second))
		}
	}
	games, err := tune.PlayGames(ctx, play)
	if err != nil {
		fmt.Fprintf(log, "micro-tune: %v\n", err)
		return 1
	}
	samples := tune.Samples(games)
	w0 := bot.Weights()
	k := tune.ScaleK(samples, tune.Floats(w0))
	before := tune.MeanError(samples, tune.Floats(w0), k)
	fmt.Fprintf(log, "%d quiet positions from %d games; scale %.5f, error %.6f\n", len(samples), len(games), k, before)
	fit.Epoch = func(n int, e float64) {
		if n%50 == 0 {
			fmt.Fprintf(log, "epoch %d: error %.6f\n", n, e)
		}
	}
	w := fit.Weights(samples, w0, k)
	fmt.Fprintf(log, "error %.6f before, %.6f after, %v\n", before, tune.MeanError(samples, tune.Floats(w), k), time.Since(start).Round(time.Second))
	return write(*out, w, command, log)
}

func write(path string, w []int, command string, log io.Writer) int {
	var b bytes.Buffer
	if err := bot.WriteWeights(&b, w, command); err != nil {
		fmt.Fprintf(log, "micro-tune: %v\n", err)
		return 1
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		fmt.Fprintf(log, "micro-tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(log, "wrote %s\n", path)
	return 0
}
