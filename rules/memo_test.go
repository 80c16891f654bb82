package rules_test

import (
	"testing"

	"github.com/windpost/windpost/rules"
)

// counted is nim that counts the judgements a Game asks of it.
type counted struct {
	nim
	outcomes, lists *int
}

func (c counted) Outcome(ps []rules.Position) rules.Outcome {
	*c.outcomes++
	return c.nim.Outcome(ps)
}

func (c counted) LegalMoves(ps []rules.Position) []rules.Move {
	*c.lists++
	return c.nim.LegalMoves(ps)
}

// TestGameJudgesEachPositionOnce replays a game and checks that each
// position's outcome and legal moves are worked out once, however often
// they are asked for.
func TestGameJudgesEachPositionOnce(t *testing.T) {
	var outcomes, lists int
	g := rules.NewGame(counted{outcomes: &outcomes, lists: &lists})
	for _, m := range []rules.Move{1, 1, 1} {
		g.Outcome()
		g.LegalMoves()
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Outcome()
	g.Outcome()
	if outcomes != 4 || lists != 3 {
		t.Fatalf("4 positions judged %d times, listed %d times; want 4 and 3", outcomes, lists)
	}
}

// TestGameMemoStaysRight checks the remembered outcome after Undo, Clone,
// a returned slice changed by the caller, and a Game built as a literal.
func TestGameMemoStaysRight(t *testing.T) {
	g := rules.NewGame(nim{})
	for _, m := range []rules.Move{2, 1, 1} {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Outcome().Over() {
		t.Fatal("4 stones, 2+1+1 taken: the game should be over")
	}
	c := g.Clone()
	g.Undo()
	if o := g.Outcome(); o.Over() || len(g.LegalMoves()) != 1 {
		t.Fatalf("after undo: outcome %v, moves %v", o, g.LegalMoves())
	}
	if !c.Outcome().Over() || c.LegalMoves() != nil {
		t.Fatalf("the clone forgot its end: %v %v", c.Outcome(), c.LegalMoves())
	}
	g.Undo()
	ms := g.LegalMoves()
	ms[0] = 7
	if err := g.Play(1); err != nil {
		t.Fatalf("a changed copy of the legal moves changed the game: %v", err)
	}
	if o := g.Outcome(); o.Over() {
		t.Fatalf("1 stone left: outcome %v", o)
	}
	lit := &rules.Game{Variant: nim{}, Positions: c.Positions, Moves: c.Moves}
	if !lit.Outcome().Over() {
		t.Fatal("a literal Game of a finished game is not over")
	}
	prefix := &rules.Game{Variant: nim{}, Positions: c.Positions[:3], Moves: c.Moves[:2]}
	if prefix.Outcome().Over() || len(prefix.LegalMoves()) != 1 {
		t.Fatalf("a literal prefix: %v %v", prefix.Outcome(), prefix.LegalMoves())
	}
}
