package games

import (
	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// analysisVerb answers "analysis" after the end of a game: every move's value
// and the mistakes, worked out once and kept with the game.
func analysisVerb(h *referee.Handling, c referee.Command) ([]document.Block, error) {
	lg, _, err := referee.GameFor(h, c, false, func(g *record.Game) bool { return g.State == record.Over }, "finished game")
	if err != nil {
		return nil, err
	}
	rec := lg.Rec
	if rec.State != record.Over {
		return nil, referee.Refused("game %s is not over;", rec.ID).Instead("the analysis comes after the end, so that it cannot help during the game.")
	}
	if rec.Analysis == "" && rec.AnalysisDoc == nil {
		if lg.Kit.Analyst == nil {
			return nil, referee.Refused("there is no analysis for %s.", lg.Kit.Rules.Title()).
				Instead(`Write "history %s" for the game's moves.`, lg.Rec.ID)
		}
		if err := h.MayThink(lg, referee.JobAnalysis); err != nil {
			return nil, err
		}
		return nil, h.Think(referee.JobAnalysis, lg, "") // BotWork analyses, then runs this again
	}
	if rec.AnalysisDoc != nil {
		return rec.AnalysisDoc.Blocks, nil
	}
	return referee.Paragraphs(rec.Analysis), nil // kept by an older windpost, as text
}

// analysisHelp is "help analysis".
const analysisHelp = `"analysis", after a game's end, values every position and marks the
moves that made the mover's result worse. In Gufuu and Jul-Gonu (solved)
the values are proven: W n (a win, the winning move n plies away), L n
(a loss n plies away), D (a draw); a mistake turns a win into a draw or a
loss, or a draw into a loss. In Micro-shogi the values are the engine's
estimates (+1.20: above 0 is good for the player who moved), and a move is
judged by the winning chances it lost. ` + referee.ChancesHelp + `
The analysis is worked out once, after the end, so that it cannot help
during the game.`
