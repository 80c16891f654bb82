package e2e

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// windpost check as a process against each backend (the embedded server,
// and Postfix + Dovecot with WINDPOST_E2E_MAILSTACK=1): the bot's
// configuration passes every step with exit status 0; with a wrong
// password the sign-in fails in those words, with exit status 1.
func TestCheck(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		bin := windpostBinary(t)
		cfg := writeConfig(t, b, t.TempDir())
		for _, tc := range []struct {
			name string
			env  []string
			code int
			want []string
		}{
			{"good", nil, 0, []string{"done    IMAP: sign in as " + b.addr("bot"), "the test mail arrives in INBOX: after", "All 11 steps passed"}},
			{"wrong password", []string{"WINDPOST_IMAP_PASSWORD=wrong"}, 1, []string{"FAILED  IMAP: sign in as " + b.addr("bot") + " with the password: wrong username or password",
				"what to change: check imap.username and imap.password"}},
		} {
			cmd := exec.Command(bin, "check", "-config", cfg, "-wait", "30s")
			cmd.Env = append(os.Environ(), tc.env...)
			out, _ := cmd.CombinedOutput()
			if code := cmd.ProcessState.ExitCode(); code != tc.code {
				t.Errorf("%s: exit status %d, want %d", tc.name, code, tc.code)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("%s: output lacks %q", tc.name, w)
				}
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("%s: windpost check:\n%s", tc.name, out)
			}
		}
	})
}
