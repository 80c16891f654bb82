package games

import (
	"encoding/json"
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"
)

// maxCheckFindings is how many of bbolt's findings Check writes out; the
// rest are counted.
const maxCheckFindings = 50

// Check runs bbolt's consistency check over the store (pages, free list,
// bucket structure) and reads every record, writing what it found in words
// to w. It returns a DamagedError if it found anything wrong.
func (s *Store) Check(w io.Writer) error {
	var pageProblems, recordProblems, records int
	err := guard(s.path, func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			pageSize := tx.DB().Info().PageSize
			var roots []uint64
			if err := tx.ForEach(func(_ []byte, b *bolt.Bucket) error {
				if r := uint64(b.Root()); r != 0 {
					roots = append(roots, r)
				}
				return nil
			}); err != nil {
				return err
			}
			err := pageBounds(s.path, pageSize, uint64(tx.Size())/uint64(pageSize), roots, func(err error) {
				pageProblems++
				if pageProblems <= maxCheckFindings {
					fmt.Fprintf(w, "page structure: %v\n", err)
				}
			})
			if err != nil || pageProblems > 0 {
				return err // bbolt's own check would read past the pages
			}
			for err := range tx.Check() {
				pageProblems++
				if pageProblems <= maxCheckFindings {
					fmt.Fprintf(w, "page structure: %v\n", err)
				}
			}
			if pageProblems > maxCheckFindings {
				fmt.Fprintf(w, "page structure: ... and %d more\n", pageProblems-maxCheckFindings)
			}
			if pageProblems > 0 {
				return nil // walking broken pages could fault
			}
			return storeTx{tx}.eachRecord(func(bucket, key string, v []byte) {
				if v == nil && key == "" {
					return // the bucket itself
				}
				records++
				if len(v) > 0 && bucket != string(bucketMeta) && !json.Valid(v) {
					recordProblems++
					if recordProblems <= maxCheckFindings {
						fmt.Fprintf(w, "record %s/%q: not readable JSON (%d bytes)\n", bucket, key, len(v))
					}
				}
			})
		})
	})
	if err != nil {
		fmt.Fprintf(w, "The check stopped: %v\n", err)
		return err
	}
	if pageProblems+recordProblems == 0 {
		fmt.Fprintf(w, "%s: no problem found (bbolt's consistency check passed; %d records read).\n", s.path, records)
		return nil
	}
	fmt.Fprintf(w, "%s: %d problem(s) in the page structure, %d record(s) that cannot be read.\n", s.path, pageProblems, recordProblems)
	return &DamagedError{Path: s.path, Cause: fmt.Errorf("the check found %d problem(s)", pageProblems+recordProblems)}
}
