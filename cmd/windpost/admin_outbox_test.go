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

// TestAdminOutboxHeld: while a send limit holds mail back, `admin outbox`
// says which limit, how many went, when the next may go and how many
// wait; the mail it holds is "held", each line says whether it goes first
// or later, and mail due after the hold is only pending.
func TestAdminOutboxHeld(t *testing.T) {
	path, _ := adminStore(t)
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	until := now.Add(20 * time.Hour)
	if _, err := st.QueueMail(games.Mail{To: "carol@example.test", Kind: games.Reminder, Later: true, Subject: "reminder", NextTry: now}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.QueueMail(games.Mail{To: "dave@example.test", Kind: games.Notice, Subject: "next week", NextTry: until.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	hold := games.SendHold{Limits: "500 a day (the gmail preset)", Window: "day", Sent: 500, Since: now.Add(-4 * time.Hour), Until: until}
	if err := st.SetSendHold(hold); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := leadRun(t, "", "admin", "outbox", "--store", path)
	if code != 0 {
		t.Fatalf("admin outbox: code %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	wantHead := "A send limit holds mail back: 500 a day (the gmail preset). 500 mails went in the last day; the next may go at " +
		until.Format(time.DateTime) + " (held since " + now.Add(-4*time.Hour).Format(time.DateTime) + "). Moves and results go first; 3 mails wait."
	if len(lines) != 6 || lines[0] != wantHead || !strings.HasPrefix(lines[2], "MAIL") || !strings.Contains(lines[2], "GOES") {
		t.Fatalf("admin outbox: want the hold, a blank line, a heading and three mails, got:\n%s\nwant first: %s", out, wantHead)
	}
	for i, want := range [][]string{
		{"answer", "first", "alice@example.test", "held"},
		{"reminder", "later", "carol@example.test", "held"},
		{"notice", "first", "dave@example.test", "pending"},
	} {
		f := strings.Fields(lines[3+i])
		if len(f) < 6 || f[1] != want[0] || f[2] != want[1] || f[3] != want[2] || f[5] != want[3] {
			t.Errorf("mail line %d: %q, want kind %s, goes %s, to %s, state %s", i+1, lines[3+i], want[0], want[1], want[2], want[3])
		}
	}
}
