package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// cmdReplay runs "windpost replay <game> FILE": the check of a game record,
// windpost's numbered moves or a PGN file (see replay_pgn.go).
func cmdReplay(ctx context.Context, a *app, args []string) int {
	fs := helpFlags(a, "replay")
	kit, pos, code, ok := a.gameArgs(fs, args, 2, nil, "name a game and a record file, e.g. 'windpost replay gufuu game.txt' (games: {games})")
	if !ok {
		return code
	}
	var text []byte
	var err error
	if pos[1] == "-" {
		text, err = io.ReadAll(a.stdin)
	} else {
		text, err = os.ReadFile(pos[1])
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost replay: %v\n", err)
		return 2
	}
	_ = ctx
	if recs, isPGN, err := pgnRecords(string(text)); isPGN {
		return replayPGN(a.stdout, kit, recs, err)
	}
	g, err := notation.ParseRecord(kit.Rules, kit.Notation, string(text))
	return replayReport(a.stdout, kit, kit.Notation, g, g.Outcome(), err)
}

// replayReport writes what a replay found: the final board and "ok: N
// moves", or the first move that could not be played, the board before it
// and the legal moves there (written by mt), and returns the exit code.
func replayReport(w io.Writer, kit variants.Kit, mt notation.Movetext, g *rules.Game, o rules.Outcome, err error) int {
	if err != nil {
		var re *notation.RecordError
		if !errors.As(err, &re) {
			fmt.Fprintf(w, "not ok: %v\n", err)
			return 1
		}
		fmt.Fprintf(w, "%s", kit.Notation.Board(g.Position()))
		fmt.Fprintf(w, "not ok: %v\n", re)
		if g.Outcome().Over() {
			fmt.Fprintf(w, "The game had ended after move %d: %s.\n", g.Ply(), g.Outcome())
			return 1
		}
		var ms []string
		for _, m := range g.LegalMoves() {
			ms = append(ms, mt.FormatMove(g.Position(), m))
		}
		fmt.Fprintf(w, "Legal moves for move %d: %s\n", g.Ply()+1, strings.Join(ms, " "))
		return 1
	}
	fmt.Fprint(w, kit.Notation.Board(g.Position()))
	fmt.Fprintf(w, "ok: %d moves", g.Ply())
	if o.Over() {
		fmt.Fprintf(w, "; %s", o)
	}
	fmt.Fprintln(w)
	return 0
}
