package games

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// TestMailBoard: a mail about a game carries the board its text shows
// (the position, and the move that led to it with the position before,
// for the picture); a mail about no game carries none.
func TestMailBoard(t *testing.T) {
	h := newHarness(t, defaultCatalog(t.TempDir()))
	kit, _ := h.catalog.Lookup("julgonu")
	started := only(t, h.write(t, alice, "new julgonu as black level casual"), alice)
	tests := []struct {
		name  string
		mail  Mail
		moves int // moves played before the board; -1: no board
	}{
		{"a new game", started, 0},
		{"after a move and the bot's answer", only(t, h.reply(t, started, "a1-a2"), alice), 2},
		{"help", only(t, h.write(t, alice, "help"), alice), -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.mail.Board
			if tt.moves < 0 {
				if b != nil {
					t.Errorf("a mail about no game has a board: %+v", b)
				}
				return
			}
			rec := must[GameRecord](t)(h.store.GameRecord(tt.mail.Headers["X-Windpost-Game"]))
			if b == nil || b.Variant != "julgonu" || len(rec.Moves) < tt.moves {
				t.Fatalf("Board = %+v of a game of %d moves, want julgonu's after %d", b, len(rec.Moves), tt.moves)
			}
			pos := must[string](t)(boardAfter(kit.Notation, rec.Start, rec.Moves[:tt.moves]))
			if b.Position != pos {
				t.Errorf("Position %q, want %q", b.Position, pos)
			}
			if tt.moves == 0 {
				if b.Before != "" || b.Move != "" {
					t.Errorf("a last move %q from %q before any move", b.Move, b.Before)
				}
				return
			}
			before := must[string](t)(boardAfter(kit.Notation, rec.Start, rec.Moves[:tt.moves-1]))
			if b.Before != before || b.Move != rec.Moves[tt.moves-1] {
				t.Errorf("last move %q from %q, want %q from %q", b.Move, b.Before, rec.Moves[tt.moves-1], before)
			}
		})
	}
}

// boardAfter is the position string after moves from start.
func boardAfter(n notation.Notation, start string, moves []string) (string, error) {
	p, err := n.ParsePosition(start)
	if err != nil {
		return "", err
	}
	for _, text := range moves {
		m, err := n.ParseMove(p, text)
		if err != nil {
			return "", err
		}
		if p, err = p.Play(m); err != nil {
			return "", err
		}
	}
	return n.FormatPosition(p), nil
}

// boardSideCase is a mail and the side its board must be drawn from.
type boardSideCase struct {
	name   string
	mail   Mail
	bottom rules.Side
}

// checkBoardSide fails t unless the mail's text board and its picture's
// BoardRef are drawn with bottom's side at the bottom, and the text board
// from the other side is not in the mail.
func checkBoardSide(t *testing.T, kit variants.Kit, p rules.Position, tc boardSideCase) {
	t.Helper()
	want := strings.TrimRight(kit.Notation.BoardFrom(p, tc.bottom), "\n")
	other := strings.TrimRight(kit.Notation.BoardFrom(p, tc.bottom.Opponent()), "\n")
	if !strings.Contains(tc.mail.Text, want) || strings.Contains(tc.mail.Text, other) {
		t.Errorf("%s: the mail's board is not drawn from %s's side:\n%s", tc.name, tc.bottom, tc.mail.Text)
	}
	if b := tc.mail.Board; b != nil && b.BottomSide() != tc.bottom {
		t.Errorf("%s: the picture's bottom is %q, want %s's side", tc.name, b.Bottom, tc.bottom)
	}
}

