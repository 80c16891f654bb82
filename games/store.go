package games

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// The store is one bbolt file with these buckets; every value is JSON with
// a "v" field (the record's version), so that `windpost admin dump` can show
// it and later versions can migrate it.
//
//	games            game id -> gameRecord
//	players          canonical address -> playerRecord
//	tokens           reply token -> tokenRecord (game id, address): an index
//	processed        Message-ID -> processedRecord (when it was handled)
//	outbox           mail id (20-digit sequence) -> Mail, sent or not
//	outbox-pending   mail id -> "" for mails not yet sent (the work queue)
//	cursors          IMAP mailbox name -> MailboxCursor
//	meta             "schema" -> schema version, "secret" -> the server secret
var (
	bucketGames     = []byte("games")
	bucketPlayers   = []byte("players")
	bucketTokens    = []byte("tokens")
	bucketProcessed = []byte("processed")
	bucketOutbox    = []byte("outbox")
	bucketPending   = []byte("outbox-pending")
	bucketCursors   = []byte("cursors")
	bucketMeta      = []byte("meta")

	allBuckets = [][]byte{bucketGames, bucketPlayers, bucketTokens, bucketProcessed,
		bucketOutbox, bucketPending, bucketCursors, bucketMeta}

	keySchema = []byte("schema")
	keySecret = []byte("secret")
)

// SchemaVersion is the version of the store's layout this code writes. A
// store written by a newer windpost is refused rather than misread.
const SchemaVersion = 1

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

func (e *inUseError) Error() string {
	return fmt.Sprintf("open store: another windpost is using %s (waited %v for it to let go)", e.path, e.waited)
}

func (e *inUseError) Is(target error) bool { return target == ErrStoreInUse }

// Store is windpost's bbolt file: games, players, reply tokens, processed
// Message-IDs, the outbox and the mailbox cursors. It is safe for
// concurrent use; bbolt lets one writer in at a time.
type Store struct {
	db     *bolt.DB
	path   string
	secret []byte
}

