package main

import (
	"strings"
	"testing"
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
