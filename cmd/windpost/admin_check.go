package main

import (
	"io"

	"github.com/windpost/windpost/games"
)

// checkJob runs the store's consistency check and writes what it found.
func checkJob(st *games.Store, _ string, w io.Writer) error { return st.Check(w) }

func adminCheck(a *app, args []string) int {
	return adminLook(a, args, "check",
		"Run bbolt's consistency check over the store (pages, free list, buckets) and read every\n"+
			"record; say what was found. It exits 1 if the store is damaged: then restore it from a\n"+
			"copy made with 'windpost admin backup'.")
}
