package notation

import (
	"strconv"
	"strings"
)

// WriteRank writes one rank of n cells of a position string to b, as the
// FEN of chess does: each cell as cell(i) writes it, i from 0 to n-1, and
// each run of empty cells (cell returns "") as its length.
func WriteRank(b *strings.Builder, n int, cell func(i int) string) {
	empty := 0
	for i := 0; i < n; i++ {
		c := cell(i)
		if c == "" {
			empty++
			continue
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
			empty = 0
		}
		b.WriteString(c)
	}
	if empty > 0 {
		b.WriteString(strconv.Itoa(empty))
	}
}
