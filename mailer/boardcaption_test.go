package mailer

import (
	"bytes"
	"testing"

	"github.com/windpost/windpost/games"
)

// TestBoardStatus: the board of a game that has ended carries its status
// (games.BoardRef.Status): the picture is drawn with it as its caption.
// (The alt text is the document's board block's: TestStatusAtEveryEnd in
// games checks that it says the end.)
func TestBoardStatus(t *testing.T) {
	const status = "Black has one piece left: White wins."
	draw := func(s string) *boardImage {
		m := games.Mail{ID: "1", MessageID: "<g7.k.1@windpost.test>", To: "alice@players.test", Text: "Here.\n",
			Board: &games.BoardRef{Variant: "julgonu", Position: "w1w1/4/4/2b1 w", Status: s}}
		img, err := drawBoard(m)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	own, ended := draw(""), draw(status)
	if bytes.Equal(own.png, ended.png) {
		t.Errorf("the picture of an ended game is drawn as the position's own")
	}
}
