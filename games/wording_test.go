package games

import (
	"strings"
	"unicode/utf8"

	"testing"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
)

func TestResultFor(t *testing.T) {
	rec := &record.Game{State: record.Over}
	rec.Players[rules.Black].Address = alice
	rec.Players[rules.White].Address = bob
	for _, tc := range []struct {
		outcome         rules.Outcome
		alice, bob, eve string
	}{
		{rules.WinFor(rules.Black, rules.Checkmate), "you win by checkmate", "you lose by checkmate", "black wins by checkmate"},
		{rules.WinFor(rules.White, rules.Timeout), "you lose on time", "you win on time", "white wins on time"},
		{rules.WinFor(rules.White, rules.Resignation), "you lose by resignation", "you win by resignation", "white wins by resignation"},
		{rules.DrawBy(rules.AgreedDraw), "draw by agreement", "draw by agreement", "draw by agreement"},
		{rules.DrawBy(rules.Repetition), "draw by repetition", "draw by repetition", "draw by repetition"},
	} {
		lg := &referee.LiveGame{Rec: rec, Outcome: tc.outcome}
		for reader, want := range map[string]string{alice: tc.alice, bob: tc.bob, eve: tc.eve} {
			if got := lg.ResultFor(reader); got != want {
				t.Errorf("%v for %s: %q, want %q", tc.outcome, reader, got, want)
			}
		}
	}
	never := &referee.LiveGame{Rec: &record.Game{State: record.Declined, Result: "the challenge expired"}}
	if got := never.ResultFor(alice); got != "the challenge expired" {
		t.Errorf("a game that never began: %q", got)
	}
}

func TestCleanName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Alice", "Alice"},
		{"  Alice \t Liddell ", "Alice Liddell"},
		{`"Alice" <evil>`, "Alice evil"},
		{"Alice\u202eecilA", "AliceecilA"},
		{"Al\x07ice\r\nBcc: x", "Alice Bcc: x"},
		{"bob@players.test", ""},
		{"   ", ""},
		{"12345", ""},
		{"José Ñúñez", "José Ñúñez"},
		{strings.Repeat("Ab", 40), strings.Repeat("Ab", 20)},
	} {
		got := referee.CleanName(tc.in)
		if got != tc.want {
			t.Errorf("cleanName(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if utf8.RuneCountInString(got) > referee.MaxNameRunes || strings.ContainsAny(got, "\"<>\u202e\r\n") {
			t.Errorf("cleanName(%q) = %q: not clean", tc.in, got)
		}
	}
}

// TestDisplayNames: a name in a proven sender's From is kept and shown to
// the opponent; a mail without one keeps it; a stranger's does not rename.
func TestDisplayNames(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	r := h.replyRequest(t, toAlice, alice, "t1")
	r.FromName = "Alice \u202eLiddell\x07 <x>"
	mails := h.send(t, r)
	toBob := only(t, mails, bob)
	wantText(t, toBob, "Alice Liddell x (alice@players.test) played 1.t1.", "Move #2: white (you) to move.")
	if want := "vs. Alice Liddell x (alice@players.test)"; !strings.Contains(toBob.Subject, want) {
		t.Errorf("bob's subject %q lacks %q", toBob.Subject, want)
	}
	rec := &record.Game{}
	rec.Players[rules.Black] = record.Slot{Address: alice, Name: "Alice"}
	rec.Players[rules.White] = record.Slot{Address: bob}
	for _, tc := range []struct{ got, want string }{
		{referee.SideThenPlayer(rec, rules.Black, bob), "black (Alice, alice@players.test)"},
		{referee.SideThenPlayer(rec, rules.White, alice), "white (bob@players.test)"},
		{referee.PlayerThenSide(rec, rules.Black, bob), "Alice (alice@players.test, black)"},
		{referee.PlayerThenSide(rec, rules.White, alice), "bob@players.test (white)"},
		{referee.SideThenPlayer(rec, rules.Black, alice), "black (you)"},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
	if got := h.playerOf(t, alice).Name; got != "Alice Liddell x" {
		t.Errorf("alice's record keeps the name %q", got)
	}
	wantText(t, only(t, h.write(t, bob, "games"), bob), "vs. Alice Liddell x (alice@players.test)")
	// Her own mail names her "you", never by her name.
	if strings.Contains(only(t, mails, alice).Text, "Liddell") {
		t.Errorf("alice's own answer shows her name:\n%s", only(t, mails, alice).Text)
	}
	// A stranger writing as bob, without his key, renames nobody.
	r = h.request(eve, "", "", "help")
	r.FromName = "Evil"
	h.send(t, r)
	if got := h.playerOf(t, eve).Name; got != "" {
		t.Errorf("an unproven sender's name was kept: %q", got)
	}
}

// TestRefusalsSayWhatToWrite: refusals that once only said what was
// wrong now say what to write next.
func TestRefusalsSayWhatToWrite(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol)
	toAlice, _ := startHumanGame(t, h)
	wantText(t, only(t, h.reply(t, toAlice, "undo"), alice), "Refused: there is no move to take back in game", `Write "board g`, `" to see whose move it is.`)
	wantText(t, only(t, h.write(t, alice, "vacation off"), alice), `Refused: you are not on vacation, so your clocks are running. To begin one, write "vacation" and the days, e.g. "vacation 7".`)
	bot := only(t, h.write(t, alice, "new nim level perfect"), alice)
	wantText(t, only(t, h.reply(t, bot, "mute"), alice), "Refused: the bot sends no messages in game", `Reply with your move, or "help" for the commands.`)
	h.write(t, carol, "stop")
	wantText(t, only(t, h.write(t, alice, "challenge carol@players.test nim"), alice),
		"Refused: carol@players.test asked windpost never to write to them, so I cannot invite them. Challenge someone else, or play the bot: write \"new\" and a game's name.")
}

// TestSlips pins the optimal string alignment distance: changes, letters
// added or left out, neighbours swapped (once each: "ca" to "abc" is 3,
// not the 2 of a full Damerau distance), in letters, not bytes.
func TestSlips(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"help", "help", 0},
		{"hlep", "help", 1},
		{"histroy", "history", 1},
		{"resgin", "resign", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3},
		{"", "abc", 3},
		{"abc", "", 3},
		{"gufü", "gufuu", 2},
		{"tournamnet", "tournament", 1},
		{strings.Repeat("a", 30), strings.Repeat("a", 29) + "b", 1}, // longer than the stack's rows
	} {
		if got := referee.Slips(tc.a, tc.b); got != tc.want {
			t.Errorf("slips(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := referee.Slips(tc.b, tc.a); got != tc.want {
			t.Errorf("slips(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}
