package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/windpost/windpost/uci"
)

const uciAbout = `Speaks UCI on stdin and stdout, as Fairy-Stockfish does with 'setoption name UCI_Variant
value micro': GUIs and match tools that drive Fairy-Stockfish in Micro-shogi can drive
windpost's bot. Positions are Fairy-Stockfish's FEN (the start is
  kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1
the first player upper case, 'w'), moves its move format: d2d3, d5d4- (a capture that
turns the capturer back), c1a3+ (one that promotes it), P@b3, +P@b3 (a knight dropped).
go takes movetime, wtime/btime/winc/binc/movestogo, depth, nodes, infinite and
ponder (until ponderhit or stop). While it searches it prints an info line for each
iteration it finishes (depth seldepth multipv score nodes nps hashfull time pv),
and after 3 s the root move it is on (currmove); bestmove names the reply to ponder on.
Options: Hash (MB), Threads (threads that search together; 1 by default),
MultiPV (lines shown each iteration), Move Overhead (ms), Ponder, Clear Hash.`

// cmdUCI serves the Micro-shogi bot over UCI on stdin and stdout.
func cmdUCI(ctx context.Context, a *app, args []string) int {
	if code, ok := flagsOnly(a, newFlags(a, "uci", uciAbout), args); !ok {
		return code
	}
	err := (&uci.Engine{}).Run(ctx, a.stdin, a.stdout)
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(a.stderr, "windpost uci: %v\n", err)
		return 1
	}
	return 0
}

// flagsOnly parses the flags of a command that takes no other arguments;
// ok=false comes with the exit code to use.
func flagsOnly(a *app, fs *flag.FlagSet, args []string) (code int, ok bool) {
	pos, code, ok := parseFlags(fs, args)
	if ok && len(pos) > 0 {
		fmt.Fprintf(a.stderr, "windpost %s: %q: no arguments, only flags (see --help)\n", fs.Name(), pos[0])
		return 2, false
	}
	return code, ok
}
