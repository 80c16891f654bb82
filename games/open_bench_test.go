package games

import (
	"fmt"
	"os"
	"testing"
)

// BenchmarkOpen measures windpost's start-up on a store of n games
// (benchStore: 100,000 games come to about 100 MB): Open as serve does
// it, with the walk of every page and record that refuses a damaged store,
// and without it (SkipWalk), so that the walk's own cost shows. store-MB
// is the size of the file.
func BenchmarkOpen(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		h := newHarness(b, defaultCatalog(b.TempDir()))
		benchStore(b, h, n)
		if err := h.store.Close(); err != nil {
			b.Fatal(err)
		}
		fi, err := os.Stat(h.path)
		if err != nil {
			b.Fatal(err)
		}
		for _, walk := range []bool{true, false} {
			b.Run(fmt.Sprintf("games=%d/walk=%v", n, walk), func(b *testing.B) {
				for b.Loop() {
					st, err := OpenWith(h.path, StoreOptions{SkipWalk: !walk})
					if err != nil {
						b.Fatal(err)
					}
					if err := st.Close(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(fi.Size())/(1<<20), "store-MB")
			})
		}
		h.open(b) // for the harness's cleanup
	}
}
