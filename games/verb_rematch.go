package games

import (
	"fmt"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
)

// rematch answers "rematch [<game>]" in (or about) a finished game: a new
// game with the colours swapped and the same terms. Against the bot it
// begins at once (new); between people it is a challenge to the opponent,
// with the consent rules of any challenge, unless the opponent's own
// rematch of the game waits for the sender: then this one accepts it.
func rematch(h *referee.Handling, c referee.Command) (string, error) {
	lg, side, err := referee.GameFor(h, c, true, isOver, "finished game")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	switch rec.State {
	case record.Playing:
		return "", referee.Refused("game %s is still going: a rematch comes after its end.", rec.ID).
			Instead(`Play it out, or end it with "draw" or "resign"; then write "rematch".`)
	case record.Invited, record.Declined:
		return "", referee.StateRefusal(lg, h.From)
	}
	kit, err := referee.Kit(h, rec.Variant)
	if err != nil {
		return "", err
	}
	again := referee.Command{Line: c.Line, Variant: rec.Variant, Side: side.Opponent().String()}
	if bot, ok := rec.BotSide(); ok {
		again.Level = string(rec.Players[bot].Level)
		if rec.Rated {
			again.Rating = "rated"
		}
		return newBotGame(h, again, kit)
	}
	opponent := rec.OpponentAddress(side)
	if p, err := h.Tx.Player(opponent); err != nil || p == nil {
		if err != nil {
			return "", err
		}
		return "", referee.Refused("your opponent in game %s has left windpost.", rec.ID).
			Instead(`Write "seek %s" to find another opponent.`, rec.Variant)
	}
	waiting, err := theirRematch(h, rec, side)
	if err != nil || waiting != nil {
		if err != nil {
			return "", err
		}
		h.Created = waiting.Rec.ID
		h.Answer.Focus = waiting.Rec.ID
		return referee.Begin(h, waiting, side.Opponent(), fmt.Sprintf("%s asked for a rematch too", h.From))
	}
	again.Address, again.Days, again.Rating = opponent, rec.DaysPerMove, "rated"
	if !rec.Rated {
		again.Rating = "unrated"
	}
	before := h.Created
	text, err := challenge(h, again, kit)
	if err != nil || h.Created == before {
		return text, err // refused, or held for the sender's confirm
	}
	// The invitation says first what it is.
	if n := h.Notices[referee.NoticeKey{To: opponent, Game: h.Created}]; n != nil {
		n.Events = append([]string{fmt.Sprintf("A rematch of game %s, with the colours swapped:", rec.ID)}, n.Events...)
	}
	return fmt.Sprintf("A rematch of game %s, with the colours swapped. %s", rec.ID, text), nil
}

func isOver(g *record.Game) bool { return g.State == record.Over }

// theirRematch is the opponent's rematch of the finished game rec that
// waits for the sender's answer: a challenge from them to the sender in
// the same game on the same terms, the sender (who played side) now on the
// other side; nil if there is none.
func theirRematch(h *referee.Handling, rec *record.Game, side rules.Side) (*referee.LiveGame, error) {
	opponent := rec.OpponentAddress(side)
	mine, err := h.PlayerGames(h.From)
	if err != nil {
		return nil, err
	}
	for _, lg := range mine {
		g := lg.Rec
		if g.State != record.Invited || g.Challenger != opponent || g.Variant != rec.Variant ||
			g.DaysPerMove != rec.DaysPerMove || g.Rated != rec.Rated {
			continue
		}
		if s, ok := g.SideOf(h.From); ok && s == side.Opponent() {
			return lg, nil
		}
	}
	return nil, nil
}

// rematchHelp is "help rematch".
const rematchHelp = `"rematch", in reply to a mail about a game that has ended: a new game
against the same opponent, with the colours swapped and the same terms
(the game, the days per move, rated or not). Against the bot it begins
at once. Against a person it is a challenge, which they accept with
"accept", or by writing "rematch" themselves: when you both ask, the game
begins. "rematch g7k3q" names the game. A game still going has no rematch.`
