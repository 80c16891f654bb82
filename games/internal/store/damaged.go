package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ErrDamaged is wrapped by every error that says the store file is
// damaged: it cannot be read as a bbolt file, it is shorter than its own
// pages say, or bbolt failed (panicked) on one of its pages.
var ErrDamaged = errors.New("the store is damaged")

// ErrNotAStore is wrapped by Open's error for an existing file that is not
// a windpost store: an empty file, or a bbolt file of another program.
// Open never writes a new store over such a file.
var ErrNotAStore = errors.New("the file is not a windpost store")

// DamagedError says which store file is damaged, what was found, and what
// the operator can do; it is ErrDamaged for errors.Is.
type DamagedError struct {
	Path  string
	Cause error
}

// Error names the file, what went wrong, and the way out.
func (e *DamagedError) Error() string {
	return fmt.Sprintf("the store %s is damaged (%v). Restore it from a copy made with "+
		"`windpost admin backup` (stop windpost serve first, keep the damaged file aside), "+
		"and run `windpost admin check --store %s` to see what is wrong with it", e.Path, e.Cause, e.Path)
}

// Unwrap returns what was found.
func (e *DamagedError) Unwrap() error { return e.Cause }

// Is makes the error ErrDamaged for errors.Is.
func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// notAStoreError says which existing file is not a windpost store; it is
// ErrNotAStore for errors.Is.
type notAStoreError struct {
	path, why string
}

// Error names the file and why it was refused.
func (e *notAStoreError) Error() string {
	return fmt.Sprintf("open store: %s is %s, not a windpost store. windpost does not write a new store over it "+
		"(a new store has a new server secret: every reply key and game would be gone). Restore the store from a copy "+
		"made with `windpost admin backup`, or name another file; to start afresh, move this one away yourself",
		e.path, e.why)
}

// Is makes the error ErrNotAStore for errors.Is.
func (e *notAStoreError) Is(target error) bool { return target == ErrNotAStore }

// refuseEmpty refuses an existing file of zero length: bbolt would make a
// new store of it, with a new secret, silently.
func refuseEmpty(path string) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > 0 {
		return nil // a missing file is a new store; bbolt says the rest
	}
	return &notAStoreError{path: path, why: "an empty file (0 bytes)"}
}

// damagedOpen tells apart the errors of bolt.Open that mean the file's
// contents are wrong (wrapped as damaged: an invalid or mismatched meta
// page, a file shorter than two of its pages ("file size too small"), and
// any other word of bbolt's about what it read) from the errors of the
// system (the file cannot be opened, locked, read or mapped), which are
// said as they are.
func damagedOpen(path string, err error) error {
	var errno syscall.Errno
	var pathErr *fs.PathError
	if errors.As(err, &errno) || errors.As(err, &pathErr) {
		return fmt.Errorf("open store %s: %w", path, err)
	}
	why := "bbolt cannot read it"
	if errors.Is(err, bolterrors.ErrInvalid) || errors.Is(err, bolterrors.ErrVersionMismatch) ||
		errors.Is(err, bolterrors.ErrChecksum) {
		why = "not a bbolt file, or its first pages are damaged"
	}
	return &DamagedError{Path: path, Cause: fmt.Errorf("%s: %w", why, err)}
}

// maxOpenFindings is how many of the walk's findings Open's error names.
const maxOpenFindings = 3

// refuseDamaged walks the store as Open finds it (walkStore) and returns a
// DamagedError naming what it found first, if anything.
func refuseDamaged(path string, tx *bolt.Tx) error {
	var first []string
	found, err := walkStore(path, tx, func(finding string) bool {
		first = append(first, finding)
		return len(first) < maxOpenFindings
	}, maxOpenFindings)
	if err != nil {
		return fmt.Errorf("walk the store: %w", err)
	}
	if found.problems() == 0 {
		return nil
	}
	return &DamagedError{Path: path, Cause: fmt.Errorf("the walk of every page and record at start found: %s",
		strings.Join(first, "; "))}
}

// checkLength finds a truncated store: the file must hold every page its
// meta page counts (tx.Size). Reading a page past the end would fault.
func checkLength(path string, tx *bolt.Tx) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if want := tx.Size(); fi.Size() < want {
		return &DamagedError{Path: path, Cause: fmt.Errorf("the file is %d bytes long but its pages need %d: it was cut short", fi.Size(), want)}
	}
	return nil
}

// guard runs f, which reads bbolt pages, and turns a panic of bbolt on a
// damaged page (or a fault reading the mapped file) into a DamagedError
// naming path. A panic of any other code is not recovered: it goes on with
// its stack, for the daemon's own recovery to report.
func guard(path string, f func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	returned := false // f returned: no panic to look at (the stack's walk costs)
	defer func() {
		if returned {
			return
		}
		inBbolt, faulted := panicOrigin(bboltPackage)
		if !inBbolt && !faulted {
			return
		}
		v := recover()
		if !inBbolt && !fault(v) {
			panic(v) // a nil pointer in our own code, not the file
		}
		err = &DamagedError{Path: path, Cause: fmt.Errorf("bbolt failed reading it: %v", v)}
	}()
	err = f()
	returned = true
	return err
}

const bboltPackage = "go.etcd.io/bbolt"

// panicOrigin looks at the panic under way, if any: inPkg says it was
// raised in code of package pkg (the first frame below runtime.gopanic
// that is not the runtime's own), faulted that it is a memory fault
// (runtime.sigpanic), such as reading a record's bytes past the end of the
// mapped file. It is called from a deferred function, before it recovers.
func panicOrigin(pkg string) (inPkg, faulted bool) {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	below := false
	for {
		fr, more := frames.Next()
		switch {
		case fr.Function == "runtime.gopanic":
			below = true
		case below && fr.Function == "runtime.sigpanic":
			faulted = true
		case below && !strings.HasPrefix(fr.Function, "runtime."):
			return strings.HasPrefix(fr.Function, pkg+".") || strings.HasPrefix(fr.Function, pkg+"/"), faulted
		}
		if !more {
			return false, false
		}
	}
}

// fault reports whether v is the panic of a fault reading memory at an
// address (the mapped file), as debug.SetPanicOnFault makes it; a nil
// pointer is not one.
func fault(v any) bool {
	e, ok := v.(interface{ Addr() uintptr })
	return ok && e != nil
}
