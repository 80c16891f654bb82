package clubplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/variants"
)

// recentChanges is how many of a rating's last changes "rating" shows.
const recentChanges = 5

// standingsNameWidth is the player column of the standings: a table of
// 73 columns, within the 78 of a mail line.
const standingsNameWidth = 48

// ratingNow is rr's rating as of now: the deviation grown for the time
// since the last rated game.
func ratingNow(c *referee.Change, rr *club.Rating) (rating.Rating, error) {
	return referee.RatingSystem().Age(rr.Rating, c.Now.Sub(rr.Last))
}

// MyRating answers "rating": the sender's rating in each game, with its
// last changes.
func MyRating(h *referee.Handling, _ referee.Command) (string, error) {
	var b strings.Builder
	b.WriteString("Your ratings (Glicko-2; a rating is provisional while its RD, the ± after\nit, is 110 or more):\n")
	for _, kit := range h.Server.Catalog.Kits() {
		rr, err := h.Tx.Club().Rating(kit.Rules.Name(), h.From)
		if err != nil {
			h.Server.Log.Error("rating cannot be read", "game", kit.Rules.Name(), "player", h.From, "err", err)
			fmt.Fprintf(&b, "\n%s: your rating cannot be read now (the log says why).\n", kit.Rules.Title())
			continue
		}
		if rr == nil {
			fmt.Fprintf(&b, "\n%s: no rated games yet.\n", kit.Rules.Title())
			continue
		}
		now, err := ratingNow(h.Change, rr)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\n%s: %s, %d rated %s. Last changes:\n", kit.Rules.Title(), now, rr.Games, referee.Plural(rr.Games, "game", "games"))
		for i := len(rr.History) - 1; i >= 0 && i >= len(rr.History)-recentChanges; i-- {
			ch := rr.History[i]
			fmt.Fprintf(&b, "  %s  %-6s %-4s  %-26s %4d -> %4d (%s)\n", ch.At.UTC().Format("2006-01-02"), ch.Game, ch.Result,
				cut(ch.Opponent, 26), club.Whole(ch.Before.R), club.Whole(ch.After.R), rating.Change(ch.Before, ch.After))
		}
	}
	b.WriteString("\nGames between people are rated unless the challenge says \"unrated\"; games\nagainst the bot when you ask (\"new gufuu rated\"). \"help rating\" says more.")
	return b.String(), nil
}

// Standings answers "standings <game>": the table of the game's best
// rated players.
func Standings(h *referee.Handling, _ referee.Command, kit variants.Kit) ([]document.Block, error) {
	rows, err := referee.StandingRows(h.Tx, kit.Rules.Name(), h.Now, func(err error) {
		h.Server.Log.Error("rating cannot be read", "game", kit.Rules.Name(), "err", err)
	})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return referee.Paragraphs(fmt.Sprintf("Nobody has a rating in %s yet: a rated game has to end first.", kit.Rules.Title())), nil
	}
	t := document.TablePart{Indent: 1, Columns: []document.Column{{Name: "#", Align: document.Right}, {Name: "Player"},
		{Name: "Rating", Align: document.Right}, {Name: "RD", Align: document.Right}, {Name: "Games", Align: document.Right}}}
	for i, r := range rows[:min(len(rows), referee.StandingsSize)] {
		mark := ""
		if r.R.Provisional() {
			mark = "?"
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), cut(keys.Shown(r.Address, h.From), standingsNameWidth),
			fmt.Sprintf("%d%s", club.Whole(r.R.R), mark), strconv.Itoa(club.Whole(r.R.RD)), strconv.Itoa(r.Games)})
	}
	out := []document.Block{
		document.Para(fmt.Sprintf("Standings of %s (Glicko-2), %s:", kit.Rules.Title(), h.Now.UTC().Format("Mon 2 Jan 2006"))),
		document.Grid(t),
	}
	if len(rows) > referee.StandingsSize {
		out = append(out, document.Joined(document.Para(fmt.Sprintf("(and %d more %s)", len(rows)-referee.StandingsSize, referee.Plural(len(rows)-referee.StandingsSize, "player", "players")))))
	}
	return append(out, document.Para(fmt.Sprintf("? provisional: RD %d or more (few rated games, or none for a long time).\nRD grows with the time since a player's last rated game.", club.Whole(rating.ProvisionalRD)))), nil
}

// cut shortens s to at most n characters, ending "..." when cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-3]) + "..."
}
