package uci

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	fen "github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// infoKeys are the words of the UCI specification's info line that stand
// before a value (and "pv", before the moves).
var infoKeys = []string{"depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "tbhits", "time", "pv"}

// keysOf returns the info keys of line, in order.
func keysOf(line string) []string {
	var keys []string
	for _, w := range strings.Fields(line) {
		if slices.Contains(infoKeys, w) {
			keys = append(keys, w)
		}
		if w == "pv" {
			break
		}
	}
	return keys
}

// kind is what an engine's answer line is, for the session's shape; runs
// of iteration info lines and of options count as one.
func kind(line string) string {
	f := strings.Fields(line)
	switch {
	case len(f) == 0:
		return ""
	case f[0] == "id", f[0] == "option", f[0] == "uciok", f[0] == "readyok", f[0] == "bestmove":
		return f[0]
	case strings.HasPrefix(line, "info string variant "):
		return "variant"
	case f[0] == "info" && slices.Contains(f, "pv"):
		return "info"
	case strings.HasPrefix(line, "Fairy-Stockfish "):
		return "" // its greeting
	}
	return "other: " + line
}

// shape is the kinds of lines, runs of the same kind as one.
func shape(lines []string) []string {
	var s []string
	for _, l := range lines {
		if k := kind(l); k != "" && (len(s) == 0 || s[len(s)-1] != k) {
			s = append(s, k)
		}
	}
	return s
}

// checkBestMoves checks that each bestmove of answers is legal in the
// position the commands set before it.
func checkBestMoves(t *testing.T, who string, commands, answers []string) {
	t.Helper()
	var games []*rules.Game
	for _, c := range commands {
		f := strings.Fields(c)
		if len(f) == 0 || f[0] != "position" {
			continue
		}
		g := rules.NewGame(engine.Variant{})
		if len(f) > 2 && f[2] == "moves" {
			for _, w := range f[3:] {
				if err := Play(g, w); err != nil {
					t.Fatalf("%s: %q: %v", who, c, err)
				}
			}
		}
		games = append(games, g)
	}
	n := 0
	for _, a := range answers {
		f := strings.Fields(a)
		if len(f) < 2 || f[0] != "bestmove" {
			continue
		}
		if n >= len(games) {
			t.Fatalf("%s: more bestmoves than positions", who)
		}
		if err := Play(games[n], f[1]); err != nil {
			t.Errorf("%s: bestmove %s after %s: %v", who, f[1], fenOf(games[n]), err)
		}
		n++
	}
	if n != len(games) {
		t.Errorf("%s: %d bestmoves for %d positions", who, n, len(games))
	}
}

// converse sends e the commands one by one, as a GUI does: after uci,
// isready and go it waits for the answer that ends theirs. It returns
// e's answers.
func converse(t *testing.T, e *Engine, commands []string) []string {
	t.Helper()
	c := e.Client(context.Background())
	defer func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	}()
	var answers []string
	seen := func(l string) { answers = append(answers, l) }
	until := map[string]string{"uci": "uciok", "isready": "readyok", "go": "bestmove"}
	for _, cmd := range commands {
		if err := c.send("%s", cmd); err != nil {
			t.Fatal(err)
		}
		if word, ok := until[strings.Fields(cmd + " x")[0]]; ok {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			last, err := c.readUntil(ctx, word, seen)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			seen(last)
		}
	}
	return answers
}

// windpost answers the session Fairy-Stockfish answered (recorded in
// testdata) in the same shape: the same kinds of lines in the same order,
// the variant's description with the same board, iteration info lines
// with Fairy-Stockfish's fields in its order (but tbhits: windpost has no
// tablebases), and a legal bestmove for each go.
func TestSessionLikeFairyStockfish(t *testing.T) {
	data, err := os.ReadFile("testdata/fairy-stockfish-session.txt")
	if err != nil {
		t.Fatal(err)
	}
	var commands, fsf []string
	for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "> "):
			commands = append(commands, l[2:])
		case strings.HasPrefix(l, "< "), l == "<":
			fsf = append(fsf, strings.TrimPrefix(strings.TrimPrefix(l, "<"), " "))
		}
	}
	ours := converse(t, &Engine{}, commands)

	want, got := shape(fsf), shape(ours)
	if len(want) < 8 || !slices.Equal(got, want) {
		t.Errorf("windpost's session has the shape\n%q\nFairy-Stockfish's\n%q", got, want)
	}
	checkBestMoves(t, "Fairy-Stockfish", commands, fsf)
	checkBestMoves(t, "windpost", commands, ours)

	// The variant's description: the same words, the same start position.
	describe := func(lines []string) (string, engine.Position) {
		for _, l := range lines {
			if words, start, ok := strings.Cut(l, " startpos "); ok && kind(l) == "variant" {
				p, err := fen.ParseFEN(start)
				if err != nil {
					t.Fatalf("%q: %v", l, err)
				}
				return words, p
			}
		}
		t.Fatal("no variant described")
		return "", engine.Position{}
	}
	wordsF, startF := describe(fsf)
	wordsW, startW := describe(ours)
	if wordsF != wordsW || startF.Hash() != startW.Hash() || startW.Hash() != engine.Start().Hash() {
		t.Errorf("variant described as %q %s, Fairy-Stockfish %q %s", wordsW, fen.FormatFEN(startW), wordsF, fen.FormatFEN(startF))
	}

	// Info lines: Fairy-Stockfish's keys (but tbhits) in its order.
	var fsfKeys []string
	for _, l := range fsf {
		if kind(l) == "info" {
			fsfKeys = slices.DeleteFunc(keysOf(l), func(k string) bool { return k == "tbhits" })
			break
		}
	}
	infos := 0
	for _, l := range ours {
		if kind(l) != "info" {
			continue
		}
		infos++
		keys := keysOf(l)
		rest := keys
		for _, k := range fsfKeys {
			i := slices.Index(rest, k)
			if i < 0 {
				t.Errorf("%q: keys %v lack %q or have it out of Fairy-Stockfish's order %v", l, keys, k, fsfKeys)
				break
			}
			rest = rest[i+1:]
		}
	}
	if infos < 3 {
		t.Errorf("%d info lines for 3 searches", infos)
	}
}
