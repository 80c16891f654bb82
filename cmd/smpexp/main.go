package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
	bot "github.com/windpost/windpost/solver/microshogi"
	"github.com/windpost/windpost/uci"
	"github.com/windpost/windpost/uci/match"
)

func main() {
	depth := flag.Int("depth", 13, "")
	n := flag.Int("n", 20, "")
	pos := flag.Int("pos", -1, "")
	flag.IntVar(&bot.SMPLeadOffset, "off", 0, "")
	flag.Parse()
	var gs []*rules.Game
	walker := bot.New(bot.Options{Nodes: 30000})
	for i, o := range match.DefaultOpenings() {
		if i >= *n {
			break
		}
		g := rules.NewGame(engine.Variant{})
		for _, w := range o {
			uci.Play(g, w)
		}
		for k := 0; k < 8 && !g.Outcome().Over(); k++ {
			r, _ := walker.Analyse(context.Background(), g, 0)
			g.Play(r.Move)
		}
		if !g.Outcome().Over() {
			gs = append(gs, g)
		}
	}
	if *pos >= 0 {
		bot.TraceRoot = true
		for rep := 0; rep < 4; rep++ {
			b := bot.New(bot.Options{Nodes: 1 << 40, MaxDepth: *depth, TableBits: 22, Threads: 2})
			r, _ := b.Analyse(context.Background(), gs[*pos], 0)
			fmt.Println(r.Time, r.Nodes, r.Score, r.Depth, bot.Debug)
			bot.Debug = [4]int{}
		}
		return
	}
	for _, th := range []int{1, 2, 1, 2} {
		start := time.Now()
		var nodes int64
		var line []string
		for _, g := range gs {
			b := bot.New(bot.Options{Nodes: 1 << 40, MaxDepth: *depth, TableBits: 22, Threads: th})
			r, _ := b.Analyse(context.Background(), g, 0)
			nodes += r.Nodes
			line = append(line, fmt.Sprintf("%.0f", r.Time.Seconds()*1000))
		}
		fmt.Println(line)
		fmt.Printf("threads %d depth %d: %v, %d nodes, %d positions\n", th, *depth, time.Since(start), nodes, len(gs))
	}
}
