package games

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
)

// The deadline of startHumanGame's first move (alice's, 3 days per move).
var firstDeadline = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

// TestMoveJudgedByArrival: a move is judged against the deadline by when
// its mail arrived (Request.Received), not by when it is handled.
func TestMoveJudgedByArrival(t *testing.T) {
	for _, tc := range []struct {
		name     string
		received time.Duration // from the deadline; the mail is handled 2 minutes after it
		want     []string      // in alice's answer
		bob      string        // in bob's mail
	}{
		{"40 s before the deadline", -40 * time.Second, []string{"Done: you played 1.t1."}, "It is your move."},
		{"a minute after the deadline", time.Minute, []string{"Refused: game", "is over: you lose on time."}, "you win on time."},
		{"dated after it was handled (taken as now)", time.Hour, []string{"is over: you lose on time."}, "you win on time."},
		{"dated before the game began (taken as its start)", -10 * 24 * time.Hour, []string{"Done: you played 1.t1."}, "It is your move."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toAlice, _ := startHumanGame(t, h)
			h.clock.t = firstDeadline.Add(2 * time.Minute)
			local, _, _ := strings.Cut(toAlice.ReplyTo, "@")
			_, tag, _ := strings.Cut(local, "+")
			game, token, _ := keys.ParsePlusTag(tag)
			r := h.request(alice, game, token, "t1")
			r.Received = firstDeadline.Add(tc.received)
			mails := h.send(t, r)
			wantText(t, only(t, mails, bob), tc.bob)
			for _, m := range mails {
				if m.To == alice && m.Kind == Answer {
					wantText(t, m, tc.want...)
				}
			}
			// The tick has nothing left to do.
			if mails, err := h.srv.Tick(t.Context()); err != nil || len(mails) != 0 {
				t.Fatalf("tick after the move: %v %s", err, describe(mails))
			}
		})
	}
}

// TestTickWaitsForMailHandledUpTo: a loss on time, or a challenge's
// expiry, waits until every mail that arrived before the deadline was
// handled; reminders do not wait.
func TestTickWaitsForMailHandledUpTo(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h)
	only(t, h.write(t, alice, "challenge eve@players.test nim days 3"), eve)
	ctx := t.Context()
	h.clock.t = firstDeadline.Add(-23 * time.Hour)
	mails, err := h.srv.TickUpTo(ctx, time.Time{})
	if err != nil || len(mails) != 1 || mails[0].Kind != Reminder {
		t.Fatalf("reminder with nothing handled yet: %v %s", err, describe(mails))
	}
	h.clock.t = firstDeadline.Add(14 * 24 * time.Hour) // past both deadlines
	for _, upTo := range []time.Time{{}, firstDeadline.Add(-time.Second)} {
		if mails, err := h.srv.TickUpTo(ctx, upTo); err != nil || len(mails) != 0 {
			t.Fatalf("tick with mail handled up to %v: %v %s", upTo, err, describe(mails))
		}
	}
	mails, err = h.srv.TickUpTo(ctx, firstDeadline)
	if err != nil || len(mails) != 2 {
		t.Fatalf("tick with mail handled up to the deadline: %v %s", err, describe(mails))
	}
	wantText(t, only(t, mails, alice), "you lose on time.")
	// The challenge made at the start expires 14 days later.
	mails, err = h.srv.TickUpTo(ctx, h.clock.t.Add(time.Hour)) // later than now: taken as now
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, alice), "did not answer your challenge within 14 days; it has expired.")
}

// outageHarness is a harness whose server takes a gap of over 2 hours
// between requests and ticks for an outage.
func outageHarness(t *testing.T) *harness {
	h := newHarness(t, nimCatalog(10))
	h.cfg.OutageAfter = 2 * time.Hour
	h.reopen(t)
	return h
}

// runFor moves the clock by d in steps of an hour, ticking after each, and
// returns the mails the ticks queued.
func (h *harness) runFor(t *testing.T, d time.Duration) []Mail {
	t.Helper()
	var all []Mail
	for end := h.clock.t.Add(d); h.clock.t.Before(end); {
		h.clock.Advance(min(time.Hour, end.Sub(h.clock.t)))
		all = append(all, must[[]Mail](t)(h.srv.Tick(t.Context()))...)
	}
	return all
}

