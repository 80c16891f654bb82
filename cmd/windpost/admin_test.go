package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

// adminStore makes a store with one Gufuu game against the bot and
// returns its path and the game's id.
func adminStore(t *testing.T) (path, id string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "windpost.db")
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := games.NewServer(st, variants.Default(variants.Options{CacheDir: t.TempDir()}), games.Config{BotAddress: "bot@example.test", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	mails, err := srv.Handle(context.Background(), games.Request{
		From: "alice@example.test", Subject: "new game", MessageID: "<admin-test-1@example.test>",
		Lines: []string{"new gufuu as black"}, Received: time.Now(),
	})
	if err != nil || len(mails) == 0 {
		t.Fatalf("new gufuu: %v, %d mails", err, len(mails))
	}
	id = mails[0].Headers["X-Windpost-Game"]
	if id == "" {
		t.Fatalf("the answer to new has no X-Windpost-Game header: %v", mails[0].Headers)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path, id
}

func TestAdminGamesDumpBackup(t *testing.T) {
	path, id := adminStore(t)

	out, errOut, code := leadRun(t, "", "admin", "games", "--store", path)
	if code != 0 || !strings.Contains(out, id) || !strings.Contains(out, "alice@example.test") || !strings.Contains(out, "gufuu") {
		t.Fatalf("admin games: code %d, stderr %q, out:\n%s", code, errOut, out)
	}

	out, errOut, code = leadRun(t, "", "admin", "dump", "--store", path)
	if code != 0 {
		t.Fatalf("admin dump: code %d: %s", code, errOut)
	}
	var dump map[string]any
	if err := json.Unmarshal([]byte(out), &dump); err != nil {
		t.Fatalf("admin dump is not JSON: %v\n%s", err, out)
	}
	if !strings.Contains(out, id) {
		t.Errorf("admin dump lacks game %s", id)
	}

	backup := filepath.Join(t.TempDir(), "copy.db")
	if _, errOut, code := leadRun(t, "", "admin", "backup", backup, "--store", path); code != 0 {
		t.Fatalf("admin backup: code %d: %s", code, errOut)
	}
	out, _, code = leadRun(t, "", "admin", "games", "--store", backup)
	if code != 0 || !strings.Contains(out, id) {
		t.Fatalf("the backup does not list game %s: code %d\n%s", id, code, out)
	}
	if _, errOut, code := leadRun(t, "", "admin", "backup", backup, "--store", path); code == 0 || !strings.Contains(errOut, backup) {
		t.Errorf("backup over an existing file: code %d, stderr %q; want a refusal naming the file", code, errOut)
	}
}

func TestAdminRefusals(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.db")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"admin"}, "Usage: windpost admin"},
		{[]string{"admin", "vacuum"}, `unknown subcommand "vacuum"`},
		{[]string{"admin", "games", "--store", missing}, "there is no store " + missing},
	}
	for _, tt := range tests {
		_, errOut, code := leadRun(t, "", tt.args...)
		if code == 0 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: code %d, stderr %q; want %q", tt.args, code, errOut, tt.want)
		}
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("admin games created the missing store")
	}
}

