package main

import (
	"strings"
	"testing"
)

func TestUCICommand(t *testing.T) {
	out, errOut, code := leadRun(t, "uci\nposition startpos moves d2d3\nd\nquit\n", "uci")
	if code != 0 || !strings.Contains(out, "option name UCI_Variant type combo default micro var micro\n") ||
		!strings.HasSuffix(out, "uciok\ninfo string fen kb+r+l/p3/3P/4/+L+RBK[] b - - 0 1\n") {
		t.Errorf("code %d, out:\n%s\nstderr: %s", code, out, errOut)
	}
	if _, _, code := leadRun(t, "", "uci", "extra"); code != 2 {
		t.Errorf("an argument: code %d, want 2", code)
	}
}

// windpost uci prints an info line for each iteration of its search, then
// the bestmove.
func TestUCICommandInfoPerIteration(t *testing.T) {
	out, errOut, code := leadRun(t, "position startpos\ngo depth 4\n", "uci")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 5 || !strings.HasPrefix(lines[4], "bestmove ") {
		t.Fatalf("code %d, out:\n%s\nstderr: %s", code, out, errOut)
	}
	for i, l := range lines[:4] {
		want := "info depth " + string(rune('1'+i)) + " seldepth "
		if !strings.HasPrefix(l, want) || !strings.Contains(l, " multipv 1 score ") || !strings.Contains(l, " hashfull ") {
			t.Errorf("line %d: %q, want %q... multipv 1 score ... hashfull", i, l, want)
		}
	}
}
