package mailer

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/mailer/mailtest"
)

// TestBoardPicture: a mail's board is drawn 720 pixels wide, the last
// move read in the position before it, the same PNG each time; a board
// that cannot be read is an error, and Compose sends that mail without a
// picture. A mail too long for a picture goes without it; the longest
// with one is under 64 KiB.
func TestBoardPicture(t *testing.T) {
	tests := []struct {
		name  string
		board *games.BoardRef
		fails string // "" if it draws
	}{
		{"start", &games.BoardRef{Variant: "julgonu", Position: "wwww/4/4/bbbb b"}, ""},
		{"a last move", &games.BoardRef{Variant: "julgonu", Position: "wwww/4/4/bbbb b",
			Before: "2bw/2w1/bw1b/w3 b", Move: "d2-c2"}, "the last move does not lead"},
		{"after a move", &games.BoardRef{Variant: "microshogi", Position: "kbgs/p3/3P/4/SGBK w - 2",
			Before: "kbgs/p3/4/3P/SGBK b - 1", Move: "P-1c"}, ""},
		{"an alias", &games.BoardRef{Variant: "micro", Position: "kbgs/p3/4/3P/SGBK b - 1"}, ""},
		{"unknown game", &games.BoardRef{Variant: "chess", Position: "8/8 w"}, "unknown game"},
		{"a broken position", &games.BoardRef{Variant: "gufuu", Position: "nonsense"}, "board"},
		{"an illegal last move", &games.BoardRef{Variant: "julgonu", Position: "wwww/4/4/bbbb b",
			Before: "wwww/4/4/bbbb b", Move: "a1-a3"}, "the last move"},
		{"no board", nil, "no board"},
	}
	t.Run("a long answer", func(t *testing.T) {
		line := "Refused: \"K*3a>N\" is not a legal move in game gx99t: there is no square 3a.\n"
		for _, n := range []int{pictureMaxText, games.DefaultAnswerBytes} {
			m := games.Mail{ID: "1", MessageID: "<g7.k.1@windpost.test>", To: "alice@players.test",
				Text: strings.Repeat(line, n/len(line)), Board: tests[0].board}
			raw := composed(t, m)
			_, _, related := mailtest.Composed(t, raw)
			if n == pictureMaxText && (len(related) != 1 || len(raw) > 64<<10) || n > pictureMaxText && len(related) != 0 {
				t.Errorf("%d octets of text: %d related parts, %d octets in all", len(m.Text), len(related), len(raw))
			}
		}
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := games.Mail{ID: "1", MessageID: "<g7.k.1@windpost.test>", To: "alice@players.test",
				Text: "Here.\n", Board: tt.board}
			img, err := drawBoard(m)
			if tt.fails != "" {
				if err == nil || !strings.Contains(err.Error(), tt.fails) {
					t.Errorf("err = %v, want one saying %q", err, tt.fails)
				}
				raw := composed(t, m)
				if _, _, related := mailtest.Composed(t, raw); len(related) != 0 {
					t.Errorf("Compose sent a board it cannot draw: %d related parts", len(related))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			p, err := png.Decode(bytes.NewReader(img.png))
			if err != nil {
				t.Fatal(err)
			}
			if w := p.Bounds().Dx(); w != pictureWidth || img.pic.Width != pictureShown || img.pic.CID != "board.g7.k.1@windpost.test" {
				t.Errorf("a picture %d px wide shown at %d as %q", w, img.pic.Width, img.pic.CID)
			}
			again, err := drawBoard(m)
			if err != nil || !bytes.Equal(again.png, img.png) {
				t.Errorf("drawn twice, the PNGs differ (%v)", err)
			}
		})
	}
}
