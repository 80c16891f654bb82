package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/variants"
)

func julgonuTestApp() (*app, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return &app{
		stdin: strings.NewReader(""), stdout: &out, stderr: &errOut,
		catalog: func(dir string) *variants.Catalog { return variants.Default(variants.Options{CacheDir: dir}) },
	}, &out, &errOut
}

func TestSolveJulgonuJSON(t *testing.T) {
	dir := t.TempDir()
	for round, wantSource := range []string{"computed", "loaded"} {
		a, out, errOut := julgonuTestApp()
		if code := solveJulgonu(context.Background(), a, []string{"--json", "--cache", dir}); code != 0 {
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
