package games

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

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
		for _, l := range conditional.Join(strings.Split(text, "\n")) {
			if !strings.Contains(text, strings.SplitN(l, "\n", 2)[0]) {
				t.Fatalf("joined line %q is not in the text", l)
			}
			if c, ok := ParseCommand(l); ok && c.Verb == referee.VerbConditional && c.Tree != "" && !strings.HasSuffix(strings.Join(strings.Fields(strings.SplitN(l, "\n", 2)[0]), " "), strings.Join(strings.Fields(strings.SplitN(c.Tree, "\n", 2)[0]), " ")) {
				t.Fatalf("the tree %q of line %q", c.Tree, l)
			}
		}
		rows, err := conditional.Read(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without words")
			}
			return
		}
		if len(rows) > conditional.MaxRows {
			t.Fatalf("%d rows", len(rows))
		}
		for i, r := range rows {
			if r.Parent >= i || r.Parent < -1 || len(r.Groups) == 0 {
				t.Fatalf("row %d: %+v", i, r)
			}
		}
		lg := &referee.LiveGame{Rec: &record.Game{Variant: "julgonu", Moves: []record.Move{{Text: "x"}}}, Kit: kit, Game: base.Clone()}
		tree, problems := conditional.Build(lg.Kit.Notation, lg.Game, rules.Black, rows)
		for _, p := range problems {
			if p == "" {
				t.Fatal("a problem without words")
			}
		}
		if n := conditional.Leaves(tree.Lines); n > conditional.MaxLines {
			t.Fatalf("%d lines", n)
		}
		checkTree(t, kit, base.Clone(), tree.Lines, 0)
	})
}

// checkTree fails t unless every move of nodes is legal where it stands,
// each opponent's move has one node, and no line is beyond the caps.
func checkTree(t *testing.T, kit variants.Kit, g *rules.Game, nodes []*conditional.Node, plies int) {
	t.Helper()
	if plies > conditional.MaxMoves {
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
