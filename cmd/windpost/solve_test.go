package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolveJulgonuJSON(t *testing.T) {
	dir := t.TempDir()
	for round, wantSource := range []string{"computed", "loaded"} {
		a, out, errOut := testApp("")
		if code := run(context.Background(), a, []string{"solve", "julgonu", "--json", "--cache", dir}); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if !strings.Contains(errOut.String(), wantSource) {
			t.Errorf("round %d: stderr %q does not say the table was %s", round, errOut, wantSource)
		}
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		if got["reachable"] != float64(3412738) || got["start"] != "D" {
			t.Fatalf("figures %v", got)
		}
		for _, k := range []string{"wins", "losses", "draws", "longest_win"} {
			if _, ok := got[k]; !ok {
				t.Errorf("no %q in %s", k, out)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "julgonu.table")); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSolveJulgonuPositions(t *testing.T) {
	dir := t.TempDir()
	a, out, errOut := testApp("")
	if code := run(context.Background(), a, []string{"solve", "julgonu", "--cache", dir, "--position", "w2w/4/bw2/2bb b"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"position: w2w/4/bw2/2bb b", "c1-c2 x b2", "a2-a3"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	a, out, errOut = testApp("")
	a.stdin = strings.NewReader("wwww/4/4/bbbb b\nnot a position\n")
	code := run(context.Background(), a, []string{"solve", "julgonu", "--cache", dir, "--positions", "-", "--json"})
	if code != 1 {
		t.Errorf("exit %d with an unreadable line, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"value":"D"`) || !strings.Contains(lines[1], `"error"`) {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(errOut.String(), "loaded") {
		t.Errorf("the second run did not load the cached table: %s", errOut)
	}
}
