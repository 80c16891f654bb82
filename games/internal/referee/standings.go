package referee

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/rating"
)

// standingRow is one rated player of a game, as the standings list them.
type standingRow struct {
	Address string
	R       rating.Rating // as of now: the deviation grown since the last rated game
	Games   int
}

// StandingRows reads a game's ratings as of now, best first (by the
// rating, then the smaller deviation, then the address): the table of
// "standings" by mail and of the web view. A rating that cannot be read
// is passed to skip and left out.
func StandingRows(st StoreTx, variant string, now time.Time, skip func(error)) ([]standingRow, error) {
	var rows []standingRow
	err := st.Club().EachRating(variant, func(rr *club.Rating, err error) error {
		if err != nil {
			skip(err)
			return nil
		}
		r, err := RatingSystem().Age(rr.Rating, now.Sub(rr.Last))
		if err != nil {
			return err
		}
		rows = append(rows, standingRow{rr.Address, r, rr.Games})
		return nil
	})
	slices.SortFunc(rows, func(a, b standingRow) int {
		return cmp.Or(cmp.Compare(club.Whole(b.R.R), club.Whole(a.R.R)), cmp.Compare(a.R.RD, b.R.RD), strings.Compare(a.Address, b.Address))
	})
	return rows, err
}

// StandingsSize is how many players "standings" lists.
const StandingsSize = 30
