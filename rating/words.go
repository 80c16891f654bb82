package rating

import (
	"fmt"
	"math"
)

// ProvisionalRD is the deviation from which a rating is provisional:
// Lichess's provisionalDeviation.
const ProvisionalRD = 110.0

// Provisional reports whether the rating is still provisional: its RD is
// ProvisionalRD or more.
func (r Rating) Provisional() bool {
	return r.RD >= ProvisionalRD
}

// String says the rating in words, rounded: "1523 (provisional, ±210)" or
// "1523 (±62)", where ± is the RD.
func (r Rating) String() string {
	if r.Provisional() {
		return fmt.Sprintf("%d (provisional, ±%d)", round(r.R), round(r.RD))
	}
	return fmt.Sprintf("%d (±%d)", round(r.R), round(r.RD))
}

// Change says how a game moved a rating, in whole points as String rounds
// them: "+12", "-7", "+0".
func Change(before, after Rating) string {
	return fmt.Sprintf("%+d", round(after.R)-round(before.R))
}

func round(x float64) int {
	return int(math.Round(x))
}
