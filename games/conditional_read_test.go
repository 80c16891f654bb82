package games

import (
	"fmt"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// rowsText writes rows as "parent:group|group" lines, a group's words
// joined by spaces, for the tables.
func rowsText(rows []condRow) string {
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
			rows, err := readConditional(tc.text)
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
			got := joinConditionals(tc.in)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("joinConditionals(%q)\n= %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzConditional: no text makes the joiner, the command's parser, the
// reader or the tree's builder fail
// otherwise than with an explanation, loop past the caps, or build a tree
// beyond them; every move kept is legal where it stands.
func FuzzConditional(f *testing.F) {
	for _, s := range []string{
		"if b4-b3 then c1-c2 if b3-a3 then d1-c1",
		"\n  a4-a3 b1-b2\n    b4-b3 c1-c2\n  b4-b3 c1-c2\n  b4-b3 d1-d2",
		"if a4-a3 then\n\tb1-b2 if x",
		"2. a4-a3 3. b1-b2 , ; -> =>",
		strings.Repeat("if a4-a3 then b1-b2 ", 20),
	} {
		f.Add(s)
	}
	kit, err := variants.Default(variants.Options{CacheDir: f.TempDir()}).Get("julgonu")
	if err != nil {
		f.Fatal(err)
	}
	base := rules.NewGame(kit.Rules)
	first := base.LegalMoves()[0]
	if err := base.Play(first); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range joinConditionals(strings.Split(text, "\n")) {
			if !strings.Contains(text, strings.SplitN(l, "\n", 2)[0]) {
				t.Fatalf("joined line %q is not in the text", l)
			}
			if c, ok := ParseCommand(l); ok && c.Verb == VerbConditional && c.Tree != "" && !strings.HasSuffix(strings.Join(strings.Fields(strings.SplitN(l, "\n", 2)[0]), " "), strings.Join(strings.Fields(strings.SplitN(c.Tree, "\n", 2)[0]), " ")) {
				t.Fatalf("the tree %q of line %q", c.Tree, l)
			}
		}
		rows, err := readConditional(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without words")
			}
			return
		}
		if len(rows) > condMaxRows {
			t.Fatalf("%d rows", len(rows))
		}
		for i, r := range rows {
			if r.Parent >= i || r.Parent < -1 || len(r.Groups) == 0 {
				t.Fatalf("row %d: %+v", i, r)
			}
		}
		lg := &liveGame{rec: &gameRecord{Variant: "julgonu", Moves: []moveRecord{{Text: "x"}}}, kit: kit, g: base.Clone()}
		tree, problems := buildTree(lg, rules.Black, rows)
		for _, p := range problems {
			if p == "" {
				t.Fatal("a problem without words")
			}
		}
		if n := leaves(tree.Lines); n > condMaxLines {
			t.Fatalf("%d lines", n)
		}
		checkTree(t, kit, base.Clone(), tree.Lines, 0)
	})
}

// checkTree fails t unless every move of nodes is legal where it stands,
// each opponent's move has one node, and no line is beyond the caps.
func checkTree(t *testing.T, kit variants.Kit, g *rules.Game, nodes []*condNode, plies int) {
	t.Helper()
	if plies > condMaxMoves {
		t.Fatalf("a line of %d moves", plies)
	}
	seen := map[string]bool{}
	for _, n := range nodes {
		if seen[n.Their] {
			t.Fatalf("two nodes for %s", n.Their)
		}
		seen[n.Their] = true
		h := g.Clone()
		for _, text := range []string{n.Their, n.Reply} {
			m, err := kit.Notation.ParseMove(h.Position(), text)
			if err == nil {
				err = h.Play(m)
			}
			if err != nil {
				t.Fatalf("%s in the tree: %v", text, err)
			}
		}
		checkTree(t, kit, h, n.Next, plies+2)
	}
}
