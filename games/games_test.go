package games

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

const (
	alice = "alice@players.test"
	bob   = "bob@players.test"
	eve   = "eve@players.test"
)

func nimCatalog(stones int) *variants.Catalog { return variants.New(nimKit(stones)) }

// TestBotGameToTheEnd plays a whole toy game against the perfect bot,
// with the winning strategy (leave a multiple of 4).
func TestBotGameToTheEnd(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	m := only(t, h.write(t, alice, "Hi bot,", "new nim as black level perfect", "Thanks!"), alice)
	wantText(t, m, "Done: new game", "You play black against the bot (level perfect)", "Pile: oooooooooo (10)", "Move #1: black (you) to move.")
	if m.Kind != Answer || m.InReplyTo == "" || m.Headers["X-Windpost-To-Move"] != "black" || m.Headers["X-Windpost-Position"] != "10b" {
		t.Fatalf("first answer: %+v", m)
	}
	for step := 0; ; step++ {
		pos := m.Headers["X-Windpost-Position"]
		n := 0
		for _, c := range pos[:len(pos)-1] {
			n = n*10 + int(c-'0')
		}
		if n == 0 {
			break
		}
		if step > 10 {
			t.Fatal("the game does not end")
		}
		m = only(t, h.reply(t, m, "t"+string(rune('0'+n%4))), alice)
	}
	wantText(t, m, "Game over: you win by no legal move.")
	if m.Headers["X-Windpost-Result"] != "black wins by no legal move" || m.Headers["X-Windpost-To-Move"] != "none" {
		t.Fatalf("headers %v", m.Headers)
	}
	// The analysis marks no mistake of black's and every move of the bot's
	// (the bot was lost from the start).
	a := only(t, h.reply(t, m, "analysis"), alice)
	wantText(t, a, "  W n    a win; the winning move comes n plies (single moves) from here\n", "1.t2  black     W 5  ->  W 5", "2.t2  white     L 4  ->  L 4", "0 mistakes.")
	for _, l := range strings.Split(a.Text, "\n") {
		if strings.HasSuffix(l, " ") {
			t.Errorf("analysis line %q ends with a space", l)
		}
	}
	// A move after the end is refused, with the state.
	r := only(t, h.reply(t, m, "t1"), alice)
	wantText(t, r, "Refused: game", "is over: you win by no legal move.")
}

// TestBotMovesFirst: when the bot has the first move, the answer to new
// carries it.
func TestBotMovesFirst(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	m := only(t, h.write(t, alice, "new nim as white level perfect"), alice)
	wantText(t, m, "The bot opened with 1.t2.", "Last move: 1.t2", "Move #2: white (you) to move.")
	if m.Headers["X-Windpost-Last-Move"] != "t2" || m.Headers["X-Windpost-Position"] != "8w" {
		t.Fatalf("headers %v", m.Headers)
	}
	// undo against the bot takes back the player's move and the answer.
	m = only(t, h.reply(t, m, "t1 #2"), alice)
	wantText(t, m, "Done: you played 2.t1.", "The bot answered 3.t3.")
	m = only(t, h.reply(t, m, "undo"), alice)
	wantText(t, m, "Done: taken back 2.t1 3.t3. It is your move (#2).")
	if m.Headers["X-Windpost-Position"] != "8w" {
		t.Fatalf("after undo: %v", m.Headers)
	}
}

// startHumanGame has alice challenge bob to nim (alice black) and bob
// accept; it returns the last mail each got.
func startHumanGame(t *testing.T, h *harness) (toAlice, toBob Mail) {
	t.Helper()
	mails := h.write(t, alice, "challenge Bob@Players.test nim as black days 3")
	a := only(t, mails, alice)
	wantText(t, a, "Done: I invited bob@players.test to game", "with 3 days per move. You play black.")
	inv := only(t, mails, bob)
	if inv.Kind != Notice {
		t.Fatalf("invitation kind %s", inv.Kind)
	}
	wantText(t, inv, "alice@players.test challenges you to a game of Nim", "You would play white, with 3 days for each move.")
	mails = h.reply(t, inv, "accept")
	toBob = only(t, mails, bob)
	toAlice = only(t, mails, alice)
	wantText(t, toBob, "Done: game", "has begun. You play white, and your opponent has the first move.")
	wantText(t, toAlice, "accepted your challenge", "You play black, and you have the first move.", "Deadline for this move: Tue 24 Nov 2026 12:00 UTC (3 days per move).")
	if toAlice.References[0] != a.MessageID {
		t.Errorf("alice's thread: references %v, want her first mail %s", toAlice.References, a.MessageID)
	}
	return toAlice, toBob
}

