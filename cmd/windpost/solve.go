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
	"github.com/windpost/windpost/variants"
)

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

// cmdSolve runs "windpost solve <game>": the figures of a solved game, or
// the value of positions and of every legal move in them, from the table
// of the game's kit.
func cmdSolve(ctx context.Context, a *app, args []string) int {
	fs := helpFlags(a, "solve")
	asJSON := fs.Bool("json", false, "print JSON: one object (one per line with --positions)")
	position := fs.String("position", "", "analyse this position string, e.g. \"..Se/KeWn/kw.. w\" or \"wwww/4/4/bbbb b\"")
	positions := fs.String("positions", "", "analyse the position strings in FILE, one a line (- = standard input)")
	cacheDir := fs.String("cache", "", "directory of the tables' cache files (default: the working directory)")
	kit, _, code, ok := a.gameArgs(fs, args, 1, cacheDir, "name one game, e.g. 'windpost solve gufuu' (solved games: gufuu, julgonu)")
	if !ok {
		return code
	}
	if *position != "" && *positions != "" {
		fmt.Fprintln(a.stderr, "windpost solve: give --position or --positions, not both")
		return 2
	}
	if kit.Table == nil {
		fmt.Fprintf(a.stderr, "windpost solve: %s is not solved (it is far too big for a table).\n"+
			"Use 'windpost analyse %s --position \"...\"' to search a position with the bot's engine.\n", kit.Rules.Title(), kit.Rules.Name())
		return 2
	}
	began := time.Now()
	prov, err := kit.Table.Ready(ctx)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
		return 1
	}
	writeProvenance(a.stderr, kit.Rules.Title(), prov, time.Since(began).Round(time.Millisecond))
	if *position != "" || *positions != "" {
		return writePositionReports(ctx, a, kit, *position, *positions, *asJSON)
	}
	start := kit.Rules.Start()
	figures, err := kit.Table.Figures(ctx, func(m rules.Move) string { return kit.Notation.FormatMove(start, m) })
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost solve: %v\n", err)
		return 1
	}
	if *asJSON {
		writeJSONLine(a.stdout, figures)
		return 0
	}
	for _, l := range figures.Lines {
		fmt.Fprintln(a.stdout, l)
	}
	return 0
}

// writeProvenance says on w where the table of the game called title came
// from and how long that took.
func writeProvenance(w io.Writer, title string, p solver.Provenance, took time.Duration) {
	switch {
	case p.Cache == "":
		fmt.Fprintf(w, "%s solved in %v\n", title, took)
	case p.Loaded:
		fmt.Fprintf(w, "table loaded from %s in %v\n", p.Cache, took)
	default:
		fmt.Fprintf(w, "table computed in %v (%v)\n", took, p.LoadErr)
		if p.SaveErr != nil {
			fmt.Fprintf(w, "warning: the table could not be cached: %v\n", p.SaveErr)
		} else {
			fmt.Fprintf(w, "table cached in %s\n", p.Cache)
		}
	}
}

// writeJSONLine writes v as one line of JSON, leaving <, > and & as they
// are (moves such as "K-2a>S" must stay readable).
func writeJSONLine(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
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
		ms = append(ms, valued{kit.Notation.FormatMove(g.Position(), m), cv.ForMover()})
	}
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].v.Better(ms[j].v) != ms[j].v.Better(ms[i].v) {
			return ms[i].v.Better(ms[j].v)
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
		fmt.Fprintf(a.stdout, "value: %s (%s)\n", r.Value, r.value.Meaning(r.side))
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
