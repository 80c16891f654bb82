package uci

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	fen "github.com/windpost/windpost/notation/microshogi"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// fairyStockfish starts Debian's fairy-stockfish for a test. Without it the
// test is skipped, unless WINDPOST_FSF=1 asks for it: then it fails.
func fairyStockfish(t *testing.T) *Client {
	t.Helper()
	path, err := FairyStockfish()
	if err != nil {
		if os.Getenv("WINDPOST_FSF") == "1" {
			t.Fatalf("WINDPOST_FSF=1 but %v", err)
		}
		t.Skipf("%v; set WINDPOST_FSF=1 to make this a failure", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Start(ctx, path)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		cancel()
	})
	hctx, hcancel := context.WithTimeout(ctx, 10*time.Second)
	defer hcancel()
	if err := c.Handshake(hctx, Variant, nil); err != nil {
		t.Fatal(err)
	}
	return c
}

// divide asks the engine for the position after moves (from the start):
// its FEN without the half-move clock, and its legal moves sorted.
func divide(t *testing.T, c *Client, moves []string) (string, []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.send("position startpos moves %s", strings.Join(moves, " ")); err != nil {
		t.Fatal(err)
	}
	if err := c.send("d"); err != nil {
		t.Fatal(err)
	}
	if err := c.send("go perft 1"); err != nil {
		t.Fatal(err)
	}
	var fenLine string
	var legal []string
	_, err := c.readUntil(ctx, "Nodes", func(line string) {
		if f, ok := strings.CutPrefix(line, "Fen: "); ok {
			fenLine = withoutClock(f)
		}
		// A move's line is "<move>: <count>".
		if m, n, ok := strings.Cut(line, ": "); ok && n == "1" && !strings.Contains(m, " ") {
			legal = append(legal, m)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(legal)
	return fenLine, legal
}

// withoutClock drops the half-move clock, which windpost does not keep.
func withoutClock(fen string) string {
	f := strings.Fields(fen)
	if len(f) == 6 {
		f[4] = "0"
	}
	return strings.Join(f, " ")
}

// Along random games from a fixed seed, every fifth position has the same
// FEN and the same legal moves in windpost and in Fairy-Stockfish.
func TestAgreesWithFairyStockfish(t *testing.T) {
	c := fairyStockfish(t)
	rng := rand.New(rand.NewPCG(2026, 12))
	checked := 0
	for range 80 {
		var moves []string
		p := engine.Start()
		for ply := 0; ply < 120; ply++ {
			ms := p.Generate(nil)
			if ply%5 == 0 {
				want, legal := divide(t, c, moves)
				var got []string
				for _, m := range ms {
					got = append(got, fen.FormatUCIMove(p, m))
				}
				slices.Sort(got)
				if f := fen.FormatFEN(p); f != want || !slices.Equal(got, legal) {
					t.Fatalf("after %q:\nwindpost  %s %q\nFairy-SF  %s %q", moves, f, got, want, legal)
				}
				checked++
			}
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			moves = append(moves, fen.FormatUCIMove(p, m))
			p = p.After(m)
		}
	}
	t.Logf("%d positions agree", checked)
}
