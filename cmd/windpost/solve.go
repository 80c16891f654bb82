package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	sgufuu "github.com/windpost/windpost/solver/gufuu"
	"github.com/windpost/windpost/variants"
)

// solveValueFlags are the flags of "solve" that take a value; the game's
// name is the first argument that is neither a flag nor such a value.
var solveValueFlags = map[string]bool{"position": true, "positions": true, "cache": true}

// solveGame finds the game named in a solve command line and the other
// arguments.
func solveGame(args []string) (game string, rest []string) {
	for i := 0; i < len(args); i++ {
		s := args[i]
		if strings.HasPrefix(s, "-") {
			name := strings.TrimLeft(s, "-")
			if solveValueFlags[name] && !strings.Contains(name, "=") {
				i++
			}
			continue
		}
		rest = append(append(rest, args[:i]...), args[i+1:]...)
		return s, rest
	}
	return "", args
}

func cmdSolve(ctx context.Context, a *app, args []string) int {
	game, rest := solveGame(args)
	name := strings.ToLower(game)
	if k, ok := a.catalog("").Lookup(game); ok {
		name = k.Rules.Name() // aliases too: "gonu", "micro"
	}
	switch name {
	case "julgonu", "jul-gonu":
		return solveJulgonu(ctx, a, rest)
	case "microshogi", "micro-shogi":
		fmt.Fprintln(a.stderr, "windpost solve: Micro-shogi is not solved (it is far too big for a table).\n"+
			"Use 'windpost analyse microshogi --position \"...\"' to search a position with the bot's engine.")
		return 2
	}
	fs := newFlags(a, "solve <game> [--json] [--position \"<position string>\" | --positions FILE]",
		"Prints the figures of a solved game (Gufuu Shogi; Jul-Gonu has its own options, see\n"+
			"'windpost solve julgonu --help'): the positions reachable from the start, how many are\n"+
			"checkmate, won, lost and drawn for the side to move, the value of the start, the longest\n"+
			"forced win, the positions with a mate in one and the best first moves.\n"+
			"With --position or --positions it prints the value of each position and every legal move\n"+
			"with its value for the player making it, best first.\n"+
			"Values: \"W n\" = the side to move wins, its mating move being the n-th ply from now;\n"+
			"\"L n\" = it is mated after n plies (\"L 0\" = mated now); \"D\" = a draw with best play.\n"+
			"The table ignores the fourfold-repetition rule.")
	asJSON := fs.Bool("json", false, "print JSON: one object (one per line with --positions)")
	position := fs.String("position", "", "analyse this position string, e.g. \"..Se/KeWn/kw.. w\"")
	positions := fs.String("positions", "", "analyse the position strings in FILE, one a line (- = standard input)")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintf(a.stderr, "windpost solve: name one game, e.g. 'windpost solve gufuu' (solved games: gufuu, julgonu)\n")
		return 2
	}
	if *position != "" && *positions != "" {
		fmt.Fprintln(a.stderr, "windpost solve: give --position or --positions, not both")
		return 2
	}
	kit, err := a.catalog("").Get(pos[0])
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
		return 2
	}
	an, ok := kit.Analyst.(sgufuu.Analyst)
	if !ok {
		fmt.Fprintf(a.stderr, "windpost solve: %s is not a solved game\n", kit.Rules.Title())
		return 2
	}
	began := time.Now()
	sol := an.Table.Solution()
	fmt.Fprintf(a.stderr, "%s solved in %v\n", kit.Rules.Title(), time.Since(began).Round(time.Millisecond))
	if *position != "" || *positions != "" {
		return writePositionReports(ctx, a, kit, *position, *positions, *asJSON)
	}
	g := rules.NewGame(kit.Rules)
	start, err := kit.Analyst.Evaluate(ctx, g)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
		return 1
	}
	rep, err := positionReportOf(ctx, kit, g)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
		return 1
	}
	best := []string{}
	for _, m := range rep.Moves {
		if m.Value == start.String() {
			best = append(best, m.Move)
		}
	}
	if *asJSON {
		writeJSONLine(a.stdout, struct {
			Reachable      int      `json:"reachable"`
			Checkmated     int      `json:"checkmated"`
			Draws          int      `json:"draws"`
			Start          string   `json:"start"`
			LongestWin     int      `json:"longest_win"`
			MateInOne      int      `json:"mate_in_one"`
			BestFirstMoves []string `json:"best_first_moves"`
		}{sol.Reachable, sol.Checkmated, sol.Draws, start.String(), sol.LongestWin, sol.MateInOne, best})
		return 0
	}
	w := a.stdout
	fmt.Fprintf(w, "%s, solved (the table ignores the fourfold-repetition rule)\n\n", kit.Rules.Title())
	fmt.Fprintf(w, "Positions reachable from the start: %d (the side to move and the opening state count)\n", sol.Reachable)
	fmt.Fprintf(w, "  won for the side to move:  %d\n", sol.Won)
	fmt.Fprintf(w, "  lost for the side to move: %d, of them checkmate on the board: %d\n", sol.Lost, sol.Checkmated)
	fmt.Fprintf(w, "  drawn with best play:      %d\n", sol.Draws)
	fmt.Fprintf(w, "Positions with a mate in one: %d\n", sol.MateInOne)
	fmt.Fprintf(w, "The start: %s, %s\n", start, valueWords(start, rules.Black))
	fmt.Fprintf(w, "The longest forced win: %d plies\n", sol.LongestWin)
	fmt.Fprintf(w, "Best first moves (%d): %s\n", len(best), strings.Join(best, " "))
	return 0
}

