package tournament

import (
	"strconv"
	"strings"

	"github.com/windpost/windpost/document"
)

// Cells is a table of the tournament as cells, for a mail or page that
// lays it out itself (a mail's HTML <table>): the heading above it, the
// columns' titles, which columns hold numbers (aligned right), the rows,
// and the legend below ("" for none).
type Cells struct {
	Heading string
	Columns []string
	Numeric []bool
	Rows    [][]string
	Legend  string
}

// CrosstableCells is the crosstable as cells: a row per player in
// standings order, a column per opponent by pairing number in a round
// robin, per round in a Swiss (the opponent's number, w or b, the
// result), then points and tie-breaks.
func (t *Tournament) CrosstableCells() Cells {
	c := Cells{Heading: strings.TrimRight(t.heading(), "\n")}
	var titles []string
	var row func(Standing) []string
	if t.System == Swiss || len(t.Players) > gridPlayers {
		cells := t.roundCells()
		for r := range t.Paired {
			titles = append(titles, "R"+strconv.Itoa(r+1))
		}
		row = func(s Standing) []string { return trimmed(cells[s.Player.ID]) }
		c.Legend = "5w1: against number 5 with White, won (= drawn, 0 lost, + - by forfeit, . to play)."
	} else {
		cycles := 1
		if t.System == DoubleRoundRobin {
			cycles = 2
		}
		cells := t.robinCells(cycles)
		for j := range t.Players {
			titles = append(titles, strconv.Itoa(j+1))
		}
		row = func(s Standing) []string { return cells[s.Number-1] }
	}
	c.head(t, titles)
	for _, s := range t.Standings() {
		r := append([]string{strconv.Itoa(s.Rank), strconv.Itoa(s.Number), rowName(s), rating(s.Player)}, row(s)...)
		c.Rows = append(c.Rows, c.tail(t, r, s))
	}
	return c
}

// StandingsCells is the standings as cells: rank, number, name, rating,
// points and tie-breaks.
func (t *Tournament) StandingsCells() Cells {
	c := Cells{Heading: strings.TrimRight(t.heading(), "\n")}
	c.head(t, nil)
	for _, s := range t.Standings() {
		c.Rows = append(c.Rows, c.tail(t, []string{strconv.Itoa(s.Rank), strconv.Itoa(s.Number), rowName(s), rating(s.Player)}, s))
	}
	return c
}

// head sets the columns: rank, number, name, rating, titles, points and
// the tie-breaks.
func (c *Cells) head(t *Tournament, titles []string) {
	c.Columns = append([]string{"Rk", "No", "Name", "Rtg"}, titles...)
	c.Columns = append(c.Columns, "Pts")
	for _, tb := range t.TieBreaks() {
		c.Columns = append(c.Columns, tb.short())
	}
	c.Numeric = make([]bool, len(c.Columns))
	for i := range c.Numeric {
		c.Numeric[i] = i != 2
	}
}

// tail is row r of s with its points and tie-breaks.
func (c *Cells) tail(t *Tournament, r []string, s Standing) []string {
	r = append(r, s.Points.String())
	for k, tb := range t.TieBreaks() {
		r = append(r, tb.format(s.TieBreaks[k]))
	}
	return r
}

// trimmed is cells without their padding.
func trimmed(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = strings.TrimSpace(c)
	}
	return out
}

// Blocks is the table as a mail's blocks: its heading, the table (the
// numbers aligned right), its legend.
func (c Cells) Blocks() []document.Block {
	t := document.TablePart{Indent: 1}
	for i, name := range c.Columns {
		col := document.Column{Name: name}
		if c.Numeric[i] {
			col.Align = document.Right
		}
		t.Columns = append(t.Columns, col)
	}
	t.Rows = c.Rows
	out := []document.Block{document.Para(c.Heading), document.Grid(t)}
	if c.Legend != "" {
		out = append(out, document.Joined(document.Para(c.Legend)))
	}
	return out
}

// Text is the table as a mail's text shows it.
func (c Cells) Text() string { return document.Document{Blocks: c.Blocks()}.Text() }
