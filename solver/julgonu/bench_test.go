package julgonu

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/windpost/windpost/rules"
	jg "github.com/windpost/windpost/rules/julgonu"
	"github.com/windpost/windpost/solver"
)

func BenchmarkSolve(b *testing.B) {
	for b.Loop() {
		Solve()
	}
}

func BenchmarkLoadCachedTable(b *testing.B) {
	path := filepath.Join(b.TempDir(), "julgonu.table")
	if err := solved().Save(path); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load(path); err != nil {
			b.Fatal(err)
		}
	}
}

// benchGame plays a seeded random game of plies moves from the start.
func benchGame(b *testing.B, plies int, want solver.Kind) *rules.Game {
	tab := solved()
	for seed := uint64(1); seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		g := rules.NewGame(jg.Variant{})
		for g.Ply() < plies && !g.Outcome().Over() {
			ms := g.LegalMoves()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				b.Fatal(err)
			}
		}
		if g.Outcome().Over() {
			continue
		}
		if v, _ := tab.Lookup(g.Position().(jg.Position)); v.Kind == want {
			return g
		}
	}
	b.Fatal("no such game")
	return nil
}

func benchmarkBot(b *testing.B, g *rules.Game, level solver.Level) {
	s := tableSolver()
	s.nodes = 0 // the bot's own budget
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.Choose(ctx, g, level, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBotMovePerfectDrawn(b *testing.B) {
	benchmarkBot(b, benchGame(b, 20, solver.Drawn), solver.Perfect)
}

func BenchmarkBotMovePerfectWon(b *testing.B) {
	benchmarkBot(b, benchGame(b, 20, solver.Won), solver.Perfect)
}

func BenchmarkBotMoveCasual(b *testing.B) {
	benchmarkBot(b, benchGame(b, 20, solver.Drawn), solver.Casual)
}

// BenchmarkBotMovePerfectIssue is the bot at White's 12th move of the
// issue game's record: a table draw where no move is proven lost within
// the budget, so the search spends all of it (the worst case).
func BenchmarkBotMovePerfectIssue(b *testing.B) {
	benchmarkBot(b, prefix(issueGame(b), 11), solver.Perfect)
}

func BenchmarkBotMovePerfectStart(b *testing.B) {
	benchmarkBot(b, rules.NewGame(jg.Variant{}), solver.Perfect)
}

// BenchmarkJudgeIssueStart is the history search of the start of the issue
// game's record (a table draw it cannot decide) at its default budget.
func BenchmarkJudgeIssueStart(b *testing.B) {
	tab := solved()
	ps, _ := concrete(prefix(issueGame(b), 1))
	var v Verdict
	for b.Loop() {
		v = tab.Judge(context.Background(), ps, 200_000)
	}
	b.ReportMetric(float64(v.Nodes), "nodes/op")
}

// BenchmarkJudgeTheTrapOfGame24 is the history search, as Judge runs it
// (3,000,000 nodes), of the two positions of seed 47 game 24
// (testdata/hunter-losses/records.txt) where the trap closed: after the
// bot's d4-d3 at ply 22 (White to move wins in 22 plies) and before its
// d3-d2 at ply 24 (Black to move, proven lost). It reports the nodes the
// search visited and the depth at which it decided.
func BenchmarkJudgeTheTrapOfGame24(b *testing.B) {
	tab := solved()
	g := lostGames(b, filepath.Join("testdata", "hunter-losses", "records.txt"))[6]
	for _, ply := range []int{23, 24} {
		b.Run(fmt.Sprintf("ply%d", ply), func(b *testing.B) {
			var v Verdict
			for b.Loop() {
				v = tab.Judge(context.Background(), g.ps[:ply+1], 3_000_000)
			}
			if !v.Proven || v.Value.Kind == solver.Drawn {
				b.Fatalf("ply %d: %+v, want a proven win or loss", ply, v)
			}
			b.ReportMetric(float64(v.Nodes), "nodes/op")
			b.ReportMetric(float64(v.Depth), "depth")
		})
	}
}

// BenchmarkJudgeStartDepth is the depth-first history search of the start
// position within the bot's proof time (its plan's depth-first and
// proof-number times, no node budget; Judge
// without its proof-number search first): it reports the depth it
// searched fully in that time and the nodes it visited.
func BenchmarkJudgeStartDepth(b *testing.B) {
	tab := solved()
	ps := []jg.Position{jg.Start()}
	var v Verdict
	pl := botPlan(defaultBotNodes)
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), pl.depthTime+pl.numberTime)
		v = newStretch(ctx, tab, ps, 1<<40).verdict(maxSearchDepth)
		cancel()
	}
	b.ReportMetric(float64(v.Depth), "depth")
	b.ReportMetric(float64(v.Nodes), "nodes/op")
}
