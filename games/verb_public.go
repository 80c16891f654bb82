package games

import (
	"fmt"
	"slices"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
)

// "public" and "private": whether a game's web page may be reached by its
// plain id. Every game has a page at an unguessable link (Store.GameLink),
// which the mails about it carry when the web view is on. By its plain id
// a game is reachable only when every person in it said "public": the
// page shows both players (as "alice@..."), so one player cannot make
// the other's game public alone. Either player's "private" closes it
// again. A tournament's games are public always (record.Game.IsPublic).

// isStarted picks the games that have begun: in progress or over.
func isStarted(g *record.Game) bool { return g.State == record.Playing || g.State == record.Over }

// publicity answers "public" and "private".
func publicity(h *referee.Handling, c referee.Command) (string, error) {
	lg, side, err := referee.GameFor(h, c, true, isStarted, "game in progress or over")
	if err != nil {
		return "", err
	}
	rec := lg.Rec
	if !isStarted(rec) {
		return "", referee.StateRefusal(lg, h.From)
	}
	if rec.Tournament != "" {
		return "", referee.Refused("game %s belongs to tournament %s, whose games are public: anyone may follow them on the web.", rec.ID, rec.Tournament).
			Instead(`"help public" says more.`)
	}
	was, mine := rec.IsPublic(), side.String()
	said := slices.Contains(rec.Public, mine)
	opp := rec.OpponentAddress(side)
	switch {
	case c.Verb == referee.VerbPublic && said:
		if was {
			return fmt.Sprintf("Game %s is public already.", rec.ID), nil
		}
		return fmt.Sprintf("You have said \"public\" for game %s; it becomes public when %s says it too.", rec.ID, opp), nil
	case c.Verb == referee.VerbPublic:
		rec.Public = append(rec.Public, mine)
		if rec.IsPublic() {
			if opp != "" {
				h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s said \"public\" too: game %s is public now; anyone may follow it on the web by its id. \"private\" closes it again.", h.FromShown(), rec.ID))
			}
			return fmt.Sprintf("Done: game %s is public now: anyone may follow it on the web by its id. \"private\" closes it again.", rec.ID), nil
		}
		h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s would like game %s to be public, for anyone to follow on the web (both players shown as \"name@...\"). Reply \"public\" if you agree; otherwise nothing changes.", h.FromShown(), rec.ID))
		return fmt.Sprintf("Done: game %s becomes public when %s says \"public\" too; they have been asked.", rec.ID, opp), nil
	case !said && !was:
		return fmt.Sprintf("Game %s is not public: only its players can follow it on the web, by the link in their mails.", rec.ID), nil
	}
	rec.Public = slices.DeleteFunc(rec.Public, func(s string) bool { return s == mine })
	if was && opp != "" {
		h.Notify(Notice, opp, rec.ID, fmt.Sprintf("%s said \"private\": game %s is no longer public.", h.FromShown(), rec.ID))
	}
	return fmt.Sprintf("Done: game %s is private: only its players can follow it on the web, by the link in their mails.", rec.ID), nil
}

// publicHelp is "help public": the web page of a game, and who may see it.
const publicHelp = `When the server's web view is on, each mail about a game ends with a
link to the game's page: the board, the moves, whose move and the
deadline (reload the page to see the latest). The link carries a secret
part, so only those you give it to can open it; nobody can change
anything there. The page shows the players as "alice@...", never a
whole address, and never your messages.
"public" in the game's thread asks for the game to be public: anyone may
then open its page by the game's id alone. Both players must say it (the
page shows both of you); your opponent is asked. "private" from either
player closes it again. Games against the bot are public when you say
it. The games of a tournament are always public.`
