package inbound

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkRead(b *testing.B) {
	for _, file := range []string{"plain-move.eml", "gmail-reply.eml", "html-only.eml", "mixed-attachment.eml", "shift-jis.eml"} {
		raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "mail", file))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(file, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := Read(bytes.NewReader(raw), 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// 4 MiB over the 256 KiB limit: the cost is bounded by the limit.
	huge := append([]byte("From: a@example.org\r\nMessage-ID: <x@y>\r\nContent-Type: application/octet-stream\r\n\r\n"),
		bytes.Repeat([]byte("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\r\n"), 4<<20/38)...)
	b.Run("4MiB-too-large", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if m, err := Read(bytes.NewReader(huge), 0); err != nil || !m.TooLarge {
				b.Fatal(err)
			}
		}
	})
}
