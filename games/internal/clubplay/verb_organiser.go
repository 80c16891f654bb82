package clubplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// The organiser's commands on a tournament game (operator.go does the
// work): "adjudicate <game> [black|white|draw] [reason]" and "extend
// <game> <n> days [reason]". Only the game's organiser (record.Game.
// Organiser) may give them, in a mail that carries one of their keys. An
// organiser who plays in the game is no judge in their own cause: they
// cannot decide its result (the table may) nor extend their own move.

// The organiser's verbs.
const (
	VerbAdjudicate referee.Verb = "adjudicate"
	VerbExtend     referee.Verb = "extend"
)

// ParseOrganiser reads the arguments of adjudicate and extend: the game
// id (unless it came before the verb), then the result or the days, then
// the reason as written.
func ParseOrganiser(c *referee.Command, verb string, args []string) {
	c.Verb = referee.Verb(verb)
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
			if _, ok := referee.StatedOutcome(low(0)); ok {
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
	if n < 1 || n > referee.MaxExtendDays {
		c.Err = fmt.Sprintf("write extend, the game's id and a number of days from 1 to %d, e.g. %q", referee.MaxExtendDays, organiserExample(c.Verb))
		return
	}
	c.Days, args = n, args[1:]
	if len(args) > 0 && (low(0) == "days" || low(0) == "day") {
		args = args[1:]
	}
	c.Text = strings.Join(args, " ")
}

func organiserExample(v referee.Verb) string {
	if v == VerbExtend {
		return "extend g7k3q 3 days"
	}
	return "adjudicate g7k3q"
}

// AdjudicateGame answers "adjudicate": the organiser ends the game by the
// solved table, or in Micro-shogi by the result they state.
func AdjudicateGame(h *referee.Handling, c referee.Command) (string, error) {
	lg, by, err := organiserGame(h, c, "adjudicate")
	if err != nil {
		return "", err
	}
	if _, player := lg.Rec.SideOf(h.From); player && lg.Kit.Table == nil {
		return "", referee.Refused("you play in game %s, so you cannot decide its result yourself;", lg.Rec.ID).
			Instead("ask the server's operator to adjudicate it.")
	}
	o, basis, err := referee.Adjudicate(h.Change, lg, c.Result, by)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: you adjudicated game %s: %s, %s. Both players are told.", lg.Rec.ID, o, basis), nil
}

// ExtendGame answers "extend": the organiser gives the player to move more
// days for the move.
func ExtendGame(h *referee.Handling, c referee.Command) (string, error) {
	lg, by, err := organiserGame(h, c, "extend")
	if err != nil {
		return "", err
	}
	if side, player := lg.Rec.SideOf(h.From); player && lg.Rec.State == record.Playing && lg.ToMove() == side {
		return "", referee.Refused("it is your own move in game %s, so you cannot give yourself more time;", lg.Rec.ID).
			Instead(`ask the server's operator, or take a vacation ("help vacation").`)
	}
	deadline, err := referee.Extend(h.Change, lg, c.Days, by)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Done: the deadline of move #%d in game %s is now %s. Both players are told.",
		len(lg.Rec.Moves)+1, lg.Rec.ID, referee.FormatTimeIn(deadline, h.LocationOf(h.From))), nil
}

// organiserGame finds the game an organiser's command names and checks
// that the sender is its organiser and proved it: the mail carries one of
// their reply keys (a reply to any mail windpost sent them), or their key
// for the game. It returns the game and the sender as the actor.
func organiserGame(h *referee.Handling, c referee.Command, what string) (*referee.LiveGame, referee.Actor, error) {
	lg := h.Game(c.Game)
	if err := h.Unreadable[c.Game]; err != nil {
		return nil, referee.Actor{}, referee.Refused("game %s cannot be read on this server at the moment (%v).", c.Game, err).
			Instead("The server's admin can see it in the log.")
	}
	if lg == nil {
		return nil, referee.Actor{}, referee.Refused("there is no game %s.", c.Game)
	}
	if lg.Rec.Organiser == "" || lg.Rec.Organiser != h.From {
		return nil, referee.Actor{}, referee.Refused("only the organiser of a tournament game may %s it, and you (%s) are not the organiser of game %s.", what, h.From, c.Game).
			Instead("If you organise it under another address, write from that one.")
	}
	if !referee.ProvedHere(h) && !organiserKey(h, lg) {
		return nil, referee.Actor{}, referee.Refused("%q changes a game, so it counts only in a reply to a mail windpost sent you;", what).
			Instead("its reply key proves that the mail comes from you.")
	}
	by := referee.Actor{Who: h.From, Words: fmt.Sprintf("The tournament's organiser, %s,", h.FromShown()), Why: c.Text}
	return lg, by, nil
}

// organiserKey reports whether the mail carries the sender's key for lg
// (the key windpost's mails about lg to its organiser carry).
func organiserKey(h *referee.Handling, lg *referee.LiveGame) bool {
	return h.Req.Token != "" && strings.EqualFold(h.Req.GameID, lg.Rec.ID) &&
		keys.Match(h.Req.Token, keys.Token(h.Server.Store.Secret, lg.Rec.ID, h.From))
}
