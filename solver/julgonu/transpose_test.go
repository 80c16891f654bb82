package julgonu

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
)

// TestTranspositionsAgree searches the positions of random games, each
// position with the game's history, with and without the transposition
// table, deepening from 0 to 9 plies, and wants the same answer at every
// depth where the search without the table finishes within its budget: the
// same won or not won (the table's reuse is sound both ways), and it logs
// where one of them is certain (exact) and the other not (sound too, but
// then a deeper search must not find the win).
// The table is shared by every position of a game and both attackers, so
// results stored under one history are probed under others (the reuse the
// graph-history interaction makes dangerous).
func TestTranspositionsAgree(t *testing.T) {
	tab := solved()
	rng := rand.New(rand.NewPCG(23, 24))
	ctx := context.Background()
	const depth, budget = 9, 200_000
	var searched, answers, won, moreExact, lessExact, nodesOn, nodesOff, hits int
	for game := 0; searched < 300; game++ {
		all := randomGame(t, rng, 10+rng.IntN(30))
		shared := &transpositions{}
		for k := range all {
			ps := all[:k+1]
			if jg.Judge(ps).Over() {
				continue
			}
			for _, a := range []rules.Side{rules.Black, rules.White} {
				on := newStretch(ctx, tab, ps, budget)
				on.tt = shared
				off := newStretch(ctx, tab, ps, budget)
				off.tt = nil
				for d := 0; d <= depth; d++ {
					want, err := off.attack(a, d)
					if err != nil {
						break
					}
					got, err := on.attack(a, d)
					if err != nil {
						t.Fatalf("game %d ply %d, %s attacks, depth %d: %v (without the table it finished)", game, k, a, d, err)
					}
					if got.won != want.won {
						t.Fatalf("game %d ply %d (%v), %s attacks, depth %d: won %v with the table, %v without", game, k, ps[k], a, d, got.won, want.won)
					}
					answers++
					switch {
					case got.won:
						won++
					case got.exact && !want.exact:
						// Sound only if no deeper search finds the win.
						moreExact++
						if deeper, err := newStretch(ctx, tab, ps, budget).attack(a, d+3); err == nil && deeper.won {
							t.Errorf("game %d ply %d, %s attacks, depth %d: certainly not won with the table, won at depth %d", game, k, a, d, d+3)
						}
					case want.exact && !got.exact:
						lessExact++
					}
				}
				searched++
				nodesOn += on.nodes
				nodesOff += off.nodes
			}
		}
		hits = shared.hits
	}
	t.Logf("%d searches, %d answers: %d won, exact with the table only %d, without it only %d; %d nodes with the table, %d without (last game: %d hits)", searched, answers, won, moreExact, lessExact, nodesOn, nodesOff, hits)
}