// writeJSONLine writes v as one line of JSON, leaving <, > and & as they
// are (moves such as "K-2a>S" must stay readable).
func writeJSONLine(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// valueWords says what a value means for side s, the side to move.
func valueWords(v solver.Value, s rules.Side) string {
	who := strings.ToUpper(s.String()[:1]) + s.String()[1:]
	switch v.Kind {
	case solver.Won:
		if v.Plies == 1 {
			return fmt.Sprintf("%s to move wins with this move", who)
		}
		return fmt.Sprintf("%s to move wins; the winning move is the %s ply from now (both sides' moves count)", who, ordinal(v.Plies))
	case solver.Lost:
		if v.Plies == 0 {
			return fmt.Sprintf("%s to move has lost", who)
		}
		return fmt.Sprintf("%s to move loses after %d plies (both sides' moves count)", who, v.Plies)
	case solver.Drawn:
		return "a draw with best play"
	}
	return "a search estimate"
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// valueBetter orders values for the player who has them: a sooner win, a
// win over a draw, a draw over a loss, a later loss; search scores by score.
func valueBetter(a, b solver.Value) bool {
	if a.Rank() != b.Rank() {
		return a.Rank() > b.Rank()
	}
	switch {
	case a.Kind == solver.Won && b.Kind == solver.Won:
		return a.Plies < b.Plies
	case a.Kind == solver.Lost && b.Kind == solver.Lost:
		return a.Plies > b.Plies
	case a.Kind == solver.Unknown && b.Kind == solver.Unknown:
		return a.Score > b.Score
	}
	return false
}

type moveReport struct {
	Move  string `json:"move"`
	Value string `json:"value"`
}

type positionReport struct {
	Position string       `json:"position"`
	Value    string       `json:"value,omitempty"`
	Moves    []moveReport `json:"moves"`
	Error    string       `json:"error,omitempty"`
	side     rules.Side
	value    solver.Value
}

// positionReportOf values g's position and every legal move in it (for the
// player making it), best first.
func positionReportOf(ctx context.Context, kit variants.Kit, g *rules.Game) (positionReport, error) {
	r := positionReport{Position: kit.Notation.FormatPosition(g.Position()), Moves: []moveReport{}, side: g.Position().ToMove()}
	v, err := kit.Analyst.Evaluate(ctx, g)
	if err != nil {
		return r, err
	}
	r.value, r.Value = v, v.String()
	type valued struct {
		text string
		v    solver.Value
	}
	var ms []valued
	for _, m := range g.LegalMoves() {
		next := g.Clone()
		if err := next.Play(m); err != nil {
			return r, err
		}
		cv, err := kit.Analyst.Evaluate(ctx, next)
		if err != nil {
			return r, err
		}
		ms = append(ms, valued{kit.Notation.FormatMove(g.Position(), m), cv.After()})
	}
	sort.SliceStable(ms, func(i, j int) bool {
		if valueBetter(ms[i].v, ms[j].v) != valueBetter(ms[j].v, ms[i].v) {
			return valueBetter(ms[i].v, ms[j].v)
		}
		return ms[i].text < ms[j].text
	})
	for _, m := range ms {
		r.Moves = append(r.Moves, moveReport{m.text, m.v.String()})
	}
	return r, nil
}

// writePositionReports prints the value of a position (position) or of
// each position string in positionsFile ("-" = standard input; blank lines
// and lines starting with # are skipped) and of every legal move there,
// with kit's notation and analyst: as text, or as one JSON object a line.
// A position that cannot be read or valued gets an "error" field (or an
// error line) and makes the exit code 1.
func writePositionReports(ctx context.Context, a *app, kit variants.Kit, position, positionsFile string, asJSON bool) int {
	var lines []string
	if position != "" {
		lines = []string{position}
	} else {
		var in io.Reader = a.stdin
		if positionsFile != "-" {
			f, err := os.Open(positionsFile)
			if err != nil {
				fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
				return 1
			}
			defer f.Close()
			in = f
		}
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			if t := strings.TrimSpace(sc.Text()); t != "" && !strings.HasPrefix(t, "#") {
				lines = append(lines, t)
			}
		}
		if err := sc.Err(); err != nil {
			fmt.Fprintf(a.stderr, "windpost solve: reading %s: %v\n", positionsFile, err)
			return 1
		}
	}
	code := 0
	for i, s := range lines {
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
			return 1
		}
		r := positionReport{Position: s, Moves: []moveReport{}}
		p, err := kit.Notation.ParsePosition(s)
		if err == nil {
			r, err = positionReportOf(ctx, kit, rules.NewGameFrom(kit.Rules, p))
		}
		if err != nil {
			r.Error, r.Value, r.Moves = err.Error(), "", []moveReport{}
			code = 1
		}
		if asJSON {
			writeJSONLine(a.stdout, r)
			continue
		}
		if i > 0 {
			fmt.Fprintln(a.stdout)
		}
		fmt.Fprintf(a.stdout, "position: %s\n", r.Position)
		if r.Error != "" {
			fmt.Fprintf(a.stdout, "error: %s\n", r.Error)
			continue
		}
		fmt.Fprintf(a.stdout, "value: %s (%s)\n", r.Value, valueWords(r.value, r.side))
		if len(r.Moves) == 0 {
			fmt.Fprintln(a.stdout, "no legal moves: the game is over")
			continue
		}
		fmt.Fprintln(a.stdout, "moves (value for the player making the move):")
		width := 0
		for _, m := range r.Moves {
			width = max(width, len(m.Move))
		}
		for _, m := range r.Moves {
			fmt.Fprintf(a.stdout, "  %-*s  %s\n", width, m.Move, m.Value)
		}
	}
	return code
}
