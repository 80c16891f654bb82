package store

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"
)

// maxCheckFindings is how many of the walk's findings Check writes out;
// the rest are counted.
const maxCheckFindings = 50

// Check runs bbolt's consistency check over the store (pages, free list,
// bucket structure) and reads every record, writing what it found in words
// to w. It returns a DamagedError if it found anything wrong.
func (s *DB) Check(w io.Writer) error {
	var found walkFindings
	err := guard(s.path, func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			var err error
			found, err = walkStore(s.path, tx, func(finding string) bool {
				fmt.Fprintln(w, finding)
				return true
			}, maxCheckFindings)
			return err
		})
	})
	if err != nil {
		fmt.Fprintf(w, "The check stopped: %v\n", err)
		return err
	}
	if found.problems() > maxCheckFindings {
		fmt.Fprintf(w, "... and %d more\n", found.problems()-maxCheckFindings)
	}
	if found.problems() == 0 {
		fmt.Fprintf(w, "%s: no problem found (bbolt's consistency check passed; %d records read).\n", s.path, found.records)
		return nil
	}
	fmt.Fprintf(w, "%s: %d problem(s) in the page structure, %d record(s) that cannot be read.\n", s.path, found.pages, found.bad)
	return &DamagedError{Path: s.path, Cause: fmt.Errorf("the check found %d problem(s)", found.problems())}
}

// walkFindings counts what walkStore found.
type walkFindings struct {
	records int // records read
	pages   int // problems in the page structure
	bad     int // records that cannot be read
}

// problems is how many problems the walk found.
func (f walkFindings) problems() int { return f.pages + f.bad }

// walkStore reads every page and every record that tx reaches, as Open
// does before the store is used and Check does for the operator: the
// page bounds of check_pages.go, then bbolt's own consistency check (only
// if the bounds hold: it reads pages in a goroutine of its own, where a
// fault would kill the process), then every record (only if the pages
// hold), which must be JSON in valid UTF-8 (as windpost writes them;
// meta's values and the indexes' empty values aside), and the meta
// bucket's schema version and secret, which must be there. Each problem is
// said in words to say, up to limit of them; the walk stops early when
// say returns false. An error is a failure to read, not a finding. It
// must run under guard: bbolt may still panic on a page the bounds let
// through.
func walkStore(path string, tx *bolt.Tx, say func(string) bool, limit int) (walkFindings, error) {
	var f walkFindings
	more := true
	page := func(err error) {
		f.pages++
		if more && f.pages+f.bad <= limit {
			more = say("page structure: " + err.Error())
		}
	}
	record := func(bucket, key, why string) {
		f.bad++
		if more && f.pages+f.bad <= limit {
			more = say(fmt.Sprintf("record %s/%q: %s", bucket, key, why))
		}
	}
	var roots []uint64
	var buckets [][]byte
	c := tx.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v != nil {
			page(fmt.Errorf("the top-level entry %q is a value where a bucket belongs (bbolt would say %q)", k, "incompatible value"))
			continue
		}
		b := tx.Bucket(k)
		if b == nil {
			page(fmt.Errorf("the top-level entry %q is neither a bucket nor a value", k))
			continue
		}
		buckets = append(buckets, k)
		if r := uint64(b.Root()); r != 0 {
			roots = append(roots, r)
		}
	}
	pageSize := tx.DB().Info().PageSize
	if err := pageBounds(path, pageSize, uint64(tx.Size())/uint64(pageSize), roots, page); err != nil || f.pages > 0 {
		return f, err // bbolt's own check would read past the pages
	}
	for err := range tx.Check() {
		if why, ok := strings.CutPrefix(err.Error(), "panic: "); ok {
			err = fmt.Errorf("bbolt's check failed on it: %s", why) // it recovered a panic
		}
		page(err)
	}
	if f.pages > 0 {
		return f, nil // walking broken pages could fault
	}
	if meta := tx.Bucket([]byte(Meta)); meta != nil { // Open writes both with the bucket
		for _, k := range [][]byte{[]byte(KeySchema), []byte(KeySecret)} {
			if meta.Get(k) == nil {
				record(string(Meta), string(k), "missing (Open would write a new one: every reply key would be void)")
			}
		}
	}
	for _, name := range buckets {
		b := tx.Bucket(name)
		meta := string(name) == string(Meta)
		err := b.ForEach(func(k, v []byte) error {
			f.records++
			switch {
			case v == nil && b.Bucket(k) != nil:
				record(string(name), string(k), "a bucket where a record belongs")
			case meta || len(v) == 0:
			case !utf8.Valid(v):
				record(string(name), string(k), fmt.Sprintf("bytes that are not UTF-8 (%d bytes)", len(v)))
			case !wellFormedJSON(v):
				record(string(name), string(k), fmt.Sprintf("not readable JSON (%d bytes)", len(v)))
			}
			if !more {
				return errStopWalk
			}
			return nil
		})
		if err == errStopWalk {
			return f, nil
		}
		if err != nil {
			return f, err
		}
	}
	return f, nil
}

// errStopWalk ends a ForEach of walkStore when its caller has heard enough.
var errStopWalk = fmt.Errorf("enough found")
