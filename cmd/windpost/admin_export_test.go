package main

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/uci"
	"github.com/windpost/windpost/variants"
)

// exportStore makes a store with a game of each variant that alice
// (Black) plays against the casual bot: Gufuu and Micro-shogi to their end
// or for 40 moves, Jul-Gonu for 12 moves, then alice resigns. It returns
// the store's path and the games' ids by variant.
func exportStore(t *testing.T) (path string, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	path = filepath.Join(t.TempDir(), "windpost.db")
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	srv, err := games.NewServer(st, cat, games.Config{BotAddress: "bot@example.test", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	send := func(id, token string, line string) []games.Mail {
		n++
		mails, err := srv.Handle(ctx, games.Request{From: "alice@example.test", GameID: id, Token: token, Subject: "move",
			MessageID: fmt.Sprintf("<export-%d@example.test>", n), Lines: []string{line}})
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if _, err := srv.BotWork(ctx); err != nil {
			t.Fatalf("bot work after %s: %v", line, err)
		}
		return mails
	}
	ids = map[string]string{}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []string{"gufuu", "microshogi", "julgonu"} {
		mails := send("", "", "new "+v+" as black level casual")
		id := mails[0].Headers["X-Windpost-Game"]
		_, token, ok := games.ParseReplyAddress("bot@example.test", mails[0].ReplyTo)
		if id == "" || !ok {
			t.Fatalf("new %s: game %q, reply address %q", v, id, mails[0].ReplyTo)
		}
		ids[v] = id
		kit, _ := cat.Get(v)
		limit := 40
		if v == "julgonu" {
			limit = 12
		}
		for {
			rec, err := st.GameRecord(id)
			if err != nil {
				t.Fatal(err)
			}
			if rec.State != "playing" {
				break
			}
			if len(rec.Moves) >= limit {
				send(id, token, "resign")
				break
			}
			g, err := rec.Play(kit)
			if err != nil {
				t.Fatal(err)
			}
			m, err := solver.CasualMove(g, rng)
			if err != nil {
				t.Fatal(err)
			}
			send(id, token, kit.Notation.FormatMove(g.Position(), m))
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path, ids
}

// TestAdminExportReplays: admin export --all writes a PGN file per game
// (and Fairy-Stockfish's form for Micro-shogi) that replay reads back to
// the same moves and result as the store holds.
func TestAdminExportReplays(t *testing.T) {
	path, ids := exportStore(t)
	dir := filepath.Join(t.TempDir(), "records")
	out, errOut, code := leadRun(t, "", "admin", "export", "--all", dir, "--store", path)
	if code != 0 || !strings.Contains(out, "Exported 3 games to "+dir) {
		t.Fatalf("export --all: code %d, %s\n%s", code, errOut, out)
	}
	st, err := games.OpenWith(path, games.StoreOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	for v, id := range ids {
		rec, err := st.GameRecord(id)
		if err != nil || rec.State != "over" {
			t.Fatalf("%s: %+v, %v", v, rec, err)
		}
		kit, _ := cat.Get(v)
		files := []string{id + ".pgn"}
		if v == "microshogi" {
			files = append(files, id+".micro.pgn")
		}
		for _, name := range files {
			file := filepath.Join(dir, name)
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if recs, err := notation.ReadPGN(string(text)); err != nil || len(recs) != 1 || recs[0].Tag("GameId") != id {
				t.Fatalf("%s: %d records, %v", name, len(recs), err)
			}
			// The replay's report, and the same moves and result.
			roundTripCheck(t, kit, rec, games.ExportFile{Name: name, Text: string(text)}, file)
		}
	}
}

// TestAdminExportWhileServing: while serve holds the store, export goes
// through the admin socket, and the daemon writes the file.
func TestAdminExportWhileServing(t *testing.T) {
	path, id := adminStore(t)
	serveStore(t, path)
	dir := filepath.Join(t.TempDir(), "out")
	out, errOut, code := leadRun(t, "", "admin", "export", "--game", id, dir, "--store", path)
	file := filepath.Join(dir, id+".pgn")
	if code != 0 || !strings.Contains(out, "Wrote "+file) {
		t.Fatalf("export through the socket: code %d, %s\n%s", code, errOut, out)
	}
	out, errOut, code = leadRun(t, "", "replay", "gufuu", file)
	if code != 0 || !strings.Contains(out, "ok: ") {
		t.Errorf("replay of the exported game: code %d, %s\n%s", code, errOut, out)
	}
	text, _ := os.ReadFile(file)
	for _, want := range []string{`[White "alice@example.test"]`, `[BlackType "program"]`, `[GameId "` + id + `"]`, `[Result "*"]`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the record lacks %s:\n%s", want, text)
		}
	}
}

func TestAdminExportRefusals(t *testing.T) {
	path, _ := adminStore(t)
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"admin", "export", dir, "--store", path}, 2, "--game G, or --all"},
		{[]string{"admin", "export", "--all", "--game", "g2345", dir, "--store", path}, 2, "--game G, or --all"},
		{[]string{"admin", "export", "--all", "--store", path}, 2, "Usage: windpost admin export"},
		{[]string{"admin", "export", "--game", "gzzzz", dir, "--store", path}, 1, "no such game"},
	} {
		_, errOut, code := leadRun(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: code %d, stderr %q; want %d, %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}

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
// start and from a set-up position, over by the rules, by a resignation,
// an agreed draw, on time or by an organiser's adjudication, and going on) reads back with windpost replay, in
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
			{"from a set-up position, adjudicated", 2, 5, false, rules.WinFor(rules.Black, rules.Reason("adjudication")), "over"},
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
				// No Created: the Date tag is "????.??.??" (the stored games of
				// TestAdminExportReplays have theirs).
				rec := games.GameRecord{ID: "g2345", Variant: v, State: tt.state, Start: start, Outcome: o, DaysPerMove: 3,
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
				sameWinner(t, files)
			})
		}
	}
}

