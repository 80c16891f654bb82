package club

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/rating"
)

// Seek is an open seek as the seeks bucket keeps it.
type Seek struct {
	V       int    `json:"v"`
	ID      string `json:"id"`
	Variant string `json:"variant"`
	Seeker  string `json:"seeker"` // canonical address
	Side    string `json:"side,omitempty"`
	Days    int    `json:"days"` // per move
	Rated   bool   `json:"rated,omitempty"`
	// Min and Max are the joiner's rating range, both 0 for anyone.
	Min     int       `json:"min,omitempty"`
	Max     int       `json:"max,omitempty"`
	Created time.Time `json:"created"`
	Expires time.Time `json:"expires"`
}

// ValidSeekID reports whether s has the form of a seek id ("s7k3q").
func ValidSeekID(s string) bool { return keys.ValidID(s, 's') }

// Admits reports whether a joiner rated r fits the seek's rating range. An
// established rating fits if it is in the range; a provisional one (RD
// 110 or more: few games, or none) stands for the ratings r ± RD, and
// fits if they overlap the range.
func (s *Seek) Admits(r rating.Rating) bool {
	if s.Min == 0 && s.Max == 0 {
		return true
	}
	lo, hi := Whole(r.R), Whole(r.R)
	if r.Provisional() {
		lo, hi = Whole(r.R-r.RD), Whole(r.R+r.RD)
	}
	return hi >= s.Min && lo <= s.Max
}

// Whole is a rating's figure as players read it, rounded.
func Whole(x float64) int { return int(math.Round(x)) }

// Terms are the seek's terms in words as reader reads them: "3 days per
// move, rated, for players rated 1400-1700, the seeker plays black" ("you
// play black" to the seeker).
func (s *Seek) Terms(reader string) string {
	return strings.Join(s.TermParts(reader), ", ")
}

// TermParts are the terms one by one, the seeker's side (if the seek
// names it) last.
func (s *Seek) TermParts(reader string) []string {
	days := fmt.Sprintf("%d days", s.Days)
	if s.Days == 1 {
		days = "1 day"
	}
	parts := []string{days + " per move", "unrated"}
	if s.Rated {
		parts[1] = "rated"
	}
	if s.Min != 0 || s.Max != 0 {
		parts = append(parts, fmt.Sprintf("for players rated %d-%d", s.Min, s.Max))
	}
	switch {
	case s.Side == "":
	case reader == s.Seeker:
		parts = append(parts, "you play "+s.Side)
	default:
		parts = append(parts, "the seeker plays "+s.Side)
	}
	return parts
}

// Command is the seek written as a command again.
func (s *Seek) Command() string {
	line := fmt.Sprintf("seek %s days %d", s.Variant, s.Days)
	if !s.Rated {
		line += " unrated"
	}
	if s.Min != 0 || s.Max != 0 {
		line += fmt.Sprintf(" rating %d-%d", s.Min, s.Max)
	}
	if s.Side != "" {
		line += " as " + s.Side
	}
	return line
}
