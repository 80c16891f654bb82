package tournament

import (
	"slices"
	"sort"
)

// TieBreak is a way of ordering players on equal points.
type TieBreak int8

// The tie-breaks: Sonneborn-Berger for round robins, Buchholz Cut-1 and
// then Buchholz for a Swiss.
const (
	// SonnebornBerger sums the scores of the opponents beaten and half those drawn with.
	SonnebornBerger TieBreak = iota + 1
	// BuchholzCut1 is Buchholz without the lowest opponent's score.
	BuchholzCut1
	// Buchholz sums the opponents' scores; a round not played counts the player's own score.
	Buchholz
)

// String names the tie-break as tables print it.
func (tb TieBreak) String() string {
	switch tb {
	case SonnebornBerger:
		return "Sonneborn-Berger"
	case BuchholzCut1:
		return "Buchholz Cut-1"
	case Buchholz:
		return "Buchholz"
	}
	return "TieBreak?"
}

// short is the tie-break's column heading.
func (tb TieBreak) short() string {
	switch tb {
	case SonnebornBerger:
		return "SB"
	case BuchholzCut1:
		return "BH-C1"
	}
	return "BH"
}

// TieBreaks are the tie-breaks of the tournament's system, in the order applied.
func (t *Tournament) TieBreaks() []TieBreak {
	if t.System == Swiss {
		return []TieBreak{BuchholzCut1, Buchholz}
	}
	return []TieBreak{SonnebornBerger}
}

// Standing is one line of the standings.
type Standing struct {
	// Rank counts from 1; players equal on points and every tie-break share it.
	Rank int
	// Number is the player's pairing number, counted from 1.
	Number    int
	Player    Player
	Points    Score
	TieBreaks []float64 // in the order of Tournament.TieBreaks
	Withdrawn bool
}

// Standings ranks the players by points, then by the tie-breaks, then by seed.
func (t *Tournament) Standings() []Standing {
	hs := t.histories()
	tbs := t.TieBreaks()
	out := make([]Standing, len(t.Players))
	for i, p := range t.Players {
		s := Standing{Number: i + 1, Player: p, Points: hs[p.ID].score, Withdrawn: t.Withdrawn[p.ID]}
		for _, tb := range tbs {
			s.TieBreaks = append(s.TieBreaks, t.tieBreak(tb, p.ID, hs))
		}
		out[i] = s
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Points != out[j].Points {
			return out[i].Points > out[j].Points
		}
		for k := range out[i].TieBreaks {
			if out[i].TieBreaks[k] != out[j].TieBreaks[k] {
				return out[i].TieBreaks[k] > out[j].TieBreaks[k]
			}
		}
		return false
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Points == out[i-1].Points && slices.Equal(out[i].TieBreaks, out[i-1].TieBreaks) {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// tieBreak computes one tie-break for one player.
func (t *Tournament) tieBreak(tb TieBreak, id string, hs map[string]*history) float64 {
	own := hs[id].score
	var sb Score // in quarter points: half-points times half-points
	var parts []Score
	for _, r := range t.Paired {
		for _, g := range r.Games {
			if g.White != id && g.Black != id {
				continue
			}
			if g.Bye() {
				parts = append(parts, own)
				continue
			}
			me, opp := White, g.Black
			if g.Black == id {
				me, opp = Black, g.White
			}
			if g.Result.Forfeit() {
				parts = append(parts, own)
			} else {
				parts = append(parts, hs[opp].score)
			}
			if g.Result != Pending {
				sb += g.Result.points(me) * hs[opp].score
			}
		}
	}
	switch tb {
	case SonnebornBerger:
		return float64(sb) / 4
	case BuchholzCut1:
		if len(parts) > 0 {
			parts = slices.Clone(parts)
			slices.Sort(parts)
			parts = parts[1:]
		}
	}
	var sum Score
	for _, p := range parts {
		sum += p
	}
	return float64(sum) / 2
}
