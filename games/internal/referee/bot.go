package referee

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// botMoves lets the bot play while it is its turn in a bot game. It
// returns the moves it made in numbered form.
func (c *Change) botMoves(lg *LiveGame) ([]string, error) {
	var played []string
	for lg.Rec.State == record.Playing {
		side, ok := lg.Rec.BotSide()
		if !ok || lg.ToMove() != side {
			break
		}
		m, err := c.choose(lg, lg.Rec.Players[side].Level)
		if err != nil {
			return played, fmt.Errorf("game %s: the bot: %w", lg.Rec.ID, err)
		}
		text, err := lg.Play(m, c.Now)
		if err != nil {
			return played, fmt.Errorf("game %s: the bot chose a move the rules refuse: %w", lg.Rec.ID, err)
		}
		played = append(played, text)
	}
	return played, nil
}

// choose asks the bot for its move in lg within Config.BotMoveTime, with
// randomness fixed by the game and the ply (so a request handled again
// after a failure gets the same answer).
func (c *Change) choose(lg *LiveGame, level solver.Level) (rules.Move, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", lg.Rec.ID, lg.Game.Ply())
	rng := rand.New(rand.NewPCG(c.Server.seed, h.Sum64()))
	ctx := c.ctx
	if c.Server.Config.BotMoveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Server.Config.BotMoveTime)
		defer cancel()
	}
	return lg.Kit.Bot.Choose(ctx, lg.Game.Clone(), level, rng)
}

// evaluate asks the game's analyst for the value of g's position within
// Config.AnalysisTime.
func (c *Change) evaluate(lg *LiveGame, g *rules.Game) (solver.Value, error) {
	ctx, cancel := context.WithTimeout(c.ctx, c.Server.Config.AnalysisTime)
	defer cancel()
	return lg.Kit.Analyst.Evaluate(ctx, g)
}

// LevelFor picks the bot level: the one asked for if the bot plays it,
// else the bot's strongest (perfect where the game is solved: that is the
// opponent windpost promises; "level strong" or "level casual" ask for a
// gentler one).
func LevelFor(bot solver.Bot, asked string) (solver.Level, error) {
	levels := bot.Levels()
	if len(levels) == 0 {
		return "", errors.New("the bot has no levels")
	}
	if asked != "" {
		if slices.Contains(levels, solver.Level(asked)) {
			return solver.Level(asked), nil
		}
		var names []string
		for _, l := range levels {
			names = append(names, string(l))
		}
		return "", fmt.Errorf("the bot does not play at level %s in this game; it plays %s", asked, strings.Join(names, ", "))
	}
	return levels[0], nil
}
