package games

import (
	"fmt"

	"github.com/windpost/windpost/rules"
)

// resign answers "resign": the game is lost for the sender.
func (h *handling) resign(c Command) (string, error) {
	lg, side, err := h.playingGame(c)
	if err != nil {
		return "", err
	}
	rec := lg.rec
	lg.finish(rules.WinFor(side.Opponent(), rules.Resignation))
	h.notify(Notice, rec.opponentAddress(side), rec.ID, fmt.Sprintf("%s resigned: you win game %s.", h.from, rec.ID))
	return fmt.Sprintf("Done: you resigned game %s. Game over: %s.", rec.ID, lg.result()), nil
}
