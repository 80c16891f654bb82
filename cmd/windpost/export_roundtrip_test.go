package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// roundTripGame plays a game of kit for a record: from the start, or from
// the position after setUp random plies (the record's start then), then
// plies random moves that do not end it, then, if end, moves of the casual
// bot (which takes a win in one) until the rules end it (at most 400
// plies).
func roundTripGame(t *testing.T, kit variants.Kit, rng *rand.Rand, setUp, plies int, end bool) (start string, g *rules.Game) {
	t.Helper()
	g = rules.NewGame(kit.Rules)
	quiet := func() {
		ms := g.LegalMoves()
		for _, i := range rng.Perm(len(ms)) {
			try := g.Clone()
			if try.Play(ms[i]) == nil && !try.Outcome().Over() {
				if err := g.Play(ms[i]); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("%s: every move ends the game after %d plies", kit.Rules.Name(), g.Ply())
	}
	for range setUp {
		quiet()
	}
	if setUp > 0 {
		start = kit.Notation.FormatPosition(g.Position())
		g = rules.NewGameFrom(kit.Rules, g.Position())
	}
	for range plies {
		quiet()
	}
	for end && !g.Outcome().Over() && g.Ply() < 400 {
		m, err := solver.CasualMove(g, rng)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return start, g
}

// TestExportReplayRoundTrip: for each game, a record exported (from the
// start and from a set-up position, over by the rules, by a resignation
// or an agreed draw, and going on) reads back with windpost replay, in
// every form (Micro-shogi's Fairy-Stockfish form too), to the same start,
// moves and result.
func TestExportReplayRoundTrip(t *testing.T) {
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	rng := rand.New(rand.NewPCG(13, 4))
	for _, v := range []string{"gufuu", "microshogi", "julgonu"} {
		kit, _ := cat.Get(v)
		for _, tt := range []struct {
			name         string
			setUp, plies int
			byRules      bool
			outcome      rules.Outcome // how it ended when not by the rules
			state        string
		}{
			{"from the start, over by the rules", 0, 6, true, rules.Outcome{}, "over"},
			{"from a set-up position, over by the rules", 5, 4, true, rules.Outcome{}, "over"}, // White to move first
			{"from the start, resigned", 0, 9, false, rules.WinFor(rules.White, rules.Resignation), "over"},
			{"from a set-up position, agreed draw", 6, 5, false, rules.DrawBy(rules.AgreedDraw), "over"},
			{"from the start, lost on time", 0, 3, false, rules.WinFor(rules.Black, rules.Timeout), "over"},
			{"from the start, going on", 0, 7, false, rules.Outcome{}, "playing"},
			{"from a set-up position, going on", 4, 8, false, rules.Outcome{}, "playing"},
		} {
			t.Run(v+", "+tt.name, func(t *testing.T) {
				start, g := roundTripGame(t, kit, rng, tt.setUp, tt.plies, tt.byRules)
				o := tt.outcome
				if tt.byRules {
					o = g.Outcome()
					if !o.Over() {
						t.Fatalf("the casual bot did not end the game in %d plies", g.Ply())
					}
				}
				rec := games.GameRecord{ID: "g2345", Variant: v, State: tt.state, Start: start, Outcome: o, DaysPerMove: 3,
					Created: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC),
					Players: [2]games.RecordSide{{Address: "alice@example.test"}, {Bot: true, Level: "casual"}}}
				for i, m := range g.Moves {
					rec.Moves = append(rec.Moves, kit.Notation.FormatMove(g.Positions[i], m))
				}
				files, err := games.ExportFiles(cat, rec)
				if err != nil {
					t.Fatal(err)
				}
				if want := len(notation.PGNForms(kit.Rules, kit.Notation)); len(files) != want || v == "microshogi" && want != 2 {
					t.Fatalf("%d files, want %d", len(files), want)
				}
				dir := t.TempDir()
				for _, f := range files {
					path := filepath.Join(dir, f.Name)
					if err := os.WriteFile(path, []byte(f.Text), 0o644); err != nil {
						t.Fatal(err)
					}
					roundTripCheck(t, kit, rec, f, path)
				}
			})
		}
	}
}

// roundTripCheck replays file f (at path) of rec's export with windpost
// replay and reads it with notation.PlayPGN: the same start, moves and
// result as rec.
func roundTripCheck(t *testing.T, kit variants.Kit, rec games.GameRecord, f games.ExportFile, path string) {
	t.Helper()
	want := fmt.Sprintf("ok: %d moves\n", len(rec.Moves))
	if rec.Outcome.Over() {
		want = fmt.Sprintf("ok: %d moves; %s\n", len(rec.Moves), rec.Outcome)
	}
	out, errOut, code := leadRun(t, "", "replay", kit.Rules.Name(), path)
	if code != 0 || !strings.HasSuffix(out, want) {
		t.Errorf("replay %s: code %d, %s; want %q at the end of\n%s\n%s", f.Name, code, errOut, want, out, f.Text)
	}
	recs, err := notation.ReadPGN(f.Text)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %d records, %v", f.Name, len(recs), err)
	}
	r := recs[0]
	if (rec.Start != "") != (r.Tag("SetUp") == "1" && r.Tag("FEN") != "") {
		t.Errorf("%s: start %q, but SetUp %q FEN %q", f.Name, rec.Start, r.Tag("SetUp"), r.Tag("FEN"))
	}
	g, o, err := notation.PlayPGN(kit.Rules, notation.FormOf(kit.Rules, kit.Notation, r), r)
	if err != nil {
		t.Fatalf("%s: %v\n%s", f.Name, err, f.Text)
	}
	var moves []string
	for i, m := range g.Moves {
		moves = append(moves, kit.Notation.FormatMove(g.Positions[i], m))
	}
	start := ""
	if rec.Start != "" {
		start = kit.Notation.FormatPosition(g.Positions[0])
	}
	if start != rec.Start || strings.Join(moves, " ") != strings.Join(rec.Moves, " ") || o != rec.Outcome {
		t.Errorf("%s: read back from %q: %v, %v; exported from %q: %v, %v", f.Name, start, moves, o, rec.Start, rec.Moves, rec.Outcome)
	}
	for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "TimeControl"} {
		if r.Tag(tag) == "" {
			t.Errorf("%s: no %s tag", f.Name, tag)
		}
	}
}
