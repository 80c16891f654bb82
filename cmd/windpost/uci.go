package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/windpost/windpost/uci"
)

// cmdUCI serves the Micro-shogi bot over UCI on stdin and stdout.
func cmdUCI(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "uci",
		"Speaks UCI on stdin and stdout, as Fairy-Stockfish does with 'setoption name UCI_Variant\n"+
			"value micro': GUIs and match tools that drive Fairy-Stockfish in Micro-shogi can drive\n"+
			"windpost's bot. Positions are Fairy-Stockfish's FEN (the start is\n"+
			"  kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1\n"+
			"the first player upper case, 'w'), moves its move format: d2d3, d5d4- (a capture that\n"+
			"turns the capturer back), c1a3+ (one that promotes it), P@b3, +P@b3 (a knight dropped).\n"+
			"go takes movetime, wtime/btime/winc/binc/movestogo, depth, nodes and infinite.")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 0 {
		fmt.Fprintln(a.stderr, "windpost uci: no arguments; the commands come on stdin")
		return 2
	}
	e := &uci.Engine{}
	if err := e.Run(ctx, a.stdin, a.stdout); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(a.stderr, "windpost uci: %v\n", err)
		return 1
	}
	return 0
}
