package tournament

import (
	"fmt"
	"strconv"
	"strings"
)

// Width is the widest line the tables write, for a mail's 78 columns.
const Width = 78

// gridPlayers is the most players a crosstable shows as a grid; more are listed.
const gridPlayers = 8

// nameWidth is the name column of the tables.
const nameWidth = 16

// heading says what the tables show: the system, the round, the tie-breaks.
func (t *Tournament) heading() string {
	names := make([]string, 0, 2)
	for _, tb := range t.TieBreaks() {
		names = append(names, tb.String())
	}
	word := "tie-break"
	if len(names) > 1 {
		word = "tie-breaks"
	}
	return fmt.Sprintf("%s, %d players, %s\nPoints, then %s: %s\n",
		cap1(t.System.String()), len(t.Players), t.progress(), word, strings.Join(names, ", "))
}

// progress says how far play is: "after round 3 of 3" once a round is
// complete and none later has a result; otherwise the round being played
// and how many of its games have a result ("round 2 of 5, 1 of 4 games
// played"); a round robin, which pairs its rounds at once and whose games
// end in any order, says only the games ("5 of 12 games played").
func (t *Tournament) progress() string {
	played, games, complete := 0, 0, 0
	for i, r := range t.Paired {
		done := true
		for _, g := range r.Games {
			if g.Bye() {
				continue
			}
			games++
			if g.Result != Pending {
				played++
			} else {
				done = false
			}
		}
		if done && complete == i {
			complete++
		}
	}
	switch {
	case len(t.Paired) == 0:
		return fmt.Sprintf("%d rounds, not paired yet", t.Rounds)
	case played == 0:
		return fmt.Sprintf("round 1 of %d, no game played yet", t.Rounds)
	case complete == len(t.Paired) || (complete > 0 && t.playedIn(complete) == played):
		return fmt.Sprintf("after round %d of %d", complete, t.Rounds)
	}
	if len(t.Paired) == t.Rounds && t.System != Swiss {
		// Every round is paired at once and its games end in any order:
		// a round would contradict the result above the table.
		return fmt.Sprintf("%d of %d games played", played, games)
	}
	n := len(t.Paired)
	inRound := 0
	for _, g := range t.Paired[n-1].Games {
		if !g.Bye() {
			inRound++
		}
	}
	return fmt.Sprintf("round %d of %d, %d of %d games played", n, t.Rounds, t.playedIn(n)-t.playedIn(n-1), inRound)
}

// playedIn counts the games with a result in the first n rounds.
func (t *Tournament) playedIn(n int) int {
	played := 0
	for _, r := range t.Paired[:n] {
		for _, g := range r.Games {
			if !g.Bye() && g.Result != Pending {
				played++
			}
		}
	}
	return played
}

func cap1(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// Crosstable writes the crosstable as text no wider than Width: a grid
// (one column per opponent in a round robin, per round in a Swiss) for up
// to 8 players, a list beyond. Cells name the opponent by pairing number.
func (t *Tournament) Crosstable() string {
	if len(t.Players) <= gridPlayers {
		var s string
		if t.System == Swiss {
			s = t.swissGrid()
		} else {
			s = t.robinGrid()
		}
		if fits(s) {
			return s
		}
	}
	return t.crossList()
}

func fits(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if len([]rune(line)) > Width {
			return false
		}
	}
	return true
}