// serveStore opens the store at path and answers on its admin socket, as
// windpost serve does, until stop is called or the test ends.
func serveStore(t *testing.T, path string) (stop func()) {
	t.Helper()
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	stop, err = serveAdminSocket(st, adminSocketPath(path), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return stop
}

// TestAdminWhileServing: while a daemon holds the store (bbolt lets one
// process open it), the admin commands go through its admin socket; the
// backup is a hot one.
func TestAdminWhileServing(t *testing.T) {
	path, id := adminStore(t)
	stop := serveStore(t, path)
	if fi, err := os.Stat(adminSocketPath(path)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("admin socket: %v, mode %v; want owner-only", err, fi.Mode())
	}

	out, errOut, code := leadRun(t, "", "admin", "games", "--store", path)
	if code != 0 || !strings.Contains(out, id) {
		t.Fatalf("admin games while serving: code %d, stderr %q, out:\n%s", code, errOut, out)
	}
	backup := filepath.Join(t.TempDir(), "hot.db")
	if out, errOut, code := leadRun(t, "", "admin", "backup", backup, "--store", path); code != 0 || !strings.Contains(out, "Wrote "+backup) {
		t.Fatalf("hot backup: code %d, stderr %q, out %q", code, errOut, out)
	}
	out, _, code = leadRun(t, "", "admin", "games", "--store", backup)
	if code != 0 || !strings.Contains(out, id) {
		t.Fatalf("the hot backup does not list game %s: code %d\n%s", id, code, out)
	}
	if _, errOut, code := leadRun(t, "", "admin", "backup", backup, "--store", path); code == 0 || !strings.Contains(errOut, "file exists") {
		t.Errorf("hot backup over an existing file: code %d, stderr %q", code, errOut)
	}

	// With the daemon gone but the file still held, the message says what
	// is wrong.
	stop()
	_, errOut, code = leadRun(t, "", "admin", "games", "--store", path)
	if code == 0 || !strings.Contains(errOut, "in use by another process") || !strings.Contains(errOut, "no admin socket") {
		t.Errorf("held store without a socket: code %d, stderr %q", code, errOut)
	}
}

// TestAdminOnSchema1Store: the admin commands read a store of schema 1
// (written before the tokens index was dropped) as it is, without
// migrating it: they open it read-only.
func TestAdminOnSchema1Store(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("..", "..", "games", "testdata", "store-v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		sub  string
		want []string
	}{
		{"games", []string{"gpbsd", "alice@players.test", "bob@players.test", "playing", "g3j79", "black wins by resignation", "gjr3h", "declined"}},
		{"dump", []string{`"tokens": {`, `"schema": 1`, `"to_move": "white"`, `"secret": "(redacted)"`}},
	} {
		out, errOut, code := leadRun(t, "", "admin", tt.sub, "--store", path)
		if code != 0 {
			t.Fatalf("admin %s: code %d: %s", tt.sub, code, errOut)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("admin %s lacks %q:\n%s", tt.sub, w, out)
			}
		}
	}
	if after, err := os.ReadFile(path); err != nil || string(after) != string(fixture) {
		t.Errorf("the admin commands changed the store (%v)", err)
	}
}

// TestAdminUsageNamesEverySubcommand: admin's usage line and its list of
// subcommands name every subcommand it runs, and nothing else; each one
// named answers --help with its own usage.
func TestAdminUsageNamesEverySubcommand(t *testing.T) {
	want := []string{"games", "dump", "outbox", "backup", "check", "forget", "export", "adjudicate", "extend", "cancel", "ban", "unban", "audit"}
	out, _, code := leadRun(t, "", "admin", "--help")
	usage, _, _ := strings.Cut(out, "\n")
	if code != 0 || usage != "Usage: windpost admin <"+strings.Join(want, "|")+"> [options]" {
		t.Errorf("admin --help: code %d, usage line %q; want every subcommand: %v", code, usage, want)
	}
	_, list, _ := strings.Cut(out, "Subcommands:\n")
	var listed []string
	for _, line := range strings.Split(list, "\n") {
		if name, ok := strings.CutPrefix(line, "  "); ok && name != "" && name[0] != ' ' {
			listed = append(listed, strings.Fields(name)[0])
		}
	}
	if strings.Join(listed, " ") != strings.Join(want, " ") {
		t.Errorf("the help lists %v, want %v", listed, want)
	}
	for _, name := range want {
		out, errOut, code := leadRun(t, "", "admin", name, "--help")
		if code != 0 || !strings.Contains(out+errOut, "Usage: windpost admin "+name) {
			t.Errorf("admin %s --help: code %d\n%s%s", name, code, out, errOut)
		}
	}
}

// TestWriteTable: the admin listings' table: the sentence alone when there
// are no rows, otherwise the header and the rows in columns two spaces
// apart, each cell as given.
func TestWriteTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows [][]string
		want string
	}{
		{"no rows", nil, "Nothing here.\n"},
		{"rows", [][]string{{"g1", "gufuu", "-"}, {"game-22", "micro", "alice@example.test"}},
			"ID       GAME   WHO\ng1       gufuu  -\ngame-22  micro  alice@example.test\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := writeTable(&b, "Nothing here.", "ID\tGAME\tWHO", tc.rows, func(r []string) []string { return r }); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("got\n%q\nwant\n%q", b.String(), tc.want)
			}
		})
	}
}

// TestAdminEmptyListings: games and outbox on an empty store say so in a
// sentence rather than print a bare header.
func TestAdminEmptyListings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "windpost.db")
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sub, want string }{
		{"games", "No games in the store.\n"},
		{"outbox", "No mail waiting or failed in the outbox.\n"},
	} {
		if out, errOut, code := leadRun(t, "", "admin", tc.sub, "--store", path); code != 0 || out != tc.want {
			t.Errorf("admin %s on an empty store: code %d, stderr %q, out %q, want %q", tc.sub, code, errOut, out, tc.want)
		}
	}
}
