package games

// BoardRef is what the picture of a game's board in a mail is drawn from:
// the variant, the position the mail's text board shows, and the move
// that led to it. The mailer reads them with the variant's notation;
// games knows nothing of pictures.
type BoardRef struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`         // the variant's position string
	Before   string `json:"before,omitempty"` // the position before the last move; "" before the first move
	Move     string `json:"move,omitempty"`   // the last move as the record writes it ("K*1b>N"); "" before the first move
	// Status is the line under the board of a game that has ended or never
	// began ("Black is checkmated: White wins."), as its text board says
	// it (BoardText); "" while it is offered or played: the position's own.
	Status string `json:"status,omitempty"`
}

// boardRef is the BoardRef of lg as it stands.
func boardRef(lg *liveGame) *BoardRef {
	n := lg.kit.Notation
	ref := &BoardRef{Variant: lg.kit.Rules.Name(), Position: n.FormatPosition(lg.g.Position()), Status: lg.gameStatus()}
	if k := len(lg.g.Moves); k > 0 {
		before := lg.g.Positions[len(lg.g.Positions)-2]
		ref.Before, ref.Move = n.FormatPosition(before), n.FormatMove(before, lg.g.Moves[k-1])
	}
	return ref
}
