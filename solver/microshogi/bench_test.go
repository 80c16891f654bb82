package microshogi

import (
	"context"
	"fmt"
	"testing"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// benchAnalyse analyses the start with bot b.N times, checking each result
// with check, and returns the nodes searched.
func benchAnalyse(b *testing.B, bot *Bot, check func(Result)) int64 {
	g := rules.NewGame(engine.Variant{})
	var nodes int64
	for b.Loop() {
		r, err := bot.Analyse(context.Background(), g, 0)
		if err != nil {
			b.Fatal(err)
		}
		check(r)
		nodes += r.Nodes
	}
	return nodes
}

func BenchmarkSearchNodes(b *testing.B) {
	nodes := benchAnalyse(b, New(Options{Nodes: 200000, TableBits: 18}), func(Result) {})
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkDepth8FromStart(b *testing.B) {
	nodes := benchAnalyse(b, New(Options{Nodes: 1 << 40, MaxDepth: 8, TableBits: 20}), func(r Result) {
		if r.Depth != 8 {
			b.Fatalf("depth %d", r.Depth)
		}
	})
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkDepth12FromStart is the time to depth 12 from the start: the
// measure of the search's selectivity the issue asks for.
func BenchmarkDepth12FromStart(b *testing.B) {
	nodes := benchAnalyse(b, New(Options{Nodes: 1 << 40, MaxDepth: 12, TableBits: 20}), func(r Result) {
		if r.Depth != 12 {
			b.Fatalf("depth %d", r.Depth)
		}
	})
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkThreads is the time to depth 14 from the start, and the nodes
// per second of all threads together, with one thread and with two (lazy
// SMP): what a second core buys in the same depth.
func BenchmarkThreads(b *testing.B) {
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("depth14/threads=%d", threads), func(b *testing.B) {
			nodes := benchAnalyse(b, New(Options{Nodes: 1 << 40, MaxDepth: 14, TableBits: 20, Threads: threads}), func(r Result) {
				if r.Depth != 14 {
					b.Fatalf("depth %d", r.Depth)
				}
			})
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
