package tournament

// BergerTable returns FIDE's Berger tables (Handbook C.05, Annex 1) for a
// number of players: for each round, the boards as (White, Black) pairing
// numbers counted from 1. For an odd number, pairing number players+1 is
// the bye: whoever meets it rests that round.
func BergerTable(players int) [][][2]int {
	n := players + players%2
	m := n - 1
	half := n / 2
	table := make([][][2]int, m)
	for r := range m {
		p := (r*half)%m + 1 // player n's opponent
		games := make([][2]int, 0, half)
		if r%2 == 0 {
			games = append(games, [2]int{p, n})
		} else {
			games = append(games, [2]int{n, p})
		}
		for k := 1; k < half; k++ {
			w := (p-1+k)%m + 1
			b := ((p-1-k)%m+m)%m + 1
			games = append(games, [2]int{w, b})
		}
		table[r] = games
	}
	return table
}

// bergerRounds is the number of rounds of a (double) round robin.
func bergerRounds(players int, double bool) int {
	r := players + players%2 - 1
	if double {
		r *= 2
	}
	return r
}

// bergerRound is the table's round (from 0) that a tournament plays as
// its round r (from 0), and whether colours are reversed. A double round
// robin plays the table again with colours reversed, and swaps the last
// two rounds of the first cycle so that nobody has the same colour three
// times in a row where the cycles meet.
func bergerRound(r, perCycle int, double bool) (int, bool) {
	if !double {
		return r, false
	}
	if r >= perCycle {
		return r - perCycle, true
	}
	if perCycle >= 3 && r >= perCycle-2 {
		return 2*perCycle - 3 - r, false
	}
	return r, false
}

// bergerGames makes the games of round r (from 0) of a round robin: the
// bye last, games against a withdrawn player already forfeited.
func (t *Tournament) bergerGames(r int) []Game {
	n := len(t.Players)
	table := BergerTable(n)
	tr, reversed := bergerRound(r, len(table), t.System == DoubleRoundRobin)
	var games []Game
	var bye *Game
	for _, pair := range table[tr] {
		w, b := pair[0], pair[1]
		if reversed {
			w, b = b, w
		}
		switch {
		case w > n:
			bye = &Game{White: t.Players[b-1].ID}
		case b > n:
			bye = &Game{White: t.Players[w-1].ID}
		default:
			g := Game{White: t.Players[w-1].ID, Black: t.Players[b-1].ID}
			forfeitWithdrawn(&g, t.Withdrawn)
			games = append(games, g)
		}
	}
	if bye != nil && !t.Withdrawn[bye.White] {
		games = append(games, *bye)
	}
	return games
}
