// Package testenv reads the figures windpost's long tests take from the
// environment (how many games a match plays), so that a full run is one
// variable away and a wrong value fails with what would be right.
package testenv

import (
	"os"
	"strconv"
	"testing"
)

// Count is the whole number in the environment variable name, which must
// be min or more, or def when the variable is unset or empty; any other
// value fails the test, saying what it wants.
func Count(t testing.TB, name string, min, def int) int {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < min {
		t.Fatalf("%s=%q: want a whole number, %d or more", name, s, min)
	}
	return n
}
