package games

import (
	"fmt"
	"strings"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/variants"
)

// newBotGame answers "new <game> [as <side>] [level <level>]": a game
// against the bot, which moves at once if it has the first move.
func newBotGame(h *referee.Handling, c referee.Command, kit variants.Kit) (string, error) {
	if kit.Bot == nil {
		return "", referee.Refused("there is no bot for %s yet;", kit.Rules.Title()).
			Instead(`challenge a friend instead, e.g. "challenge friend@example.org %s".`, kit.Rules.Name())
	}
	level, err := referee.LevelFor(kit.Bot, c.Level)
	if err != nil {
		return "", referee.Refused("%v.", err)
	}
	anchor, anchored := referee.BotAnchor(kit.Rules.Name(), level)
	if c.Rating == "rated" && !anchored {
		return "", referee.Refused("the bot's level %s in %s has no rating, so a game against it cannot be rated.", level, kit.Rules.Title()).
			Instead(`Write "help rating" for the levels that have one.`)
	}
	open, err := referee.PickGames(h, func(g *record.Game) bool { return g.State == record.Playing && g.IsBotGame() })
	if err != nil {
		return "", err
	}
	if len(open) >= referee.MaxBotGames {
		return "", referee.Refused("you have %d games against the bot in progress (%s);", len(open), strings.Join(open, ", ")).
			Instead(`finish one of them first, or give one up with "%s resign".`, open[0])
	}
	if !h.Consent.Known {
		if err := h.CountUnprovenGame(); err != nil {
			return "", err
		}
	}
	side := referee.PickSide(h, c.Side)
	lg, err := h.NewGame(kit, h.From, side, record.Slot{Bot: true, Level: level}, record.Playing)
	if err != nil {
		return "", err
	}
	h.Created = lg.Rec.ID
	h.Answer.Focus = lg.Rec.ID
	text := fmt.Sprintf("Done: new game %s of %s. You play %s against the bot (level %s); this game has no clock.",
		lg.Rec.ID, kit.Rules.Title(), side, level)
	if c.Rating == "rated" {
		lg.Rec.Rated = true
		text += fmt.Sprintf(" The game is rated: the bot counts as a fixed rating of %d (±%d).", club.Whole(anchor.R), club.Whole(anchor.RD))
	}
	if bot, _ := lg.Rec.BotSide(); lg.ToMove() == bot {
		return "", h.Think(referee.JobOpen, lg, text) // BotWork opens
	}
	return text, nil
}

// challenge answers "challenge <address> <game> [as <side>] [days <n>]":
// a game waiting for the other player's accept.
func challenge(h *referee.Handling, c referee.Command, kit variants.Kit) (string, error) {
	if c.Address == h.From {
		return "", referee.Refused("you cannot challenge yourself;").Instead(`write "new %s" to play the bot.`, kit.Rules.Name())
	}
	if local, domain, _ := strings.Cut(c.Address, "@"); domain == h.Server.Domain && (local == h.Server.Local || strings.HasPrefix(local, h.Server.Local+"+")) {
		return "", referee.Refused("that is my own address;").Instead(`write "new %s" to play me.`, kit.Rules.Name())
	}
	open, err := referee.PickGames(h, func(g *record.Game) bool { return g.State == record.Invited && g.Challenger == h.From })
	if err != nil {
		return "", err
	}
	if len(open) >= referee.MaxOpenInvitations {
		return "", referee.Refused("you already have %d challenges waiting for an answer (%s);", len(open), strings.Join(open, ", ")).
			Instead(`wait for them, or withdraw one with "%s decline", before you send another.`, open[0])
	}
	if err := referee.MayInvite(h, c.Address); err != nil {
		return "", err
	}
	if err := referee.CountInvitation(h, c.Address); err != nil {
		return "", err
	}
	side := referee.PickSide(h, c.Side)
	lg, err := referee.Invite(h, kit, h.From, side, c.Address, c.Days, c.Rating != "unrated")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	days := rec.DaysPerMove
	h.Notify(Notice, c.Address, rec.ID, fmt.Sprintf(
		"%s challenges you to a game of %s (game %s). You would play %s, with %s for each move. %s\n\n"+
			"To play, reply to this mail with the word: accept\nTo say no, reply with: decline\n"+
			"The challenge expires on %s. For the rules, reply with: rules %s\n\n"+
			"Never want mail from windpost? Reply with the word: stop\n"+
			"Then windpost never writes to you again, and nobody can invite you.",
		h.FromShown(), kit.Rules.Title(), rec.ID, side.Opponent(), referee.DayCount(days), referee.RatedWords(rec), referee.FormatTimeIn(rec.Deadline, h.LocationOf(c.Address)), kit.Rules.Name()))
	return fmt.Sprintf("Done: I invited %s to game %s of %s, with %s per move. You play %s. %s I will write when they answer.",
		c.Address, rec.ID, kit.Rules.Title(), referee.DayCount(days), side, referee.RatedWords(rec)), nil
}