// TestTranspositionsRespectHistory is the graph-history interaction at
// work: in the issue game's position after 21.b2-b1 (White to move) Black
// forces a win in 3 plies with the game's history (as at move 24, where
// White's only drawing move a4-b4 would repeat the position after move
// 20), and not within 8 plies without it (the table calls it drawn). A table shared by both searches holds, after
// the search without history, a "not won" for Black at that very position,
// computed with nothing above it, so that nothing above it ruled out a
// move: a table that reused a result whenever its search met no position
// above the node (or by the position alone) would answer the game's
// search with it, wrongly. Ours answers both as the searches without a
// table do, in both orders. And the win found with the game's history
// rests on a position with Black to move above it (the one after move 20,
// which rules out White's a4-b4): with the same history less that one
// position (no game's, but a list of positions the search takes as one)
// Black does not win in 3 plies, and a table that took a win to hold
// whenever the positions with White to move above it are the same
// (ttEntry.nearOK without its look at ttEntry.above) would answer that
// search with the game's win.
func TestTranspositionsRespectHistory(t *testing.T) {
	tab := solved()
	ctx := context.Background()
	game, _ := concrete(prefix(issueGame(t), 21))
	alone := game[len(game)-1:]
	n := alone[0]
	const depth = 8
	// attack deepens Black's attack from the end of ps to depth plies
	// and returns the depth at which it proved the win (-1: none).
	attack := func(ps []jg.Position, tt *transpositions) int {
		s := newStretch(ctx, tab, ps, 3_000_000)
		s.tt = tt
		for d := 0; d <= depth; d++ {
			r, err := s.attack(rules.Black, d)
			if err != nil {
				t.Fatal(err)
			}
			if r.won {
				return d
			}
		}
		return -1
	}
	less := append(slices.Clone(game[:20]), game[21:]...)
	withHistory, without, withLess := attack(game, nil), attack(alone, nil), attack(less, nil)
	if withHistory < 0 || without >= 0 || withLess >= 0 && withLess <= withHistory {
		t.Fatalf("without a table: Black wins at depth %d with the game's history, %d without it, %d without the position after move 20; want a win with it and none (-1) or a deeper one without", withHistory, without, withLess)
	}
	for _, order := range []string{"the position alone first", "the game first", "the game, then the game less a position"} {
		t.Run(order, func(t *testing.T) {
			shared := &transpositions{}
			first, second, want := alone, game, withHistory
			switch order {
			case "the game first":
				first, second, want = game, alone, without
			case "the game, then the game less a position":
				first, second, want = game, less, withLess
			}
			attack(first, shared)
			if order == "the position alone first" {
				e := storedAt(shared, n, rules.Black, false)
				if e == nil || e.flags&ttWon != 0 || int(e.depth) < withHistory {
					t.Fatalf("the table holds %+v for Black at %v, want a 'not won' of depth %d or more", e, n, withHistory)
				}
			}
			if got := attack(second, shared); got != want {
				t.Errorf("with the shared table Black wins at depth %d, without a table at %d (-1: none)", got, want)
			}
		})
	}
}

// storedAt returns the deepest entry that tt holds for p and attacker a,
// whatever the history it was stored with (nil: none).
func storedAt(tt *transpositions, p jg.Position, a rules.Side, narrow bool) *ttEntry {
	if tt.e == nil {
		return nil
	}
	f, b := tt.key(p, a, narrow)
	var best *ttEntry
	for i := b; i < b+2; i++ {
		e := &tt.e[i]
		if e.flags&ttKey == f && e.black == p.Black() && e.white == p.White() && (best == nil || e.depth > best.depth) {
			best = e
		}
	}
	return best
}

// BenchmarkTranspositions runs the history search as Judge does with the
// transposition table and without it, side by side: the start of the issue
// game (200,000 nodes), the two positions of seed 47 game 24 where the trap
// closed (3,000,000 nodes: the verdict is proven), and the start position
// within the bot's proof time (no node budget) and to 15 plies. It reports the nodes
// visited and the depth searched.
func BenchmarkTranspositions(b *testing.B) {
	tab := solved()
	issue, _ := concrete(prefix(issueGame(b), 1))
	g24 := lostGames(b, filepath.Join("testdata", "hunter-losses", "records.txt"))[6]
	cases := []struct {
		name   string
		ps     []jg.Position
		budget int
		time   time.Duration
		depth  int
	}{
		{"issue-start", issue, 200_000, 0, maxSearchDepth},
		{"game24-ply23", g24.ps[:24], 3_000_000, 0, maxSearchDepth},
		{"game24-ply24", g24.ps[:25], 3_000_000, 0, maxSearchDepth},
		{"start-in-proof-time", []jg.Position{jg.Start()}, 1 << 40, botPlan(defaultBotNodes).depthTime + botPlan(defaultBotNodes).numberTime, maxSearchDepth},
		{"start-to-depth-15", []jg.Position{jg.Start()}, 1 << 40, 0, 15},
	}
	for _, tc := range cases {
		for _, table := range []bool{true, false} {
			name := tc.name + "/table"
			if !table {
				name = tc.name + "/none"
			}
			b.Run(name, func(b *testing.B) {
				var v Verdict
				for b.Loop() {
					ctx, cancel := context.Background(), context.CancelFunc(func() {})
					if tc.time > 0 {
						ctx, cancel = context.WithTimeout(ctx, tc.time)
					}
					s := newStretch(ctx, tab, tc.ps, tc.budget)
					if !table {
						s.tt = nil
					}
					v = s.verdict(tc.depth)
					cancel()
				}
				b.ReportMetric(float64(v.Nodes), "nodes/op")
				b.ReportMetric(float64(v.Depth), "depth")
			})
		}
	}
}