func TestHumanGameRefusals(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)

	// Out of turn.
	r := only(t, h.reply(t, toBob, "t1"), bob)
	wantText(t, r, "Refused: it is not your turn in game", "black (alice@players.test) is to move. I will write to you when they have moved.")
	if strings.Contains(r.Text, "Your last move was") {
		t.Errorf("bob has made no move yet:\n%s", r.Text)
	}
	// Illegal move: the reason, the legal moves and the board.
	r = only(t, h.reply(t, toAlice, "t4"), alice)
	wantText(t, r, `Refused: "t4" is not a legal move in game`, "you may take 1, 2 or 3 stones", "The legal moves (#1) are:\nt1, t2, t3", "Pile: oooooooooo (10)")
	// A wrong move number.
	r = only(t, h.reply(t, toAlice, "t2 #2"), alice)
	wantText(t, r, "Refused: your move is numbered #2, but the next move in game")
	// A move without a token.
	r = only(t, h.fresh(t, alice, "t2"), alice)
	wantText(t, r, "Refused: to change game", "reply to the last mail windpost sent you")
	// A wrong token.
	req := h.request(alice, toAlice.Headers["X-Windpost-Game"], "aaaaaaaaaaaaaaaa", "t2")
	r = only(t, h.send(t, req), alice)
	wantText(t, r, "Refused: the reply key in this mail does not belong to alice@players.test")
	// The right token from the wrong address.
	r = only(t, h.replyFrom(t, toAlice, eve, "t2"), eve)
	wantText(t, r, "Refused: you (eve@players.test) do not play in game")
	r = only(t, h.replyFrom(t, toAlice, bob, "t2"), bob)
	wantText(t, r, "Refused: the reply key in this mail does not belong to bob@players.test")

	// Nothing moved: the move is still #1.
	mails := h.reply(t, toAlice, "t2 #1", "draw")
	a, b := only(t, mails, alice), only(t, mails, bob)
	wantText(t, a, "Done: you played 1.t2.", "Done: you offered a draw.")
	wantText(t, b, "alice@players.test played 1.t2. It is your move.", "alice@players.test offers a draw in game", "Move #2: white (you) to move.")
	wantText(t, b, "alice@players.test offers a draw. Reply \"draw\" to accept it; a move declines it.")
	if strings.Contains(a.Text, "to accept it") {
		t.Errorf("the offer's own mail tells her how to accept it:\n%s", a.Text)
	}
	// A stale #n: the same move mail again, as if resent.
	r = only(t, h.reply(t, toAlice, "t2 #1"), alice)
	wantText(t, r, "Refused: your move is numbered #1, but move 1 was already played (1.t2); the next move is #2.")
	// Out of turn after her own move.
	r = only(t, h.reply(t, toAlice, "t1"), alice)
	wantText(t, r, "Refused: it is not your turn in game", "white (bob@players.test) is to move. Your last move was 1.t2. I will write to you when they have moved.")

	// Bob accepts the draw.
	mails = h.reply(t, b, "draw")
	wantText(t, only(t, mails, bob), "Done: you accepted the draw. Game over: draw by agreement.")
	wantText(t, only(t, mails, alice), "bob@players.test accepted your draw offer.")
	if g := only(t, mails, alice).Headers["X-Windpost-Result"]; g != "draw by agreed draw" {
		t.Fatalf("result header %q", g)
	}
}

func TestUndoAndResign(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	mails := h.reply(t, toAlice, "t1")
	toBob := only(t, mails, bob)
	// Bob cannot ask to take back alice's move.
	wantText(t, only(t, h.reply(t, toBob, "undo"), bob), "Refused: the last move, 1.t1, was your opponent's")
	mails = h.reply(t, toAlice, "undo")
	wantText(t, only(t, mails, alice), "Done: you asked to take back 1.t1.")
	toBob = only(t, mails, bob)
	wantText(t, toBob, "alice@players.test asks to take back their last move, 1.t1.", "alice@players.test asks to take back the last move. Reply \"undo\" to agree; a move refuses.")
	mails = h.reply(t, toBob, "undo")
	wantText(t, only(t, mails, bob), "Done: you agreed to take back 1.t1.")
	toAlice = only(t, mails, alice)
	wantText(t, toAlice, "bob@players.test agreed: 1.t1 is taken back. It is your move (#1).")
	if toAlice.Headers["X-Windpost-Position"] != "10b" || toAlice.Headers["X-Windpost-Last-Move"] != "" {
		t.Fatalf("after undo: %v", toAlice.Headers)
	}
	// A move declines an undo request.
	mails = h.reply(t, toAlice, "t3", "undo")
	toBob = only(t, mails, bob)
	mails = h.reply(t, toBob, "t1")
	wantText(t, only(t, mails, bob), "Your move declines your opponent's request to take back a move.")
	wantText(t, only(t, mails, alice), "That move declines your request to take back your move.")
	// Resignation.
	mails = h.reply(t, toBob, "resign")
	wantText(t, only(t, mails, bob), "Done: you resigned game", "Game over: you lose by resignation.")
	wantText(t, only(t, mails, alice), "bob@players.test resigned: you win game")
}

