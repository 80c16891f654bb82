package games

import (
	"strings"
	"testing"
)

// finishedNimGame is a rated nim game of 3 days per move that alice (black)
// resigned; it returns the last mails to alice and bob about it.
func finishedNimGame(t *testing.T, h *harness, challenge string) (toAlice, toBob Mail) {
	t.Helper()
	inv := only(t, h.write(t, alice, challenge), bob)
	mails := h.reply(t, inv, "accept")
	mails = h.reply(t, only(t, mails, alice), "resign")
	return only(t, mails, alice), only(t, mails, bob)
}

// TestRematch: a rematch between people is a challenge with the colours
// swapped and the same terms, accepted like any; a rematch asked by both
// begins the game with the second, and makes one game only.
func TestRematch(t *testing.T) {
	for _, tc := range []struct {
		name      string
		challenge string
		answer    string // bob's answer to alice's rematch invitation
		begun     string // in bob's answer
		news      string // in alice's notice
	}{
		{"accepted", "challenge bob@players.test nim as black days 3", "accept",
			"has begun. You play black, and you have the first move. The game is rated",
			"bob@players.test accepted your challenge: game"},
		{"asked by both", "challenge bob@players.test nim as black days 3", "rematch",
			"has begun. You play black, and you have the first move. The game is rated",
			"bob@players.test asked for a rematch too: game"},
		{"unrated, asked by both", "challenge bob@players.test nim as black days 2 unrated", "rematch",
			"has begun. You play black, and you have the first move. The game is unrated.",
			"bob@players.test asked for a rematch too: game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toAlice, toBob := finishedNimGame(t, h, tc.challenge)
			old := toAlice.Headers["X-Windpost-Game"]
			mails := h.reply(t, toAlice, "rematch")
			if len(mails) != 2 {
				t.Fatalf("a rematch sent %d mails: %s", len(mails), describe(mails))
			}
			wantText(t, only(t, mails, alice), "A rematch of game "+old+", with the colours swapped. Done: I invited bob@players.test to game", "You play white.")
			inv := only(t, mails, bob)
			wantText(t, inv, "alice@players.test challenges you to a game of Nim", "You would play black",
				"A rematch of game "+old+", with the colours swapped:\n\nalice@players.test challenges you")
			newGame := inv.Headers["X-Windpost-Game"]
			days := "3 days for each move"
			if strings.Contains(tc.challenge, "days 2") {
				days = "2 days for each move"
			}
			wantText(t, inv, days)
			// Bob answers in the old game's thread, as someone who also
			// wants a rematch would, or in the invitation's.
			answerTo := inv
			if tc.answer == "rematch" {
				answerTo = toBob
			}
			mails = h.reply(t, answerTo, tc.answer)
			wantText(t, only(t, mails, bob), "Done: game "+newGame+" "+tc.begun)
			wantText(t, only(t, mails, alice), tc.news, "You play white, and your opponent has the first move.")
			if got := len(h.playerOf(t, bob).Games); got != 2 {
				t.Errorf("bob has %d games, want 2 (the old one and the rematch)", got)
			}
		})
	}
}

// TestRematchAgainstTheBot: the new game begins at once, colours swapped,
// the same level, rated if the old one was.
func TestRematchAgainstTheBot(t *testing.T) {
	for _, tc := range []struct {
		name, new string
		gufuu     bool
		want      []string
	}{
		{"unrated", "new nim as white level casual", false,
			[]string{"Done: new game", "You play black against the bot (level casual)"}},
		{"rated", "new gufuu as black level casual rated", true,
			[]string{"Done: new game", "You play white against the bot (level casual)", "The game is rated: the bot counts as a fixed rating of 1000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			if tc.gufuu {
				h, _ = gufuuHarness(t)
			}
			g := only(t, h.write(t, alice, tc.new), alice)
			over := only(t, h.reply(t, g, "resign"), alice)
			m := only(t, h.reply(t, over, "rematch"), alice)
			wantText(t, m, tc.want...)
			if m.Headers["X-Windpost-Game"] == g.Headers["X-Windpost-Game"] {
				t.Errorf("the rematch's mail is about the old game")
			}
		})
	}
}

// TestRematchRefusals: no rematch of a game still going or never begun,
// nor without the player's key (it waits for a confirm), nor with an opponent who left.
func TestRematchRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		send func(h *harness) []Mail
		want string
	}{
		{"game going", func(h *harness) []Mail {
			toAlice, _ := startNimGame(t, h)
			return h.reply(t, toAlice, "rematch")
		}, "is still going: a rematch comes after its end. Play it out, or end it with \"draw\" or \"resign\"; then write \"rematch\"."},
		{"challenge waiting", func(h *harness) []Mail {
			inv := only(t, h.write(t, alice, "challenge bob@players.test nim"), bob)
			return h.reply(t, inv, "rematch")
		}, "has not begun: you have not accepted the challenge yet."},
		{"no key", func(h *harness) []Mail {
			toAlice, _ := finishedNimGame(t, h, "challenge bob@players.test nim")
			return h.fresh(t, alice, "rematch "+toAlice.Headers["X-Windpost-Game"])
		}, "Waiting for your confirmation: this line acts in your name"},
		{"a stranger's", func(h *harness) []Mail {
			toAlice, _ := finishedNimGame(t, h, "challenge bob@players.test nim")
			return h.replyFrom(t, toAlice, carol, "rematch")
		}, "Waiting for your confirmation: this line acts in your name"},
		{"opponent left", func(h *harness) []Mail {
			toAlice, toBob := finishedNimGame(t, h, "challenge bob@players.test nim")
			h.reply(t, toBob, "forget me")
			return h.reply(t, toAlice, "rematch")
		}, `Refused: your opponent in game g`},
		{"opponent blocked", func(h *harness) []Mail {
			toAlice, _ := finishedNimGame(t, h, "challenge bob@players.test nim")
			h.write(t, bob, "block alice@players.test")
			return h.reply(t, toAlice, "rematch")
		}, "Refused: bob@players.test does not take challenges from you."},
		{"twice", func(h *harness) []Mail {
			toAlice, _ := finishedNimGame(t, h, "challenge bob@players.test nim")
			h.reply(t, toAlice, "rematch")
			return h.reply(t, toAlice, "rematch")
		}, "Refused: your challenge to bob@players.test (game g"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			mails := tc.send(h)
			m := mails[0]
			wantText(t, m, tc.want)
			if len(mails) != 1 {
				t.Errorf("a refused rematch sent mail: %s", describe(mails))
			}
		})
	}
}
