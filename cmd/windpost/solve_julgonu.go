package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	solverjg "github.com/windpost/windpost/solver/julgonu"
)

// solveJulgonu runs "windpost solve julgonu ..." (args are those after the
// game name): the figures of the solved game, or the value of positions and
// of every legal move in them.
func solveJulgonu(ctx context.Context, a *app, args []string) int {
	fs := newFlags(a, "solve julgonu [--json] [--position \"<position string>\" | --positions FILE] [--cache DIR]",
		"Prints the figures of the solved game: positions reachable from the start (counted with\n"+
			"the side to move, ignoring the repetition rule), how many are won, lost and drawn for the\n"+
			"side to move, the value of the start and the longest win in plies. With --position or\n"+
			"--positions it prints each position's value and every legal move with its value instead.\n"+
			"Values: \"W n\" wins with the n-th ply from now, \"L n\" loses after n plies, \"D\" draws.\n"+
			"The table ignores the repetition rule and the 100-ply draw. It is computed once and cached\n"+
			"in DIR/julgonu.table (rebuilt when missing or damaged).")
	asJSON := fs.Bool("json", false, "print JSON")
	position := fs.String("position", "", "analyse this position string (e.g. \"wwww/4/4/bbbb b\")")
	positions := fs.String("positions", "", "analyse the position strings in FILE, one a line (- = standard input)")
	cacheDir := fs.String("cache", "", "directory of the table's cache file (default: the working directory)")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(a.stderr, "windpost solve julgonu: unexpected argument %q\n", pos[0])
		return 2
	}
	if *position != "" && *positions != "" {
		fmt.Fprintln(a.stderr, "windpost solve julgonu: give --position or --positions, not both")
		return 2
	}
	kit, err := a.catalog(*cacheDir).Get("julgonu")
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve julgonu: %v\n", err)
		return 1
	}
	s, ok := kit.Bot.(*solverjg.Solver)
	if !ok {
		fmt.Fprintf(a.stderr, "windpost solve julgonu: the Jul-Gonu bot is a %T, not the table solver\n", kit.Bot)
		return 1
	}
	began := time.Now()
	t, err := s.Table(ctx)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve julgonu: %v\n", err)
		return 1
	}
	src, loadErr, saveErr := s.Status()
	switch {
	case src == solverjg.FromCache:
		fmt.Fprintf(a.stderr, "table loaded from %s in %v\n", s.Path(), time.Since(began).Round(time.Millisecond))
	default:
		fmt.Fprintf(a.stderr, "table computed in %v (%v)\n", time.Since(began).Round(time.Millisecond), loadErr)
		if saveErr != nil {
			fmt.Fprintf(a.stderr, "warning: the table could not be cached: %v\n", saveErr)
		} else {
			fmt.Fprintf(a.stderr, "table cached in %s\n", s.Path())
		}
	}
	if *position != "" || *positions != "" {
		return writePositionReports(ctx, a, kit, *position, *positions, *asJSON)
	}
	st := t.Stats()
	if *asJSON {
		out, _ := json.Marshal(st)
		fmt.Fprintln(a.stdout, string(out))
		return 0
	}
	fmt.Fprintf(a.stdout, "Jul-Gonu, solved (ignoring the repetition rule)\n")
	fmt.Fprintf(a.stdout, "reachable positions: %d\n", st.Reachable)
	fmt.Fprintf(a.stdout, "won for the side to move: %d\n", st.Wins)
	fmt.Fprintf(a.stdout, "lost for the side to move: %d\n", st.Losses)
	fmt.Fprintf(a.stdout, "drawn: %d\n", st.Draws)
	fmt.Fprintf(a.stdout, "start: %s\n", st.Start)
	fmt.Fprintf(a.stdout, "longest win: %d plies\n", st.LongestWin)
	return 0
}
