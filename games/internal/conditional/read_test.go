package conditional

import (
	"fmt"
	"strings"
	"testing"
)

// rowsText writes rows as "parent:group|group" lines, a group's words
// joined by spaces, for the tables.
func rowsText(rows []Row) string {
	var out []string
	for _, r := range rows {
		groups := make([]string, len(r.Groups))
		for i, g := range r.Groups {
			groups[i] = strings.Join(g, " ")
		}
		out = append(out, fmt.Sprintf("%d:%s", r.Parent, strings.Join(groups, "|")))
	}
	return strings.Join(out, "\n")
}

// TestReadConditional: the written forms of conditional moves in each
// game's notation, before any engine reads them.
func TestReadConditional(t *testing.T) {
	for _, tc := range []struct {
		name, text, want, err string
	}{
		{name: "gufuu, one line of two", text: "K*1a>S then W*2c>N if S*1c>W then K-2b>E",
			want: "-1:K*1a>S|W*2c>N|S*1c>W|K-2b>E"},
		{name: "micro-shogi, numbers", text: "2.K-3b then 3.S-3d, if 4...B-2b then 5. G-3d",
			want: "-1:K-3b|S-3d|B-2b|G-3d"},
		{name: "jul-gonu, a reply per line", text: "\n  a4-a3 b1-b2\n    b4-b3 c1-c2\n  b4-b3 c1-c2",
			want: "-1:a4-a3 b1-b2\n0:b4-b3 c1-c2\n-1:b4-b3 c1-c2"},
		{name: "several first moves", text: "a4-a3 then b1-b2\nif b4-b3 then c1-c2\nif c4-c3 then d1-d2",
			want: "-1:a4-a3|b1-b2\n-1:b4-b3|c1-c2\n-1:c4-c3|d1-d2"},
		{name: "the postal indented form", text: "K-3b then S-3d\n   if B-2b then G-3d\n   if G-3b then G-4d\n\tif S-2b then K-2d\nif P-4c then P-1c",
			want: "-1:K-3b|S-3d\n0:B-2b|G-3d\n0:G-3b|G-4d\n2:S-2b|K-2d\n-1:P-4c|P-1c"},
		{name: "tabs and arrows", text: "\n\ta4-a3 -> b1-b2 ; b4-b3 => c1-c2",
			want: "-1:a4-a3|b1-b2|b4-b3|c1-c2"},
		{name: "a move with spaces", text: "s : > e then K*1a>S",
			want: "-1:s : > e|K*1a>S"},
		{name: "nothing", text: "", err: `no move was written after "if"`},
		{name: "only words of the form", text: "a4-a3 b1-b2\n  then if", err: `the line "then if" names no move`},
		{name: "too long a text", text: strings.Repeat("a4-a3 then b1-b2 ", 1000), err: "at most 16384 bytes of text"},
		{name: "too many written lines", text: strings.Repeat("\n a4-a3", 600), err: "at most 500 written lines"},
		{name: "too many words in a line", text: strings.Repeat("x ", 121), err: "has 121 words; a line of 30 moves needs at most 120"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := Read(tc.text)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("readConditional: %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rowsText(rows); got != tc.want {
				t.Errorf("rows\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestJoinConditionals: the lines of conditional moves become one line of
// the mail; talk that starts with "if" stays a line of its own.
func TestJoinConditionals(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []string
		want []string
	}{
		{name: "a move, then a tree", in: []string{"a1-a2", "if a4-a3 then b1-b2", "   if b4-b3 then c1-c2", "if c4-c3 then d1-d2", "Thanks!"},
			want: []string{"a1-a2", "if a4-a3 then b1-b2\n   if b4-b3 then c1-c2\nif c4-c3 then d1-d2", "Thanks!"}},
		{name: "a header alone", in: []string{"if", "  a4-a3 b1-b2", "    b4-b3 c1-c2"},
			want: []string{"if\n  a4-a3 b1-b2\n    b4-b3 c1-c2"}},
		{name: "talk with if", in: []string{"if you like, a rematch later", "  cheers"},
			want: []string{"if you like, a rematch later", "  cheers"}},
		{name: "two games in a digest", in: []string{"g7k3q if a4-a3 then b1-b2", "g8k3q if K-3b then S-3d"},
			want: []string{"g7k3q if a4-a3 then b1-b2", "g8k3q if K-3b then S-3d"}},
		{name: "conditional clear", in: []string{"conditional clear", "resign"},
			want: []string{"conditional clear", "resign"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Join(tc.in)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("Join(%q)\n= %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}
