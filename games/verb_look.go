package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/windpost/windpost/notation"
)

// lookVerb answers board, history and moves. Without a game named or implied,
// it shows the sender's game in progress, or if there is none, their
// latest game.
func lookVerb(h *handling, c Command) (string, error) {
	going := func(g *gameRecord) bool { return g.State == statePlaying || g.State == stateInvited }
	if c.Game == "" && h.Created == "" && h.AuthGame == "" && threadGame(h) == "" {
		mine, err := h.playerGames(h.From)
		if err != nil {
			return "", err
		}
		if len(mine) > 0 && !slices.ContainsFunc(mine, func(lg *liveGame) bool { return going(lg.rec) }) {
			c.Game = mine[len(mine)-1].rec.ID
		}
	}
	lg, _, err := gameFor(h, c, false, going, "game in progress")
	if err != nil {
		return "", err
	}
	h.Answer.Focus = lg.rec.ID
	switch c.Verb {
	case VerbHistory:
		if len(lg.rec.Moves) == 0 {
			return fmt.Sprintf("Game %s: no moves yet.", lg.rec.ID) + talkHistory(lg.rec, h.From), nil
		}
		return fmt.Sprintf("Game %s, %s:\n%s", lg.rec.ID, lg.kit.Rules.Title(), strings.TrimRight(notation.FormatRecord(lg.kit.Notation, lg.g), "\n")) +
			talkHistory(lg.rec, h.From), nil
	case VerbMoves:
		if lg.rec.State != statePlaying {
			return "", stateRefusal(lg, h.From)
		}
		return fmt.Sprintf("The legal moves in game %s (#%d, %s to move):\n%s", lg.rec.ID, len(lg.rec.Moves)+1, lg.toMove(), legalMoves(lg)), nil
	}
	return fmt.Sprintf("Here is game %s.", lg.rec.ID), nil
}
