package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
	"github.com/windpost/windpost/variants"
)

// These tests play Gufuu Shogi, the real thing, through the request API.

func gufuuHarness(t *testing.T) (*harness, variants.Kit) {
	t.Helper()
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	kit, ok := h.catalog.Lookup("gufuu")
	if !ok {
		t.Fatal("variants.Default has no gufuu")
	}
	return h, kit
}

// startValue is the table's value of Gufuu's start for Black.
func startValue(t *testing.T, kit variants.Kit) solver.Value {
	t.Helper()
	return must[solver.Value](t)(kit.Analyst.Evaluate(context.Background(), rules.NewGame(kit.Rules)))
}

// TestGufuuBotGameToCheckmate: a naive player (always the first legal
// move) loses to the perfect bot by checkmate. The table gives Black a win
// from the start, so the analysis must mark at least one mistake, the
// first one a win thrown away.
func TestGufuuBotGameToCheckmate(t *testing.T) {
	h, kit := gufuuHarness(t)
	v := startValue(t, kit)
	if v.Kind != solver.Won {
		t.Fatalf("start value %s: this test assumes the table's win for Black", v)
	}
	m := playAgainstBot(t, h, "gufuu", "perfect", 200)
	if got := m.Headers["X-Windpost-Result"]; got != "white wins by checkmate" {
		t.Fatalf("result %q:\n%s", got, m.Text)
	}
	wantText(t, m, "Game over after", "you lose by checkmate.", strings.TrimRight(referee.BoardText(kit.Notation, mustPosition(t, kit, m), m.Board.BottomSide(), "Black is checkmated: White wins."), "\n"))
	a := only(t, h.reply(t, m, "analysis"), alice)
	wantText(t, a, "\n1.", fmt.Sprintf(" %s  ->  ", v), "mistake: a win turned into")
	if strings.Contains(a.Text, "\n0 mistakes.") {
		t.Fatalf("no mistake in a lost game from a won start:\n%s", a.Text)
	}
}

func mustPosition(t *testing.T, kit variants.Kit, m Mail) rules.Position {
	t.Helper()
	return must[rules.Position](t)(kit.Notation.ParsePosition(m.Headers["X-Windpost-Position"]))
}

// TestGufuuPerfectGame: a player who plays the perfect bot's own choice as
// Black mates the perfect bot exactly when the table says: the start's
// "W n" means the mating move is the n-th ply.
func TestGufuuPerfectGame(t *testing.T) {
	h, kit := gufuuHarness(t)
	v := startValue(t, kit)
	m := only(t, h.write(t, alice, "new gufuu as black level perfect"), alice)
	g := rules.NewGame(kit.Rules)
	rng := rand.New(rand.NewPCG(7, 7))
	for m.Headers["X-Windpost-Result"] == "" {
		if g.Ply() > 2*v.Plies {
			t.Fatalf("no result after %d plies", g.Ply())
		}
		// Follow the bot's answer in the replica.
		if kit.Notation.FormatPosition(g.Position()) != m.Headers["X-Windpost-Position"] {
			last := m.Headers["X-Windpost-Last-Move"]
			mv, err := kit.Notation.ParseMove(g.Position(), last)
			if err != nil {
				t.Fatalf("the bot's move %q: %v", last, err)
			}
			if err := g.Play(mv); err != nil {
				t.Fatal(err)
			}
			if got := kit.Notation.FormatPosition(g.Position()); got != m.Headers["X-Windpost-Position"] {
				t.Fatalf("replica at %s, the game at %s", got, m.Headers["X-Windpost-Position"])
			}
		}
		mv, err := kit.Bot.Choose(context.Background(), g.Clone(), solver.Perfect, rng)
		if err != nil {
			t.Fatal(err)
		}
		text := kit.Notation.FormatMove(g.Position(), mv)
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
		m = only(t, h.reply(t, m, fmt.Sprintf("%s #%d", text, g.Ply())), alice)
		if !strings.Contains(m.Text, "Done: you played") {
			t.Fatalf("move %s refused:\n%s", text, m.Text)
		}
	}
	if got := m.Headers["X-Windpost-Result"]; got != "black wins by checkmate" || g.Ply() != v.Plies {
		t.Fatalf("result %q after %d plies; the table says %s", got, g.Ply(), v)
	}
	a := only(t, h.reply(t, m, "analysis"), alice)
	wantText(t, a, "\n0 mistakes.")
}

