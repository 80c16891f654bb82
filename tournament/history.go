package tournament

// history is what the rounds so far say about one player.
type history struct {
	id   string
	seed int
	// score counts byes, forfeits and games with a result.
	score Score
	// colours are the colours of games played over the board, in order.
	colours []Colour
	// met holds everyone the player has been paired with, forfeits included.
	met map[string]bool
	// byeBarred is set by a bye or a win by forfeit: no pairing-allocated bye follows.
	byeBarred bool
	// floatedDown is set by a bye or an opponent with a lower score in the last round.
	floatedDown bool
}

// byePoints is what a bye is worth: a point in a Swiss, nothing in a round robin.
func (t *Tournament) byePoints() Score {
	if t.System == Swiss {
		return 2
	}
	return 0
}

// histories reads every player's history from the rounds paired so far.
func (t *Tournament) histories() map[string]*history {
	hs := make(map[string]*history, len(t.Players))
	for i, p := range t.Players {
		hs[p.ID] = &history{id: p.ID, seed: i, met: map[string]bool{}}
	}
	for _, r := range t.Paired {
		before := make(map[string]Score, len(hs))
		for id, h := range hs {
			before[id], h.floatedDown = h.score, false
		}
		for _, g := range r.Games {
			w := hs[g.White]
			if g.Bye() {
				w.score += t.byePoints()
				w.byeBarred = w.byeBarred || t.System == Swiss
				w.floatedDown = true
				continue
			}
			b := hs[g.Black]
			w.floatedDown = before[w.id] > before[b.id]
			b.floatedDown = before[b.id] > before[w.id]
			w.met[b.id], b.met[w.id] = true, true
			w.score += g.Result.points(White)
			b.score += g.Result.points(Black)
			switch g.Result {
			case Pending, DoubleForfeit:
			case WhiteWinsByForfeit:
				w.byeBarred = true
			case BlackWinsByForfeit:
				b.byeBarred = true
			default:
				w.colours = append(w.colours, White)
				b.colours = append(b.colours, Black)
			}
		}
	}
	return hs
}

// Strengths of a colour preference (FIDE C.04.3 A.6).
const (
	noPreference = iota
	mild
	strong
	absolute
)

// preference is the colour a player should have next, and how strongly.
type preference struct {
	colour   Colour
	strength int
}

// preferenceOf reads a colour preference from the colours played:
// absolute when the colour difference is beyond ±1 or the last two games
// had the same colour, strong when it is ±1, mild (alternate) when it is 0.
func preferenceOf(colours []Colour) preference {
	n := len(colours)
	if n == 0 {
		return preference{}
	}
	diff := 0
	for _, c := range colours {
		if c == White {
			diff++
		} else {
			diff--
		}
	}
	last := colours[n-1]
	twice := n >= 2 && colours[n-2] == last
	switch {
	case diff < -1 || (twice && last == Black):
		return preference{White, absolute}
	case diff > 1 || (twice && last == White):
		return preference{Black, absolute}
	case diff == -1:
		return preference{White, strong}
	case diff == 1:
		return preference{Black, strong}
	}
	return preference{last.Opposite(), mild}
}

// clash reports whether two preferences ask for the same colour, and
// whether the one left without it had a strong (or absolute) preference.
func clash(a, b preference) (conflict, hard bool) {
	if a.colour == NoColour || a.colour != b.colour {
		return false, false
	}
	return true, min(a.strength, b.strength) >= strong
}

// allocate gives colours to a pair (FIDE C.04.3 E.1-E.5); hi is the
// higher ranked. It reports whether hi has White.
func allocate(hi, lo *history) bool {
	a, b := preferenceOf(hi.colours), preferenceOf(lo.colours)
	wantsWhite := func(p preference) bool { return p.colour == White }
	switch {
	case a.colour != NoColour && a.colour != b.colour && b.colour != NoColour,
		a.colour != NoColour && b.colour == NoColour:
		return wantsWhite(a) // E.1: both preferences, or the only one
	case a.colour == NoColour && b.colour != NoColour:
		return !wantsWhite(b)
	case a.colour != NoColour && a.strength != b.strength: // E.2: the stronger
		if a.strength > b.strength {
			return wantsWhite(a)
		}
		return !wantsWhite(b)
	}
	// E.3: alternate from the latest round in which their colours differed.
	for k := 1; k <= min(len(hi.colours), len(lo.colours)); k++ {
		ca, cb := hi.colours[len(hi.colours)-k], lo.colours[len(lo.colours)-k]
		if ca != cb {
			return ca == Black
		}
	}
	if a.colour != NoColour {
		return wantsWhite(a) // E.4: the higher ranked player's preference
	}
	return hi.seed%2 == 0 // E.5: an odd pairing number takes the initial colour, White
}
