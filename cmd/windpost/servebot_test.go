package main

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
	"github.com/windpost/windpost/variants"
)

// serve gives the Micro-shogi bot [bot] think_time (twice that when the
// search is in trouble) and [bot] threads, or the mail's defaults: 5 s and
// one thread per core.
func TestServeBotSearchOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bot     string // added to [bot]
		think   time.Duration
		threads int
	}{
		{"defaults", "", config.DefaultThinkTime, min(runtime.NumCPU(), config.MaxThreads)},
		{"set", "\nthink_time = \"3s\"\nthreads = 3", 3 * time.Second, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			srv := mailtest.Server(t, localmail.Options{})
			cfg := checkConfig(t, srv, dir, map[string]string{"bot.address": `"bot@example.test"` + tc.bot}, "")
			a, _, errb := testApp("")
			got := make(chan variants.Options, 1)
			a.catalog = func(o variants.Options) *variants.Catalog {
				got <- o
				return variants.Default(o)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan int)
			go func() { done <- run(ctx, a, []string{"serve", "-config", cfg}) }()
			var o variants.Options
			select {
			case o = <-got:
			case code := <-done:
				t.Fatalf("serve ended (%d) before building the bot:\n%s", code, errb)
			}
			cancel()
			<-done
			if o.MicroThink != tc.think || o.MicroMaxThink != 2*tc.think || o.MicroThreads != tc.threads {
				t.Errorf("the bot's options: think %v, at most %v, threads %d; want %v, %v, %d",
					o.MicroThink, o.MicroMaxThink, o.MicroThreads, tc.think, 2*tc.think, tc.threads)
			}
		})
	}
}