func TestReminderAndForfeit(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	ctx := context.Background()
	mails, err := h.srv.Tick(ctx)
	if err != nil || len(mails) != 0 {
		t.Fatalf("tick at the start: %v %s", err, describe(mails))
	}
	h.clock.Advance(47 * time.Hour)
	if mails, _ = h.srv.Tick(ctx); len(mails) != 0 {
		t.Fatalf("tick 25 h before the deadline: %s", describe(mails))
	}
	h.clock.Advance(2 * time.Hour) // 23 h before the deadline
	mails, err = h.srv.Tick(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rem := only(t, mails, alice)
	if rem.Kind != Reminder || len(mails) != 1 {
		t.Fatalf("reminder: %s", describe(mails))
	}
	wantText(t, rem, "A reminder: it is your move in game", "the deadline is Tue 24 Nov 2026 12:00 UTC")
	if mails, _ = h.srv.Tick(ctx); len(mails) != 0 {
		t.Fatalf("a second reminder: %s", describe(mails))
	}
	// A restart does not lose the deadline.
	h.reopen(t)
	h.clock.Advance(23 * time.Hour)
	mails, err = h.srv.Tick(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, alice), "The deadline (Tue 24 Nov 2026 12:00 UTC) passed without a move from you: you lose on time.")
	wantText(t, only(t, mails, bob), "Your opponent did not move by the deadline (Tue 24 Nov 2026 12:00 UTC): you win on time.", "Game over after 0 moves: you win on time.")
	// Without a game in progress, board shows the latest game.
	wantText(t, only(t, h.write(t, alice, "board"), alice), "Here is game", "you lose on time.")
	// Too late: the move is refused.
	wantText(t, only(t, h.reply(t, toAlice, "t1"), alice), "is over: you lose on time.")
}

func TestTimeoutWithDrawOffer(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	// Alice moves and offers a draw; bob lets his time run out.
	h.reply(t, toAlice, "t1", "draw")
	h.clock.Advance(3*24*time.Hour + time.Minute)
	mails, err := h.srv.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, bob), "the draw your opponent offered counts as accepted")
	if only(t, mails, alice).Headers["X-Windpost-Result"] != "draw by agreed draw" {
		t.Fatal(describe(mails))
	}
}

func TestSameRequestTwice(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	local, _, _ := strings.Cut(toAlice.ReplyTo, "@")
	game, token, _ := keys.ParsePlusTag(local[strings.IndexByte(local, '+')+1:])
	req := h.request(alice, game, token, "t2")
	first := h.send(t, req)
	if len(first) != 2 {
		t.Fatalf("first handling: %s", describe(first))
	}
	before := dump(t, h.store)
	second := h.send(t, req)
	if second != nil {
		t.Fatalf("second handling queued %s", describe(second))
	}
	if after := dump(t, h.store); after != before {
		t.Fatal("the second handling changed the store")
	}
	if ok, err := h.store.Processed(req.MessageID); !ok || err != nil {
		t.Fatalf("Processed = %v, %v", ok, err)
	}
	if _, err := h.srv.Handle(context.Background(), Request{From: alice, Lines: []string{"games"}}); err == nil {
		t.Fatal("a request without Message-ID was handled")
	}
	// A huge Message-ID is fine.
	long := h.request(alice, "", "", "games")
	long.MessageID = "<" + strings.Repeat("x", 40000) + "@players.test>"
	if first := h.send(t, long); len(first) != 1 || h.send(t, long) != nil {
		t.Fatal("a long Message-ID was not handled exactly once")
	}
	if ok, _ := h.store.Processed(long.MessageID); !ok {
		t.Fatal("Processed(long id) = false")
	}
	// A sender that is not an address gets nothing, once.
	bad := h.request("MAILER-DAEMON", "", "", "games")
	if mails, err := h.srv.Handle(context.Background(), bad); err != nil || mails == nil || len(mails) != 0 {
		t.Fatalf("bad sender: %v %v", mails, err)
	}
	if mails, err := h.srv.Handle(context.Background(), bad); err != nil || mails != nil {
		t.Fatalf("bad sender again: %v %v", mails, err)
	}
	// Too large a mail gets a short refusal.
	big := h.request(alice, "", "", "new nim")
	big.TooLarge = true
	wantText(t, only(t, h.send(t, big), alice), "Your mail was too large")
	if list, _ := h.store.Games(); len(list) != 1 {
		t.Fatalf("the large mail made a game: %+v", list)
	}
}

