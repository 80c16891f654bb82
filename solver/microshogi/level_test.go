package microshogi

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

// The club level searches ClubNodes give or take a quarter, the same
// rng state giving the same move, and a far smaller search than strong's.
func TestClubLevel(t *testing.T) {
	b := New(Options{Nodes: 200000})
	g := rules.NewGame(engine.Variant{})
	budgets := map[int64]bool{}
	for seed := range uint64(8) {
		var moves [2]rules.Move
		for i := range moves {
			r, err := b.Think(context.Background(), g, solver.Club, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if r.Nodes < ClubNodes*3/4 || r.Nodes > ClubNodes*5/4+1000 || !g.Position().(engine.Position).Legal(r.Move) {
				t.Errorf("seed %d: %d nodes, move %v", seed, r.Nodes, r.Move)
			}
			moves[i] = r.Move
			budgets[r.Nodes] = true
		}
		if moves[0] != moves[1] {
			t.Errorf("seed %d: two moves from the same rng state", seed)
		}
	}
	if len(budgets) < 4 {
		t.Errorf("node budgets %v: the rng hardly varies them", budgets)
	}
	r, err := b.Think(context.Background(), g, solver.Strong, nil)
	if err != nil || r.Nodes < 200000 {
		t.Errorf("strong: %d nodes, %v", r.Nodes, err)
	}
}
