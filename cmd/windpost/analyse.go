package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	notation "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
	search "github.com/windpost/windpost/solver/microshogi"
)

// cmdAnalyse searches a Micro-shogi position with the bot's engine and
// prints the best move, the score and the principal variation.
func cmdAnalyse(ctx context.Context, a *app, args []string) int {
	fs := helpFlags(a, "analyse")
	position := fs.String("position", "", "the position to analyse (default: the start)")
	budget := fs.Duration("time", search.DefaultTime, "how long to search, e.g. 500ms, 2s, 1m")
	kit, _, code, ok := a.gameArgs(fs, args, 1, nil, "name the game, e.g. 'windpost analyse microshogi --position \"kbgs/p3/4/3P/SGBK b - 1\"'")
	if !ok {
		return code
	}
	if kit.Rules.Name() != "microshogi" {
		fmt.Fprintf(a.stderr, "windpost analyse: only Micro-shogi is analysed by search; %s is solved outright: try 'windpost solve %s'\n", kit.Rules.Title(), kit.Rules.Name())
		return 2
	}
	if *budget <= 0 {
		fmt.Fprintln(a.stderr, "windpost analyse: --time must be more than 0, e.g. --time 2s")
		return 2
	}
	p := engine.Start()
	if *position != "" {
		var err error
		if p, err = notation.ParsePosition(*position); err != nil {
			fmt.Fprintf(a.stderr, "windpost analyse: --position: %v\n", err)
			return 2
		}
	}
	n := notation.Notation{}
	g := rules.NewGameFrom(kit.Rules, p)
	fmt.Fprintf(a.stdout, "Position: %s\n\n%s\n", notation.FormatPosition(p), n.Board(p))
	if o := g.Outcome(); o.Over() {
		fmt.Fprintf(a.stdout, "The game is over: %s.\n", o)
		return 0
	}
	bot := search.New(search.Options{Time: *budget})
	r, err := bot.Analyse(ctx, g, 0)
	if err != nil {
		fmt.Fprintf(a.stderr, "windpost analyse: %v\n", err)
		return 1
	}
	side := "Black"
	if p.ToMove() == rules.White {
		side = "White"
	}
	fmt.Fprintf(a.stdout, "Best move: %s\n", n.FormatMove(p, r.Move))
	fmt.Fprintf(a.stdout, "Score:     %s\n", describe(r.Value, side))
	fmt.Fprintf(a.stdout, "Line:      %s\n", line(p, r.PV))
	fmt.Fprintf(a.stdout, "Searched:  depth %d, %d nodes in %s\n", r.Depth, r.Nodes, r.Time.Round(time.Millisecond))
	return 0
}

// describe says what a value means for the side to move.
func describe(v solver.Value, side string) string {
	other := map[string]string{"Black": "White", "White": "Black"}[side]
	switch v.Kind {
	case solver.Won:
		return fmt.Sprintf("%s wins in %d (%d plies)", side, (v.Plies+1)/2, v.Plies)
	case solver.Lost:
		return fmt.Sprintf("%s wins in %d (%d plies)", other, (v.Plies+1)/2, v.Plies)
	}
	return fmt.Sprintf("%s (pawns, for %s to move)", v, side)
}

// line writes moves from p as a numbered line: "12.P-1c 13.B-4c".
func line(p engine.Position, ms []rules.Move) string {
	n := notation.Notation{}
	var parts []string
	for _, m := range ms {
		if !p.Legal(m) {
			break
		}
		parts = append(parts, fmt.Sprintf("%d.%s", p.MoveNumber(), n.FormatMove(p, m)))
		p = p.After(m)
	}
	return strings.Join(parts, " ")
}
