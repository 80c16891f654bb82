package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Tx is the store inside one bbolt transaction.
type Tx struct{ tx *bolt.Tx }

// Bucket is bucket name of the transaction. A bucket that does not exist
// yet reads as empty, and its first write makes it (in a write
// transaction).
func (t *Tx) Bucket(name Name) Bucket { return Bucket{tx: t.tx, name: name} }

// DeleteBucket removes bucket name and everything in it; a missing one is
// no error.
func (t *Tx) DeleteBucket(name Name) error {
	if err := t.tx.DeleteBucket([]byte(name)); err != nil && !errors.Is(err, bolterrors.ErrBucketNotFound) {
		return fmt.Errorf("delete bucket %s: %w", name, err)
	}
	return nil
}

// Meta reads key of the meta bucket (nil if none).
func (t *Tx) Meta(key MetaKey) []byte { return t.Bucket(Meta).Raw(string(key)) }

// PutMeta writes key of the meta bucket.
func (t *Tx) PutMeta(key MetaKey, value []byte) error {
	return t.Bucket(Meta).PutRaw(string(key), value)
}

// Bucket is one bucket inside a transaction: keys are strings, values JSON
// records (Get, Put, Each) or raw bytes (indexes, meta).
type Bucket struct {
	tx   *bolt.Tx
	name Name
}

// b is the bbolt bucket, nil if it does not exist.
func (b Bucket) b() *bolt.Bucket { return b.tx.Bucket([]byte(b.name)) }

// made is the bbolt bucket, made if it does not exist.
func (b Bucket) made() (*bolt.Bucket, error) {
	bb, err := b.tx.CreateBucketIfNotExists([]byte(b.name))
	if err != nil {
		return nil, fmt.Errorf("bucket %s: %w", b.name, err)
	}
	return bb, nil
}

// Make makes the bucket if it does not exist.
func (b Bucket) Make() error {
	_, err := b.made()
	return err
}

// Exists reports whether the bucket has been made.
func (b Bucket) Exists() bool { return b.b() != nil }

// Raw is the value of key as stored, copied; nil if there is none.
func (b Bucket) Raw(key string) []byte {
	if bb := b.b(); bb != nil {
		return bytes.Clone(bb.Get([]byte(key)))
	}
	return nil
}

// Has reports whether key has a value.
func (b Bucket) Has(key string) bool {
	bb := b.b()
	return bb != nil && bb.Get([]byte(key)) != nil
}

// PutRaw writes value under key as it is.
func (b Bucket) PutRaw(key string, value []byte) error {
	bb, err := b.made()
	if err != nil {
		return err
	}
	return bb.Put([]byte(key), value)
}

// Put writes v as the store's JSON under key.
func (b Bucket) Put(key string, v any) error {
	data, err := Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return b.PutRaw(key, data)
}

// Delete removes key; a missing key or bucket is no error.
func (b Bucket) Delete(key string) error {
	if bb := b.b(); bb != nil {
		return bb.Delete([]byte(key))
	}
	return nil
}

// NextSequence reserves the bucket's next sequence number.
func (b Bucket) NextSequence() (uint64, error) {
	bb, err := b.made()
	if err != nil {
		return 0, err
	}
	return bb.NextSequence()
}

// Scan calls f with each key from the first at or after from, in key
// order, and its value (nil for an index entry with none), until f
// returns false. The bucket may not be changed while it runs; Keys
// collects keys that are.
func (b Bucket) Scan(from string, f func(key string, value []byte) bool) {
	bb := b.b()
	if bb == nil {
		return
	}
	c := bb.Cursor()
	k, v := c.Seek([]byte(from))
	for ; k != nil; k, v = c.Next() {
		if !f(string(k), v) {
			return
		}
	}
}

// ScanBack is Scan from the last key down.
func (b Bucket) ScanBack(f func(key string, value []byte) bool) {
	bb := b.b()
	if bb == nil {
		return
	}
	c := bb.Cursor()
	for k, v := c.Last(); k != nil; k, v = c.Prev() {
		if !f(string(k), v) {
			return
		}
	}
}

// Keys returns up to limit keys from the first at or after from that
// start with prefix, in key order; limit 0 means all.
func (b Bucket) Keys(from, prefix string, limit int) []string {
	var keys []string
	b.Scan(max(from, prefix), func(key string, _ []byte) bool {
		if len(key) < len(prefix) || key[:len(prefix)] != prefix {
			return false
		}
		keys = append(keys, key)
		return limit == 0 || len(keys) < limit
	})
	return keys
}

// Get reads key of b into a new T; rec is nil if there is none. raw is
// the record as stored. A record that is not T's JSON is an error naming
// the key.
func Get[T any](b Bucket, key string) (rec *T, raw []byte, err error) {
	raw = b.Raw(key)
	if raw == nil {
		return nil, nil, nil
	}
	rec = new(T)
	if err := json.Unmarshal(raw, rec); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", key, err)
	}
	return rec, raw, nil
}

// Each calls f with every record of b in key order, decoded as T; a record
// that cannot be decoded comes with the decoder's error (and a nil rec).
// It is the
// one iterator over a bucket of records.
func Each[T any](b Bucket, f func(key string, rec *T, err error) error) error {
	bb := b.b()
	if bb == nil {
		return nil
	}
	return bb.ForEach(func(k, v []byte) error {
		rec := new(T)
		if err := json.Unmarshal(v, rec); err != nil {
			return f(string(k), nil, err)
		}
		return f(string(k), rec, nil)
	})
}

// Marshal is v as the store keeps it: JSON in which '<' and '>' stay as
// they are, so that Message-IDs read well in a dump.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
