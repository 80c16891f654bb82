package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
)

// The organiser's commands on a tournament game (operator.go does the
// work): "adjudicate <game> [black|white|draw] [reason]" and "extend
// <game> <n> days [reason]". Only the game's organiser (record.Game.
// Organiser) may give them, in a mail that carries one of their keys. An
// organiser who plays in the game is no judge in their own cause: they
// cannot decide its result (the table may) nor extend their own move.

// The organiser's verbs.
const (
	VerbAdjudicate Verb = "adjudicate"
	VerbExtend     Verb = "extend"
)

// parseOrganiser reads the arguments of adjudicate and extend: the game
// id (unless it came before the verb), then the result or the days, then
// the reason as written.
func parseOrganiser(c *Command, verb string, args []string) {
	c.Verb = Verb(verb)
	low := func(i int) string { return strings.ToLower(strings.Trim(args[i], ".,;:!")) }
	if c.Game == "" && len(args) > 0 && keys.ValidGameID(low(0)) {
		c.Game, args = low(0), args[1:]
	}
	if c.Game == "" {
		c.Err = fmt.Sprintf("write %s and the game's id, e.g. %q", verb, organiserExample(c.Verb))
		return
	}
	if c.Verb == VerbAdjudicate {
		if len(args) > 0 {
			if _, ok := statedOutcome(low(0)); ok {
				c.Result, args = low(0), args[1:]
			}
		}
		c.Text = strings.Join(args, " ")
		return
	}
	n := 0
	if len(args) > 0 {
		n, _ = strconv.Atoi(low(0))
	}
	if n < 1 || n > maxExtendDays {
		c.Err = fmt.Sprintf("write extend, the game's id and a number of days from 1 to %d, e.g. %q", maxExtendDays, organiserExample(c.Verb))
		return
	}
	c.Days, args = n, args[1:]
	if len(args) > 0 && (low(0) == "days" || low(0) == "day") {
		args = args[1:]
	}
	c.Text = strings.Join(args, " ")
}

func organiserExample(v Verb) string {
	if v == VerbExtend {
		return "extend g7k3q 3 days"
	}
	return "adjudicate g7k3q"
}

// adjudicateGame answers "adjudicate": the organiser ends the game by the
// solved table, or in Micro-shogi by the result they state.
func adjudicateGame(h *handling, c Command) (string, error) {
	lg, by, err := organiserGame(h, c, "adjudicate")
	if err != nil {
		return "", err
	}
	if _, player := lg.rec.SideOf(h.From); player && lg.kit.Table == nil {
		return "", refused("you play in game %s, so you cannot decide its result yourself;", lg.rec.ID).
			instead("ask the server's operator to adjudicate it.")
	}
	o, basis, err := adjudicate(h.change, lg, c.Result, by)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: you adjudicated game %s: %s, %s. Both players are told.", lg.rec.ID, o, basis), nil
}

// extendGame answers "extend": the organiser gives the player to move more
// days for the move.
func extendGame(h *handling, c Command) (string, error) {
	lg, by, err := organiserGame(h, c, "extend")
	if err != nil {
		return "", err
	}
	if side, player := lg.rec.SideOf(h.From); player && lg.rec.State == record.Playing && lg.toMove() == side {
		return "", refused("it is your own move in game %s, so you cannot give yourself more time;", lg.rec.ID).
			instead(`ask the server's operator, or take a vacation ("help vacation").`)
	}
	deadline, err := extend(h.change, lg, c.Days, by)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: the deadline of move #%d in game %s is now %s. Both players are told.",
		len(lg.rec.Moves)+1, lg.rec.ID, formatTimeIn(deadline, h.locationOf(h.From))), nil
}

// organiserGame finds the game an organiser's command names and checks
// that the sender is its organiser and proved it: the mail carries one of
// their reply keys (a reply to any mail windpost sent them), or their key
// for the game. It returns the game and the sender as the actor.
func organiserGame(h *handling, c Command, what string) (*liveGame, actor, error) {
	lg := h.game(c.Game)
	if err := h.unreadable[c.Game]; err != nil {
		return nil, actor{}, refused("game %s cannot be read on this server at the moment (%v).", c.Game, err).
			instead("The server's admin can see it in the log.")
	}
	if lg == nil {
		return nil, actor{}, refused("there is no game %s.", c.Game)
	}
	if lg.rec.Organiser == "" || lg.rec.Organiser != h.From {
		return nil, actor{}, refused("only the organiser of a tournament game may %s it, and you (%s) are not the organiser of game %s.", what, h.From, c.Game).
			instead("If you organise it under another address, write from that one.")
	}
	if !provedHere(h) && !organiserKey(h, lg) {
		return nil, actor{}, refused("%q changes a game, so it counts only in a reply to a mail windpost sent you;", what).
			instead("its reply key proves that the mail comes from you.")
	}
	by := actor{who: h.From, words: fmt.Sprintf("The tournament's organiser, %s,", h.fromShown()), why: c.Text}
	return lg, by, nil
}

// organiserKey reports whether the mail carries the sender's key for lg
// (the key windpost's mails about lg to its organiser carry).
func organiserKey(h *handling, lg *liveGame) bool {
	return h.Req.Token != "" && strings.EqualFold(h.Req.GameID, lg.rec.ID) &&
		keys.Match(h.Req.Token, keys.Token(h.srv.store.secret, lg.rec.ID, h.From))
}
