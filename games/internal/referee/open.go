package referee

import (
	"io"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/store"
)

// StoreOptions tune OpenWith.
type StoreOptions struct {
	// LockTimeout is how long to wait for another process holding the
	// file; 0 means DefaultLockTimeout.
	LockTimeout time.Duration
	// ReadOnly opens the file for reading only (the admin commands); the
	// file must exist and hold a store. An older schema is read as it is.
	ReadOnly bool
	// SkipWalk opens the store without the walk of every page and record
	// that refuses a damaged store (`admin check`, which walks it itself
	// and says everything it finds).
	SkipWalk bool

	Secret []byte // tests: the secret of a new store instead of a random one
}

// Open opens the store at path, creating it (with a new random server
// secret) if needed. It fails after DefaultLockTimeout when another windpost
// uses the file. Before anything is read or written, it walks every page
// and record of an existing store and refuses a damaged one with a
// DamagedError.
func Open(path string) (*Store, error) { return OpenWith(path, StoreOptions{}) }

// OpenWith is Open with options.
func OpenWith(path string, o StoreOptions) (*Store, error) {
	db, err := store.Open(path, store.Options{LockTimeout: o.LockTimeout, ReadOnly: o.ReadOnly, SkipWalk: o.SkipWalk,
		Schema: SchemaVersion, Migrate: migrate, Mend: outbox.BuildDueIndex, Secret: o.Secret})
	if err != nil {
		return nil, err
	}
	return &Store{db: db, path: path, Secret: db.Secret()}, nil
}

// Check runs bbolt's consistency check over the store (pages, free list,
// bucket structure) and reads every record, writing what it found in words
// to w. It returns a DamagedError if it found anything wrong.
func (s *Store) Check(w io.Writer) error { return s.db.Check(w) }

// Backup writes a consistent copy of the store to w while it stays in use
// (a bbolt read transaction). It returns the number of bytes written.
func (s *Store) Backup(w io.Writer) (int64, error) { return s.db.Backup(w) }

// DumpOptions tune DumpWith.
type DumpOptions struct {
	// Keys shows the reply keys (in subject tags, reply addresses,
	// Message-IDs and schema 1's tokens index) as they are stored; by
	// default each is replaced by "…". The server secret is never shown.
	Keys bool
}

// Dump writes everything in the store as one indented JSON object, bucket
// by bucket, with the server secret and the reply keys redacted.
func (s *Store) Dump(w io.Writer) error { return s.DumpWith(w, DumpOptions{}) }

// DumpWith is Dump with options. It writes record by record from one read
// transaction, so that a dump of any size takes little memory.
func (s *Store) DumpWith(w io.Writer, o DumpOptions) error {
	redact := keys.Redact
	if o.Keys {
		redact = nil
	}
	return s.db.Dump(w, redact)
}
