package microshogi

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// ClubNodes is the club level's search: about so many nodes a move (a
// few milliseconds, depth 6 or so), which the match runner measured at
// about -330 Elo (14-3-103 in 120 games) against the strong level given a
// million nodes a move, and at -424 (7-2-91 in 100 games) against strong
// on two threads at 1 s a move (see docs/decisions.md). The budget varies
// by up to a quarter from move to move, drawn from the rng, so that the
// club level does not always answer the same position the same way.
const ClubNodes = 10000

// Think returns the bot's move at level with what its search found: strong
// searches within the bot's budget; club searches about ClubNodes nodes;
// casual plays a random move, but takes a win in one and avoids moves that
// let the opponent win in one (its Result has only the move).
func (b *Bot) Think(ctx context.Context, g *rules.Game, level solver.Level, rng *rand.Rand) (Result, error) {
	if o := g.Outcome(); o.Over() {
		return Result{}, fmt.Errorf("microshogi bot: %w (%s)", solver.ErrGameOver, o)
	}
	switch level {
	case solver.Strong, solver.Club:
		if ms := g.LegalMoves(); len(ms) == 1 {
			return Result{Move: ms[0], PV: ms[:1]}, nil // nothing to think about
		}
		if level == solver.Strong {
			return b.search(ctx, g, b.opts, rng)
		}
		return b.search(ctx, g, clubOptions(b.opts.TableBits, rng), rng)
	case solver.Casual:
		m, err := solver.CasualMove(g, rng)
		return Result{Move: m}, err
	}
	return Result{}, fmt.Errorf("microshogi bot: no level %q; Micro-shogi's levels are strong, club and casual", level)
}

// clubOptions is the club level's search: ClubNodes, give or take a
// quarter (drawn from rng, if any), with the bot's table size (so that
// both levels share the bot's pool of tables).
func clubOptions(tableBits int, rng *rand.Rand) Options {
	n := int64(ClubNodes)
	if rng != nil {
		n += rng.Int64N(ClubNodes/2+1) - ClubNodes/4
	}
	return Options{Nodes: n, TableBits: tableBits, MaxDepth: maxPly - 8}
}
