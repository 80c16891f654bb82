package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// testApp returns an app reading stdin and writing to the buffers it
// returns (standard output, standard error).
func testApp(stdin string) (*app, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &app{
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		catalog: variants.Default,
	}, &out, &errb
}

func gufuuKitForTest(t *testing.T) variants.Kit {
	t.Helper()
	kit, err := variants.Default(variants.Options{}).Get("gufuu")
	if err != nil {
		t.Fatal(err)
	}
	return kit
}

func TestSolveGufuuJSON(t *testing.T) {
	a, out, errb := testApp("")
	if code := run(context.Background(), a, []string{"solve", "gufuu", "--json"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	var got struct {
		Reachable      int      `json:"reachable"`
		Checkmated     int      `json:"checkmated"`
		Draws          int      `json:"draws"`
		Start          string   `json:"start"`
		LongestWin     int      `json:"longest_win"`
		MateInOne      int      `json:"mate_in_one"`
		BestFirstMoves []string `json:"best_first_moves"`
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("want one line of JSON, got %q", out)
	}
	dec := json.NewDecoder(strings.NewReader(lines[0]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if got.Reachable != 203195 || got.Checkmated != 23020 {
		t.Errorf("reachable %d, checkmated %d", got.Reachable, got.Checkmated)
	}
	kit := gufuuKitForTest(t)
	g := rules.NewGame(kit.Rules)
	start, err := kit.Analyst.Evaluate(context.Background(), g)
	if err != nil || got.Start != start.String() {
		t.Errorf("start %q, analyst says %v (%v)", got.Start, start, err)
	}
	if len(got.BestFirstMoves) == 0 {
		t.Fatal("no best first moves")
	}
	for _, s := range got.BestFirstMoves {
		m, err := kit.Notation.ParseMove(g.Position(), s)
		if err != nil {
			t.Fatalf("best first move %q: %v", s, err)
		}
		next := g.Clone()
		next.Play(m)
		if v, _ := kit.Analyst.Evaluate(context.Background(), next); v.ForMover() != start {
			t.Errorf("best first move %s leads to %v", s, v)
		}
	}
	if !strings.Contains(out.String(), `"K*`) {
		t.Errorf("moves should be written plainly (no \\u003e): %s", out)
	}
}

func TestSolveGufuuText(t *testing.T) {
	a, out, errb := testApp("")
	if code := run(context.Background(), a, []string{"solve", "gufuu"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	for _, want := range []string{"Positions reachable from the start: 203195", "checkmate on the board: 23020", "The start: W", "Best first moves"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSolveGufuuPositions(t *testing.T) {
	a, out, _ := testApp("..Se/KeWn/kw.. w\n# a comment\n\nnot a position\n..../KwSs/..kn w\n")
	code := run(context.Background(), a, []string{"solve", "--positions", "-", "gufuu", "--json"})
	if code != 1 {
		t.Errorf("exit %d, want 1 (one line is not a position)", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 lines, got %q", out)
	}
	type rep struct {
		Position string `json:"position"`
		Value    string `json:"value"`
		Moves    []struct {
			Move, Value string
		} `json:"moves"`
		Error string `json:"error"`
	}
	var r [3]rep
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &r[i]); err != nil {
			t.Fatal(err)
		}
	}
	// After 9.W-1b>N White has exactly two replies; both lose.
	if len(r[0].Moves) != 2 || r[0].Moves[0].Move != "K-1c>N" && r[0].Moves[1].Move != "K-1c>N" {
		t.Errorf("replies %+v", r[0].Moves)
	}
	v, _ := solver.ParseValue(r[0].Value)
	best := r[0].Moves[0]
	if bv, _ := solver.ParseValue(best.Value); bv != v {
		t.Errorf("value %s but best move %s has %s", r[0].Value, best.Move, best.Value)
	}
	if r[1].Error == "" || r[2].Value != "L 0" || len(r[2].Moves) != 0 {
		t.Errorf("bad line %+v, mate %+v", r[1], r[2])
	}
	// The text form of one position.
	a, out, _ = testApp("")
	if code := run(context.Background(), a, []string{"solve", "gufuu", "--position", "..Se/KeWn/kw.. w"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out.String(), "value: "+r[0].Value) || !strings.Contains(out.String(), "Sx1b>S+") {
		t.Errorf("text report:\n%s", out)
	}
}

func TestSolveRefusesMicroshogi(t *testing.T) {
	a, _, errb := testApp("")
	if code := run(context.Background(), a, []string{"solve", "microshogi"}); code != 2 {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(errb.String(), "not solved") || !strings.Contains(errb.String(), "windpost analyse microshogi") {
		t.Errorf("message %q", errb)
	}
}

func TestGufuuCommandsHelp(t *testing.T) {
	for _, cmd := range []string{"solve", "play", "replay"} {
		a, _, errb := testApp("")
		if code := run(context.Background(), a, []string{cmd, "--help"}); code != 0 {
			t.Errorf("%s --help: exit %d", cmd, code)
		}
		if !strings.Contains(errb.String(), "Usage: windpost "+cmd) {
			t.Errorf("%s --help: %q", cmd, errb)
		}
	}
}

func TestReplayGufuu(t *testing.T) {
	a, out, _ := testApp("")
	if code := run(context.Background(), a, []string{"replay", "gufuu", "../../testdata/gufuu/sample-game.txt"}); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	if !strings.Contains(out.String(), "ok: 9 moves") || !strings.Contains(out.String(), "in check from the Wind") {
		t.Errorf("output:\n%s", out)
	}
	a, out, _ = testApp("")
	if code := run(context.Background(), a, []string{"replay", "gufuu", "../../testdata/gufuu/sample-game-page.txt"}); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, out)
	}
	for _, want := range []string{"move 10 (W:>E)", "the Wind gives check and may not be rotated", "Legal moves for move 10: K-1c>N Sx1b>S+"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestPlayAgainstBot drives a game through stdin: a hint, a refused move
// with its reason and the legal moves, a move, undo, and quit.
func TestPlayAgainstBot(t *testing.T) {
	a, out, errb := testApp("help\nhint\nW*2a>N\nK*1b>N\nundo\nmoves\nK*1b>N\nquit\n")
	if code := run(context.Background(), a, []string{"play", "gufuu", "--level", "strong", "--seed", "7"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	s := out.String()
	for _, want := range []string{
		"you play Black against the bot (strong)",
		"Verdict: W", "Best move(s)",
		`"W*2a>N" is not possible`, "must drop his king", "Legal moves: K*2a>N",
		"1. K*1b>N", "2. The bot (White) plays K*", "Took back 2 move(s)", "Bye.",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Count(s, "+----+----+") < 4*5 {
		t.Errorf("expected a board after every move:\n%s", s)
	}
}

// TestPlayToMate plays a whole game between two humans at one keyboard,
// typing the moves perfect play chooses, and expects the end announced.
func TestPlayGufuuToMate(t *testing.T) {
	kit := gufuuKitForTest(t)
	g := rules.NewGame(kit.Rules)
	rng := rand.New(rand.NewPCG(1, 2))
	var script strings.Builder
	for !g.Outcome().Over() {
		m, err := kit.Bot.Choose(context.Background(), g, solver.Perfect, rng)
		if err != nil {
			t.Fatal(err)
		}
		script.WriteString(kit.Notation.FormatMove(g.Position(), m) + "\n")
		g.Play(m)
	}
	a, out, _ := testApp(script.String())
	if code := run(context.Background(), a, []string{"play", "gufuu", "--vs", "human"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := "Game over: " + g.Outcome().String()
	if !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String()[max(0, out.Len()-800):])
	}
	if rec := notation.FormatRecord(kit.Notation, g); !strings.HasSuffix(strings.TrimSpace(rec), "X") {
		t.Errorf("record does not end in mate: %s", rec)
	}
}

func TestPlayGufuuBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"play", "gufuu", "--level", "grandmaster"},
		{"play", "gufuu", "--as", "red"},
		{"play", "chess"},
	} {
		a, _, errb := testApp("")
		if code := run(context.Background(), a, args); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, %q", args, code, errb)
		}
	}
}

// TestPlayFromYourSide: against the bot, every board is drawn from the
// human's side, as windpost's mails draw it: turned half round for White
// (its legend says so), as shogi diagrams are printed for Black.
func TestPlayFromYourSide(t *testing.T) {
	const turned = "(White's side: north is down)"
	for _, tc := range []struct {
		as     string
		turned bool
	}{{"black", false}, {"white", true}} {
		t.Run(tc.as, func(t *testing.T) {
			a, out, errb := testApp("moves\nquit\n")
			if code := run(context.Background(), a, []string{"play", "gufuu", "--as", tc.as, "--level", "casual", "--seed", "3"}); code != 0 {
				t.Fatalf("exit %d: %s", code, errb)
			}
			s := out.String()
			boards, turnedBoards := strings.Count(s, "facing north"), strings.Count(s, turned)
			if boards == 0 || tc.turned && turnedBoards != boards || !tc.turned && turnedBoards != 0 {
				t.Errorf("playing %s: %d boards, %d of them from White's side:\n%s", tc.as, boards, turnedBoards, s)
			}
		})
	}
}
