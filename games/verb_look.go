package games

import (
	"errors"
	"fmt"
	"slices"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/notation"
)

// lookVerb answers board, history and moves. Without a game named or implied,
// it shows the sender's game in progress, or if there is none, their
// latest game.
func lookVerb(h *referee.Handling, c referee.Command) ([]document.Block, error) {
	going := func(g *record.Game) bool { return g.State == record.Playing || g.State == record.Invited }
	if c.Game == "" && h.Created == "" && h.AuthGame == "" && referee.ThreadGame(h) == "" {
		mine, err := h.PlayerGames(h.From)
		if err != nil {
			return nil, err
		}
		if len(mine) > 0 && !slices.ContainsFunc(mine, func(lg *referee.LiveGame) bool { return going(lg.Rec) }) {
			c.Game = mine[len(mine)-1].Rec.ID
		}
	}
	lg, _, err := referee.GameFor(h, c, false, going, "game in progress")
	var kept string
	if c.Verb == referee.VerbBoard && c.Always {
		// A lasting choice needs no game: without one named, it is kept
		// and said alone.
		if err != nil && (c.Game != "" || !errors.As(err, new(*referee.Refusal))) {
			return nil, err
		}
		if kept, err = keepBoardSide(h, c.Side, err == nil); err != nil || lg == nil {
			return referee.Paragraphs(kept), err
		}
		kept += "\n"
	}
	if err != nil {
		return nil, err
	}
	h.Answer.Focus = lg.Rec.ID
	switch c.Verb {
	case referee.VerbHistory:
		// Its heading, the record in a fixed font, the messages.
		blocks := []document.Block{document.Para(fmt.Sprintf("Game %s: no moves yet.", lg.Rec.ID))}
		if len(lg.Rec.Moves) > 0 {
			blocks = []document.Block{document.Para(fmt.Sprintf("Game %s, %s:", lg.Rec.ID, lg.Kit.Rules.Title())),
				document.Joined(document.Moves(notation.FormatRecord(lg.Kit.Notation, lg.Game)))}
		}
		return append(blocks, referee.Paragraphs(referee.TalkHistory(lg.Rec, h.From))...), nil
	case referee.VerbMoves:
		if lg.Rec.State != record.Playing {
			return nil, referee.StateRefusal(lg, h.From)
		}
		return referee.Paragraphs(fmt.Sprintf("The legal moves in game %s (#%d, %s to move):\n%s", lg.Rec.ID, len(lg.Rec.Moves)+1, lg.ToMove(), legalMoves(lg))), nil
	}
	h.Answer.Shown = c.Side
	return referee.Paragraphs(kept + fmt.Sprintf("Here is game %s%s.", lg.Rec.ID, boardSideSaid(lg, h.From, c.Side))), nil
}

// boardSideSaid is what the answer to "board <side>" says of the side it
// draws at the bottom: ", from White's side", ", from your side (Black's)";
// "" when the line named no side.
func boardSideSaid(lg *referee.LiveGame, reader, side string) string {
	switch side {
	case referee.BoardBlack, referee.BoardWhite:
		return ", from " + referee.Capitalise(side) + "'s side"
	case referee.BoardMine:
		if s, player := lg.Rec.SideOf(reader); player {
			return fmt.Sprintf(", from your side (%s's)", referee.Capitalise(s.String()))
		}
		return ", from Black's side: you do not play in it, so it is drawn as shogi diagrams are printed"
	}
	return ""
}

// keepBoardSide keeps side ("black", "white" or "mine") as the side the
// sender sees at the bottom of every board, and says so; shown tells that
// a board follows in the answer.
func keepBoardSide(h *referee.Handling, side string, shown bool) (string, error) {
	p, err := h.Player(h.From)
	if err != nil {
		return "", err
	}
	p.Board = ""
	if side != referee.BoardMine {
		p.Board = side
	}
	h.MarkChanged(h.From)
	if side == referee.BoardMine {
		return `Done: the boards in your mails are drawn from your own side again (from Black's in games you do not play).`, nil
	}
	return fmt.Sprintf(`Done: the boards in your mails are drawn from %s's side from now on, in every game. "board always mine" draws them from your own side again.`, referee.Capitalise(side)), nil
}
