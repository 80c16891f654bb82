package games

import (
	"strings"
	"testing"
	"time"
)

func TestNextDigest(t *testing.T) {
	helsinki, err := time.LoadLocation("Europe/Helsinki")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		after  time.Time
		loc    *time.Location
		minute int
		want   time.Time
	}{
		{"winter: 07:00 EET is 05:00 UTC, next day", time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC)},
		{"summer: 07:00 EEST is 04:00 UTC, same day", time.Date(2026, 7, 10, 3, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 7, 10, 4, 0, 0, 0, time.UTC)},
		{"at the time itself: the next day", time.Date(2026, 7, 10, 4, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 7, 11, 4, 0, 0, 0, time.UTC)},
		{"the night summer time begins", time.Date(2026, 3, 28, 12, 0, 0, 0, time.UTC), helsinki, 7 * 60, time.Date(2026, 3, 29, 4, 0, 0, 0, time.UTC)},
		{"UTC", time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), time.UTC, 18*60 + 30, time.Date(2026, 11, 21, 18, 30, 0, 0, time.UTC)},
	} {
		if got := nextDigest(tc.after, tc.loc, tc.minute); !got.Equal(tc.want) {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// startGames has alice challenge bob to a game for each days per move,
// bob accept and make the first move an hour later, and returns the game
// ids: it is alice's move in each.
func startGames(t *testing.T, h *harness, days ...string) []string {
	t.Helper()
	var ids []string
	var accepted []Mail
	for _, d := range days {
		inv := only(t, h.write(t, alice, "challenge bob@players.test nim as white days "+d), bob)
		accepted = append(accepted, only(t, h.reply(t, inv, "accept"), bob))
		ids = append(ids, gameOfMail(t, accepted[len(accepted)-1]))
	}
	h.clock.Advance(time.Hour)
	for _, m := range accepted {
		mails := h.reply(t, m, "t1")
		for _, m := range mails {
			if m.To == alice {
				t.Fatalf("a mail to alice in spite of the digest: %s", describe(mails))
			}
		}
	}
	return ids
}

func gameOfMail(t *testing.T, m Mail) string {
	t.Helper()
	game, _, ok := ParseSubjectTag(m.Subject)
	if !ok {
		t.Fatalf("no game in subject %q", m.Subject)
	}
	return game
}

// TestDigest: a player with "notify digest 07:00" in Helsinki gets no
// mail for an opponent's move, and one mail at 07:00 local time listing
// the games where it is their move, most urgent first, with the news; a
// reply to it answers two games at once.
func TestDigest(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, l := range []string{"timezone Europe/Helsinki", "notify digest 07:00"} {
		wantText(t, only(t, h.write(t, alice, l), alice), "Done:")
	}
	ids := startGames(t, h, "3", "2") // alice's deadlines: +3 days, +2 days
	slow, urgent := ids[0], ids[1]
	// Nothing until 07:00 Helsinki (05:00 UTC) the next day.
	h.clock.t = time.Date(2026, 11, 22, 4, 59, 0, 0, time.UTC)
	if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != 0 {
		t.Fatalf("mail before the digest: %s", describe(mails))
	}
	h.clock.t = time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC)
	digest := only(t, must[[]Mail](t)(h.srv.Tick(t.Context())), alice)
	wantText(t, digest,
		"It is your move in 2 games, the most urgent first.",
		`the move, e.g. "`+urgent+` <your move>". One reply may answer several games.`,
		"== Game "+urgent+": your move, deadline Mon 23 Nov 2026 15:00 EET ==",
		"== Game "+slow+": your move, deadline Tue 24 Nov 2026 15:00 EET ==",
		"== News since the last digest ==",
		"Sat 21 Nov 2026 15:00 EET, game "+slow+": ")
	if strings.Index(digest.Text, urgent) > strings.Index(digest.Text, "== Game "+slow) {
		t.Errorf("not the most urgent first:\n%s", digest.Text)
	}
	if !strings.Contains(digest.Subject, "your daily digest, Sun 22 Nov") {
		t.Errorf("subject %q", digest.Subject)
	}
	if again := must[[]Mail](t)(h.srv.Tick(t.Context())); len(again) != 0 {
		t.Fatalf("a second digest: %s", describe(again))
	}
	// One reply answers both games; each game tells bob.
	mails := h.reply(t, digest, urgent+" t1", slow+" t1")
	if a := only(t, mails, alice); strings.Count(a.Text, "Done: you played 2.t1.") != 2 {
		t.Errorf("alice's answer:\n%s", a.Text)
	}
	if n := strings.Count(describe(mails), "to "+bob); n != 2 {
		t.Errorf("%d mails to bob, want 2: %s", n, describe(mails))
	}
	// The digest's key proves alice only: bob cannot use it.
	mails = h.replyFrom(t, digest, bob, urgent+" t1")
	wantText(t, only(t, mails, bob), "Refused:")
	// The next digest goes a day later; with nothing to say, none goes.
	h.clock.t = time.Date(2026, 11, 23, 5, 0, 0, 0, time.UTC)
	for _, m := range must[[]Mail](t)(h.srv.Tick(t.Context())) {
		if m.To == alice {
			t.Fatalf("a digest with nothing to say:\n%s", m.Text)
		}
	}
	only(t, h.write(t, alice, "notify each"), alice)
	h.clock.t = time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)
	for _, m := range must[[]Mail](t)(h.srv.Tick(t.Context())) {
		if strings.Contains(m.Text, "daily digest") || strings.Contains(m.Subject, "digest") {
			t.Fatalf("a digest after notify each: %s", m.Text)
		}
	}
}
