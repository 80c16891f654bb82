// Package golden is for tests only: it compares what a test made with a
// golden file, or rewrites the file when the test runs with -update.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update is the -update flag of every test binary that imports this
// package (testing parses the command line after package init).
var update = flag.Bool("update", false, "rewrite the golden files")

// Check compares got with the file at path, or with -update writes it
// (making its folder). A missing file fails with how to make it.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file; got:\n%s", path, got)
	}
}