// TestOutageMovesDeadlines: 3 days without a tick (windpost stopped, or
// its clock jumped) are not charged: the deadlines move by the gap,
// nobody loses on time, the mails say why, and the clocks run on from
// there.
func TestOutageMovesDeadlines(t *testing.T) {
	h := outageHarness(t)
	toAlice, _ := startHumanGame(t, h)
	ctx := t.Context()
	h.runFor(t, 2*time.Hour)
	stopped := h.clock.t
	h.clock.Advance(3 * 24 * time.Hour) // past the deadline
	if mails, err := h.srv.Tick(ctx); err != nil || len(mails) != 0 {
		t.Fatalf("first tick after 3 days: %v %s", err, describe(mails))
	}
	moved := firstDeadline.Add(3 * 24 * time.Hour)
	says := fmt.Sprintf("windpost was not running (or its clock jumped) from %s to %s; that time does not count, so this deadline moved by 3 days.",
		referee.FormatTime(stopped), referee.FormatTime(h.clock.t))
	b := only(t, h.reply(t, toAlice, "board"), alice)
	wantText(t, b, "Deadline for this move: "+referee.FormatTime(moved)+" (3 days per move).\n"+says)
	// The reminder comes a day before the moved deadline, and says why.
	mails := h.runFor(t, moved.Add(-record.ReminderBefore).Sub(h.clock.t)-time.Hour)
	if len(mails) != 0 {
		t.Fatalf("mails before the reminder: %s", describe(mails))
	}
	rem := only(t, h.runFor(t, time.Hour), alice)
	wantText(t, rem, "the deadline is "+referee.FormatTime(moved), says)
	// A move starts a new deadline: the note goes with the old one.
	mails = h.reply(t, b, "t1")
	if m := only(t, mails, bob); strings.Contains(m.Text, "not running") {
		t.Errorf("the new deadline carries the old note:\n%s", m.Text)
	}
	if d := describe(h.runFor(t, 3*24*time.Hour)); !strings.Contains(d, "reminder to bob") || !strings.Contains(d, "you lose on time.") {
		t.Errorf("bob's clock after the move: %s", d)
	}
}