// sameWinner: the files of one game's export name the same player White
// (the side that moves first, windpost's Black: alice in these tests) and
// give the same result.
func sameWinner(t *testing.T, files []games.ExportFile) {
	t.Helper()
	for _, f := range files {
		recs, err := notation.ReadPGN(f.Text)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%s: %d records, %v", f.Name, len(recs), err)
		}
		if recs[0].Tag("White") != "alice@example.test" || recs[0].Result != files[0].Result || f.Result != files[0].Result {
			t.Errorf("%s: White %q, result %s; %s has %s, and White is alice, who moves first\n%s",
				f.Name, recs[0].Tag("White"), recs[0].Result, files[0].Name, files[0].Result, f.Text)
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
	wantStart := cmp.Or(rec.Start, kit.Notation.FormatPosition(kit.Rules.Start()))
	if (wantStart != kit.Notation.FormatPosition(kit.Rules.Start())) != (r.Tag("SetUp") == "1" && r.Tag("FEN") != "") {
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
	start := kit.Notation.FormatPosition(g.Positions[0])
	if start != wantStart || strings.Join(moves, " ") != strings.Join(rec.Moves, " ") || o != rec.Outcome {
		t.Errorf("%s: read back from %q: %v, %v; exported from %q: %v, %v", f.Name, start, moves, o, wantStart, rec.Moves, rec.Outcome)
	}
	for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "TimeControl"} {
		if r.Tag(tag) == "" {
			t.Errorf("%s: no %s tag", f.Name, tag)
		}
	}
}

// TestExportFairyStockfishReads: the Fairy-Stockfish file of an exported
// Micro-shogi game, its FEN tag and moves handed to Fairy-Stockfish as
// they are ("position fen <FEN> moves <moves>"), leaves the engine in the
// game's final position (skipped without Debian's fairy-stockfish, unless
// WINDPOST_FSF=1).
func TestExportFairyStockfishReads(t *testing.T) {
	path, err := uci.FairyStockfish()
	if err != nil {
		if os.Getenv("WINDPOST_FSF") == "1" {
			t.Fatalf("WINDPOST_FSF=1 but %v", err)
		}
		t.Skipf("%v; set WINDPOST_FSF=1 to make this a failure", err)
	}
	cat := variants.Default(variants.Options{CacheDir: t.TempDir()})
	kit, _ := cat.Get("microshogi")
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tt := range []struct {
		setUp, plies int
		end          bool
	}{{0, 10, true}, {5, 8, true}, {4, 12, false}, {3, 0, false}} {
		start, g := roundTripGame(t, kit, rng, tt.setUp, tt.plies, tt.end)
		rec := games.GameRecord{ID: "g2345", Variant: "microshogi", Start: start, Players: [2]games.RecordSide{{Address: "alice@example.test"}, {Address: "bob@example.test"}}}
		for i, m := range g.Moves {
			rec.Moves = append(rec.Moves, kit.Notation.FormatMove(g.Positions[i], m))
		}
		files, err := games.ExportFiles(cat, rec)
		if err != nil || len(files) != 2 || files[1].Name != "g2345.micro.pgn" {
			t.Fatalf("files %v, %v", files, err)
		}
		recs, err := notation.ReadPGN(files[1].Text)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%d records, %v", len(recs), err)
		}
		fen := cmp.Or(recs[0].Tag("FEN"), microshogi.FENStart)
		var moves []string
		for _, m := range recs[0].Moves {
			moves = append(moves, strings.Fields(m)...)
		}
		script := "uci\nsetoption name UCI_Variant value micro\nisready\nposition fen " + fen
		if len(moves) > 0 {
			script += " moves " + strings.Join(moves, " ")
		}
		cmd := exec.Command(path) // "quit" ends it
		cmd.Stdin = strings.NewReader(script + "\nd\nquit\n")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("fairy-stockfish: %v\n%s", err, out)
		}
		var engineFEN string
		for _, line := range strings.Split(string(out), "\n") {
			if f, ok := strings.CutPrefix(strings.TrimSpace(line), "Fen: "); ok {
				engineFEN = f
			}
		}
		want := microshogi.UCI{}.FormatPosition(g.Position())
		if len(strings.Fields(engineFEN)) < 2 || strings.Join(strings.Fields(engineFEN)[:2], " ") != strings.Join(strings.Fields(want)[:2], " ") {
			t.Errorf("after %d moves from %q, Fairy-Stockfish is at %q, the game at %q\n%s", len(moves), fen, engineFEN, want, files[1].Text)
		}
	}
}
