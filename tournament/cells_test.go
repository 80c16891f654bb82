package tournament

import (
	"strings"
	"testing"
)

// TestCells: the crosstable and the standings as cells have a cell for
// every column in every row, in standings order; a round robin of up to 8
// has a column per player, a Swiss and a larger field a column per round,
// with the legend; the points and the rank agree with Standings.
func TestCells(t *testing.T) {
	tests := []struct {
		name              string
		system            System
		rounds, players   int
		perPlayer, legend bool
	}{
		{"roundrobin4", RoundRobin, 0, 4, true, false},
		{"doubleroundrobin4", DoubleRoundRobin, 0, 4, true, false},
		{"swiss8", Swiss, 5, 8, false, true},
		{"roundrobin10", RoundRobin, 0, 10, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := New(tt.system, tt.rounds, named(tt.players))
			if err != nil {
				t.Fatal(err)
			}
			playOut(t, tour, 0, nil)
			standings := tour.Standings()
			for _, c := range []Cells{tour.CrosstableCells(), tour.StandingsCells()} {
				if len(c.Rows) != tt.players || len(c.Numeric) != len(c.Columns) || !strings.Contains(c.Heading, "Points, then") {
					t.Fatalf("%d rows, %d columns, %d numeric flags, heading %q", len(c.Rows), len(c.Columns), len(c.Numeric), c.Heading)
				}
				pts := len(c.Columns) - 1 - len(tour.TieBreaks())
				if c.Columns[pts] != "Pts" || c.Numeric[2] {
					t.Errorf("columns %q", c.Columns)
				}
				for i, r := range c.Rows {
					if len(r) != len(c.Columns) {
						t.Errorf("row %d has %d cells for %d columns: %q", i, len(r), len(c.Columns), r)
					}
					if r[pts] != standings[i].Points.String() || r[2] != rowName(standings[i]) {
						t.Errorf("row %d: %q, want %s with %s points", i, r, rowName(standings[i]), standings[i].Points)
					}
				}
			}
			c := tour.CrosstableCells()
			if perPlayer := len(c.Columns) == 4+tt.players+1+len(tour.TieBreaks()); perPlayer != tt.perPlayer || (c.Legend != "") != tt.legend {
				t.Errorf("columns %q, legend %q", c.Columns, c.Legend)
			}
		})
	}
}
