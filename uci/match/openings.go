package match

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	fen "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
	bot "github.com/windpost/windpost/solver/microshogi"
	"github.com/windpost/windpost/uci"
)

// openings.txt is the default set, made by
//
//	windpost match -make-openings 50 -opening-plies 6 -opening-nodes 200000 -opening-margin 60 -seed 1
//
// (see OpeningRecipe) with the bot of the commit that added it.
//
//go:embed openings.txt
var defaultOpenings string

// DefaultOpenings returns the openings the match runner plays unless told
// otherwise.
func DefaultOpenings() [][]string {
	os, err := ReadOpenings(strings.NewReader(defaultOpenings))
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	return os
}

// ReadOpenings reads openings, one a line: the moves from the start in
// Fairy-Stockfish's form, separated by spaces. Blank lines and lines
// starting with # are skipped. Each opening must be legal and leave the
// game going on.
func ReadOpenings(r io.Reader) ([][]string, error) {
	var out [][]string
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		moves := strings.Fields(line)
		g := rules.NewGame(engine.Variant{})
		for _, w := range moves {
			if err := uci.Play(g, w); err != nil {
				return nil, fmt.Errorf("openings line %d: %w", n, err)
			}
		}
		if g.Outcome().Over() {
			return nil, fmt.Errorf("openings line %d: the game is over", n)
		}
		out = append(out, moves)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	return out, nil
}

// OpeningRecipe is how MakeOpenings makes a set: Count openings of Plies
// random legal moves from the start (the random numbers from Seed), each
// kept only if it leads to a position not kept before, not over, in which
// the bot's search of Nodes nodes scores within Margin centipawns of
// equality (and finds no mate).
type OpeningRecipe struct {
	Count, Plies int
	Nodes        int64
	Margin       int
	Seed         uint64
}

// MakeOpenings makes a set of balanced openings by recipe r. The same
// recipe gives the same set as long as the bot searches the same way.
func MakeOpenings(ctx context.Context, r OpeningRecipe) ([][]string, error) {
	rng := rand.New(rand.NewPCG(r.Seed, 0x6f70656e))
	b := bot.New(bot.Options{Nodes: r.Nodes})
	seen := map[string]bool{}
	var out [][]string
	for tries := 0; len(out) < r.Count; tries++ {
		if tries > 1000*r.Count {
			return out, fmt.Errorf("openings: only %d of %d found in %d tries", len(out), r.Count, tries)
		}
		g := rules.NewGame(engine.Variant{})
		var moves []string
		for len(moves) < r.Plies && !g.Outcome().Over() {
			ms := g.LegalMoves()
			m := ms[rng.IntN(len(ms))]
			p, _ := rules.As[engine.Position](g.Position())
			moves = append(moves, fen.FormatUCIMove(p, m))
			if err := g.Play(m); err != nil {
				return nil, err
			}
		}
		key := g.Position().Key()
		if g.Outcome().Over() || seen[key] {
			continue
		}
		seen[key] = true
		res, err := b.Analyse(ctx, g, 0)
		if err != nil {
			return nil, fmt.Errorf("openings: %w", err)
		}
		if res.Value.Kind == solver.Estimate && res.Score >= -r.Margin && res.Score <= r.Margin {
			out = append(out, moves)
		}
	}
	return out, nil
}