// gufuuHumanGame starts a Gufuu game between alice (black) and bob, days
// per move 5, and returns the mails that each got last and a replica.
func gufuuHumanGame(t *testing.T, h *harness, kit variants.Kit) (toAlice, toBob Mail, g *rules.Game) {
	t.Helper()
	inv := only(t, h.write(t, alice, "challenge bob@players.test gufuu as black days 5"), bob)
	mails := h.reply(t, inv, "accept")
	return only(t, mails, alice), only(t, mails, bob), rules.NewGame(kit.Rules)
}

// play plays the first legal move of the replica g for the player of
// mail m, and returns the mails.
func playFirst(t *testing.T, h *harness, kit variants.Kit, g *rules.Game, m Mail) []Mail {
	t.Helper()
	text := firstMove(t, kit, g)
	mails := h.reply(t, m, fmt.Sprintf("%s #%d", text, g.Ply()))
	wantText(t, only(t, mails, m.To), "Done: you played "+fmt.Sprintf("%d.%s.", g.Ply(), text))
	return mails
}

func TestGufuuHumanGame(t *testing.T) {
	h, kit := gufuuHarness(t)
	toAlice, toBob, g := gufuuHumanGame(t, h, kit)
	start := kit.Rules.Start()
	wantText(t, toAlice, "Deadline for this move: Thu 26 Nov 2026 12:00 UTC (5 days per move).", strings.TrimRight(kit.Notation.Board(start), "\n"))

	// An illegal move: the notation's reason, the legal moves, the board.
	r := only(t, h.reply(t, toAlice, "K*9z>N"), alice)
	var legal []string
	for _, m := range g.LegalMoves() {
		legal = append(legal, kit.Notation.FormatMove(start, m))
	}
	wantText(t, r, `Refused: "K*9z>N" is not a legal move in game`, "The legal moves (#1) are:\n"+legal[0], legal[len(legal)-1], "Move #1: black (you) to move.")
	// Out of turn.
	wantText(t, only(t, h.reply(t, toBob, legal[0]), bob), "Refused: it is not your turn")
	// The right token from the wrong address, and a wrong token.
	wantText(t, only(t, h.replyFrom(t, toAlice, bob, legal[0]), bob), "Refused: the reply key in this mail does not belong to bob@players.test")
	wantText(t, only(t, h.send(t, h.request(alice, toAlice.Headers["X-Windpost-Game"], strings.Repeat("a", 16), legal[0])), alice), "Refused: the reply key")

	// Two moves; then a stale #1 is refused.
	mails := playFirst(t, h, kit, g, toAlice)
	toBob = only(t, mails, bob)
	wantText(t, toBob, "alice@players.test played 1."+legal[0]+". It is your move.", "Move #2: white (you) to move.")
	if toBob.Headers["X-Windpost-Last-Move"] != legal[0] || toBob.Headers["X-Windpost-To-Move"] != "white" ||
		toBob.Headers["X-Windpost-Position"] != kit.Notation.FormatPosition(g.Position()) || toBob.Headers["X-Windpost-Variant"] != "gufuu" {
		t.Fatalf("headers %v", toBob.Headers)
	}
	mails = playFirst(t, h, kit, g, toBob)
	toAlice = only(t, mails, alice)
	wantText(t, only(t, h.reply(t, toAlice, legal[0]+" #1"), alice), "Refused: your move is numbered #1, but move 1 was already played (1."+legal[0]+"); the next move is #3.")

	// Close and reopen the store mid-game; the game goes on.
	h.reopen(t)
	mails = playFirst(t, h, kit, g, toAlice)
	toBob = only(t, mails, bob)

	// Alice asks to take back her move; bob agrees.
	mails = h.reply(t, toAlice, "undo")
	wantText(t, only(t, mails, bob), "asks to take back their last move, 3.")
	mails = h.reply(t, only(t, mails, bob), "undo")
	toAlice = only(t, mails, alice)
	wantText(t, toAlice, "agreed: 3.", "It is your move (#3).")
	g.Undo()
	if toAlice.Headers["X-Windpost-Position"] != kit.Notation.FormatPosition(g.Position()) {
		t.Fatalf("after undo: %v", toAlice.Headers)
	}

	// Alice offers a draw and moves; bob gets a reminder a day before his
	// deadline, lets it pass, and the offer counts as accepted.
	wantText(t, only(t, h.reply(t, toAlice, "draw"), bob), "alice@players.test offers a draw")
	playFirst(t, h, kit, g, toAlice)
	h.clock.Advance(4*24*time.Hour + time.Hour)
	mails, err := h.srv.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rem := only(t, mails, bob)
	if rem.Kind != Reminder {
		t.Fatalf("reminder kind %s", rem.Kind)
	}
	wantText(t, rem, "A reminder: it is your move", strings.TrimRight(kit.Notation.BoardFrom(g.Position(), rules.White), "\n")) // bob plays White
	h.clock.Advance(24 * time.Hour)
	mails, err = h.srv.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := only(t, mails, alice).Headers["X-Windpost-Result"]; got != "draw by agreed draw" {
		t.Fatalf("result at the deadline with a draw offer: %q", got)
	}
}

