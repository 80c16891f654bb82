package microshogi

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	"github.com/windpost/windpost/solver"
)

// winIn reports, by exhaustive search, whether the side to move can leave
// the opponent without a legal move (checkmate or stalemate, both lose)
// within n of its own moves.
func winIn(p engine.Position, n int) bool {
	for _, m := range p.Generate(nil) {
		q := p.After(m)
		if q.CountMoves() == 0 {
			return true
		}
		if n > 1 && allLose(q, n-1) {
			return true
		}
	}
	return false
}

// allLose reports whether every move of the side to move in q lets the
// opponent win within n moves.
func allLose(q engine.Position, n int) bool {
	for _, r := range q.Generate(nil) {
		if !winIn(q.After(r), n) {
			return false
		}
	}
	return true
}

// mateLength is the smallest n <= limit with winIn(p, n), or 0.
func mateLength(p engine.Position, limit int) int {
	for n := 1; n <= limit; n++ {
		if winIn(p, n) {
			return n
		}
	}
	return 0
}

// matePositions builds positions with a forced win in exactly 1, 2 and 3
// moves: random small endgames (a few pieces, a hand of at most one),
// each classified by the exhaustive search above.
func matePositions(t *testing.T, perLength int) map[int][]engine.Position {
	rng := rand.New(rand.NewPCG(2026, 5))
	found := map[int][]engine.Position{}
	faces := []engine.Face{engine.Bishop, engine.Tokin, engine.Gold, engine.Rook, engine.Silver, engine.Lance, engine.Pawn, engine.Knight}
	for tries := 0; tries < 200000; tries++ {
		if len(found[1]) >= perLength && len(found[2]) >= perLength && len(found[3]) >= perLength {
			break
		}
		var b [engine.NumSquares]engine.Piece
		var hands [2][engine.Pairs]int
		kinds := [engine.Pairs]int{}
		attacker := rules.Side(rng.IntN(2))
		place := func(pc engine.Piece) {
			for {
				s := rng.IntN(engine.NumSquares)
				if b[s].Face == engine.NoFace {
					b[s] = pc
					return
				}
			}
		}
		place(engine.Piece{Face: engine.King, Side: attacker})
		place(engine.Piece{Face: engine.King, Side: attacker.Opponent()})
		add := func(s rules.Side, inHand bool) {
			f := faces[rng.IntN(len(faces))]
			if kinds[f.Pair()] == 2 {
				return
			}
			kinds[f.Pair()]++
			if inHand {
				hands[s][f.Pair()]++
			} else {
				place(engine.Piece{Face: f, Side: s})
			}
		}
		for i := 1 + rng.IntN(3); i > 0; i-- {
			add(attacker, false)
		}
		if rng.IntN(2) == 0 {
			add(attacker, true)
		}
		for i := rng.IntN(3); i > 0; i-- {
			add(attacker.Opponent(), false)
		}
		p, err := engine.New(b, hands, attacker, 1)
		if err != nil || p.CountMoves() == 0 || p.InCheck() {
			continue
		}
		n := mateLength(p, 3)
		if n > 0 && len(found[n]) < perLength {
			found[n] = append(found[n], p)
		}
	}
	for n := 1; n <= 3; n++ {
		if len(found[n]) < perLength {
			t.Fatalf("found only %d positions with a win in %d", len(found[n]), n)
		}
	}
	return found
}

func TestBotFindsMates(t *testing.T) {
	per := 20
	if testing.Short() {
		per = 5
	}
	mates := matePositions(t, per)
	for _, threads := range []int{1, 2} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) { findMates(t, mates, threads) })
	}
}

// findMates checks that the bot, searching with threads, finds the win in
// each of mates in the fewest moves, and plays it.
func findMates(t *testing.T, mates map[int][]engine.Position, threads int) {
	bot := New(Options{Nodes: 400000, TableBits: 18, Threads: threads})
	for n, ps := range mates {
		for _, p := range ps {
			g := rules.NewGameFrom(engine.Variant{}, p)
			r, err := bot.Analyse(context.Background(), g, 0)
			if err != nil {
				t.Fatal(err)
			}
			name := microshogi.FormatPosition(p)
			t.Logf("win in %d: %-32s bot: %s %v (%d nodes)", n, name, (microshogi.Notation{}).FormatMove(p, r.Move), r.Value, r.Nodes)
			want := solver.Value{Kind: solver.Won, Plies: 2*n - 1}
			if r.Value != want {
				t.Errorf("%s (win in %d): bot's value %v, want %v", name, n, r.Value, want)
			}
			q := p.After(r.Move)
			ok := q.CountMoves() == 0 || (n > 1 && allLose(q, n-1))
			if !ok {
				t.Errorf("%s (win in %d): bot's move %s does not win in %d", name, n, (microshogi.Notation{}).FormatMove(p, r.Move), n)
			}
			m, err := bot.Choose(context.Background(), g, solver.Strong, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if q := p.After(m); !(q.CountMoves() == 0 || (n > 1 && allLose(q, n-1))) {
				t.Errorf("%s (win in %d): Choose plays %s, which does not win in %d", name, n, (microshogi.Notation{}).FormatMove(p, m), n)
			}
		}
	}
}
