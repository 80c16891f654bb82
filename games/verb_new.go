package games

import (
	"fmt"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// newBotGame answers "new <game> [as <side>] [level <level>]": a game
// against the bot, which moves at once if it has the first move.
func newBotGame(h *handling, c Command, kit variants.Kit) (string, error) {
	if kit.Bot == nil {
		return "", refused("there is no bot for %s yet;", kit.Rules.Title()).
			instead(`challenge a friend instead, e.g. "challenge friend@example.org %s".`, kit.Rules.Name())
	}
	level, err := levelFor(kit.Bot, c.Level)
	if err != nil {
		return "", refused("%v.", err)
	}
	anchor, anchored := botAnchor(kit.Rules.Name(), level)
	if c.Rating == "rated" && !anchored {
		return "", refused("the bot's level %s in %s has no rating, so a game against it cannot be rated.", level, kit.Rules.Title()).
			instead(`Write "help rating" for the levels that have one.`)
	}
	open, err := pickGames(h, func(g *record.Game) bool { return g.State == record.Playing && g.IsBotGame() })
	if err != nil {
		return "", err
	}
	if len(open) >= maxBotGames {
		return "", refused("you have %d games against the bot in progress (%s);", len(open), strings.Join(open, ", ")).
			instead(`finish one of them first, or give one up with "%s resign".`, open[0])
	}
	if !h.Consent.known {
		if err := h.countUnprovenGame(); err != nil {
			return "", err
		}
	}
	side := pickSide(h, c.Side)
	lg, err := h.newGame(kit, h.From, side, record.Slot{Bot: true, Level: level}, record.Playing)
	if err != nil {
		return "", err
	}
	h.Created = lg.rec.ID
	h.Answer.Focus = lg.rec.ID
	text := fmt.Sprintf("Done: new game %s of %s. You play %s against the bot (level %s); this game has no clock.",
		lg.rec.ID, kit.Rules.Title(), side, level)
	if c.Rating == "rated" {
		lg.rec.Rated = true
		text += fmt.Sprintf(" The game is rated: the bot counts as a fixed rating of %d (±%d).", club.Whole(anchor.R), club.Whole(anchor.RD))
	}
	if bot, _ := lg.rec.BotSide(); lg.toMove() == bot {
		return "", h.think(jobOpen, lg, text) // BotWork opens
	}
	return text, nil
}

// challenge answers "challenge <address> <game> [as <side>] [days <n>]":
// a game waiting for the other player's accept.
func challenge(h *handling, c Command, kit variants.Kit) (string, error) {
	if c.Address == h.From {
		return "", refused("you cannot challenge yourself;").instead(`write "new %s" to play the bot.`, kit.Rules.Name())
	}
	if local, domain, _ := strings.Cut(c.Address, "@"); domain == h.srv.domain && (local == h.srv.local || strings.HasPrefix(local, h.srv.local+"+")) {
		return "", refused("that is my own address;").instead(`write "new %s" to play me.`, kit.Rules.Name())
	}
	open, err := pickGames(h, func(g *record.Game) bool { return g.State == record.Invited && g.Challenger == h.From })
	if err != nil {
		return "", err
	}
	if len(open) >= maxOpenInvitations {
		return "", refused("you already have %d challenges waiting for an answer (%s);", len(open), strings.Join(open, ", ")).
			instead(`wait for them, or withdraw one with "%s decline", before you send another.`, open[0])
	}
	if err := mayInvite(h, c.Address); err != nil {
		return "", err
	}
	if err := countInvitation(h, c.Address); err != nil {
		return "", err
	}
	side := pickSide(h, c.Side)
	lg, err := invite(h, kit, h.From, side, c.Address, c.Days, c.Rating != "unrated")
	if err != nil {
		return "", err
	}
	rec := lg.rec
	days := rec.DaysPerMove
	h.notify(Notice, c.Address, rec.ID, fmt.Sprintf(
		"%s challenges you to a game of %s (game %s). You would play %s, with %s for each move. %s\n\n"+
			"To play, reply to this mail with the word: accept\nTo say no, reply with: decline\n"+
			"The challenge expires on %s. For the rules, reply with: rules %s\n\n"+
			"Never want mail from windpost? Reply with the word: stop\n"+
			"Then windpost never writes to you again, and nobody can invite you.",
		h.fromShown(), kit.Rules.Title(), rec.ID, side.Opponent(), dayCount(days), ratedWords(rec), formatTimeIn(rec.Deadline, h.locationOf(c.Address)), kit.Rules.Name()))
	return fmt.Sprintf("Done: I invited %s to game %s of %s, with %s per move. You play %s. %s I will write when they answer.",
		c.Address, rec.ID, kit.Rules.Title(), dayCount(days), side, ratedWords(rec)), nil
}

// invite makes the challenge of challenger, who plays side, to opponent:
// a game of this mail waiting for the opponent's accept, with days per
// move (0: DefaultDaysPerMove), rated or not.
func invite(h *handling, kit variants.Kit, challenger string, side rules.Side, opponent string, days int, rated bool) (*liveGame, error) {
	lg, err := h.newGame(kit, challenger, side, record.Slot{Address: opponent}, record.Invited)
	if err != nil {
		return nil, err
	}
	if days == 0 {
		days = DefaultDaysPerMove
	}
	h.Created = lg.rec.ID
	rec := lg.rec
	rec.Rated = rated
	rec.DaysPerMove = days
	rec.Deadline = h.now.Add(invitationDays * 24 * time.Hour)
	h.Answer.Focus = rec.ID
	return lg, nil
}

// pickSide is the side asked for, or one drawn by lot.
func pickSide(h *handling, s string) rules.Side {
	switch s {
	case "black":
		return rules.Black
	case "white":
		return rules.White
	}
	return rules.Side(h.rng.IntN(2))
}
