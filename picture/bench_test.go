package picture

import (
	"bytes"
	"testing"
)

// BenchmarkPNG draws and encodes the pictures of each of sizedSets at the
// mail's width, one picture an op (round the set), and reports the mean
// and the largest PNG in octets.
func BenchmarkPNG(b *testing.B) {
	for _, set := range sizedSets(b) {
		b.Run(set.name, func(b *testing.B) {
			var buf bytes.Buffer
			total, largest := 0, 0
			for _, pic := range set.pics {
				buf.Reset()
				if err := PNG(&buf, pic.p, pic.o); err != nil {
					b.Fatalf("%s: %v", pic.name, err)
				}
				total += buf.Len()
				largest = max(largest, buf.Len())
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				pic := set.pics[i%len(set.pics)]
				buf.Reset()
				if err := PNG(&buf, pic.p, pic.o); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(total)/float64(len(set.pics)), "B/picture")
			b.ReportMetric(float64(largest), "max-B/picture")
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
