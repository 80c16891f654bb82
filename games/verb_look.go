package games

import (
	"errors"
	"fmt"
	"slices"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/notation"
)

// lookVerb answers board, history and moves. Without a game named or implied,
// it shows the sender's game in progress, or if there is none, their
// latest game.
func lookVerb(h *handling, c Command) ([]document.Block, error) {
	going := func(g *record.Game) bool { return g.State == record.Playing || g.State == record.Invited }
	if c.Game == "" && h.Created == "" && h.AuthGame == "" && threadGame(h) == "" {
		mine, err := h.playerGames(h.From)
		if err != nil {
			return nil, err
		}
		if len(mine) > 0 && !slices.ContainsFunc(mine, func(lg *liveGame) bool { return going(lg.rec) }) {
			c.Game = mine[len(mine)-1].rec.ID
		}
	}
	lg, _, err := gameFor(h, c, false, going, "game in progress")
	var kept string
	if c.Verb == VerbBoard && c.Always {
		// A lasting choice needs no game: without one named, it is kept
		// and said alone.
		if err != nil && (c.Game != "" || !errors.As(err, new(*refusal))) {
			return nil, err
		}
		if kept, err = keepBoardSide(h, c.Side, err == nil); err != nil || lg == nil {
			return paragraphs(kept), err
		}
		kept += "\n"
	}
	if err != nil {
		return nil, err
	}
	h.Answer.Focus = lg.rec.ID
	switch c.Verb {
	case VerbHistory:
		// Its heading, the record in a fixed font, the messages.
		blocks := []document.Block{document.Para(fmt.Sprintf("Game %s: no moves yet.", lg.rec.ID))}
		if len(lg.rec.Moves) > 0 {
			blocks = []document.Block{document.Para(fmt.Sprintf("Game %s, %s:", lg.rec.ID, lg.kit.Rules.Title())),
				document.Joined(document.Moves(notation.FormatRecord(lg.kit.Notation, lg.g)))}
		}
		return append(blocks, paragraphs(talkHistory(lg.rec, h.From))...), nil
	case VerbMoves:
		if lg.rec.State != record.Playing {
			return nil, stateRefusal(lg, h.From)
		}
		return paragraphs(fmt.Sprintf("The legal moves in game %s (#%d, %s to move):\n%s", lg.rec.ID, len(lg.rec.Moves)+1, lg.toMove(), legalMoves(lg))), nil
	}
	h.Answer.Shown = c.Side
	return paragraphs(kept + fmt.Sprintf("Here is game %s%s.", lg.rec.ID, boardSideSaid(lg, h.From, c.Side))), nil
}

// boardSideSaid is what the answer to "board <side>" says of the side it
// draws at the bottom: ", from White's side", ", from your side (Black's)";
// "" when the line named no side.
func boardSideSaid(lg *liveGame, reader, side string) string {
	switch side {
	case boardBlack, boardWhite:
		return ", from " + capitalise(side) + "'s side"
	case boardMine:
		if s, player := lg.rec.SideOf(reader); player {
			return fmt.Sprintf(", from your side (%s's)", capitalise(s.String()))
		}
		return ", from Black's side: you do not play in it, so it is drawn as shogi diagrams are printed"
	}
	return ""
}

// keepBoardSide keeps side ("black", "white" or "mine") as the side the
// sender sees at the bottom of every board, and says so; shown tells that
// a board follows in the answer.
func keepBoardSide(h *handling, side string, shown bool) (string, error) {
	p, err := h.player(h.From)
	if err != nil {
		return "", err
	}
	p.Board = ""
	if side != boardMine {
		p.Board = side
	}
	h.markChanged(h.From)
	if side == boardMine {
		return `Done: the boards in your mails are drawn from your own side again (from Black's in games you do not play).`, nil
	}
	return fmt.Sprintf(`Done: the boards in your mails are drawn from %s's side from now on, in every game. "board always mine" draws them from your own side again.`, capitalise(side)), nil
}
