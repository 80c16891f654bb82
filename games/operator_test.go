package games

import (
	"fmt"
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// carol (consent_test.go) organises the tournament games of these tests.

// setOrganiser makes organiser the organiser of game id, as the
// tournaments do when they make a game.
func setOrganiser(t *testing.T, h *harness, id, organiser string) {
	t.Helper()
	err := h.store.Update(func(st referee.StoreTx) error {
		rec, _, err := st.Game(id)
		if err != nil || rec == nil {
			return fmt.Errorf("game %s: %v", id, err)
		}
		rec.Tournament, rec.Round, rec.Organiser = "t2345", 1, organiser
		return st.PutGame(rec, nil, referee.ClockOf(rec).Wake(), h.clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// keyMail is a mail to address that carries a key of theirs: the first
// mail of their own game against the bot.
func keyMail(t *testing.T, h *harness, address, variant string) Mail {
	t.Helper()
	for _, m := range h.write(t, address, "new "+variant) {
		if m.To == address && m.ReplyTo != "" {
			return m
		}
	}
	t.Fatalf("no mail with a reply key to %s", address)
	return Mail{}
}

// playMoves plays moves in turn from alice (black, first) and bob, each as
// a reply to the last mail they got, and returns the last mails.
func playMoves(t *testing.T, h *harness, toAlice, toBob Mail, moves []string) (Mail, Mail) {
	t.Helper()
	for i, mv := range moves {
		m := toAlice
		if i%2 == 1 {
			m = toBob
		}
		mails := h.reply(t, m, fmt.Sprintf("%s #%d", mv, i+1))
		toAlice, toBob = only(t, mails, alice), only(t, mails, bob)
	}
	return toAlice, toBob
}

// startGame has alice challenge bob (alice black) and bob accept, and
// returns the game id and the last mail each got.
func startGame(t *testing.T, h *harness, variant string) (id string, toAlice, toBob Mail) {
	t.Helper()
	inv := only(t, h.write(t, alice, "challenge "+bob+" "+variant+" as black days 3"), bob)
	mails := h.reply(t, inv, "accept")
	toAlice, toBob = only(t, mails, alice), only(t, mails, bob)
	return toAlice.Headers["X-Windpost-Game"], toAlice, toBob
}

// wantAudit checks that the audit log's last entry is the action.
func wantAudit(t *testing.T, h *harness, who, action, target, why string) AuditEntry {
	t.Helper()
	log := must[[]AuditEntry](t)(h.store.AuditLog())
	if len(log) == 0 {
		t.Fatalf("the audit log is empty; want %s %s by %s", action, target, who)
	}
	e := log[len(log)-1]
	if e.Who != who || e.Action != action || e.Target != target || e.Why != why || !e.At.Equal(h.clock.Now()) {
		t.Errorf("last audit entry %+v; want %s %s by %s at %s, why %q", e, action, target, who, h.clock.Now(), why)
	}
	return e
}

// gameRec reads game id's record.
func gameRec(t *testing.T, h *harness, id string) *record.Game {
	t.Helper()
	var rec *record.Game
	if err := h.store.View(func(st referee.StoreTx) (err error) { rec, _, err = st.Game(id); return err }); err != nil || rec == nil {
		t.Fatalf("game %s: %v", id, err)
	}
	return rec
}

// TestAdjudicateByTheTable: in the solved games the organiser's
// "adjudicate" ends the game with the result the table gives the position,
// the side to move considered: won, lost and drawn positions of Gufuu and
// Jul-Gonu, each value checked against the table on a replica first.
func TestAdjudicateByTheTable(t *testing.T) {
	catalog := variants.Default(variants.Options{CacheDir: t.TempDir()})
	tests := []struct {
		variant string
		moves   []string
		value   solver.Kind // for the side to move, by the table
		result  string      // the game's result after adjudication
	}{
		{"gufuu", []string{"K*2c>S", "K*1b>N", "W*2b>W", "S*1a>W"}, solver.Won, "black wins by adjudication"},
		{"gufuu", []string{"K*2c>S", "K*1b>N", "W*2b>W"}, solver.Won, "white wins by adjudication"},
		{"gufuu", []string{"K*2c>S", "K*1b>N", "W*2b>W", "S*1a>W", "K:>W", "K-2a>E", "Wx1a>N", "S*1c>S", "K-2b>N", "Kx1a>S", "K-1b>E"}, solver.Lost, "black wins by adjudication"},
		{"gufuu", []string{"K*2c>S", "K*1b>N"}, solver.Drawn, "draw by adjudication"},
		{"julgonu", []string{"d1-d2", "b4-b3", "a1-a2", "a4-b4", "c1-d1", "b3-b2"}, solver.Won, "black wins by adjudication"},
		{"julgonu", []string{"d1-d2", "b4-b3", "a1-a2", "a4-b4", "c1-d1", "b3-b2", "d1-c1", "b4-b3", "c1-c2 x b2", "b3-c3", "c2-c1"}, solver.Lost, "black wins by adjudication"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s after %d moves", tc.variant, len(tc.moves)), func(t *testing.T) {
			kit, _ := catalog.Lookup(tc.variant)
			replica := rules.NewGame(kit.Rules)
			for _, text := range tc.moves {
				m := must[rules.Move](t)(kit.Notation.ParseMove(replica.Position(), text))
				if err := replica.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if v := must[solver.Value](t)(kit.Analyst.Evaluate(t.Context(), replica)); v.Kind != tc.value {
				t.Fatalf("the table values the position %s for %s to move; the test wants %v", v, replica.Position().ToMove(), tc.value)
			}
			h := newHarness(t, catalog)
			id, toAlice, toBob := startGame(t, h, tc.variant)
			playMoves(t, h, toAlice, toBob, tc.moves)
			setOrganiser(t, h, id, carol)
			key := keyMail(t, h, carol, "gufuu")

			mails := h.reply(t, key, "adjudicate "+id+" the deadline of the round passed")
			wantText(t, only(t, mails, carol), "> adjudicate "+id, "Done: you adjudicated game "+id+": "+tc.result+", by the solved table")
			for _, p := range []string{alice, bob} {
				m := only(t, mails, p)
				if got := m.Headers["X-Windpost-Result"]; got != tc.result {
					t.Errorf("%s's mail: result %q, want %q", p, got, tc.result)
				}
				wantText(t, m, "The tournament's organiser, carol@players.test, adjudicated game "+id, "by the solved table",
					"Why: the deadline of the round passed", "Game over after")
			}
			if rec := gameRec(t, h, id); rec.State != record.Over || rec.Result != tc.result {
				t.Errorf("record: %s, %q", rec.State, rec.Result)
			}
			e := wantAudit(t, h, carol, "adjudicate", id, "the deadline of the round passed")
			if !strings.HasPrefix(e.Detail, tc.result+", by the solved table") {
				t.Errorf("audit detail %q", e.Detail)
			}
		})
	}
}

// TestAdjudicateByDecision: a game that is not solved (Micro-shogi here,
// and the toy Nim) is adjudicated only by a stated result; in a solved one
// a stated result other than the table's is refused.
func TestAdjudicateByDecision(t *testing.T) {
	catalog := variants.Default(variants.Options{CacheDir: t.TempDir()})
	h := newHarness(t, catalog)
	key := keyMail(t, h, carol, "gufuu")
	micro, _, _ := startGame(t, h, "micro")
	setOrganiser(t, h, micro, carol)
	tests := []struct {
		line   string
		answer string
	}{
		{"adjudicate " + micro, "Refused: Micro-shogi is not solved, so a game of it is adjudicated only by a stated result; write \"adjudicate " + micro + " black\""},
		{"adjudicate " + micro + " white Bob's position is winning", "Done: you adjudicated game " + micro + ": white wins by adjudication, by decision."},
		{"adjudicate " + micro + " black", "Refused: game " + micro + " is not in progress (it is over: white wins by adjudication), so it cannot be adjudicated."},
	}
	for _, tc := range tests {
		mails := h.reply(t, key, tc.line)
		wantText(t, only(t, mails, carol), tc.answer)
	}
	wantAudit(t, h, carol, "adjudicate", micro, "Bob's position is winning")

	gufuu, _, _ := startGame(t, h, "gufuu")
	setOrganiser(t, h, gufuu, carol)
	// Gufuu's start is a win for Black, to move.
	wantText(t, only(t, h.reply(t, key, "adjudicate "+gufuu+" white"), carol),
		"Refused: the solved table says black wins by adjudication in game "+gufuu+", not what you wrote;")
	wantText(t, only(t, h.reply(t, key, "adjudicate "+gufuu+" black"), carol), "Done: you adjudicated game "+gufuu+": black wins by adjudication, by the solved table")

	// Jul-Gonu's table ignores the rule that no position may repeat: its
	// draw at the start is not proven, so a result must be stated.
	kit, _ := catalog.Lookup("julgonu")
	if _, err := kit.Table.Ready(t.Context()); err != nil {
		t.Fatal(err)
	}
	gonu, _, _ := startGame(t, h, "julgonu")
	setOrganiser(t, h, gonu, carol)
	wantText(t, only(t, h.reply(t, key, "adjudicate "+gonu), carol),
		"Refused: the solved table of Jul-Gonu calls this position D for black to move, but it ignores the rule that no position may repeat, and the search with this game's history did not prove that (by the table (repetition not searched beyond",
		`state the result: "adjudicate `+gonu+` black"`)
	wantText(t, only(t, h.reply(t, key, "adjudicate "+gonu+" draw"), carol),
		"Done: you adjudicated game "+gonu+": draw by adjudication, by decision (the table's D for black to move is by the table (repetition not searched beyond")
}

// TestOrganiserCommandsRefused: only the game's organiser, in a mail that
// proves their address, may adjudicate or extend it.
func TestOrganiserCommandsRefused(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	id, toAlice, _ := startGame(t, h, "nim")
	setOrganiser(t, h, id, carol)
	other, _, _ := startGame(t, h, "nim") // a game without an organiser
	tests := []struct {
		name   string
		req    func() Request
		answer string
	}{
		{"a player of the game", func() Request { return h.replyRequest(t, toAlice, alice, "adjudicate "+id+" black") },
			"Refused: only the organiser of a tournament game may adjudicate it, and you (alice@players.test) are not the organiser of game " + id + "."},
		{"a stranger", func() Request { return h.request(eve, "", "", "extend "+id+" 3 days") },
			"Refused: only the organiser of a tournament game may extend it, and you (eve@players.test) are not the organiser of game " + id + "."},
		{"a game without an organiser", func() Request { return h.request(carol, "", "", "adjudicate "+other+" draw") },
			"are not the organiser of game " + other + "."},
		{"the organiser without a key", func() Request { return h.request(carol, "", "", "extend "+id+" 3 days") },
			"Refused: \"extend\" changes a game, so it counts only in a reply to a mail windpost sent you; its reply key proves that the mail comes from you."},
		{"the organiser with another's key", func() Request {
			return h.request(carol, id, keys.Token(h.store.Secret, id, alice), "extend "+id+" 3 days")
		}, "counts only in a reply to a mail windpost sent you"},
		{"no game id", func() Request { return h.request(carol, "", "", "adjudicate black") },
			"Refused: write adjudicate and the game's id, e.g. \"adjudicate g7k3q\"."},
		{"days out of range", func() Request { return h.request(carol, "", "", "extend "+id+" 31 days") },
			"Refused: write extend, the game's id and a number of days from 1 to 30"},
		{"no such game", func() Request { return h.request(carol, "", "", "extend g2345 3 days") }, "Refused: there is no game g2345."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mails := h.send(t, tc.req())
			m := mails[0]
			wantText(t, m, tc.answer)
			if len(mails) != 1 {
				t.Errorf("%d mails, want only the answer: %s", len(mails), describe(mails))
			}
		})
	}
	if rec := gameRec(t, h, id); rec.State != record.Playing || len(must[[]AuditEntry](t)(h.store.AuditLog())) != 0 {
		t.Errorf("after refusals: state %s, audit log %v", rec.State, must[[]AuditEntry](t)(h.store.AuditLog()))
	}
	// The key windpost gives the organiser for the game itself proves them.
	mails := h.send(t, h.request(carol, id, keys.Token(h.store.Secret, id, carol), "extend "+id+" 2 days, Alice is moving house"))
	wantText(t, only(t, mails, carol), "Done: the deadline of move #1 in game "+id+" is now Thu 26 Nov 2026 12:00 UTC.")
	wantAudit(t, h, carol, "extend", id, "Alice is moving house")
	// An organiser who plays in the game decides no result and gives
	// themself no time.
	own, toOwn, _ := startGame(t, h, "nim")
	setOrganiser(t, h, own, alice)
	for _, tc := range []struct{ line, answer string }{
		{"adjudicate " + own + " black", "Refused: you play in game " + own + ", so you cannot decide its result yourself; ask the server's operator to adjudicate it."},
		{"extend " + own + " 2 days", "Refused: it is your own move in game " + own + ", so you cannot give yourself more time;"},
	} {
		wantText(t, only(t, h.reply(t, toOwn, tc.line), alice), tc.answer)
	}
	toOwn = only(t, h.reply(t, toOwn, "t1 #1"), alice) // bob's move now: alice may give him time
	wantText(t, only(t, h.reply(t, toOwn, "extend "+own+" 2 days"), alice), "Done: the deadline of move #2 in game "+own+" is now")
	wantAudit(t, h, alice, "extend", own, "")
}
