// Package storetest opens stores for the tests of the packages that read
// and write through a store.Tx.
package storetest

import (
	"path/filepath"
	"testing"

	"github.com/windpost/windpost/games/internal/store"
)

// Open opens a new store with o in a directory of t's, closed when t ends.
func Open(t testing.TB, o store.Options) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "windpost.db"), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
