package games

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// playAgainstBot has alice play black against the bot at level in variant
// until the game ends, always with the first legal move that windpost
// accepts (a naive player), and returns the last answer.
func playAgainstBot(t *testing.T, h *harness, variant, level string, maxMoves int) Mail {
	t.Helper()
	kit, ok := h.catalog.Lookup(variant)
	if !ok {
		t.Fatalf("the catalog has no %s", variant)
	}
	m := only(t, h.write(t, alice, "new "+variant+" as black level "+level), alice)
	for n := 0; m.Headers["X-Windpost-Result"] == ""; n++ {
		if n == maxMoves {
			t.Fatalf("no result after %d moves:\n%s", n, m.Text)
		}
		pos, err := kit.Notation.ParsePosition(m.Headers["X-Windpost-Position"])
		if err != nil {
			t.Fatalf("X-Windpost-Position %q: %v", m.Headers["X-Windpost-Position"], err)
		}
		played := false
		for _, mv := range pos.Moves() {
			r := only(t, h.reply(t, m, kit.Notation.FormatMove(pos, mv)), alice)
			if !strings.Contains(r.Text, "Refused:") {
				m, played = r, true
				break
			}
		}
		if !played {
			t.Fatalf("every move was refused:\n%s", m.Text)
		}
	}
	return m
}

// TestMicroshogiBotGame plays Micro-shogi against the strong bot (a short
// budget per move) to its end: a naive player loses.
func TestMicroshogiBotGame(t *testing.T) {
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	h.cfg.BotMoveTime = 30 * time.Millisecond
	h.cfg.AnalysisTime = 10 * time.Millisecond
	h.reopen(t)
	m := playAgainstBot(t, h, "micro", "strong", 150)
	if got := m.Headers["X-Windpost-Result"]; !strings.HasPrefix(got, "white wins by ") {
		t.Fatalf("result %q:\n%s", got, m.Text)
	}
	a := only(t, h.reply(t, m, "analysis"), alice)
	wantText(t, a, "Analysis of game", "\n1.", m.Headers["X-Windpost-Last-Move"]+" ")
}

// TestJulgonuBotGame plays Jul-Gonu against the strong bot (from the
// solved table): a naive player loses, and the analysis marks the move
// that threw the draw of the start away.
func TestJulgonuBotGame(t *testing.T) {
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	m := playAgainstBot(t, h, "gonu", "strong", 300)
	if got := m.Headers["X-Windpost-Result"]; !strings.HasPrefix(got, "white wins by ") {
		t.Fatalf("result %q:\n%s", got, m.Text)
	}
	a := only(t, h.reply(t, m, "analysis"), alice)
	wantText(t, a, "Analysis of game", "\n1.", "mistake: ")
	// The table says the start is a draw, so losing took a mistake.
	first := a.Text[strings.Index(a.Text, "\n1."):]
	if first = first[:strings.Index(first[1:], "\n")+1]; !strings.Contains(first, " D  ->  ") {
		t.Fatalf("the first move does not start from a draw:\n%s", a.Text)
	}
	if strings.Contains(a.Text, "\n0 mistakes.") {
		t.Fatalf("a lost game from a solved start without a mistake:\n%s", a.Text)
	}
}

// TestJulgonuAnalysisWithHistory analyses the record of issue 21 (every
// position a table draw; at move 24 the table's only drawing move, a4-b4,
// would repeat the position after move 20): with the game's history the
// analysis blames 4.b3-b2, after which White stood lost under the real
// rules, and not 24.d4-c4, which had no choice.
func TestJulgonuAnalysisWithHistory(t *testing.T) {
	kit, _ := variants.Default(variants.Options{CacheDir: t.TempDir()}).Lookup("gonu")
	g := rules.NewGame(kit.Rules)
	for _, text := range strings.Fields("c1-c2 b4-b3 d1-d2 b3-b2 a1-a2 a4-a3 c2-c3 c4-b4 d2-c2 d4-c4 a2-a1 c4-d4 " +
		"c3-d3 a3-b3 b1-b2 b4-a4 c2-c3 b3-b4 a1-a2 a4-a3 b2-b1 b4-a4 b1-b2 d4-c4") {
		if err := g.Play(must[rules.Move](t)(kit.Notation.ParseMove(g.Position(), text))); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	lg := &referee.LiveGame{Rec: &record.Game{ID: "g21", State: record.Over}, Kit: kit, Game: g, Outcome: rules.WinFor(rules.Black, rules.OnePieceLeft)}
	d, err := referee.Analyse(func(g *rules.Game) (solver.Value, error) { return kit.Analyst.Evaluate(t.Context(), g) }, lg)
	if err != nil {
		t.Fatal(err)
	}
	text := d.Text()
	lines := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			lines[f[0]] = line
		}
	}
	if !strings.Contains(text, "No position may repeat") {
		t.Errorf("the analysis does not say how it treats repetition:\n%s", text)
	}
	if l := lines["4.b3-b2"]; !strings.Contains(l, "mistake: a draw turned into a loss") {
		t.Errorf("4.b3-b2: %q, want the mistake that lost the game\n%s", l, text)
	}
	if l := lines["24.d4-c4"]; l == "" || strings.Contains(l, "mistake") || !strings.Contains(l, " L ") {
		t.Errorf("24.d4-c4: %q, want a lost position and no mistake\n%s", l, text)
	}
}

// TestMicroshogiRefusedMove: a refused move in a real notation gets the
// notation's reason, the legal moves in that notation and the board.
func TestMicroshogiRefusedMove(t *testing.T) {
	catalog := variants.Default(variants.Options{CacheDir: t.TempDir()})
	h := newHarness(t, catalog)
	inv := only(t, h.write(t, alice, "challenge bob@players.test micro as black"), bob)
	toAlice := only(t, h.reply(t, inv, "accept"), alice)
	kit, _ := catalog.Lookup("micro")
	start := kit.Rules.Start()
	var legal []string
	for _, m := range start.Moves() {
		legal = append(legal, kit.Notation.FormatMove(start, m))
	}
	r := only(t, h.reply(t, toAlice, "K-9z"), alice)
	wantText(t, r, `Refused: "K-9z" is not a legal move in game`, "The legal moves (#1) are:\n"+legal[0], legal[len(legal)-1],
		strings.TrimRight(kit.Notation.Board(start), "\n"))
}

// TestDefaultBotLevel: "new <game>" without a level plays the bot's
// strongest level: perfect where the game is solved, strong in Micro-shogi.
func TestDefaultBotLevel(t *testing.T) {
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	for _, tt := range []struct{ game, level string }{
		{"gufuu", "perfect"}, {"julgonu", "perfect"}, {"micro", "strong"},
	} {
		m := only(t, h.write(t, alice, "new "+tt.game+" as black"), alice)
		wantText(t, m, "(level "+tt.level+")")
	}
}
