package games

import "github.com/windpost/windpost/rules"

// BoardRef is what the picture of a game's board in a mail is drawn from:
// the variant, the position the mail's text board shows, the move that
// led to it, and the side drawn at the bottom. The mailer reads them with
// the variant's notation; games knows nothing of pictures.
type BoardRef struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`         // the variant's position string
	Before   string `json:"before,omitempty"` // the position before the last move; "" before the first move
	Move     string `json:"move,omitempty"`   // the last move as the record writes it ("K*1b>N"); "" before the first move
	// Status is the line under the board of a game that has ended or never
	// began ("Black is checkmated: White wins."), as its text board says
	// it (BoardText); "" while it is offered or played: the position's own.
	Status string `json:"status,omitempty"`
	// Bottom is the side whose player sits at the bottom of the board, as
	// the mail's text board draws it: "white", or "" for Black's side (the
	// diagram as shogi players print it; mails stored before it was kept).
	Bottom string `json:"bottom,omitempty"`
}

// BottomSide is the side ref draws at the bottom: White when Bottom says
// "white", Black otherwise.
func (ref BoardRef) BottomSide() rules.Side {
	if ref.Bottom == "white" {
		return rules.White
	}
	return rules.Black
}

// boardRef is the BoardRef of lg as it stands, drawn with bottom's side at
// the bottom.
func boardRef(lg *liveGame, bottom rules.Side) *BoardRef {
	n := lg.kit.Notation
	ref := &BoardRef{Variant: lg.kit.Rules.Name(), Position: n.FormatPosition(lg.g.Position()), Status: lg.gameStatus()}
	if bottom == rules.White {
		ref.Bottom = "white"
	}
	if k := len(lg.g.Moves); k > 0 {
		before := lg.g.Positions[len(lg.g.Positions)-2]
		ref.Before, ref.Move = n.FormatPosition(before), n.FormatMove(before, lg.g.Moves[k-1])
	}
	return ref
}

// The side at the bottom of the board a mail shows (the text board and
// the picture alike). Each player sees their own side at the bottom; a
// mail to anyone else (and the web view) shows Black's, as shogi diagrams
// are printed. "board black", "board white" and "board mine" choose for
// one answer; "board always black" (or white) is the player's lasting
// choice, kept on their record, and "board always mine" goes back to the
// default.

// Board sides as the board command and the player record write them.
const (
	boardMine  = "mine"
	boardBlack = "black"
	boardWhite = "white"
)

// bottomOf is the side at the bottom of lg's board in a mail to reader,
// whose record is p (nil if none): p's lasting choice, else reader's own
// side in lg, else Black's.
func bottomOf(lg *liveGame, reader string, p *playerRecord) rules.Side {
	if p != nil {
		if s, ok := rules.ParseSide(p.Board); ok {
			return s
		}
	}
	if s, ok := lg.rec.sideOf(reader); ok {
		return s
	}
	return rules.Black
}

// bottomFor is bottomOf with reader's record read in the change; a record
// that cannot be read counts as no choice (the error surfaces where it is
// written).
func (c *change) bottomFor(lg *liveGame, reader string) rules.Side {
	p, err := c.player(reader)
	if err != nil {
		p = nil
	}
	return bottomOf(lg, reader, p)
}

// chosenBottom is the side at the bottom of lg's board in the answer to
// the mail: the side its last "board" line chose, or bottomFor.
func chosenBottom(h *handling, lg *liveGame) rules.Side {
	switch h.Answer.Shown {
	case boardBlack:
		return rules.Black
	case boardWhite:
		return rules.White
	case boardMine:
		return bottomOf(lg, h.From, nil)
	}
	return h.bottomFor(lg, h.From)
}

// withBottom has a mail's picture drawn with side's player at the bottom.
func withBottom(side rules.Side) func(*Mail) {
	return func(m *Mail) {
		if m.Board != nil {
			m.Board.Bottom = ""
			if side == rules.White {
				m.Board.Bottom = boardWhite
			}
		}
	}
}
