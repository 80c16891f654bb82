package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// DefaultLockTimeout is how long Open waits for another process to let go
// of the file.
const DefaultLockTimeout = time.Second

// ErrInUse is wrapped by Open's error when another process holds the
// store file.
var ErrInUse = errors.New("the store is in use by another windpost")

// inUseError says which file is locked; it is ErrInUse for errors.Is.
type inUseError struct {
	path   string
	waited time.Duration
}

// Error names the file and how long Open waited.
func (e *inUseError) Error() string {
	return fmt.Sprintf("open store: another windpost is using %s (waited %v for it to let go)", e.path, e.waited)
}

// Is makes the error ErrInUse for errors.Is.
func (e *inUseError) Is(target error) bool { return target == ErrInUse }

// Options tune Open. The zero value opens (or creates) a store for
// writing, with the walk, at schema 1.
type Options struct {
	// LockTimeout is how long to wait for another process holding the
	// file; 0 means DefaultLockTimeout.
	LockTimeout time.Duration
	// ReadOnly opens the file for reading only; the file must exist and
	// hold a store. An older schema is read as it is.
	ReadOnly bool
	// SkipWalk opens the store without the walk of every page and record
	// that refuses a damaged store (a check walks it itself and says
	// everything it finds).
	SkipWalk bool
	// Schema is the version of the layout the caller writes: a store of a
	// newer one is refused, an older one is migrated (Migrate).
	Schema int
	// Migrate brings a store of schema version from to Schema, in the
	// write transaction that opens it; Open then records Schema.
	Migrate func(tx *Tx, from int) error
	// Mend runs in that transaction after any migration: it builds an
	// index a store may lack.
	Mend func(tx *Tx) error
	// Secret is the secret of a new store (tests); nil means a random one.
	Secret []byte
}

// schema is the version Open writes.
func (o Options) schema() int { return max(o.Schema, 1) }

// DB is one store file: a bbolt database with windpost's buckets, opened
// only after a walk found it whole. It is safe for concurrent use; bbolt
// lets one writer in at a time.
type DB struct {
	db     *bolt.DB
	path   string
	secret []byte
}

// Open opens the store at path, creating it (with a new random server
// secret) if needed. It fails after o's lock timeout when another windpost
// uses the file. Before anything is read or written, it walks every page
// and record of an existing store (walk) and refuses a damaged one with a
// DamagedError.
func Open(path string, o Options) (*DB, error) {
	if o.LockTimeout <= 0 {
		o.LockTimeout = DefaultLockTimeout
	}
	if o.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
	}
	if err := refuseEmpty(path); err != nil {
		return nil, err
	}
	var db *bolt.DB
	err := guard(path, func() (err error) {
		db, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: o.LockTimeout, ReadOnly: o.ReadOnly,
			PreLoadFreelist: true}) // read here, under guard, not in tx.Check's goroutine
		return err
	})
	if err != nil {
		if errors.Is(err, bolterrors.ErrTimeout) {
			return nil, &inUseError{path: path, waited: o.LockTimeout}
		}
		if errors.Is(err, ErrDamaged) {
			return nil, err
		}
		return nil, damagedOpen(path, err)
	}
	s := &DB{db: db, path: path}
	err = guard(path, func() error {
		if err := db.View(func(tx *bolt.Tx) error { return checkLength(path, tx) }); err != nil {
			return err
		}
		if !o.SkipWalk {
			if err := db.View(func(tx *bolt.Tx) error { return refuseDamaged(path, tx) }); err != nil {
				return err
			}
		}
		if o.ReadOnly {
			return db.View(func(tx *bolt.Tx) error { return s.load(tx, o.schema()) })
		}
		return db.Update(func(tx *bolt.Tx) error { return s.initialise(&Tx{tx}, o) })
	})
	if err != nil {
		db.Close()
		if errors.Is(err, ErrDamaged) || errors.Is(err, ErrNotAStore) {
			return nil, err
		}
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// initialise creates missing buckets, the schema version and the secret,
// migrates an older schema and mends the indexes.
func (s *DB) initialise(tx *Tx, o Options) error {
	if err := s.foreign(tx.tx); err != nil {
		return err
	}
	for _, name := range created() {
		if _, err := tx.tx.CreateBucketIfNotExists([]byte(name)); err != nil {
			return err
		}
	}
	meta := tx.Bucket(Meta)
	if !meta.Has(string(KeySchema)) {
		if err := meta.PutRaw(string(KeySchema), fmt.Append(nil, o.schema())); err != nil {
			return err
		}
	}
	if !meta.Has(string(KeySecret)) {
		secret := o.Secret
		if secret == nil {
			secret = make([]byte, 32)
			if _, err := rand.Read(secret); err != nil {
				return err
			}
		}
		if err := meta.PutRaw(string(KeySecret), []byte(hex.EncodeToString(secret))); err != nil {
			return err
		}
	}
	v, err := schema(s.path, tx.tx.Bucket([]byte(Meta)))
	if err != nil {
		return err
	}
	if v < o.schema() && o.Migrate != nil {
		if err := o.Migrate(tx, v); err != nil {
			return fmt.Errorf("migrate from schema %d: %w", v, err)
		}
	}
	if v < o.schema() {
		if err := meta.PutRaw(string(KeySchema), fmt.Append(nil, o.schema())); err != nil {
			return err
		}
	}
	if o.Mend != nil {
		if err := o.Mend(tx); err != nil {
			return err
		}
	}
	return s.load(tx.tx, o.schema())
}

// foreign refuses a bbolt file that holds buckets but not windpost's meta
// bucket: another program's file, which initialise must not fill.
func (s *DB) foreign(tx *bolt.Tx) error {
	if tx.Bucket([]byte(Meta)) != nil {
		return nil
	}
	var other string
	_ = tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
		other = string(name)
		return errors.New("found one")
	})
	if other == "" {
		return nil // a new file: nothing to lose
	}
	return &notAStoreError{path: s.path, why: fmt.Sprintf("a bbolt file of another program (it has a bucket %q and no windpost meta bucket)", other)}
}

