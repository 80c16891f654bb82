package referee

import (
	"fmt"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// Ratings: each player has a Glicko-2 rating per game (package rating),
// moved when a rated game ends. Games between people are rated unless the
// challenge says "unrated"; a game against the bot is rated when the player
// asks ("new micro rated"), against the bot level as a fixed anchor. The
// ratings live in their own bucket (internal/club); a rated game keeps
// what it did to its players' ratings in its record (RatingChanges), which
// the game-over mail shows.

// RatingSystem is the Glicko-2 system of every rated game: the paper's τ,
// the default rating period (rating.DefaultPeriod).
func RatingSystem() rating.System { return rating.System{} }

// BotAnchor is the bot level's rating in rated games against the bot:
// perfect 2400 ±50, strong 1900 ±100, club 1500 ±100 (strong less the
// about 400 points the match runner measured between them), casual 1000 ±100,
// the levels each game has (perfect, strong and casual in Gufuu and
// Jul-Gonu, strong, club and casual in Micro-shogi); ok is false for any other (rated games against it are
// refused). The values were set by hand from the results of the levels that
// windpost's own tests measure (perfect never lets a won position go, strong
// never gives away a win, casual plays like a beginner), not from rated
// games against people: to be measured properly later. "help rating" says so.
func BotAnchor(variant string, level solver.Level) (rating.Anchor, bool) {
	switch {
	case variant != "gufuu" && variant != "julgonu" && variant != "microshogi":
		return rating.Anchor{}, false
	case level == solver.Perfect && variant != "microshogi":
		return rating.Anchor{R: 2400, RD: 50}, true
	case level == solver.Strong:
		return rating.Anchor{R: 1900, RD: 100}, true
	case level == solver.Club && variant == "microshogi":
		return rating.Anchor{R: 1500, RD: 100}, true
	case level == solver.Casual:
		return rating.Anchor{R: 1000, RD: 100}, true
	}
	return rating.Anchor{}, false
}

// scoreFor is side's score in the outcome o of a finished game.
func scoreFor(o rules.Outcome, side rules.Side) (rating.Score, string) {
	switch {
	case o.Status != rules.Win:
		return rating.Draw, "draw"
	case o.Winner == side:
		return rating.Win, "win"
	}
	return rating.Loss, "loss"
}

// rateEnded rates the rated games of the change that ended and are not
// rated yet. It runs before any mail about them is composed, so that the
// game-over mails carry the change; a second call finds nothing to do.
func rateEnded(c *Change) error {
	for _, id := range c.GameOrder {
		lg := c.Games[id]
		rec := lg.Rec
		if rec.State != record.Over || !rec.Rated || rec.RatingChanges != nil {
			continue
		}
		if err := rate(c, lg); err != nil {
			return fmt.Errorf("game %s: rating: %w", id, err)
		}
	}
	return nil
}

// PlayerRating reads address's rating in variant, aged for the time since
// their last rated game; a player without one gets a new record.
func PlayerRating(c *Change, variant, address string) (*club.Rating, error) {
	rr, err := c.Tx.Club().Rating(variant, address)
	if err != nil || rr == nil {
		return &club.Rating{Address: address, Variant: variant, Rating: rating.Start()}, err
	}
	aged, err := RatingSystem().Age(rr.Rating, c.Now.Sub(rr.Last))
	if err != nil {
		return nil, err
	}
	rr.Rating = aged
	return rr, nil
}

// rate rates the finished game lg: both players in a game between people,
// the human alone against the bot's anchor. A rating that cannot be read
// or computed (a damaged record) is logged and the game left unrated, so
// that it cannot hold up the mail; only a failure to write is an error.
func rate(c *Change, lg *LiveGame) error {
	players, before, after, err := newRatings(c, lg)
	if err != nil {
		c.Server.Log.Error("game cannot be rated", "game", lg.Rec.ID, "err", err)
		return nil
	}
	if players == ([2]*club.Rating{}) {
		return nil // a level without an anchor: new refuses to rate it
	}
	return writeRatings(c, lg, players, before, after)
}

// newRatings reads the players' ratings in lg (aged) and computes them
// after the game; players is all nil for a bot without an anchor.
func newRatings(c *Change, lg *LiveGame) (players [2]*club.Rating, before, after [2]rating.Rating, err error) {
	rec := lg.Rec
	for s := rules.Black; s <= rules.White; s++ {
		if rec.Players[s].Bot {
			continue
		}
		rr, err := PlayerRating(c, rec.Variant, rec.Players[s].Address)
		if err != nil {
			return players, before, after, err
		}
		players[s], before[s] = rr, rr.Rating
	}
	after = before
	if bot, ok := rec.BotSide(); ok {
		anchor, found := BotAnchor(rec.Variant, rec.Players[bot].Level)
		if !found {
			return [2]*club.Rating{}, before, after, nil
		}
		human := bot.Opponent()
		score, _ := scoreFor(lg.Outcome, human)
		after[human], err = RatingSystem().AgainstAnchor(before[human], anchor, score)
		return players, before, after, err
	}
	score, _ := scoreFor(lg.Outcome, rules.Black)
	after[rules.Black], after[rules.White], err = RatingSystem().Game(before[rules.Black], before[rules.White], score)
	return players, before, after, err
}

// writeRatings writes the new ratings with their history, and in the game
// record what the game did to them.
func writeRatings(c *Change, lg *LiveGame, players [2]*club.Rating, before, after [2]rating.Rating) error {
	rec := lg.Rec
	rec.RatingChanges = []record.SideRating{}
	for s := rules.Black; s <= rules.White; s++ {
		rr := players[s]
		if rr == nil {
			continue
		}
		_, result := scoreFor(lg.Outcome, s)
		rr.History = append(rr.History, club.RatingChange{At: c.Now, Game: rec.ID, Opponent: rec.Players[s.Opponent()].Label(),
			Result: result, Before: before[s], After: after[s]})
		if n := len(rr.History); n > club.MaxRatingHistory {
			rr.History = append([]club.RatingChange(nil), rr.History[n-club.MaxRatingHistory:]...)
		}
		rr.Rating, rr.Games, rr.Last = after[s], rr.Games+1, c.Now
		if err := c.Tx.Club().PutRating(rr); err != nil {
			return err
		}
		rec.RatingChanges = append(rec.RatingChanges, record.SideRating{Side: s.String(), Before: before[s], After: after[s]})
	}
	return nil
}

// ratingLine is the line of a finished rated game's status block for
// reader: "Your rating: 1523 -> 1541 (+18)"; "" if the game moved no
// rating of theirs.
func ratingLine(rec *record.Game, reader string) string {
	side, ok := rec.SideOf(reader)
	if !ok {
		return ""
	}
	for _, sr := range rec.RatingChanges {
		if sr.Side == side.String() {
			return fmt.Sprintf("Your rating: %d -> %d (%s)\n", club.Whole(sr.Before.R), club.Whole(sr.After.R), rating.Change(sr.Before, sr.After))
		}
	}
	return ""
}

// RatedWords says whether a game is rated, for the challenge, the accept
// and new: "The game is rated." or "The game is unrated.".
func RatedWords(rec *record.Game) string {
	if rec.Rated {
		return "The game is rated."
	}
	return "The game is unrated."
}

// forgetRatings deletes address's ratings and writes standIn for it in the
// rating histories of the opponents it played (in games, as game records
// name them).
func forgetRatings(c *Change, address, standIn string, opponents map[string]bool) error {
	for _, kit := range c.Server.Catalog.Kits() {
		variant := kit.Rules.Name()
		if err := c.Tx.Club().DeleteRating(variant, address); err != nil {
			return err
		}
		for o := range opponents {
			rr, err := c.Tx.Club().Rating(variant, o)
			if err != nil || rr == nil {
				if err != nil {
					return err
				}
				continue
			}
			changed := false
			for i := range rr.History {
				if rr.History[i].Opponent == address {
					rr.History[i].Opponent, changed = standIn, true
				}
			}
			if changed {
				if err := c.Tx.Club().PutRating(rr); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