// brokenBot fails every time it is asked for a move.
type brokenBot struct{ nimBot }

func (brokenBot) Choose(context.Context, *rules.Game, solver.Level, *rand.Rand) (rules.Move, error) {
	return 0, errors.New("the bot is broken")
}

// TestAllOrNothing: when the bot fails in the middle of a request (after
// the human's move was played and the game made), the bot's work returns
// an error and changes nothing of what Handle kept (the move, the game,
// the mark "processed" and the work waiting for the bot); with a working
// bot the same work goes through and the one answer tells all. (The bot
// thinks outside the request's transaction since issue 10: Handle keeps
// the human's part at once.)
func TestAllOrNothing(t *testing.T) {
	kit := nimKit(10)
	kit.Bot = brokenBot{}
	h := newHarness(t, variants.New(kit))
	req := h.request(alice, "", "", "games", "new nim as black", "t2", "draw")
	if mails, err := h.srv.Handle(context.Background(), req); err != nil || len(mails) != 0 {
		t.Fatalf("Handle before the bot's work: %s, %v", describe(mails), err)
	}
	before := dump(t, h.store)
	if mails, err := h.srv.BotWork(context.Background()); err == nil || len(mails) != 0 {
		t.Fatalf("BotWork with a broken bot: %s, %v", describe(mails), err)
	}
	if after := dump(t, h.store); after != before {
		t.Fatalf("failed bot work changed the store:\n%s", after)
	}
	if ok, _ := h.store.Processed(req.MessageID); !ok {
		t.Fatal("a request whose bot work waits is not marked processed")
	}
	h.catalog = nimCatalog(10)
	h.reopen(t)
	m := only(t, must[[]Mail](t)(h.srv.BotWork(context.Background())), alice)
	wantText(t, m, "Done: you played 1.t2.", "The bot answered 2.t")
}

