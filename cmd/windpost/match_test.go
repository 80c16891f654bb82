package main

import (
	"strings"
	"testing"
)

func TestMatchCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string // in the output, in order
	}{
		{[]string{"match", "-make-openings", "2", "-opening-plies", "4", "-opening-nodes", "3000"},
			[]string{"# windpost match -make-openings 2 -opening-plies 4 -opening-nodes 3000 -opening-margin 60 -seed 1\n"}},
		// An opponent that cannot start loses every game, and the match
		// says so.
		{[]string{"match", "-games", "3", "-movetime", "20ms", "-fsf", "/nonexistent/fairy-stockfish", "-elo0", "0", "-elo1", "50", "-moves"},
			[]string{"game 1/3  opening 1  windpost first   win   Fairy-Stockfish: did not start: ", ", 6 plies\n  moves ",
				"game 3/3  opening 2  windpost first   win ",
				"W-D-L 3-0-0, score 100.0%, Elo +Inf",
				"Fairy-Stockfish           0     0.0      0        3",
				"SPRT(elo0 0, elo1 50, alpha 0.05, beta 0.05): LLR 0.00 (bounds -2.94, 2.94): continue"}},
		// Another engine as the opponent, named after its command line;
		// windpost at the club level; a node budget.
		{[]string{"match", "-games", "2", "-nodes", "500", "-level", "club", "-opponent", "/nonexistent/engine-old uci"},
			[]string{"game 1/2  opening 1  windpost first   win   engine-old uci: did not start: ",
				"windpost club vs engine-old uci, 2 games at 500 nodes a move: W-D-L 2-0-0",
				"windpost club", "engine-old uci"}},
	} {
		out, errOut, code := leadRun(t, "", c.args...)
		if code != 0 {
			t.Errorf("%v: code %d, stderr %s", c.args, code, errOut)
		}
		rest := out
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%v: %q missing (in order) from:\n%s", c.args, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
	}
	for _, args := range [][]string{
		{"match", "-openings", "/nonexistent"},
		{"match", "-level", "perfect"},
		{"match", "-level", "club", "-windpost", "./windpost-old uci"},
	} {
		if _, _, code := leadRun(t, "", args...); code != 2 {
			t.Errorf("%v: code %d, want 2", args, code)
		}
	}
}
