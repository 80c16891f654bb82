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