// StandingsTable writes the standings: rank, name, points and tie-breaks.
func (t *Tournament) StandingsTable() string {
	var b strings.Builder
	b.WriteString(t.heading())
	b.WriteString("\n")
	b.WriteString(" Rk  No  " + pad("Name", 30) + "  Rtg   Pts")
	tbs := t.TieBreaks()
	for _, tb := range tbs {
		fmt.Fprintf(&b, " %6s", tb.short())
	}
	b.WriteString("\n")
	for _, s := range t.Standings() {
		name := abbreviate(displayName(s.Player), 30)
		if s.Withdrawn {
			name = abbreviate(displayName(s.Player), 26) + " (w)"
		}
		fmt.Fprintf(&b, "%3d  %2d  %s %4s %5s", s.Rank, s.Number, pad(name, 30), rating(s.Player), s.Points)
		for k, v := range s.TieBreaks {
			fmt.Fprintf(&b, " %6s", tbs[k].format(v))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// robinGrid is a round robin's grid: a column per opponent by pairing number.
func (t *Tournament) robinGrid() string {
	cycles := 1
	if t.System == DoubleRoundRobin {
		cycles = 2
	}
	cells := t.robinCells(cycles)
	titles := make([]string, len(t.Players))
	for j := range titles {
		titles[j] = fmt.Sprintf("%*d", cycles, j+1)
	}
	return t.grid(titles, 6, func(s Standing) []string { return cells[s.Number-1] })
}

// grid writes a crosstable grid: the heading, then a row per player in
// standings order with the cells that row gives under the titles, then
// points and tie-breaks (tbWidth columns each).
func (t *Tournament) grid(titles []string, tbWidth int, row func(Standing) []string) string {
	var b strings.Builder
	b.WriteString(t.heading())
	b.WriteString("\n Rk  No  " + pad("Name", nameWidth) + "  Rtg ")
	for _, title := range titles {
		b.WriteString(" " + title)
	}
	b.WriteString("   Pts")
	tbs := t.TieBreaks()
	for _, tb := range tbs {
		fmt.Fprintf(&b, " %*s", tbWidth, tb.short())
	}
	b.WriteString("\n")
	for _, s := range t.Standings() {
		fmt.Fprintf(&b, "%3d  %2d  %s %4s ", s.Rank, s.Number, pad(rowName(s), nameWidth), rating(s.Player))
		for _, c := range row(s) {
			b.WriteString(" " + c)
		}
		fmt.Fprintf(&b, " %5s", s.Points)
		for k, v := range s.TieBreaks {
			fmt.Fprintf(&b, " %*s", tbWidth, tbs[k].format(v))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// robinCells holds, for each pair of pairing numbers, one character per
// cycle: the row player's result against the column player.
func (t *Tournament) robinCells(cycles int) [][]string {
	n := len(t.Players)
	grid := make([][][]byte, n)
	for i := range grid {
		grid[i] = make([][]byte, n)
		for j := range grid[i] {
			grid[i][j] = []byte(strings.Repeat(".", cycles))
			if i == j {
				grid[i][j] = []byte(strings.Repeat("*", cycles))
			}
		}
	}
	perCycle := bergerRounds(n, false)
	for r, round := range t.Paired {
		cycle := min(r/perCycle, cycles-1)
		for _, g := range round.Games {
			if g.Bye() {
				continue
			}
			w, bl := t.seed(g.White), t.seed(g.Black)
			grid[w][bl][cycle] = cellMark(g.Result, White)
			grid[bl][w][cycle] = cellMark(g.Result, Black)
		}
	}
	out := make([][]string, n)
	for i := range grid {
		out[i] = make([]string, n)
		for j := range grid[i] {
			out[i][j] = string(grid[i][j])
		}
	}
	return out
}

// cellMark is one result as the player of colour c sees it: 1, =, 0, a
// forfeit + or -, or . while it is played.
func cellMark(r Result, c Colour) byte {
	switch {
	case r == Pending:
		return '.'
	case r == Draw:
		return '='
	case r.Forfeit():
		if r.points(c) > 0 {
			return '+'
		}
		return '-'
	case r.points(c) > 0:
		return '1'
	}
	return '0'
}

// swissGrid is a Swiss's grid: a column per round with the opponent's
// number, the colour and the result.
func (t *Tournament) swissGrid() string {
	cells := t.roundCells()
	digits := len(strconv.Itoa(len(t.Players)))
	titles := make([]string, len(t.Paired))
	for r := range titles {
		titles[r] = fmt.Sprintf("%*s", digits+2, "R"+strconv.Itoa(r+1))
	}
	return t.grid(titles, 5, func(s Standing) []string { return cells[s.Player.ID] }) +
		"\n5w1: against number 5 with White, won (= drawn, 0 lost, + - by forfeit,\n. to play).\n"
}

// roundCells gives each player one cell per round paired: the
// opponent's number (as wide as the largest), w or b, and the result
// ("5w1", "12b="), or "bye", or "--" for a round without them.
func (t *Tournament) roundCells() map[string][]string {
	digits := len(strconv.Itoa(len(t.Players)))
	cells := make(map[string][]string, len(t.Players))
	for _, round := range t.Paired {
		for _, p := range t.Players {
			cells[p.ID] = append(cells[p.ID], fmt.Sprintf("%*s", digits+2, "--"))
		}
		last := len(cells[t.Players[0].ID]) - 1
		for _, g := range round.Games {
			if g.Bye() {
				cells[g.White][last] = fmt.Sprintf("%*s", digits+2, "bye")
				continue
			}
			cells[g.White][last] = fmt.Sprintf("%*d%c%c", digits, t.seed(g.Black)+1, 'w', cellMark(g.Result, White))
			cells[g.Black][last] = fmt.Sprintf("%*d%c%c", digits, t.seed(g.White)+1, 'b', cellMark(g.Result, Black))
		}
	}
	return cells
}

// crossList is the crosstable as a list, for more players than a grid
// holds: each player's line, then their rounds, wrapped.
func (t *Tournament) crossList() string {
	cells := t.roundCells()
	var b strings.Builder
	b.WriteString(t.heading())
	for _, s := range t.Standings() {
		fmt.Fprintf(&b, "\n%3d. No %d  %s  %s  Pts %s", s.Rank, s.Number, rowName(s), rating(s.Player), s.Points)
		for k, tb := range t.TieBreaks() {
			fmt.Fprintf(&b, "  %s %s", tb.short(), tb.format(s.TieBreaks[k]))
		}
		b.WriteString("\n")
		line := "    "
		for r, c := range cells[s.Player.ID] {
			item := fmt.Sprintf(" R%d:%s", r+1, strings.TrimLeft(c, " "))
			if len(line)+len(item) > Width {
				b.WriteString(line + "\n")
				line = "    "
			}
			line += item
		}
		if strings.TrimSpace(line) != "" {
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("\nR3:5w1 is round 3 against number 5 with White, won (= drawn, 0 lost,\n+ - by forfeit, . to play).\n")
	return b.String()
}

// rowName is a player's name in a row, marked (w) after a withdrawal.
func rowName(s Standing) string {
	if s.Withdrawn {
		return abbreviate(displayName(s.Player), nameWidth-4) + " (w)"
	}
	return abbreviate(displayName(s.Player), nameWidth)
}

func displayName(p Player) string {
	if strings.TrimSpace(p.Name) != "" {
		return strings.Join(strings.Fields(p.Name), " ")
	}
	return p.ID
}

// abbreviate shortens a name to width runes: initials for all but the
// last word ("J. R. Smith"), then the last word cut.
func abbreviate(name string, width int) string {
	if len([]rune(name)) <= width {
		return name
	}
	words := strings.Fields(name)
	if len(words) > 1 {
		short := ""
		for _, w := range words[:len(words)-1] {
			short += string([]rune(w)[:1]) + ". "
		}
		short += words[len(words)-1]
		if len([]rune(short)) <= width {
			return short
		}
		name = short
	}
	r := []rune(name)
	return string(r[:width-1]) + "."
}

// pad fills s with spaces to width runes.
func pad(s string, width int) string {
	if n := len([]rune(s)); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

func rating(p Player) string {
	if p.Rating <= 0 {
		return "-"
	}
	return strconv.Itoa(p.Rating)
}

// format writes a tie-break's value: Sonneborn-Berger in quarters, Buchholz in halves.
func (tb TieBreak) format(v float64) string {
	if tb == SonnebornBerger {
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}
