package microshogi

import (
	"context"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

func BenchmarkSearchNodes(b *testing.B) {
	bot := New(Options{Nodes: 200000, TableBits: 18})
	g := rules.NewGame(engine.Variant{})
	var nodes int64
	for b.Loop() {
		r, err := bot.Analyse(context.Background(), g, 0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkDepth8FromStart(b *testing.B) {
	bot := New(Options{Nodes: 1 << 40, MaxDepth: 8, TableBits: 20})
	g := rules.NewGame(engine.Variant{})
	var nodes int64
	for b.Loop() {
		r, err := bot.Analyse(context.Background(), g, 0)
		if err != nil {
			b.Fatal(err)
		}
		if r.Depth != 8 {
			b.Fatalf("depth %d", r.Depth)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
