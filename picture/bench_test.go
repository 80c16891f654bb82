package picture

import (
	"bytes"
	"testing"
)

// BenchmarkPNG draws and encodes one position of each game and reports the
// PNG's size.
func BenchmarkPNG(b *testing.B) {
	for _, name := range []string{"gufuu-sample", "microshogi-hands", "julgonu-capture", "microshogi-hands-white", "julgonu-double-white"} {
		b.Run(name, func(b *testing.B) {
			p, o := sceneNamed(b, name).setUp(b)
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := PNG(&buf, p, o); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "png-bytes")
		})
	}
}

// BenchmarkBoard draws one position without encoding it.
func BenchmarkBoard(b *testing.B) {
	p, o := sceneNamed(b, "gufuu-sample").setUp(b)
	for b.Loop() {
		if _, err := Board(p, o); err != nil {
			b.Fatal(err)
		}
	}
}