func dump(t *testing.T, s *Store) string {
	t.Helper()
	var b strings.Builder
	if err := s.Dump(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestReopenMidGame(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	toBob := only(t, h.reply(t, toAlice, "t1"), bob)
	h.reopen(t)
	mails := h.reply(t, toBob, "t2 #2", "history")
	wantText(t, only(t, mails, bob), "Done: you played 2.t2.", "1.t1 2.t2")
	toAlice = only(t, mails, alice)
	if toAlice.Headers["X-Windpost-Position"] != "7b" {
		t.Fatalf("after reopening: %v", toAlice.Headers)
	}
}

func TestSecondOpenFailsFast(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	start := time.Now()
	_, err := OpenWith(h.path, StoreOptions{LockTimeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrStoreInUse) || !strings.Contains(err.Error(), h.path) || !strings.Contains(err.Error(), "another windpost is using") {
		t.Fatalf("second open: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("second open took %v", d)
	}
}

func TestCommandPolicy(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	// An unknown first line gets the help, and the rest is not run.
	m := only(t, h.write(t, alice, "Dear bot", "please start a game for me", "new nim", "board"), alice)
	wantText(t, m, "> please start a game for me\nRefused: I do not understand this line.",
		"Not run, because the command above was refused:\n> new nim\n> board", "Commands (one per line")
	// A signature after commands ends them quietly.
	m = only(t, h.write(t, alice, "new nim as black", "", "Alice"), alice)
	wantText(t, m, "Done: new game", `I stopped reading at "Alice"`)
	// Also a name whose first word looks like a game id.
	m = only(t, h.write(t, alice, "games", "Gunther Smith"), alice)
	wantText(t, m, "Your games:", `I stopped reading at "Gunther Smith"`)
	m = only(t, h.write(t, alice, "games", "Movement is good for you"), alice)
	wantText(t, m, "Your games:", `I stopped reading at "Movement is good for you"`)
	if strings.Contains(m.Text, "Commands (one per line") {
		t.Error("the help came with a mail that worked")
	}
	// An empty mail gets the help.
	m = only(t, h.write(t, bob), bob)
	wantText(t, m, "I found no command in your mail.", "Commands (one per line")
	// games lists them; several games in progress need an id.
	h.write(t, alice, "new nim as black")
	m = only(t, h.write(t, alice, "games", "board"), alice)
	wantText(t, m, "Your games:", "you (black) vs. the bot (perfect)  your move (#1)", "Refused: more than one of your games could be meant (", "write the game id before the command, e.g. \"")
}

func TestErrorAnswerLimit(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.cfg.ErrorAnswersPerHour = 3
	h.reopen(t)
	h.prove(t, eve)          // a stranger's every answer counts: TestUnprovenAnswerLimit
	for i := 0; i < 6; i++ { // twice the limit, for an address that proved itself
		if mails := h.write(t, eve, "gibberish"); len(mails) != 1 {
			t.Fatalf("error answer %d: %s", i, describe(mails))
		}
	}
	if mails := h.write(t, eve, "gibberish"); len(mails) != 0 {
		t.Fatalf("answer beyond the limit: %s", describe(mails))
	}
	// A mail that works is answered anyway.
	if mails := h.write(t, eve, "games"); len(mails) != 1 {
		t.Fatalf("working mail: %s", describe(mails))
	}
	h.clock.Advance(time.Hour + time.Second)
	if mails := h.write(t, eve, "gibberish"); len(mails) != 1 {
		t.Fatalf("after an hour: %s", describe(mails))
	}
}

func TestVacation(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	mails := h.write(t, alice, "vacation 10")
	wantText(t, only(t, mails, alice), "Done: your clocks stop until Tue 1 Dec 2026 12:00 UTC. You have 20 vacation days left in 2026.")
	wantText(t, only(t, mails, bob), "alice@players.test is on vacation until Tue 1 Dec 2026 12:00 UTC")
	wantText(t, only(t, h.write(t, alice, "vacation 21"), alice), "Refused: you are already on vacation")
	h.clock.Advance(5 * 24 * time.Hour)
	if mails, _ := h.srv.Tick(context.Background()); len(mails) != 0 {
		t.Fatalf("tick during the vacation: %s", describe(mails))
	}
	wantText(t, only(t, h.write(t, alice, "vacation off"), alice), "Done: welcome back.", "25 vacation days left in 2026.")
	wantText(t, only(t, h.write(t, alice, "vacation 26"), alice), "Refused: you have taken 5 of your 30 vacation days in 2026, so 25 are left: write \"vacation 25\" or fewer days.")
	// The deadline moved by the 5 days used: 24 Nov + 5 days.
	m := only(t, h.reply(t, toAlice, "board"), alice)
	wantText(t, m, "Deadline for this move: Sun 29 Nov 2026 12:00 UTC")
}

// TestVacationOverNewYear: the days of a vacation count in the year it
// starts, and so does the refund of "vacation off" in the next year.
func TestVacationOverNewYear(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.clock.t = time.Date(2026, 12, 25, 12, 0, 0, 0, time.UTC)
	wantText(t, only(t, h.write(t, alice, "vacation 10"), alice), "You have 20 vacation days left in 2026.")
	h.clock.Advance(8 * 24 * time.Hour) // 2 Jan 2027, two days left
	wantText(t, only(t, h.write(t, alice, "vacation off"), alice), "Done: welcome back.", "30 vacation days left in 2027.")
	var p *record.Player
	err := h.store.View(func(st referee.StoreTx) error {
		var err error
		p, err = st.Player(alice)
		return err
	})
	if err != nil || p == nil {
		t.Fatalf("alice's record: %v, %v", p, err)
	}
	if p.VacationDays["2026"] != 8 || p.VacationDays["2027"] != 0 {
		t.Fatalf("vacation days %v, want 8 in 2026 and none in 2027", p.VacationDays)
	}
}

// TestRefusalsSayWhatIsRight: a refusal says what was wrong and what to
// write instead.
func TestRefusalsSayWhatIsRight(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	mails := h.write(t, alice, "challenge bob@players.test nim as black")
	a, inv := only(t, mails, alice), only(t, mails, bob)
	// A move before the challenge is accepted, by either player.
	wantText(t, only(t, h.reply(t, inv, "t1"), bob),
		"has not begun: you have not accepted the challenge yet. Reply \"accept\" to begin, or \"decline\".")
	wantText(t, only(t, h.reply(t, a, "t1"), alice),
		"has not begun: bob@players.test has not accepted the challenge yet. I will write to you when they answer (\"decline\" withdraws your challenge).")
	toBob := only(t, h.reply(t, inv, "accept"), bob)
	wantText(t, only(t, h.reply(t, inv, "accept"), bob), "has already begun: the challenge was accepted. Write \"g")
	// Someone who does not play in the game, with its key.
	wantText(t, only(t, h.replyFrom(t, toBob, eve, "t1"), eve),
		"Refused: you (eve@players.test) do not play in game", "If you play it under another address, write from that one.")
	// A move number too high.
	toAlice := only(t, h.reply(t, a, "t1 #3"), alice)
	wantText(t, toAlice, "Refused: your move is numbered #3, but the next move in game", "is #1. Write the move with #1, or without a number.")
	// A finished game.
	h.reply(t, toAlice, "resign")
	wantText(t, only(t, h.reply(t, toAlice, "t1"), alice), "is over: you lose by resignation. Write \"games\" for your other games")
	// Vacation.
	wantText(t, only(t, h.write(t, bob, "vacation off"), bob), "Refused: you are not on vacation, so your clocks are running.")
	wantText(t, only(t, h.write(t, alice, "vacation 30"), alice), "Done")
	h.clock.Advance(31 * 24 * time.Hour)
	wantText(t, only(t, h.write(t, alice, "vacation 1"), alice), "you have taken 30 of your 30 vacation days in 2026, so none are left this year.")
}

// TestAcceptInAnotherThread: "accept" written in reply to a mail about
// another game accepts the one challenge waiting.
func TestAcceptInAnotherThread(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	_, toBob := startHumanGame(t, h)
	second := only(t, h.write(t, alice, "challenge bob@players.test nim"), alice)
	game := second.Headers["X-Windpost-Game"]
	mails := h.reply(t, toBob, "accept")
	wantText(t, only(t, mails, bob), "Done: game "+game+" has begun.")
	wantText(t, only(t, mails, alice), "bob@players.test accepted your challenge: game "+game+" has begun.")
}

// TestTokenMustMatchGameAndSender: a reply key counts only with the game
// it was made for and the address it was sent to (in any letter case).
func TestTokenMustMatchGameAndSender(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	game := toAlice.Headers["X-Windpost-Game"]
	other := only(t, h.write(t, alice, "new nim as black"), alice)
	otherGame := other.Headers["X-Windpost-Game"]
	// Alice's key of the bot game, sent with the id of the human game.
	req := h.request(alice, game, keys.Token(testSecret, otherGame, alice), "t1")
	wantText(t, only(t, h.send(t, req), alice), "Refused: the reply key in this mail does not belong to alice@players.test")
	// Her key of the human game in capitals, from her address in capitals.
	req = h.request("Alice <ALICE@Players.Test>", strings.ToUpper(game), strings.ToUpper(keys.Token(testSecret, game, alice)), "t1")
	wantText(t, only(t, h.send(t, req), alice), "Done: you played 1.t1.")
}

func TestDeclineAndWithdraw(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	inv := only(t, h.write(t, alice, "challenge bob@players.test nim"), bob)
	mails := h.reply(t, inv, "decline")
	wantText(t, only(t, mails, alice), "bob@players.test declined your challenge")
	mails = h.write(t, alice, "challenge bob@players.test nim")
	a := only(t, mails, alice)
	mails = h.reply(t, a, "decline")
	wantText(t, only(t, mails, alice), "Done: you withdrew your challenge to bob@players.test.")
	wantText(t, only(t, mails, bob), "alice@players.test withdrew the challenge")
	// Challenges expire.
	inv = only(t, h.write(t, alice, "challenge bob@players.test nim"), bob)
	h.clock.Advance(referee.InvitationDays*24*time.Hour + time.Second)
	mails, err := h.srv.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, alice), "did not answer your challenge within 14 days")
	wantText(t, only(t, h.reply(t, inv, "accept"), bob), "never began (the challenge expired)")
}

func TestThreadingHeaders(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	first := only(t, h.write(t, alice, "new nim as black"), alice)
	game := first.Headers["X-Windpost-Game"]
	g, tok, ok := keys.ParseReference(first.MessageID)
	if !ok || g != game {
		t.Fatalf("ParseReference(%s) = %s %s %v", first.MessageID, g, tok, ok)
	}
	if sg, stok, ok := keys.ParseSubjectTag(first.Subject); !ok || sg != game || stok != tok {
		t.Fatalf("subject %q", first.Subject)
	}
	if want := "bot+" + game + "." + tok + "@windpost.test"; first.ReplyTo != want {
		t.Fatalf("Reply-To %s, want %s", first.ReplyTo, want)
	}
	second := only(t, h.reply(t, first, "t2"), alice)
	if !reflect.DeepEqual(second.References, []string{first.MessageID, second.InReplyTo}) {
		t.Fatalf("references %v", second.References)
	}
	// The outbox: both due, then sent.
	due, err := h.store.DueMail(h.clock.Now(), 0)
	if err != nil || len(due) != 2 || due[0].ID != first.ID {
		t.Fatalf("due: %v %v", err, due)
	}
	if err := h.store.MarkFailed(first.ID, "421 try later", h.clock.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := h.store.MarkSent(second.ID, h.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if due, _ = h.store.DueMail(h.clock.Now(), 0); len(due) != 0 {
		t.Fatalf("due after send/fail: %v", due)
	}
	due, _ = h.store.DueMail(h.clock.Now().Add(time.Minute), 10)
	if len(due) != 1 || due[0].Attempts != 1 || due[0].LastError != "421 try later" {
		t.Fatalf("due later: %+v", due)
	}
	// Cursors.
	if err := h.store.SetCursor("INBOX", MailboxCursor{UIDValidity: 7, LastUID: 42}); err != nil {
		t.Fatal(err)
	}
	if c, err := h.store.Cursor("INBOX"); err != nil || c.LastUID != 42 || c.UIDValidity != 7 {
		t.Fatalf("cursor %+v %v", c, err)
	}
}

func TestAdminViews(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h)
	h.write(t, alice, "new nim as white level casual")
	list, err := h.store.Games()
	if err != nil || len(list) != 2 {
		t.Fatalf("games: %v %+v", err, list)
	}
	states := map[string]bool{}
	for _, g := range list {
		states[g.State+"/"+g.ToMove+"/"+g.White] = true
	}
	if !states["playing/black/bob@players.test"] || !states["playing/white/alice@players.test"] {
		t.Fatalf("games: %+v", list)
	}
	d := dump(t, h.store)
	for _, want := range []string{`"secret": "(redacted)"`, `"players"`, `"outbox"`, `"to_move": "white"`, `"challenger": "alice@players.test"`} {
		if !strings.Contains(d, want) {
			t.Errorf("dump lacks %s", want)
		}
	}
	if strings.Contains(d, string(testSecret)) || strings.Contains(d, "77696e64706f7374") {
		t.Error("the dump shows the secret")
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	f, err := os.Create(backup)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.Backup(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	copyStore, err := OpenWith(backup, StoreOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer copyStore.Close()
	if l2, _ := copyStore.Games(); !reflect.DeepEqual(l2, list) {
		t.Fatalf("backup games %+v, want %+v", l2, list)
	}
}

// FuzzHandle sends arbitrary mails through a server on the toy variant:
// handling never fails and always answers (the error limit is high).
func FuzzHandle(f *testing.F) {
	for _, s := range []string{"new nim as black\nt2\nt1 #3\nundo\nboard", "challenge bob@players.test nim\naccept",
		"games\nhistory\nmoves\nanalysis", "vacation 3\nvacation off\nresign", "draw\nhelp moves\nrules nim"} {
		f.Add(s, true)
	}
	h := newHarness(f, nimCatalog(10))
	h.cfg.ErrorAnswersPerHour = 1 << 30
	h.reopen(f)
	var token, game string
	f.Fuzz(func(t *testing.T, text string, withToken bool) {
		r := h.request(alice, "", "", strings.Split(text, "\n")...)
		if withToken && game != "" {
			r.GameID, r.Token = game, token
		}
		mails, err := h.handle(context.Background(), r)
		if err != nil {
			t.Fatalf("Handle(%q): %v", text, err)
		}
		if len(mails) == 0 {
			t.Fatalf("no answer to %q", text)
		}
		for _, m := range mails {
			if m.To == alice && m.Headers["X-Windpost-Game"] != "" {
				game = m.Headers["X-Windpost-Game"]
				token = keys.Token(testSecret, game, alice)
			}
		}
	})
}

// TestUnreadableGame: a game of a variant the server no longer plays is
// refused with a reason; it blocks neither other requests nor the clocks.
func TestUnreadableGame(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	h.catalog = variants.Default(variants.Options{CacheDir: t.TempDir()})
	h.reopen(t)
	wantText(t, only(t, h.reply(t, toAlice, "t1"), alice), "cannot be played on this server at the moment", "does not play nim")
	wantText(t, only(t, h.write(t, alice, "games"), alice), "Your games:", "cannot be read on this server at the moment")
	h.clock.Advance(10 * 24 * time.Hour)
	if _, err := h.srv.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedRecordDoesNotStopTheClocks: a game record that is not even
// JSON is skipped by Tick (and logged); the other games' clocks run on.
func TestDamagedRecordDoesNotStopTheClocks(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	startHumanGame(t, h)
	err := h.store.Update(func(st referee.StoreTx) error {
		return st.Tx.Bucket(store.Games).PutRaw("gzzzz", []byte("{damaged"))
	})
	if err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(3*24*time.Hour + time.Minute)
	mails, err := h.srv.Tick(context.Background())
	if err != nil {
		t.Fatalf("tick: %v", err)
	}
	wantText(t, only(t, mails, alice), "you lose on time.")
	// The admin's list shows it.
	list, err := h.store.Games()
	if err != nil || len(list) != 2 || list[1].ID != "gzzzz" || list[1].State != "damaged" {
		t.Fatalf("Games() = %+v, %v", list, err)
	}
}

// TestReadingChangesNothing: commands that only look write no game or
// player record.
func TestReadingChangesNothing(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)
	h.write(t, alice, "new nim as black")
	h.clock.Advance(time.Hour)
	records := func() string {
		var all map[string]json.RawMessage
		if err := json.Unmarshal([]byte(dump(t, h.store)), &all); err != nil {
			t.Fatal(err)
		}
		return string(all["games"]) + string(all["players"]) + string(all["tokens"])
	}
	before := records()
	h.write(t, alice, "games")
	h.reply(t, toAlice, "board", "history", "moves", "help", "rules nim")
	if after := records(); after != before {
		t.Fatalf("looking changed records:\n%s\n%s", before, after)
	}
	// A refused move, or one out of turn, leaves the game as it was (the
	// sender's count of refused mails is another matter).
	games := func() string {
		var all map[string]json.RawMessage
		if err := json.Unmarshal([]byte(dump(t, h.store)), &all); err != nil {
			t.Fatal(err)
		}
		return string(all["games"])
	}
	before = games()
	h.clock.Advance(time.Hour)
	wantText(t, only(t, h.reply(t, toAlice, "t9"), alice), "Refused:")
	wantText(t, only(t, h.reply(t, toBob, "t1"), bob), "Refused:")
	if after := games(); after != before {
		t.Fatalf("refused moves changed the game:\n%s\n%s", before, after)
	}
}

// TestOneDayPerMove: with one day per move there is no reminder (the move
// notice is one), only the loss on time.
func TestOneDayPerMove(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	inv := only(t, h.write(t, alice, "challenge bob@players.test nim as white days 1"), bob)
	h.reply(t, inv, "accept")
	if mails, err := h.srv.Tick(context.Background()); err != nil || len(mails) != 0 {
		t.Fatalf("tick: %v %s", err, describe(mails))
	}
	h.clock.Advance(24 * time.Hour)
	mails, err := h.srv.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, bob), "you lose on time.")
	wantText(t, only(t, mails, alice), "you win on time")
}

// TestPrune: a tick forgets handled Message-IDs and sent mails after 90
// days, and keeps the rest.
func TestPrune(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	old := h.request(alice, "", "", "games")
	m := only(t, h.send(t, old), alice)
	if err := h.store.MarkSent(m.ID, h.clock.Now()); err != nil {
		t.Fatal(err)
	}
	unsent := only(t, h.write(t, alice, "help"), alice)
	h.clock.Advance(referee.KeepFor - time.Hour)
	recent := h.request(alice, "", "", "games")
	h.send(t, recent)
	h.clock.Advance(2 * time.Hour)
	if _, err := h.srv.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]bool{old.MessageID: false, recent.MessageID: true} {
		if got, _ := h.store.Processed(id); got != want {
			t.Errorf("Processed(%s) = %v, want %v", id, got, want)
		}
	}
	d := dump(t, h.store)
	if strings.Contains(d, `"`+m.ID+`"`) || !strings.Contains(d, `"`+unsent.ID+`"`) {
		t.Errorf("outbox after pruning: sent %s kept or pending %s lost", m.ID, unsent.ID)
	}
}

// TestConcurrentRequests: requests and ticks from several goroutines are
// each handled once (run with -race).
func TestConcurrentRequests(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	reqs := make([]Request, 40)
	for i := range reqs {
		from := []string{alice, bob, eve}[i%3]
		reqs[i] = h.request(from, "", "", "new nim as black level casual", "games")
	}
	errs := make(chan error, 2*len(reqs)+4)
	done := make(chan int, 4)
	for w := 0; w < 4; w++ {
		go func(w int) {
			n := 0
			for i := range reqs {
				if w == 3 {
					if _, err := h.srv.Tick(context.Background()); err != nil {
						errs <- err
					}
					continue
				}
				mails, err := h.srv.Handle(context.Background(), reqs[(i+w*13)%len(reqs)])
				if err != nil {
					errs <- err
				}
				if mails != nil {
					n++
				}
			}
			done <- n
		}(w)
	}
	handled := 0
	for w := 0; w < 4; w++ {
		handled += <-done
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if handled != len(reqs) {
		t.Fatalf("%d requests handled, want each of %d once", handled, len(reqs))
	}
	if list, _ := h.store.Games(); len(list) != len(reqs) {
		t.Fatalf("%d games, want %d", len(list), len(reqs))
	}
}
