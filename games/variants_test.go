package games

import (
	"strings"
	"testing"
	"time"

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
	if first = first[:strings.Index(first[1:], "\n")+1]; !strings.Contains(first, " D -> ") {
		t.Fatalf("the first move does not start from a draw:\n%s", a.Text)
	}
	if strings.Contains(a.Text, "\n0 mistakes.") {
		t.Fatalf("a lost game from a solved start without a mistake:\n%s", a.Text)
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