// schema reads the schema version from the meta bucket of the store at
// path; one that is not a number is damage.
func schema(path string, meta *bolt.Bucket) (int, error) {
	var v int
	if _, err := fmt.Sscan(string(meta.Get([]byte(KeySchema))), &v); err != nil {
		return 0, &DamagedError{Path: path, Cause: fmt.Errorf("the schema version in the meta bucket is %q, not a number", meta.Get([]byte(KeySchema)))}
	}
	return v, nil
}

// load reads the schema version and the secret.
func (s *DB) load(tx *bolt.Tx, newest int) error {
	meta := tx.Bucket([]byte(Meta))
	if meta == nil {
		return &notAStoreError{path: s.path, why: "a bbolt file without windpost's meta bucket"}
	}
	v, err := schema(s.path, meta)
	if err != nil {
		return err
	}
	if v > newest {
		return fmt.Errorf("the store has schema version %d; this windpost reads up to %d", v, newest)
	}
	secret, err := hex.DecodeString(string(meta.Get([]byte(KeySecret))))
	if err != nil || len(secret) < 16 {
		return &DamagedError{Path: s.path, Cause: errors.New("the server secret in the meta bucket is not 16 or more bytes in hex")}
	}
	s.secret = secret
	return nil
}

// Close closes the store.
func (s *DB) Close() error { return s.db.Close() }

// Path is the store's file name.
func (s *DB) Path() string { return s.path }

// Secret is the server secret, from which every key is made.
func (s *DB) Secret() []byte { return s.secret }

// View runs f in a read transaction; bbolt failing on a damaged page is a
// DamagedError.
func (s *DB) View(f func(*Tx) error) error {
	return guard(s.path, func() error { return s.db.View(func(tx *bolt.Tx) error { return f(&Tx{tx}) }) })
}

// Update runs f in a write transaction, committed if f returns nil; bbolt
// failing on a damaged page is a DamagedError.
func (s *DB) Update(f func(*Tx) error) error {
	return guard(s.path, func() error { return s.db.Update(func(tx *bolt.Tx) error { return f(&Tx{tx}) }) })
}

// Backup writes a consistent copy of the store to w while it stays in use
// (a bbolt read transaction). It returns the number of bytes written.
func (s *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := guard(s.path, func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			var err error
			n, err = tx.WriteTo(w)
			return err
		})
	})
	return n, err
}
