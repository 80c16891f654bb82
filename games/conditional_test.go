package games

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// gameAfter is a game of variant between people after moves (in
// notation), as conditionalVerb finds it.
func gameAfter(t testing.TB, cat *variants.Catalog, variant string, moves ...string) *referee.LiveGame {
	t.Helper()
	kit, err := cat.Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	lg := &referee.LiveGame{Rec: &record.Game{Variant: kit.Rules.Name(), State: record.Playing}, Kit: kit, Game: rules.NewGame(kit.Rules)}
	for _, mv := range moves {
		m, err := kit.Notation.ParseMove(lg.Game.Position(), mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		if _, err := lg.Play(m, testTime); err != nil {
			t.Fatal(err)
		}
	}
	return lg
}

// testTime is when gameAfter's moves were played.
var testTime = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// TestConditionalTree: conditional moves in each game's notation, read
// move by move in the position each would arise in: the tree as read, and
// each line not taken with why.
func TestConditionalTree(t *testing.T) {
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for _, tc := range []struct {
		name, variant string
		played        []string // the moves before; the tree is black's
		text          string
		tree          string   // as conditionalVerb shows it
		problems      []string // in the lines not taken, in order
	}{
		{name: "gufuu, two deep", variant: "gufuu", played: []string{"K*2a>N"},
			text: "if K*1a>E then W*1b>E if S*2c>S+ then K-2b>E",
			tree: "  if 2.K*1a>E then 3.W*1b>E\n     if 4.S*2c>S+ then 5.K-2b>E"},
		{name: "gufuu, lenient case and numbers", variant: "gufuu", played: []string{"K*2a>N"},
			text: "2. k*1a>e then 3.w*1b>e",
			tree: "  if 2.K*1a>E then 3.W*1b>E"},
		{name: "micro-shogi, several first moves", variant: "microshogi", played: []string{"K-2d"},
			text: "if B-2b then K-1e if G-3b then G-4d\nif K-3b then P-1c",
			tree: "  if 2.B-2b then 3.K-1e\n     if 4.G-3b then 5.G-4d\n  if 2.K-3b then 3.P-1c"},
		{name: "jul-gonu, the indented form", variant: "julgonu", played: []string{"a1-a2"},
			text: "\n  b4-b3 c1-c2\n    b3-a3 d1-c1\n    a4-a3 b1-b2\n  c4-c3 d1-d2",
			tree: "  if 2.b4-b3 then 3.c1-c2\n     if 4.b3-a3 then 5.d1-c1\n     if 4.a4-a3 then 5.b1-b2\n  if 2.c4-c3 then 3.d1-d2"},
		{name: "lines sharing their start", variant: "julgonu", played: []string{"a1-a2"},
			text: "if b4-b3 then c1-c2 if b3-a3 then d1-c1\nif b4-b3 then c1-c2 if a4-a3 then b1-b2",
			tree: "  if 2.b4-b3 then 3.c1-c2\n     if 4.b3-a3 then 5.d1-c1\n     if 4.a4-a3 then 5.b1-b2"},
		{name: "a second reply to the same move is refused, the first shown", variant: "julgonu", played: []string{"a1-a2"},
			text:     "if b4-b3 then c1-c2\nif b4-b3 then d1-d2\nif c4-c3 then d1-d2",
			tree:     "  if 2.b4-b3 then 3.c1-c2\n  if 2.c4-c3 then 3.d1-d2",
			problems: []string{`"if b4-b3 then d1-d2": you already answer b4-b3 with c1-c2; a move of your opponent's may have one reply only.`}},
		{name: "an illegal branch explained, the rest kept", variant: "microshogi", played: []string{"K-2d"},
			text: "if B-2b then K-1e\n   if G-3b then G-9z\n      if S-1b then K-2d\nif K-3b then P-1c",
			tree: "  if 2.B-2b then 3.K-1e\n  if 2.K-3b then 3.P-1c",
			problems: []string{`"if G-3b then G-9z": "G-9z" is not a legal move as your move #5:`, "The legal moves there are: ",
				`"if S-1b then K-2d": not read, because the line it follows was not taken.`}},
		{name: "the opponent's move illegal", variant: "julgonu", played: []string{"a1-a2"},
			text:     "if a1-a3 then b1-b2\nif c4-c3 then d1-d2",
			tree:     "  if 2.c4-c3 then 3.d1-d2",
			problems: []string{`"if a1-a3 then b1-b2": "a1-a3" is not a legal move as your opponent's move #2`, "The legal moves there are: a4-a3, b4-b3, c4-c3, d4-d3."}},
		{name: "no reply", variant: "julgonu", played: []string{"a1-a2"},
			text:     "if c4-c3",
			problems: []string{`"if c4-c3": c4-c3 has no reply: write "if c4-c3 then <your move>".`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lg := gameAfter(t, cat, tc.variant, tc.played...)
			rows, err := conditional.Read(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			tree, problems := conditional.Build(lg.Kit.Notation, lg.Game, rules.Black, rows)
			if got := tree.Text(); got != tc.tree {
				t.Errorf("tree\n%s\nwant\n%s", got, tc.tree)
			}
			all := strings.Join(problems, "\n")
			at := 0
			for _, p := range tc.problems {
				i := strings.Index(all[at:], p)
				if i < 0 {
					t.Fatalf("problems lack %q (in order):\n%s", p, all)
				}
				at += i + len(p)
			}
			if len(tc.problems) == 0 && len(problems) > 0 {
				t.Errorf("problems: %s", all)
			}
		})
	}
}

// caps builds the text of a tree of n lines of moves moves each (both
// players'), owner's replies fixed where lines share their start: random
// lines of lg's game that do not end before their last move.
func capsTree(t testing.TB, lg *referee.LiveGame, n, moves int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(23, 1))
	replies := map[string]rules.Move{}
	seen := map[string]bool{}
	var out []string
	for tries := 0; len(out) < n; tries++ {
		if tries > 10000 {
			t.Fatalf("only %d lines of %d moves found", len(out), moves)
		}
		g := lg.Game.Clone()
		var texts, path []string
		for len(texts) < moves {
			ms := g.LegalMoves()
			if len(ms) == 0 {
				break
			}
			key := strings.Join(path, " ")
			m := ms[rng.IntN(len(ms))]
			if len(texts)%2 == 1 {
				if r, ok := replies[key]; ok {
					m = r
				}
			}
			text := lg.Kit.Notation.FormatMove(g.Position(), m)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if len(texts)%2 == 1 {
				replies[key] = m
			}
			texts, path = append(texts, text), append(path, text)
		}
		line := strings.Join(texts, " ")
		if len(texts) < moves || seen[line] {
			continue
		}
		seen[line] = true
		var b strings.Builder
		for i := 0; i < len(texts); i += 2 {
			fmt.Fprintf(&b, "if %s then %s ", texts[i], texts[i+1])
		}
		out = append(out, strings.TrimSpace(b.String()))
	}
	return strings.Join(out, "\n")
}

// TestConditionalCaps: the largest tree, 30 lines of 30 moves, is taken
// whole; a 31st line and a 31st move are explained and left out.
func TestConditionalCaps(t *testing.T) {
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	lg := gameAfter(t, cat, "microshogi", "K-2d")
	text := capsTree(t, lg, conditional.MaxLines+1, conditional.MaxMoves)
	lines := strings.Split(text, "\n")
	rows, err := conditional.Read(strings.Join(lines[:conditional.MaxLines], "\n"))
	if err != nil {
		t.Fatal(err)
	}
	tree, problems := conditional.Build(lg.Kit.Notation, lg.Game, rules.Black, rows)
	if n := conditional.Leaves(tree.Lines); n != conditional.MaxLines || len(problems) != 0 {
		t.Fatalf("%d lines, problems %q", n, problems)
	}
	rows, err = conditional.Read(text)
	if err != nil {
		t.Fatal(err)
	}
	tree, problems = conditional.Build(lg.Kit.Notation, lg.Game, rules.Black, rows)
	if n := conditional.Leaves(tree.Lines); n != conditional.MaxLines || len(problems) != 1 || !strings.Contains(problems[0], "at most 30 lines of conditional moves; this one would be line 31") {
		t.Fatalf("%d lines, problems %q", n, problems)
	}
	longer := lines[0] + " if K-3b then K-2d"
	rows, err = conditional.Read(longer)
	if err != nil {
		t.Fatal(err)
	}
	if _, problems = conditional.Build(lg.Kit.Notation, lg.Game, rules.Black, rows); len(problems) != 1 || !strings.Contains(problems[0], "at most 30 moves") {
		t.Fatalf("problems %q", problems)
	}
}

// BenchmarkConditionalWorstTree reads and checks the largest tree, 30
// lines of 30 moves of Micro-shogi, as one mail's conditional command does.
func BenchmarkConditionalWorstTree(b *testing.B) {
	cat := variants.Default(variants.Options{CacheDir: b.TempDir()})
	lg := gameAfter(b, cat, "microshogi", "K-2d")
	text := capsTree(b, lg, conditional.MaxLines, conditional.MaxMoves)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		rows, err := conditional.Read(text)
		if err != nil {
			b.Fatal(err)
		}
		if t, problems := conditional.Build(lg.Kit.Notation, lg.Game, rules.Black, rows); conditional.Leaves(t.Lines) != conditional.MaxLines || len(problems) > 0 {
			b.Fatal(problems)
		}
	}
}