// TestBoardFromReadersSide: in each game, each player's mails show their
// own side at the bottom, in the text board and in the picture's
// BoardRef; a stranger's "board" shows Black's, as shogi diagrams are
// printed; "board black", "board white" and "board mine" choose for one
// answer and leave the next mail as it was.
func TestBoardFromReadersSide(t *testing.T) {
	for _, variant := range []string{"gufuu", "microshogi", "julgonu"} {
		t.Run(variant, func(t *testing.T) {
			h := newHarness(t, defaultCatalog(t.TempDir()))
			kit, _ := h.catalog.Lookup(variant)
			id, toAlice, toBob := startGame(t, h, variant)
			p := mustPosition(t, kit, toAlice)
			checkBoardSide(t, kit, p, boardSideCase{"bob's start, playing White", toBob, rules.White})
			checkBoardSide(t, kit, p, boardSideCase{"alice's start, playing Black", toAlice, rules.Black})
			move := kit.Notation.FormatMove(p, p.Moves()[0])
			mails := h.reply(t, toAlice, move)
			afterA, toBob2 := only(t, mails, alice), only(t, mails, bob)
			p = mustPosition(t, kit, toBob2)
			for _, tc := range []boardSideCase{
				{"alice's answer, playing Black", afterA, rules.Black},
				{"bob's notice of alice's move", toBob2, rules.White},
				{"bob's board", only(t, h.reply(t, toBob2, "board"), bob), rules.White},
				{"bob's board black", only(t, h.reply(t, toBob2, "board black"), bob), rules.Black},
				{"bob's board mine", only(t, h.reply(t, toBob2, "board mine"), bob), rules.White},
				{"bob's board after board black", only(t, h.reply(t, toBob2, "board"), bob), rules.White},
				{"alice's board white", only(t, h.reply(t, afterA, "board white"), alice), rules.White},
				{"a stranger's board", only(t, h.fresh(t, carol, "board "+id), carol), rules.Black},
				{"a stranger's board mine", only(t, h.fresh(t, carol, "board mine "+id), carol), rules.Black},
				{"a stranger's board white", only(t, h.fresh(t, carol, "board white "+id), carol), rules.White},
			} {
				checkBoardSide(t, kit, p, tc)
			}
			if m := only(t, h.fresh(t, carol, "board "+id), carol); m.Board != nil {
				t.Errorf("a stranger's answer carries a picture drawn for a player: %+v", m.Board)
			}
		})
	}
}

// TestBoardAlways: "board always black" is bob's lasting choice: his next
// notices show Black's side, in every game, until "board always mine";
// a mail that does not prove him only asks him to confirm it, and the
// choice needs no game.
func TestBoardAlways(t *testing.T) {
	h := newHarness(t, defaultCatalog(t.TempDir()))
	kit, _ := h.catalog.Lookup("microshogi")
	_, toAlice, toBob := startGame(t, h, "microshogi")

	held := only(t, h.fresh(t, bob, "board always black"), bob)
	if got := h.playerOf(t, bob).Board; got != "" {
		t.Fatalf("a mail that proves nothing set bob's board to %q:\n%s", got, held.Text)
	}

	answer := only(t, h.reply(t, toBob, "board always black"), bob)
	wantText(t, answer, "Done: the boards in your mails are drawn from Black's side from now on", "Here is game")
	if got := h.playerOf(t, bob).Board; got != "black" {
		t.Fatalf("bob's board after board always black: %q", got)
	}
	p := mustPosition(t, kit, toAlice)
	mails := h.reply(t, toAlice, kit.Notation.FormatMove(p, p.Moves()[0]))
	toBob = only(t, mails, bob)
	p = mustPosition(t, kit, toBob)
	checkBoardSide(t, kit, p, boardSideCase{"bob's notice after board always black", toBob, rules.Black})
	checkBoardSide(t, kit, p, boardSideCase{"bob's board white, for once", only(t, h.reply(t, toBob, "board white"), bob), rules.White})
	checkBoardSide(t, kit, p, boardSideCase{"alice's notice, her own side", only(t, mails, alice), rules.Black})

	answer = only(t, h.reply(t, toBob, "board always mine"), bob)
	wantText(t, answer, "Done: the boards in your mails are drawn from your own side again")
	checkBoardSide(t, kit, p, boardSideCase{"bob's answer after board always mine", answer, rules.White})
	if got := h.playerOf(t, bob).Board; got != "" {
		t.Fatalf("bob's board after board always mine: %q", got)
	}

	// Without a game: the choice is kept and said alone.
	h.prove(t, carol)
	m := only(t, h.write(t, carol, "board always white"), carol)
	wantText(t, m, "Done: the boards in your mails are drawn from White's side")
	if strings.Contains(m.Text, "Refused") || h.playerOf(t, carol).Board != "white" {
		t.Errorf("carol's board always white without a game:\n%s", m.Text)
	}
}

// TestDigestBoardFromReadersSide: a digest shows each game where it is
// the reader's move from the reader's side, as the game's own mails do.
func TestDigestBoardFromReadersSide(t *testing.T) {
	h := newHarness(t, defaultCatalog(t.TempDir()))
	kit, _ := h.catalog.Lookup("julgonu")
	_, toAlice, toBob := startGame(t, h, "julgonu")
	wantText(t, only(t, h.reply(t, toBob, "notify digest 07:00"), bob), "Done:")
	p := mustPosition(t, kit, toAlice)
	answer := only(t, h.reply(t, toAlice, kit.Notation.FormatMove(p, p.Moves()[0])), alice)
	p = mustPosition(t, kit, answer)
	h.clock.t = time.Date(2026, 11, 22, 7, 0, 0, 0, time.UTC)
	digest := only(t, must[[]Mail](t)(h.srv.Tick(t.Context())), bob)
	wantText(t, digest, "It is your move")
	checkBoardSide(t, kit, p, boardSideCase{"bob's digest, playing White", digest, rules.White})
}
