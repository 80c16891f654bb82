package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/mailer/localmail"
	"github.com/windpost/windpost/mailer/mailtest"
)

// TestAdminForget: the operator forgets a player; their address is gone
// from the games, and forgetting them again fails.
func TestAdminForget(t *testing.T) {
	path, id := adminStore(t)
	for _, tc := range []struct {
		args []string
		code int
		out  string // in stdout (code 0) or stderr
	}{
		{[]string{"admin", "forget", "--store", path}, 2, "Usage"},
		{[]string{"admin", "forget", "--store", path, "Alice <ALICE@example.test>"}, 0,
			"Forgot alice@example.test: now forgotten-"},
		{[]string{"admin", "forget", "--store", path, "alice@example.test"}, 1, "there is no player alice@example.test"},
	} {
		out, errOut, code := leadRun(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.out) {
			t.Errorf("%q: code %d, stdout %q, stderr %q; want code %d and %q", tc.args, code, out, errOut, tc.code, tc.out)
		}
	}
	out, _, _ := leadRun(t, "", "admin", "games", "--store", path)
	if !strings.Contains(out, id) || strings.Contains(out, "alice@example.test") || !strings.Contains(out, "forgotten-") {
		t.Errorf("after forget, admin games shows:\n%s", out)
	}
}

// TestBotStoreFlags: forget and the operator's changes find the bot and
// the store in -config's [bot] and [store], or without -config take the
// demo's bot and --store (windpost.db when it is empty); a config that
// does not load is an error.
func TestBotStoreFlags(t *testing.T) {
	dir := t.TempDir()
	good := checkConfig(t, mailtest.Server(t, localmail.Options{}), dir, nil, "")
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[bot]\naddress = \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args      []string
		bot, path string
		err       string
	}{
		{nil, "bot@" + localDomain, defaultStore, ""},
		{[]string{"--store", "other.db"}, "bot@" + localDomain, "other.db", ""},
		{[]string{"--store", ""}, "bot@" + localDomain, defaultStore, ""},
		{[]string{"-config", good, "--store", "ignored.db"}, "bot@example.test", filepath.Join(dir, "windpost.db"), ""},
		{[]string{"-config", bad}, "", "", "bad.toml"},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		where := botStoreFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		bot, path, err := where.resolve()
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want one naming %s", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || bot != tc.bot || path != tc.path {
			t.Errorf("%q: %q, %q, %v; want %q, %q", tc.args, bot, path, err, tc.bot, tc.path)
		}
	}
}
