package main

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

// TestAdminOutbox: `admin outbox` lists the mail not sent, pending and
// failed for good, with the last error and without reply keys.
func TestAdminOutbox(t *testing.T) {
	path, id := adminStore(t)
	out, errOut, code := leadRun(t, "", "admin", "outbox", "--store", path)
	if code != 0 || !strings.Contains(out, "pending") || !strings.Contains(out, id) {
		t.Fatalf("admin outbox: code %d, stderr %q, out:\n%s", code, errOut, out)
	}

	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	due, err := st.DueMail(now, 0)
	if err != nil || len(due) != 1 {
		t.Fatalf("due: %v %+v", err, due)
	}
	answer := due[0]
	failure := games.SendFailure{Reason: "smtp: 550 5.1.1 no such user", At: now, Permanent: true}
	if err := st.Failed(answer.ID, failure); err != nil {
		t.Fatal(err)
	}
	if _, err := st.QueueMail(games.Mail{To: "bob@example.test", Kind: games.Notice, Subject: "hello", NextTry: now}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	out, errOut, code = leadRun(t, "", "admin", "outbox", "--store", path)
	if code != 0 {
		t.Fatalf("admin outbox: code %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "MAIL") {
		t.Fatalf("admin outbox: want a heading and two mails:\n%s", out)
	}
	for _, want := range []string{answer.ID, "alice@example.test", id, "failed", "550 5.1.1 no such user"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("the failed mail's line lacks %q: %s", want, lines[1])
		}
	}
	if !strings.Contains(lines[2], "bob@example.test") || !strings.Contains(lines[2], "pending") {
		t.Errorf("the pending mail's line: %s", lines[2])
	}
	if _, token, _ := games.ParseSubjectTag(answer.Subject); token == "" || strings.Contains(out, token) {
		t.Errorf("admin outbox shows the reply key %q:\n%s", token, out)
	}
}
