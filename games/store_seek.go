package games

import (
	"encoding/json"
	"fmt"
)

// bucketSeeks holds the open seeks (seek.go): seek id -> seekRecord. Its
// sequence is the counter seek ids are made from. It is made by the first
// seek; until then there are none. Only this file knows its encoding (its name is in buckets.go).
// (the bucket's name is in buckets.go)

// seek reads seek id; rec is nil if there is none.
func (st storeTx) seek(id string) (*seekRecord, error) {
	b := st.tx.Bucket(bucketSeeks)
	if b == nil {
		return nil, nil
	}
	rec := &seekRecord{}
	ok, err := getJSON(b, id, rec)
	if !ok || err != nil {
		return nil, err
	}
	return rec, nil
}

// hasSeek reports whether there is a seek id.
func (st storeTx) hasSeek(id string) bool {
	b := st.tx.Bucket(bucketSeeks)
	return b != nil && b.Get([]byte(id)) != nil
}

// newSeekNumber reserves the counter from which the next seek id is made.
func (st storeTx) newSeekNumber() (uint64, error) {
	b, err := st.tx.CreateBucketIfNotExists(bucketSeeks)
	if err != nil {
		return 0, err
	}
	return b.NextSequence()
}

// putSeek writes a seek.
func (st storeTx) putSeek(rec *seekRecord) error {
	b, err := st.tx.CreateBucketIfNotExists(bucketSeeks)
	if err != nil {
		return err
	}
	rec.V = 1
	return putJSON(b, rec.ID, rec)
}

// deleteSeek deletes seek id.
func (st storeTx) deleteSeek(id string) error {
	if b := st.tx.Bucket(bucketSeeks); b != nil {
		return b.Delete([]byte(id))
	}
	return nil
}

// eachSeek calls f with every seek, in id order; a record that cannot be
// read is handed to f as an error, with its id.
func (st storeTx) eachSeek(f func(id string, rec *seekRecord, err error) error) error {
	b := st.tx.Bucket(bucketSeeks)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		rec := &seekRecord{}
		if err := json.Unmarshal(v, rec); err != nil {
			return f(string(k), nil, fmt.Errorf("seek %s: %w", k, err))
		}
		return f(string(k), rec, nil)
	})
}
