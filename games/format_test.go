package games

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/variants"
)

// TestFormatAccessible: "format accessible" shows the sender's games in
// words: the last move in a sentence, whose move it is and the pieces by
// square, with no board in the text and no picture; the opponent keeps
// the board; "format standard" brings it back; a wrong word gets the
// right forms; and it acts in the sender's name (held without their key).
func TestFormatAccessible(t *testing.T) {
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	h.prove(t, alice)
	h.prove(t, bob)

	wantText(t, only(t, h.write(t, alice, "format"), alice), "Now your mails show each game as a board")
	wantText(t, only(t, h.write(t, alice, "format purple"), alice), `write "format accessible"`)
	wantText(t, only(t, h.write(t, alice, "format accessible"), alice), "Done: your mails show each game in words")
	held := only(t, h.fresh(t, alice, "format standard"), alice)
	wantText(t, held, "Waiting for your confirmation")

	_, toAlice, toBob := startGame(t, h, "micro")
	words := func(t *testing.T, m Mail) {
		t.Helper()
		if m.Board != nil || strings.Contains(m.Text, "+---") || strings.Contains(m.Text, "in hand:") {
			t.Errorf("a mail in words has a board (picture %v):\n%s", m.Board != nil, m.Text)
		}
	}
	board := func(t *testing.T, m Mail) {
		t.Helper()
		if m.Board == nil || !strings.Contains(m.Text, "+---") {
			t.Errorf("a mail of format standard has no board:\n%s", m.Text)
		}
	}
	words(t, toAlice)
	wantText(t, toAlice, "The pieces: Black: king on 1e, bishop on 2e, gold on 3e, silver on 4e, pawn on 1d. In hand: nothing.")
	board(t, toBob)

	mails := h.reply(t, toAlice, "P-1c #1")
	words(t, only(t, mails, alice))
	wantText(t, only(t, mails, alice), "Last move, 1: Black (you) moved the pawn from 1d to 1c.")
	toBob = only(t, mails, bob)
	board(t, toBob)
	mails = h.reply(t, toBob, "P-4c #2")
	toAlice = only(t, mails, alice)
	words(t, toAlice)
	wantText(t, toAlice, "Last move, 2: White (bob@players.test) moved the pawn from 4b to 4c.", "Move #3: black (you) to move.",
		"White: king on 4a, bishop on 3a, gold on 2a, silver on 1a, pawn on 4c.")

	wantText(t, only(t, h.reply(t, held, "confirm"), alice), "Done: your mails show each game as a board")
	board(t, only(t, h.write(t, alice, "board"), alice))
}
