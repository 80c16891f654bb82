package main

import (
	"context"
	"fmt"
	"sort"

	"github.com/windpost/windpost/rules"
)

// fastPerfter is implemented by positions whose engine counts perft on its
// own concrete type (bulk-counted at the last ply).
type fastPerfter interface {
	Perft(depth int) uint64
}

// superkoPerfter is implemented by variants whose perft can apply
// positional superko along the path: a move may not recreate p or any of
// earlier.
type superkoPerfter interface {
	PerftSuperko(p rules.Position, depth int, earlier []rules.Position) uint64
}

func perft(p rules.Position, depth int) uint64 {
	if f, ok := p.(fastPerfter); ok {
		return f.Perft(depth)
	}
	return rules.Perft(p, depth)
}

func cmdPerft(ctx context.Context, a *app, args []string) int {
	fs := helpFlags(a, "perft")
	depth := fs.Int("depth", 1, "plies to search (0 or more)")
	position := fs.String("position", "", "start from this position string instead of the game's start")
	divide := fs.Bool("divide", false, "print the count below each legal move")
	superko := fs.Bool("superko", false, "apply positional superko along each path (Jul-Gonu)")
	kit, _, code, ok := a.gameArgs(fs, args, 1, nil, "name one game, e.g. 'windpost perft microshogi --depth 5'")
	if !ok {
		return code
	}
	if *depth < 0 {
		fmt.Fprintln(a.stderr, "windpost perft: --depth must be 0 or more")
		return 2
	}
	p := kit.Rules.Start()
	if *position != "" {
		var err error
		if p, err = kit.Notation.ParsePosition(*position); err != nil {
			fmt.Fprintf(a.stderr, "windpost perft: --position: %v\n", err)
			return 2
		}
	}
	count := func(q rules.Position, d int, earlier []rules.Position) uint64 { return perft(q, d) }
	if *superko {
		sk, ok := kit.Rules.(superkoPerfter)
		if !ok {
			fmt.Fprintf(a.stderr, "windpost perft: %s has no superko rule; drop --superko\n", kit.Rules.Name())
			return 2
		}
		count = func(q rules.Position, d int, earlier []rules.Position) uint64 { return sk.PerftSuperko(q, d, earlier) }
	}
	if !*divide || *depth == 0 {
		fmt.Fprintln(a.stdout, count(p, *depth, nil))
		return 0
	}
	type line struct {
		move  string
		count uint64
	}
	var lines []line
	var total uint64
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			fmt.Fprintf(a.stderr, "windpost perft: %v\n", err)
			return 1
		}
		if *superko && q.Key() == p.Key() {
			continue
		}
		n := count(q, *depth-1, []rules.Position{p})
		lines = append(lines, line{kit.Notation.FormatMove(p, m), n})
		total += n
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].move < lines[j].move })
	for _, l := range lines {
		fmt.Fprintf(a.stdout, "%s: %d\n", l.move, l.count)
	}
	fmt.Fprintf(a.stdout, "\nmoves: %d\nleaves: %d\n", len(lines), total)
	return 0
}