// TestGufuuForfeitAndResign: a player who lets the deadline pass loses on
// time; in other games a draw is agreed and a player resigns.
func TestGufuuForfeitAndResign(t *testing.T) {
	h, kit := gufuuHarness(t)
	toAlice, _, g := gufuuHumanGame(t, h, kit)
	mails := playFirst(t, h, kit, g, toAlice)
	toBob := only(t, mails, bob)
	h.clock.Advance(5*24*time.Hour + time.Second)
	mails, err := h.srv.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, bob), "you lose on time.")
	wantText(t, only(t, mails, alice), "you win on time.", "Game over after 1 move: you win on time.")
	wantText(t, only(t, h.reply(t, toBob, "board"), bob), "Game over after 1 move: you lose on time.")

	// A draw offered and accepted.
	toAlice, toBob, g = gufuuHumanGame(t, h, kit)
	mails = playFirst(t, h, kit, g, toAlice)
	toAlice = only(t, mails, alice)
	mails = h.reply(t, toAlice, "draw")
	mails = h.reply(t, only(t, mails, bob), "draw")
	wantText(t, only(t, mails, bob), "Done: you accepted the draw. Game over: draw by agreement.")
	if r := only(t, mails, alice).Headers["X-Windpost-Result"]; r != "draw by agreed draw" {
		t.Fatalf("result %q", r)
	}

	toAlice, _, _ = gufuuHumanGame(t, h, kit)
	mails = h.reply(t, toAlice, "resign")
	wantText(t, only(t, mails, alice), "Done: you resigned game", "you lose by resignation")
	wantText(t, only(t, mails, bob), "alice@players.test resigned: you win game")
}