// TestOutageWithManyGames: after a long stop, the first tick forfeits no
// game and sends no mail.
func TestOutageWithManyGames(t *testing.T) {
	h := outageHarness(t)
	const n = 30
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("p%d@players.test", i)
		h.prove(t, p)
		inv := only(t, h.write(t, p, fmt.Sprintf("challenge q%d@players.test nim days 1", i)), fmt.Sprintf("q%d@players.test", i))
		h.reply(t, inv, "accept")
	}
	h.clock.Advance(10 * 24 * time.Hour)
	if mails, err := h.srv.Tick(t.Context()); err != nil || len(mails) != 0 {
		t.Fatalf("tick after 10 days: %v, %d mails", err, len(mails))
	}
	list := must[[]GameSummary](t)(h.store.Games())
	for _, g := range list {
		if g.State != "playing" {
			t.Fatalf("game %s is %s after the stop", g.ID, g.State)
		}
	}
	// The clocks index moved with the deadlines: one entry a game, none
	// left at the old times.
	err := h.store.View(func(st referee.StoreTx) error {
		entries := st.Clocks().Games().Due(h.clock.Now().Add(365 * 24 * time.Hour))
		games := map[string]int{}
		for _, e := range entries {
			games[e.Name]++
			if !e.At.After(h.clock.Now()) {
				t.Errorf("clocks index: %s wakes at %s, before now", e.Name, e.At)
			}
		}
		if len(entries) != n || len(games) != n {
			t.Errorf("clocks index: %d entries for %d games, want one for each of %d", len(entries), len(games), n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A day later (the days per move), every game is lost on time once,
	// after its two reminders (12h and 2h before: remind.go).
	if got := len(h.runFor(t, 24*time.Hour)); got != 4*n {
		t.Fatalf("%d mails at the moved deadlines, want %d", got, 4*n)
	}
}

// TestClockGoesBack: a clock set back does nothing twice: no second
// reminder, no second loss on time, and going forward again to where it
// was is no outage.
func TestClockGoesBack(t *testing.T) {
	h := outageHarness(t)
	toAlice, _ := startHumanGame(t, h)
	h.runFor(t, firstDeadline.Add(-25*time.Hour).Sub(h.clock.t))
	if mails := h.runFor(t, 2*time.Hour); len(mails) != 1 {
		t.Fatalf("want the reminder: %s", describe(mails))
	}
	h.clock.Advance(-3 * time.Hour) // before the reminder was due
	if mails := h.runFor(t, 3*time.Hour+5*time.Minute); len(mails) != 0 {
		t.Fatalf("after the clock went back 3 hours: %s", describe(mails))
	}
	b := only(t, h.reply(t, toAlice, "board"), alice)
	wantText(t, b, "Deadline for this move: "+referee.FormatTime(firstDeadline)+" (3 days per move).")
	if strings.Contains(b.Text, "not running") {
		t.Errorf("the deadline moved:\n%s", b.Text)
	}
	// The second reminder goes two hours before the deadline (remind.go).
	wantText(t, only(t, h.runFor(t, firstDeadline.Add(-time.Hour).Sub(h.clock.t)), alice), "(in less than 2h)")
	mails := h.runFor(t, firstDeadline.Sub(h.clock.t))
	wantText(t, only(t, mails, alice), "you lose on time.")
	h.clock.Advance(-2 * time.Hour)
	if mails := h.runFor(t, 3*time.Hour); len(mails) != 0 {
		t.Fatalf("after the clock went back past the loss on time: %s", describe(mails))
	}
}

// TestPruneInBatches: the prune looks at pruneBatch records per
// transaction, goes on across a restart, forgets only what is old, and
// then waits a day.
func TestPruneInBatches(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	now := h.clock.Now()
	const old, recent = 1100, 300
	err := h.store.Update(func(st referee.StoreTx) error {
		for i := 0; i < old+recent; i++ {
			at := now.Add(-referee.KeepFor - time.Hour)
			if i >= old {
				at = now
			}
			if err := st.MarkProcessed(fmt.Sprintf("<%d@players.test>", i), record.Processed{At: at, From: alice}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sent := only(t, h.write(t, alice, "help"), alice)
	if err := h.store.MarkSent(sent.ID, now.Add(-referee.KeepFor-time.Hour)); err != nil {
		t.Fatal(err)
	}
	steps := 0
	for more := true; more; steps++ {
		if steps == 1 {
			h.reopen(t)
		}
		more = must[bool](t)(h.srv.Prune(t.Context()))
	}
	// 1401 Message-IDs: 3 steps; one mail: 1 step; no game: 1 step.
	if steps != 5 {
		t.Errorf("the prune took %d steps, want 5", steps)
	}
	for i, want := range map[int]bool{0: false, old - 1: false, old: true, old + recent - 1: true} {
		if got, _ := h.store.Processed(fmt.Sprintf("<%d@players.test>", i)); got != want {
			t.Errorf("Processed(<%d@...>) = %v, want %v", i, got, want)
		}
	}
	if d := dump(t, h.store); strings.Contains(d, `"`+sent.ID+`"`) {
		t.Errorf("the old sent mail %s is kept", sent.ID)
	}
	if more, err := h.srv.Prune(t.Context()); more || err != nil {
		t.Errorf("a second prune the same day: %v, %v", more, err)
	}
	h.clock.Advance(25 * time.Hour)
	if more, err := h.srv.Prune(t.Context()); !more || err != nil {
		t.Errorf("the prune a day later: %v, %v", more, err)
	}
}

// TestHandleAfterOutage: the first request after a stop moves the
// deadlines before its move is judged: a move that came during the stop,
// after the old deadline, is in time.
func TestHandleAfterOutage(t *testing.T) {
	h := outageHarness(t)
	toAlice, _ := startHumanGame(t, h)
	h.clock.t = firstDeadline.Add(-time.Hour)
	must[[]Mail](t)(h.srv.Tick(context.Background()))
	h.clock.Advance(5 * 24 * time.Hour)
	local, _, _ := strings.Cut(toAlice.ReplyTo, "@")
	_, tag, _ := strings.Cut(local, "+")
	game, token, _ := keys.ParsePlusTag(tag)
	r := h.request(alice, game, token, "t1")
	r.Received = firstDeadline.Add(2 * 24 * time.Hour) // during the stop
	wantText(t, only(t, h.send(t, r), alice), "Done: you played 1.t1.")
}

// TestClocksIndex: the tick finds due games through the clocks index; a
// store without it gets it at the first tick, and a game missing from it
// (written by a windpost that did not keep it) is put back by the daily
// prune.
func TestClocksIndex(t *testing.T) {
	for _, tc := range []struct {
		name      string
		damage    func(st referee.StoreTx) error
		firstTick int // mails at the first tick after the deadline
	}{
		{"no index", func(st referee.StoreTx) error { return st.Tx.DeleteBucket(store.Clocks) }, 2},
		{"an entry missing", func(st referee.StoreTx) error {
			b := st.Tx.Bucket(store.Clocks)
			k := b.Keys("", "", 1)
			if len(k) == 0 {
				return fmt.Errorf("the index is empty")
			}
			return b.Delete(k[0])
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			startHumanGame(t, h)
			must[[]Mail](t)(h.srv.Tick(t.Context())) // builds the index, prunes
			if err := h.store.Update(tc.damage); err != nil {
				t.Fatal(err)
			}
			h.clock.t = firstDeadline.Add(time.Minute)
			if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != tc.firstTick {
				t.Fatalf("first tick after the deadline: %s", describe(mails))
			}
			if tc.firstTick == 0 { // the prune of that tick mended the index
				wantText(t, only(t, must[[]Mail](t)(h.srv.Tick(t.Context())), alice), "you lose on time.")
			}
			if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != 0 {
				t.Fatalf("a tick after the loss on time: %s", describe(mails))
			}
		})
	}
}
