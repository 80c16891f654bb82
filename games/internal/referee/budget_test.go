package referee

import (
	"strings"
	"testing"
)

func TestCapText(t *testing.T) {
	lines := func(n int) string { return strings.Repeat("0123456789\n", n) }
	tests := []struct {
		name, text string
		limit      int
		want       string // the end of the result
		more       int    // lines said not shown; -1 = text unchanged
	}{
		{"fits", lines(5), 1000, lines(5), -1},
		{"exactly", lines(10), 110, lines(10), -1},
		{"cut at a line's end", lines(100), 500, "0123456789\n\n... and 62 more lines not shown: the answer was too long.\n", 0},
		{"one long line", strings.Repeat("x", 5000), 1000, "\n\n... and 1 more line not shown: the answer was too long.\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := capText(tt.text, tt.limit)
			if tt.more < 0 {
				if got != tt.text {
					t.Fatalf("changed a text within the limit: %q", got)
				}
				return
			}
			if len(got) > tt.limit {
				t.Errorf("%d bytes, over the limit of %d", len(got), tt.limit)
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want it to hold %q", got, tt.want)
			}
		})
	}
}

func TestListLines(t *testing.T) {
	tests := []struct {
		lines []string
		total int
		want  string
	}{
		{[]string{"a", "b"}, 2, "Head:\n> a\n> b"},
		{[]string{"a", "b"}, 7, "Head:\n> a\n> b\n(and 5 more lines)"},
		{nil, 0, "Head:"},
	}
	for _, tt := range tests {
		if got := listLines("Head:", tt.lines, tt.total); got != tt.want {
			t.Errorf("listLines(%q, %d) = %q, want %q", tt.lines, tt.total, got, tt.want)
		}
	}
}