// TestGufuuSameRequestTwice: a move mail handled twice is applied once.
func TestGufuuSameRequestTwice(t *testing.T) {
	h, kit := gufuuHarness(t)
	m := only(t, h.write(t, alice, "new gufuu as black level casual"), alice)
	game := m.Headers["X-Windpost-Game"]
	g := rules.NewGame(kit.Rules)
	text := kit.Notation.FormatMove(g.Position(), g.LegalMoves()[0])
	req := h.request(alice, game, keys.Token(testSecret, game, alice), text)
	first := h.send(t, req)
	before := dump(t, h.store)
	if again := h.send(t, req); again != nil {
		t.Fatalf("second handling answered: %s", describe(again))
	}
	if dump(t, h.store) != before {
		t.Fatal("the second handling changed the store")
	}
	wantText(t, only(t, first, alice), "Done: you played 1."+text+".", "The bot answered 2.")
}

// TestGoldenGufuu pins the texts of a Gufuu game against the bot: the
// first mail, a refused move, a move and the bot's answer, the history.
func TestGoldenGufuu(t *testing.T) {
	h, _ := gufuuHarness(t)
	var tr transcript
	mails := tr.add(alice, []string{"new gufuu as black level casual"}, h.write(t, alice, "new gufuu as black level casual"))
	m := only(t, mails, alice)
	for _, lines := range [][]string{{"K*3a>N"}, {"K*1a>S #2"}, {"K*1b>N #1"}, {"history", "moves"}} {
		mails = tr.add(alice, lines, h.reply(t, m, lines...))
		m = only(t, mails, alice)
	}
	golden(t, "gufuu-bot-game.golden", tr.b.String())
}

// TestBotDrawOffers: the bot takes a draw only where the table does not
// give it a win.
func TestBotDrawOffers(t *testing.T) {
	h, kit := gufuuHarness(t)
	if v := startValue(t, kit); v.Kind != solver.Won {
		t.Fatalf("start value %s: this test assumes Black wins Gufuu", v)
	}
	// The bot plays White, lost from the start: it accepts.
	m := only(t, h.write(t, alice, "new gufuu as black level perfect", "draw"), alice)
	wantText(t, m, "Done: the bot accepts the draw. Game over: draw by agreement.")
	// The bot plays Black, won: it declines, without telling how it sees
	// the game (the table's verdict is for "analysis" after the end).
	m = only(t, h.write(t, alice, "new gufuu as white level perfect", "draw"), alice)
	wantText(t, m, "The bot declines your offer of a draw and plays on.")
	if strings.Contains(m.Text, "(L ") || strings.Contains(m.Text, "W ") && strings.Contains(m.Text, "for you") {
		t.Errorf("the refusal tells the table's verdict:\n%s", m.Text)
	}
}

