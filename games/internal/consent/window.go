package consent

import (
	"slices"
	"time"
)

// Window is when something happened to or by an address, oldest first,
// kept only as long as a cap looks back (an hour, a day): the player
// record keeps one per cap, as JSON times.
type Window []time.Time

// Since is w without the times at or before now-span: what the cap that
// looks back span counts at now.
func (w Window) Since(now time.Time, span time.Duration) Window {
	from := now.Add(-span)
	return slices.DeleteFunc(w, func(t time.Time) bool { return !t.After(from) })
}

// Freed is when the oldest time of w stops counting for a cap that looks
// back span, or now+span if w is empty.
func (w Window) Freed(now time.Time, span time.Duration) time.Time {
	if len(w) == 0 {
		return now.Add(span)
	}
	return w[0].Add(span)
}
