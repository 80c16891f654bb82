package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/notation/microshogi"
	"github.com/windpost/windpost/solver"
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
			out, errOut, code := leadRun(t, "", "replay", v, file)
			want := fmt.Sprintf("ok: %d moves; %s\n", len(rec.Moves), rec.Outcome)
			if code != 0 || !strings.HasSuffix(out, want) {
				t.Errorf("replay %s %s: code %d, %s; want %q in\n%s", v, name, code, errOut, want, out)
			}
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			recs, err := notation.ReadPGN(string(text))
			if err != nil || len(recs) != 1 || recs[0].Tag("GameId") != id {
				t.Fatalf("%s: %d records, %v", name, len(recs), err)
			}
			f := notation.OwnForm(kit.Rules, kit.Notation)
			if microshogi.IsFairy(recs[0]) {
				f = microshogi.FairyForm()
			}
			g, o, err := notation.PlayPGN(kit.Rules, f, recs[0])
			var moves []string
			for i, m := range g.Moves {
				moves = append(moves, kit.Notation.FormatMove(g.Positions[i], m))
			}
			if err != nil || strings.Join(moves, " ") != strings.Join(rec.Moves, " ") || o != rec.Outcome {
				t.Errorf("%s: replayed %v, %v, %v; the store has %v, %v", name, moves, o, err, rec.Moves, rec.Outcome)
			}
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
	for _, want := range []string{`[Black "alice@example.test"]`, `[WhiteType "program"]`, `[GameId "` + id + `"]`, `[Result "*"]`} {
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