func TestMiscCommands(t *testing.T) {
	h, kit := gufuuHarness(t)
	for _, tc := range []struct {
		lines []string
		want  []string
	}{
		{[]string{"rules gufuu"}, []string{strings.TrimRight(kit.Notation.Rules(), "\n")}},
		{[]string{"rules chess"}, []string{`Refused: unknown game "chess": windpost plays gufuu`}},
		{[]string{"rules"}, []string{`Write "rules" and a game's name for its rules: gufuu`}},
		{[]string{"help clocks"}, []string{"at the deadline the player to move loses on\ntime"}},
		{[]string{"help draw"}, []string{"The bot accepts only when it sees the game as drawn or\nas lost for itself"}},
		{[]string{"help"}, []string{"Commands (one per line", "Games: gufuu, microshogi (micro), julgonu (gonu)."}},
		{[]string{"help micro"}, []string{"Micro-shogi\n\n"}},
		{[]string{"help chess"}, []string{"I have no help on \"chess\"; here is the overview.\n\nCommands (one per line"}},
		{[]string{"new micro level perfect"}, []string{"Refused: the bot does not play at level perfect in this game; it plays strong, club, casual."}},
		{[]string{"challenge alice@players.test gufuu"}, []string{"Refused: you cannot challenge yourself"}},
		{[]string{"challenge BOT+x@windpost.test gufuu"}, []string{"Refused: that is my own address"}},
		{[]string{"board"}, []string{"Refused: you have no game in progress."}},
		{[]string{"analysis"}, []string{"Refused: you have no finished game."}},
		{[]string{"vacation off"}, []string{"Refused: you are not on vacation, so your clocks are running."}},
		{[]string{"games"}, []string{"You have no games yet. Write \"new gufuu\" to play the bot"}},
	} {
		m := only(t, h.write(t, alice, tc.lines...), alice)
		wantText(t, m, tc.want...)
	}
	// Five open challenges at most.
	for i := 0; i < referee.MaxOpenInvitations; i++ {
		wantText(t, only(t, h.write(t, alice, fmt.Sprintf("challenge p%d@players.test gufuu", i)), alice), "Done: I invited")
	}
	wantText(t, only(t, h.write(t, alice, "challenge p9@players.test gufuu"), alice), "Refused: you already have 5 challenges waiting", " decline\", before you send another.")
	// Twenty games against the bot at most (eve has played before: a
	// stranger gets at most ErrorAnswersPerHour answers an hour).
	h.prove(t, eve)
	for i := 0; i < referee.MaxBotGames; i++ {
		wantText(t, only(t, h.write(t, eve, "new gufuu"), eve), "Done: new game")
	}
	wantText(t, only(t, h.write(t, eve, "new gufuu"), eve), "Refused: you have 20 games against the bot in progress (g", " resign\".")
	// The challenger cannot accept her own challenge; an undo with no own
	// move; analysis during the game.
	a := only(t, h.write(t, alice, "new gufuu as white level casual"), alice)
	wantText(t, only(t, h.reply(t, a, "undo"), alice), "Refused: you have made no move to take back")
	wantText(t, only(t, h.reply(t, a, "analysis"), alice), "is not over; the analysis comes after the end")
	list := only(t, h.write(t, alice, "games"), alice)
	wantText(t, list, "waiting for them to accept", "you (white) vs. the bot (casual)", "players: you (white) vs. the bot (casual)\n  state: your move (#2)")
	inv := only(t, h.write(t, bob, "challenge alice@players.test gufuu"), bob)
	wantText(t, only(t, h.reply(t, inv, "accept"), bob), "Refused: you made this challenge; alice@players.test has to accept it.")
}

// TestGufuuRotationWithoutNumber: a rotation in place ("K:>E") names no
// square, so it has no digit; alone on a line, without "#n", it is a move.
func TestGufuuRotationWithoutNumber(t *testing.T) {
	h, kit := gufuuHarness(t)
	m := only(t, h.write(t, alice, "new gufuu as black level casual"), alice)
	rotations := 0
	for n := 0; m.Headers["X-Windpost-Result"] == "" && n < 60 && rotations < 3; n++ {
		pos := mustPosition(t, kit, m)
		var texts []string
		for _, mv := range pos.Moves() {
			texts = append(texts, kit.Notation.FormatMove(pos, mv))
		}
		// Prefer a rotation; "+" and "X" marks are optional on input.
		pick := texts[0]
		for _, s := range texts {
			if strings.Contains(s, ":") {
				pick = strings.TrimRight(s, "+X")
				rotations++
				break
			}
		}
		r := only(t, h.reply(t, m, pick), alice)
		if strings.Contains(r.Text, "Refused:") {
			t.Fatalf("%q (legal here) was refused:\n%s", pick, r.Text)
		}
		m = r
	}
	if rotations == 0 {
		t.Fatal("no rotation was ever legal: the test played nothing it meant to")
	}
	// Prose is still not taken for a move.
	for _, line := range []string{"Thanks a lot", "Re: my move", "ok"} {
		if referee.LooksLikeMove(line) {
			t.Errorf("looksLikeMove(%q) = true", line)
		}
	}
	for _, line := range []string{"K:>W", "s : > e", "W:>S+", "P-1c", "a1a2"} {
		if !referee.LooksLikeMove(line) {
			t.Errorf("looksLikeMove(%q) = false", line)
		}
	}
}
