package games

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// SchemaVersion is the version of the store's layout this code writes. A
// store written by a newer windpost is refused rather than misread; an
// older one is migrated when it is opened for writing.
const SchemaVersion = 3

// DefaultLockTimeout is how long Open waits for another process to let go
// of the file.
const DefaultLockTimeout = time.Second

// ErrStoreInUse is wrapped by Open's error when another process holds the
// store file.
var ErrStoreInUse = errors.New("the store is in use by another windpost")

// inUseError says which file is locked; it is ErrStoreInUse for errors.Is.
type inUseError struct {
	path   string
	waited time.Duration
}

// Error names the file and how long Open waited.
func (e *inUseError) Error() string {
	return fmt.Sprintf("open store: another windpost is using %s (waited %v for it to let go)", e.path, e.waited)
}

// Is makes the error ErrStoreInUse for errors.Is.
func (e *inUseError) Is(target error) bool { return target == ErrStoreInUse }

// StoreOptions tune OpenWith.
type StoreOptions struct {
	// LockTimeout is how long to wait for another process holding the
	// file; 0 means DefaultLockTimeout.
	LockTimeout time.Duration
	// ReadOnly opens the file for reading only (the admin commands); the
	// file must exist and hold a store. An older schema is read as it is.
	ReadOnly bool

	secret []byte // tests: the secret of a new store instead of a random one
}

// Open opens the store at path, creating it (with a new random server
// secret) if needed. It fails after DefaultLockTimeout when another windpost
// uses the file.
func Open(path string) (*Store, error) { return OpenWith(path, StoreOptions{}) }

// OpenWith is Open with options.
func OpenWith(path string, o StoreOptions) (*Store, error) {
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
	s := &Store{db: db, path: path}
	err = guard(path, func() error {
		if err := db.View(func(tx *bolt.Tx) error { return checkLength(path, tx) }); err != nil {
			return err
		}
		if o.ReadOnly {
			return db.View(func(tx *bolt.Tx) error { return s.load(tx) })
		}
		return db.Update(func(tx *bolt.Tx) error { return s.initialise(tx, o.secret) })
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
// and migrates an older schema.
func (s *Store) initialise(tx *bolt.Tx, secret []byte) error {
	if err := s.foreign(tx); err != nil {
		return err
	}
	for _, name := range allBuckets() {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	meta := tx.Bucket(bucketMeta)
	if meta.Get(keySchema) == nil {
		if err := meta.Put(keySchema, []byte(fmt.Sprint(SchemaVersion))); err != nil {
			return err
		}
	}
	if meta.Get(keySecret) == nil {
		if secret == nil {
			secret = make([]byte, 32)
			if _, err := rand.Read(secret); err != nil {
				return err
			}
		}
		if err := meta.Put(keySecret, []byte(hex.EncodeToString(secret))); err != nil {
			return err
		}
	}
	v, err := schema(meta)
	if err != nil {
		return err
	}
	if v < SchemaVersion {
		if err := migrate(tx, v); err != nil {
			return fmt.Errorf("migrate from schema %d: %w", v, err)
		}
	}
	if err := buildDueIndex(tx); err != nil {
		return fmt.Errorf("index the outbox: %w", err)
	}
	return s.load(tx)
}

// migrate brings a store of schema version from to SchemaVersion.
func migrate(tx *bolt.Tx, from int) error {
	for v := from; v < SchemaVersion; v++ {
		switch v {
		case 1:
			// Schema 2: the tokens index is gone (nothing read it).
			if err := tx.DeleteBucket(bucketTokensV1); err != nil && !errors.Is(err, bolterrors.ErrBucketNotFound) {
				return err
			}
		case 2:
			// Schema 3: the bot's work is keyed by lane (botqueue.go).
			if err := laneBotWork(storeTx{tx}); err != nil {
				return fmt.Errorf("the bot's work: %w", err)
			}
		}
	}
	return tx.Bucket(bucketMeta).Put(keySchema, []byte(fmt.Sprint(SchemaVersion)))
}

// foreign refuses a bbolt file that holds buckets but not windpost's meta
// bucket: another program's file, which initialise must not fill.
func (s *Store) foreign(tx *bolt.Tx) error {
	if tx.Bucket(bucketMeta) != nil {
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

// schema reads the schema version from the meta bucket.
func schema(meta *bolt.Bucket) (int, error) {
	var v int
	if _, err := fmt.Sscan(string(meta.Get(keySchema)), &v); err != nil {
		return 0, fmt.Errorf("schema version %q: %w", meta.Get(keySchema), err)
	}
	return v, nil
}

// load reads the schema version and the secret.
func (s *Store) load(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return &notAStoreError{path: s.path, why: "a bbolt file without windpost's meta bucket"}
	}
	v, err := schema(meta)
	if err != nil {
		return err
	}
	if v > SchemaVersion {
		return fmt.Errorf("the store has schema version %d; this windpost reads up to %d", v, SchemaVersion)
	}
	secret, err := hex.DecodeString(string(meta.Get(keySecret)))
	if err != nil || len(secret) < 16 {
		return fmt.Errorf("the server secret in the meta bucket is damaged")
	}
	s.secret = secret
	return nil
}