// StoreOptions tune OpenWith.
type StoreOptions struct {
	// LockTimeout is how long to wait for another process holding the
	// file; 0 means DefaultLockTimeout.
	LockTimeout time.Duration
	// ReadOnly opens the file for reading only (the admin commands); the
	// file must exist and hold a store.
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
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: o.LockTimeout, ReadOnly: o.ReadOnly})
	if err != nil {
		if errors.Is(err, bolterrors.ErrTimeout) {
			return nil, &inUseError{path: path, waited: o.LockTimeout}
		}
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if o.ReadOnly {
		err = db.View(func(tx *bolt.Tx) error { return s.load(tx) })
	} else {
		err = db.Update(func(tx *bolt.Tx) error { return s.initialise(tx, o.secret) })
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// initialise creates missing buckets, the schema version and the secret.
func (s *Store) initialise(tx *bolt.Tx, secret []byte) error {
	for _, name := range allBuckets {
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
	return s.load(tx)
}

// load reads the schema version and the secret.
func (s *Store) load(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return errors.New("not a windpost store (no meta bucket)")
	}
	var v int
	if _, err := fmt.Sscan(string(meta.Get(keySchema)), &v); err != nil {
		return fmt.Errorf("schema version %q: %w", meta.Get(keySchema), err)
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

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// Path is the store's file name.
func (s *Store) Path() string { return s.path }

// getJSON reads key of bucket b into v; it reports false if there is none.
func getJSON(b *bolt.Bucket, key string, v any) (bool, error) {
	data := b.Get([]byte(key))
	if data == nil {
		return false, nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, fmt.Errorf("%s: %w", key, err)
	}
	return true, nil
}

// putJSON writes v as JSON under key.
func putJSON(b *bolt.Bucket, key string, v any) error {
	data, err := marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return b.Put([]byte(key), data)
}

// marshal is v as the store keeps it: JSON in which '<' and '>' stay as
// they are, so that Message-IDs read well in a dump.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// mailKey is the outbox key of sequence number n: fixed width, so that the
// keys sort in the order the mails were queued.
func mailKey(n uint64) string { return fmt.Sprintf("%020d", n) }

// storedMail is a Mail as the outbox keeps it.
type storedMail struct {
	V int `json:"v"`
	Mail
}

// DueMail returns up to limit outbox mails not yet sent whose next try is
// due at now, oldest first. limit <= 0 means no limit.
func (s *Store) DueMail(now time.Time, limit int) ([]Mail, error) {
	var due []Mail
	err := s.db.View(func(tx *bolt.Tx) error {
		out := tx.Bucket(bucketOutbox)
		c := tx.Bucket(bucketPending).Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			var sm storedMail
			ok, err := getJSON(out, string(k), &sm)
			if err != nil {
				return err
			}
			if !ok || sm.NextTry.After(now) {
				continue
			}
			due = append(due, sm.Mail)
			if limit > 0 && len(due) >= limit {
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return due, nil
}

// updateMail changes the outbox mail id with f.
func (s *Store) updateMail(id string, f func(tx *bolt.Tx, m *Mail) error) error {
	err := s.db.Update(func(tx *bolt.Tx) error {
		var sm storedMail
		ok, err := getJSON(tx.Bucket(bucketOutbox), id, &sm)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("no mail %s in the outbox", id)
		}
		if err := f(tx, &sm.Mail); err != nil {
			return err
		}
		sm.V = 1
		return putJSON(tx.Bucket(bucketOutbox), id, sm)
	})
	if err != nil {
		return fmt.Errorf("outbox mail %s: %w", id, err)
	}
	return nil
}

// MarkSent records that the mail server accepted mail id at at. It is no
// longer due.
func (s *Store) MarkSent(id string, at time.Time) error {
	return s.updateMail(id, func(tx *bolt.Tx, m *Mail) error {
		m.Attempts++
		m.SentAt = at
		m.LastError = ""
		return tx.Bucket(bucketPending).Delete([]byte(id))
	})
}

// MarkFailed records a failed attempt to send mail id and when to try
// again.
func (s *Store) MarkFailed(id string, reason string, next time.Time) error {
	return s.updateMail(id, func(tx *bolt.Tx, m *Mail) error {
		m.Attempts++
		m.LastError = reason
		m.NextTry = next
		return nil
	})
}

// Cursor returns the stored cursor of mailbox (zero if none).
func (s *Store) Cursor(mailbox string) (MailboxCursor, error) {
	var c struct {
		V int `json:"v"`
		MailboxCursor
	}
	err := s.db.View(func(tx *bolt.Tx) error {
		_, err := getJSON(tx.Bucket(bucketCursors), mailbox, &c)
		return err
	})
	if err != nil {
		return MailboxCursor{}, fmt.Errorf("cursor of %s: %w", mailbox, err)
	}
	return c.MailboxCursor, nil
}

// SetCursor stores the cursor of mailbox.
func (s *Store) SetCursor(mailbox string, c MailboxCursor) error {
	err := s.db.Update(func(tx *bolt.Tx) error {
		return putJSON(tx.Bucket(bucketCursors), mailbox, struct {
			V int `json:"v"`
			MailboxCursor
		}{1, c})
	})
	if err != nil {
		return fmt.Errorf("cursor of %s: %w", mailbox, err)
	}
	return nil
}

// processedRecord marks a handled Message-ID.
type processedRecord struct {
	V      int       `json:"v"`
	At     time.Time `json:"at"`
	From   string    `json:"from"`
	Queued int       `json:"queued"` // mails queued in answer
}

// processedKey is the processed bucket's key of a Message-ID: the id
// itself, or for an absurdly long one (bbolt keys are limited) its SHA-256.
func processedKey(messageID string) string {
	if len(messageID) <= 512 {
		return messageID
	}
	sum := sha256.Sum256([]byte(messageID))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Processed reports whether the mail with this Message-ID was handled.
func (s *Store) Processed(messageID string) (bool, error) {
	var found bool
	err := s.db.View(func(tx *bolt.Tx) error {
		found = tx.Bucket(bucketProcessed).Get([]byte(processedKey(messageID))) != nil
		return nil
	})
	return found, err
}

// Backup writes a consistent copy of the store to w while it stays in use
// (a bbolt read transaction). It returns the number of bytes written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// GameSummary is one line of `windpost admin games`.
type GameSummary struct {
	ID       string
	Variant  string
	Black    string
	White    string
	State    string // "invited", "playing", "over", "declined"; "damaged" for a record that is not JSON
	ToMove   string // "black", "white" or ""
	Ply      int
	Deadline time.Time
	Result   string
}

// Games lists every game in the store, by id. A damaged record is listed
// with State "damaged" and the error as its Result, so that the admin sees
// it.
func (s *Store) Games() ([]GameSummary, error) {
	var list []GameSummary
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
			var g gameRecord
			if err := json.Unmarshal(v, &g); err != nil {
				list = append(list, GameSummary{ID: string(k), State: "damaged", Result: err.Error()})
				return nil
			}
			gs := GameSummary{ID: g.ID, Variant: g.Variant, Black: g.Players[0].label(), White: g.Players[1].label(),
				State: string(g.State), Ply: len(g.Moves), Deadline: g.Deadline, Result: g.Result}
			if g.State == statePlaying {
				gs.ToMove = g.ToMove
			}
			list = append(list, gs)
			return nil
		})
	})
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list, err
}

// Dump writes everything in the store as one indented JSON object, bucket
// by bucket, with the server secret redacted.
func (s *Store) Dump(w io.Writer) error {
	dump := map[string]map[string]json.RawMessage{}
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			m := map[string]json.RawMessage{}
			err := b.ForEach(func(k, v []byte) error {
				switch {
				case bytes.Equal(name, bucketMeta) && bytes.Equal(k, keySecret):
					v = []byte(`"(redacted)"`)
				case v == nil || !json.Valid(v):
					q, _ := json.Marshal(string(v))
					v = q
				}
				m[string(k)] = append(json.RawMessage(nil), v...)
				return nil
			})
			dump[string(name)] = m
			return err
		})
	})
	if err != nil {
		return fmt.Errorf("dump %s: %w", s.path, err)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(dump)
}
