package games

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
	address string
	r       rating.Rating // as of now: the deviation grown since the last rated game
	games   int
}

// standingRows reads a game's ratings as of now, best first (by the
// rating, then the smaller deviation, then the address): the table of
// "standings" by mail and of the web view. A rating that cannot be read
// is passed to skip and left out.
func standingRows(st storeTx, variant string, now time.Time, skip func(error)) ([]standingRow, error) {
	var rows []standingRow
	err := st.club().EachRating(variant, func(rr *club.Rating, err error) error {
		if err != nil {
			skip(err)
			return nil
		}
		r, err := ratingSystem().Age(rr.Rating, now.Sub(rr.Last))
		if err != nil {
			return err
		}
		rows = append(rows, standingRow{rr.Address, r, rr.Games})
		return nil
	})
	slices.SortFunc(rows, func(a, b standingRow) int {
		return cmp.Or(cmp.Compare(club.Whole(b.r.R), club.Whole(a.r.R)), cmp.Compare(a.r.RD, b.r.RD), strings.Compare(a.address, b.address))
	})
	return rows, err
}

// standingsSize is how many players "standings" lists.
const standingsSize = 30
