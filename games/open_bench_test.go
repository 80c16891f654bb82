//go:build unix

package games

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkOpen measures windpost's start-up on a store of n games
// (benchStore: 10,000 games come to about 90 MB, 100,000 to 760 MB): Open as serve does
// it, with the walk of every page and record that refuses a damaged store,
// and without it (SkipWalk), so that the walk's own cost shows. store-MB
// is the size of the file, cpu-ms/op the CPU time an open takes (the
// machines that measure it are shared: the wall time varies with their
// load, the CPU time much less).
func BenchmarkOpen(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			h := newHarness(b, defaultCatalog(b.TempDir()))
			benchStore(b, h, n)
			if err := h.store.Close(); err != nil {
				b.Fatal(err)
			}
			defer h.open(b) // for the harness's cleanup
			fi, err := os.Stat(h.path)
			if err != nil {
				b.Fatal(err)
			}
			for _, walk := range []bool{true, false} {
				b.Run(fmt.Sprintf("walk=%v", walk), func(b *testing.B) {
					cpu := cpuTime(b)
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
					b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
				})
			}
		})
	}
}
