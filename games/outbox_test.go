package games

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
)

// giveUp fails mail m for good at the harness's time.
func giveUp(t *testing.T, h *harness, m Mail, reason string) {
	t.Helper()
	if err := h.store.Failed(m.ID, SendFailure{Reason: reason, At: h.clock.Now(), Permanent: true}); err != nil {
		t.Fatal(err)
	}
}

// TestDueMailFreshFirst: 60 retries due and one fresh mail queued after
// them: the fresh mail comes first, even with a limit of one.
func TestDueMailFreshFirst(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	now := h.clock.Now()
	for i := range 60 {
		m := must[Mail](t)(h.store.QueueMail(Mail{To: "dead@nowhere.test", Subject: "invitation", NextTry: now.Add(-time.Duration(60-i) * time.Minute)}))
		if err := h.store.Failed(m.ID, SendFailure{Reason: "550 no such user", At: now, Permanent: true, Retry: now.Add(-time.Second)}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := must[Mail](t)(h.store.QueueMail(Mail{To: "carol@players.test", Subject: "answer", NextTry: now}))
	due := must[[]Mail](t)(h.store.DueMail(now, 1))
	if len(due) != 1 || due[0].ID != fresh.ID {
		t.Fatalf("DueMail(now, 1) = %+v, want the fresh mail %s", due, fresh.ID)
	}
	due = must[[]Mail](t)(h.store.DueMail(now, 0))
	if len(due) != 61 || due[0].ID != fresh.ID || due[1].Attempts != 1 {
		t.Fatalf("DueMail(now, 0): %d mails, first %+v", len(due), due[0])
	}
	if due := must[[]Mail](t)(h.store.DueMail(now.Add(-2*time.Second), 0)); len(due) != 0 {
		t.Fatalf("%d mails due before their next try", len(due))
	}
}

// TestOutboxIndexBuiltOnOpen: a store written before the due index (no
// "outbox-due" bucket) gets it when opened, and opening again changes
// nothing.
func TestOutboxIndexBuiltOnOpen(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	now := h.clock.Now()
	var ids []string
	for _, to := range []string{"a@players.test", "b@players.test"} {
		ids = append(ids, must[Mail](t)(h.store.QueueMail(Mail{To: to, NextTry: now})).ID)
	}
	err := h.store.Update(func(st referee.StoreTx) error { return st.Tx.DeleteBucket(store.Due) })
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		h.reopen(t)
		due := must[[]Mail](t)(h.store.DueMail(now, 0))
		if len(due) != 2 || due[0].ID != ids[0] || due[1].ID != ids[1] {
			t.Fatalf("after reopening: due %+v, want %v", due, ids)
		}
	}
}

func TestFailedForGood(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice := only(t, h.write(t, alice, "new nim"), alice)
	giveUp(t, h, toAlice, "smtp: 550 5.1.1 no such user")
	if due := must[[]Mail](t)(h.store.DueMail(h.clock.Now().Add(365*24*time.Hour), 0)); len(due) != 0 {
		t.Fatalf("a mail failed for good is due again: %+v", due)
	}
	list := must[[]UnsentMail](t)(h.store.Unsent())
	if len(list) != 1 {
		t.Fatalf("unsent: %+v", list)
	}
	u := list[0]
	_, token, _ := keys.ParseSubjectTag(toAlice.Subject)
	if u.ID != toAlice.ID || !u.FailedAt.Equal(h.clock.Now()) || u.LastError != "smtp: 550 5.1.1 no such user" || u.Attempts != 1 ||
		u.Game == "" || strings.Contains(u.Subject, token) || !strings.Contains(u.Subject, "[windpost "+u.Game+"]") {
		t.Fatalf("unsent: %+v (token %s)", u, token)
	}
	if err := h.store.MarkSent(toAlice.ID, h.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if list := must[[]UnsentMail](t)(h.store.Unsent()); len(list) != 0 {
		t.Fatalf("unsent after the mail was sent: %+v", list)
	}
}

// TestFailedInvitationTellsChallenger: when an invitation fails for good,
// a challenger who has proven their address is told in a plain mail
// without the invitee's reply key; an unproven challenger (a From anyone
// could forge) is not, and the failed address never is.
func TestFailedInvitationTellsChallenger(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h) // bob accepted with his reply key: proven
	const carol = "carol@players.test"
	// An invitation goes out only for a challenger who proved their
	// address (consent), so every challenger here is told; a stranger's
	// challenge waits for their confirm and fails nobody.
	tests := []struct {
		challenger, invitee string
		told                bool
	}{{bob, carol, true}}
	for _, tt := range tests {
		inv := only(t, h.write(t, tt.challenger, "challenge "+tt.invitee+" nim"), tt.invitee)
		giveUp(t, h, inv, "smtp: 550 5.1.1 <"+tt.invitee+">: no such user, affected message ID: "+strings.Trim(inv.MessageID, "<>"))
		var notices []Mail
		for _, m := range must[[]Mail](t)(h.store.DueMail(h.clock.Now(), 0)) {
			if m.ID > inv.ID {
				notices = append(notices, m)
			}
		}
		if !tt.told {
			if len(notices) != 0 {
				t.Errorf("%s (unproven) was told: %+v", tt.challenger, notices)
			}
			continue
		}
		if len(notices) != 1 || notices[0].To != tt.challenger || notices[0].Kind != Notice || notices[0].ReplyTo != "" {
			t.Fatalf("notices after %s's invitation failed: %+v", tt.challenger, notices)
		}
		n := notices[0]
		_, token, _ := keys.ParseSubjectTag(inv.Subject)
		wantText(t, n, "I could not deliver your challenge", tt.invitee, "550 5.1.1", "decline")
		if strings.Contains(n.Text, token) || strings.Contains(n.Subject, token) || strings.Contains(n.Text, inv.MessageID[1:10]) {
			t.Errorf("the notice gives away the invitee's key:\n%s\n%s", n.Subject, n.Text)
		}
		// The notice failing in turn tells nobody.
		giveUp(t, h, n, "550 gone")
		for _, m := range must[[]Mail](t)(h.store.DueMail(h.clock.Now(), 0)) {
			if m.ID > n.ID {
				t.Errorf("a failed notice made mail: %+v", m)
			}
		}
	}
}

func TestShortenSubject(t *testing.T) {
	tag := "[windpost gpbsd o7ykymaffip2xv66]"
	long := strings.Repeat("ä", 500)
	tests := []struct {
		in, wantEnd string
		cut         bool
	}{
		{"Re: hello " + tag, "hello " + tag, false},
		{long, "ää...", true},
		{"Re: " + long + " " + tag, "ä... " + tag, true},
		{strings.Repeat("x", 1200), "x...", true},
		{strings.Repeat("x ", 400) + tag, "x... " + tag, true},
	}
	for _, tt := range tests {
		got := ShortenSubject(tt.in)
		n := len([]rune(got))
		if !strings.HasSuffix(got, tt.wantEnd) || n > referee.MaxSubject || (tt.cut && n < referee.MaxSubject-5) || (!tt.cut && got != tt.in) {
			t.Errorf("ShortenSubject(%.30q...) = %.30q...%q (%d characters)", tt.in, got, got[max(0, len(got)-40):], n)
		}
		if g, tok, ok := keys.ParseSubjectTag(got); strings.Contains(tt.in, tag) && (!ok || g != "gpbsd" || tok != "o7ykymaffip2xv66") {
			t.Errorf("ShortenSubject lost the tag: %q", got)
		}
	}
}

// TestLongSubjectShortened: an answer to a mail with a 2000-character
// subject has a subject of at most MaxSubject characters.
func TestLongSubjectShortened(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	r := h.request(alice, "", "", "help")
	r.Subject = strings.Repeat("=?utf-8?q?x?=", 150)
	a := only(t, h.send(t, r), alice)
	if n := len([]rune(a.Subject)); n > referee.MaxSubject || !strings.HasPrefix(a.Subject, "Re: =?utf-8") {
		t.Fatalf("answer subject of %d characters: %.60q", n, a.Subject)
	}
}

func TestDefaultCheckAddress(t *testing.T) {
	srv := newHarness(t, nimCatalog(10)).srv
	tests := []struct {
		addr string
		ok   bool
	}{
		{"bob@windpost.test", true}, {"bob@localhost", true},
		{"bob@windpost..test", false}, {"a\x01b@x.test", false}, {"bob@x.test:25", false},
		{"Bob <bob@x.test>", false}, {"bob@x.test\r\nBcc: eve@x.test", false},
	}
	for _, tt := range tests {
		if err := srv.CheckAddress(tt.addr); (err == nil) != tt.ok {
			t.Errorf("checkAddress(%q) = %v, want ok %v", tt.addr, err, tt.ok)
		}
	}
}

// TestFailedNoticeTellsOpponent: in a game being played, a notice that
// fails for good is told to the opponent once they have proven their
// address (here: two moves of their own made with the reply key).
func TestFailedNoticeTellsOpponent(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	toBob := only(t, h.reply(t, toAlice, "t1"), bob)
	toAlice = only(t, h.reply(t, toBob, "t1"), alice)
	toBob = only(t, h.reply(t, toAlice, "t1"), bob)
	giveUp(t, h, toBob, "smtp: 550 5.1.1 mailbox gone")
	var told []Mail
	for _, m := range must[[]Mail](t)(h.store.DueMail(h.clock.Now(), 0)) {
		if m.ID > toBob.ID {
			told = append(told, m)
		}
	}
	if len(told) != 1 || told[0].To != alice {
		t.Fatalf("after a notice to bob failed: %+v", told)
	}
	wantText(t, told[0], "could not deliver my mail about game", bob, "550 5.1.1 mailbox gone")
}
