package games

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// flush marks every mail due in the outbox as sent.
func (h *harness) flush(t *testing.T) {
	t.Helper()
	for _, m := range must[[]Mail](t)(h.store.DueMail(h.clock.Now(), 1000)) {
		if err := h.store.MarkSent(m.ID, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
}

// unsentTo returns the mails waiting in the outbox to the addresses.
func (h *harness) unsentTo(t *testing.T, addrs ...string) []Mail {
	t.Helper()
	due := must[[]Mail](t)(h.store.DueMail(h.clock.Now(), 1000))
	var out []Mail
	for _, m := range due {
		for _, a := range addrs {
			if m.To == a {
				out = append(out, m)
			}
		}
	}
	return out
}

// TestExtendMovesTheDeadline: an extension moves the deadline of the move
// by whole days, both players are told, and the clock keeps the new
// deadline: no loss on time at the old one, a loss at the new one.
func TestExtendMovesTheDeadline(t *testing.T) {
	ctx := t.Context()
	for _, by := range []string{"organiser", "operator"} {
		t.Run(by, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			id, _, _ := startGame(t, h, "nim")
			setOrganiser(t, h, id, carol)
			old := gameRec(t, h, id).Deadline
			var mails []Mail
			if by == "organiser" {
				key := keyMail(t, h, carol, "nim")
				mails = h.reply(t, key, "extend "+id+" 4 days")
				wantAudit(t, h, carol, "extend", id, "")
			} else {
				h.flush(t)
				deadline := must[time.Time](t)(h.srv.Extend(ctx, id, 4, Decision{By: "root", Why: "the server was down"}))
				if !deadline.Equal(old.Add(96 * time.Hour)) {
					t.Errorf("Extend returned %s, want %s", deadline, old.Add(96*time.Hour))
				}
				mails = h.unsentTo(t, alice, bob)
				wantAudit(t, h, "operator:root", "extend", id, "the server was down")
			}
			if got := gameRec(t, h, id).Deadline; !got.Equal(old.Add(4 * 24 * time.Hour)) {
				t.Fatalf("deadline %s, want %s", got, old.Add(4*24*time.Hour))
			}
			for _, p := range []string{alice, bob} {
				wantText(t, only(t, mails, p), "gave 4 more days for move #1 (black to move) in game "+id+": the deadline is now Sat 28 Nov 2026 12:00 UTC.",
					"Deadline for this move: Sat 28 Nov 2026 12:00 UTC")
			}
			h.clock.t = old.Add(time.Hour)
			h.srv.Tick(ctx)
			if rec := gameRec(t, h, id); rec.State != record.Playing {
				t.Fatalf("at the old deadline: %s, %s", rec.State, rec.Result)
			}
			h.clock.t = old.Add(4*24*time.Hour + time.Minute)
			h.srv.Tick(ctx)
			if rec := gameRec(t, h, id); rec.Result != "white wins by timeout" {
				t.Fatalf("after the new deadline: %s, %q", rec.State, rec.Result)
			}
		})
	}
}

// TestCancel: the operator cancels a rated game in progress: it ends
// without a result, moves no rating, its clock stops, its players are
// told and can do nothing more in it; a cancelled challenge is told to
// its challenger only. Other actions refuse a cancelled game.
func TestCancel(t *testing.T) {
	ctx := t.Context()
	h := newHarness(t, nimCatalog(10))
	id, toAlice, _ := startGame(t, h, "nim")
	if !gameRec(t, h, id).Rated {
		t.Fatal("the game is not rated")
	}
	if err := h.srv.Cancel(ctx, id, Decision{By: "root"}); err == nil || !strings.Contains(err.Error(), "say why") {
		t.Fatalf("Cancel without why: %v", err)
	}
	h.flush(t)
	if err := h.srv.Cancel(ctx, id, Decision{By: "root", Why: "both players are the same person"}); err != nil {
		t.Fatal(err)
	}
	wantAudit(t, h, "operator:root", "cancel", id, "both players are the same person")
	mails := h.unsentTo(t, alice, bob)
	for _, p := range []string{alice, bob} {
		m := only(t, mails, p)
		wantText(t, m, "The server's operator cancelled game "+id+": it ends here without a result; it is not rated and counts nowhere.\nWhy: both players are the same person",
			"Cancelled by the server's operator: no result.")
		if n := strings.Count(m.Text, "ancelled"); n != 2 {
			t.Errorf("the mail says cancelled %d times, want 2 (the news, the line under the board):\n%s", n, m.Text)
		}
		if got := m.Headers["X-Windpost-Result"]; got != referee.CancelledResult {
			t.Errorf("result header %q", got)
		}
	}
	rec := gameRec(t, h, id)
	if rec.State != record.Cancelled || !rec.Deadline.IsZero() || rec.RatingChanges != nil {
		t.Errorf("record: %s, deadline %s, rating changes %v", rec.State, rec.Deadline, rec.RatingChanges)
	}
	h.clock.Advance(30 * 24 * time.Hour)
	if mails := must[[]Mail](t)(h.srv.Tick(ctx)); len(mails) != 0 {
		t.Errorf("the clock of a cancelled game fired: %s", describe(mails))
	}
	for _, p := range []string{alice, bob} {
		if rr := storedRating(t, h, "nim", p); rr != nil {
			t.Errorf("%s has a rating after a cancelled game: %+v", p, rr)
		}
	}
	wantText(t, only(t, h.reply(t, toAlice, "resign"), alice), "Refused: game "+id+" was cancelled by the server's operator, without a result.")
	for name, err := range map[string]error{
		"cancel": h.srv.Cancel(ctx, id, Decision{By: "root", Why: "again"}),
		"adjudicate": func() error {
			_, err := h.srv.Adjudicate(ctx, id, "black", Decision{By: "root", Why: "x"})
			return err
		}(),
		"extend": func() error { _, err := h.srv.Extend(ctx, id, 1, Decision{By: "root", Why: "x"}); return err }(),
	} {
		if err == nil || !strings.Contains(err.Error(), "cancelled by the server's operator") {
			t.Errorf("%s of a cancelled game: %v", name, err)
		}
	}

	inv := only(t, h.write(t, alice, "challenge "+eve+" nim"), eve)
	challenge := inv.Headers["X-Windpost-Game"]
	h.flush(t)
	if err := h.srv.Cancel(ctx, challenge, Decision{By: "root", Why: "spam"}); err != nil {
		t.Fatal(err)
	}
	mails = h.unsentTo(t, alice, eve)
	if len(mails) != 1 || mails[0].To != alice {
		t.Errorf("a cancelled challenge told %s; want alice alone", describe(mails))
	}
}

// TestBan: a banned address's mail is dropped without an answer, it cannot
// be invited (the inviter is not told why), it is mailed nothing more
// about its games, which stay as they were; unban ends all that.
func TestBan(t *testing.T) {
	ctx := t.Context()
	h := newHarness(t, nimCatalog(10))
	wantText(t, only(t, h.write(t, bob, "notify digest 13:00"), bob), "Done:")
	id, toAlice, toBob := startGame(t, h, "nim")
	root := Decision{By: "root", Why: "abusive messages"}
	h.flush(t)
	b, err := h.srv.Ban(ctx, "Bob@Players.test", root)
	if err != nil {
		t.Fatal(err)
	}
	if b.Address != bob || len(b.Open) != 1 || b.Open[0] != id {
		t.Errorf("Ban = %+v; want bob with game %s open", b, id)
	}
	if due := must[[]Mail](t)(h.store.DueMail(h.clock.Now(), 1000)); len(due) != 0 {
		t.Errorf("the ban queued mail: %s", describe(due))
	}
	wantAudit(t, h, "operator:root", "ban", bob, "abusive messages")
	if _, err := h.srv.Ban(ctx, bob, root); err == nil {
		t.Error("a second ban of bob: no error")
	}

	for _, r := range []Request{h.request(bob, "", "", "help"), h.request(bob, "", "", "games"), h.replyRequest(t, toBob, bob, "resign")} {
		mails, err := h.srv.Handle(ctx, r)
		if err != nil || mails == nil || len(mails) != 0 {
			t.Errorf("bob's %q: %d mails, %v; want none", r.Lines, len(mails), err)
		}
	}
	if rec := gameRec(t, h, id); rec.State != record.Playing {
		t.Errorf("bob's resign counted: %s", rec.State)
	}
	mails := h.reply(t, toAlice, "t1 #1")
	h.clock.t = time.Date(2026, 11, 21, 13, 0, 0, 0, time.UTC) // bob's digest: his move in game id
	mails = append(mails, must[[]Mail](t)(h.srv.Tick(ctx))...)
	if mailsTo(mails, bob) != 0 {
		t.Errorf("bob was mailed about his game: %s", describe(mails))
	}
	refusal := only(t, h.write(t, alice, "challenge bob@players.test nim"), alice)
	wantText(t, refusal, "Refused: bob@players.test cannot be invited.")
	if strings.Contains(refusal.Text, "ban") {
		t.Errorf("the refusal says why:\n%s", refusal.Text)
	}

	if err := h.srv.Unban(ctx, bob, Decision{By: "root", Why: "apologised"}); err != nil {
		t.Fatal(err)
	}
	wantAudit(t, h, "operator:root", "unban", bob, "apologised")
	if err := h.srv.Unban(ctx, bob, Decision{By: "root", Why: "again"}); err == nil {
		t.Error("unban of an address not banned: no error")
	}
	wantText(t, only(t, h.write(t, bob, "games"), bob), "Your games:")
}

// TestOperatorNeedsTheBotsAddress: an operator's server with another bot
// domain than the one a game's mails came from (the wrong config) changes
// nothing in the game.
func TestOperatorNeedsTheBotsAddress(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	id, _, _ := startGame(t, h, "nim")
	other, err := NewServer(h.store, h.catalog, Config{BotAddress: "bot@elsewhere.test", Clock: h.clock})
	if err != nil {
		t.Fatal(err)
	}
	_, err = other.Extend(t.Context(), id, 2, Decision{By: "root", Why: "x"})
	if err == nil || !strings.Contains(err.Error(), "the game's mails come from @windpost.test, not from the bot address given (@elsewhere.test)") {
		t.Fatalf("Extend with another bot domain: %v", err)
	}
	if rec := gameRec(t, h, id); !rec.Deadline.Equal(h.clock.Now().Add(3 * 24 * time.Hour)) {
		t.Errorf("the deadline moved to %s", rec.Deadline)
	}
}
