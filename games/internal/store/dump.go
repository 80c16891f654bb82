package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	bolt "go.etcd.io/bbolt"
	"io"
)

// Dump writes everything in the store as one indented JSON object, bucket
// by bucket, with the server secret replaced by "(redacted)" and each key
// and value passed through redact (nil: shown as stored; schema 1's tokens
// index is then shown too, else its keys are counted). It writes record by
// record from one read transaction, so that a dump of any size takes
// little memory.
func (s *DB) Dump(w io.Writer, redact func(string) string) error {
	d := dumper{w: bufio.NewWriter(w), redact: redact}
	err := s.View(func(tx *Tx) error {
		d.write("{")
		err := tx.EachRecord(d.record)
		d.close()
		d.write("\n}\n")
		if err != nil {
			return err
		}
		return d.err
	})
	if err == nil {
		err = d.w.Flush()
	}
	if err != nil {
		return fmt.Errorf("dump %s: %w", s.path, err)
	}
	return nil
}

// EachRecord calls f with every record of every bucket as stored, the
// server secret replaced by "(redacted)": the raw view of a dump. Each
// bucket comes first by its name alone (key "", value nil), so that empty
// buckets show too.
func (t *Tx) EachRecord(f func(bucket, key string, value []byte)) error {
	return t.tx.ForEach(func(name []byte, b *bolt.Bucket) error {
		f(string(name), "", nil)
		return b.ForEach(func(k, v []byte) error {
			if string(name) == string(Meta) && string(k) == string(KeySecret) {
				v = []byte(`"(redacted)"`)
			}
			f(string(name), string(k), v)
			return nil
		})
	})
}

// dumper writes the records eachRecord hands it as the JSON that
// encoding/json would write for a map of buckets of raw records, indented
// by two spaces, without escaping HTML: the same bytes, written as they
// come.
type dumper struct {
	w      *bufio.Writer
	redact func(string) string // nil: keys shown
	bucket string              // the open bucket, "" before the first
	inner  int                 // records written in the open bucket
	hidden int                 // tokens-index keys redacted so far
	err    error
	buf    bytes.Buffer
}

func (d *dumper) write(s string) {
	if d.err == nil {
		_, d.err = d.w.WriteString(s)
	}
}

// close ends the open bucket.
func (d *dumper) close() {
	switch {
	case d.bucket == "":
	case d.inner == 0:
		d.write("{}")
	default:
		d.write("\n  }")
	}
}

func (d *dumper) record(bucket, key string, v []byte) {
	if v == nil && key == "" { // a bucket begins
		if d.bucket != "" {
			d.close()
			d.write(",")
		}
		d.bucket, d.inner = bucket, 0
		d.write("\n  " + quote(bucket) + ": ")
		return
	}
	if d.redact != nil {
		if bucket == string(TokensV1) {
			d.hidden++
			key = fmt.Sprintf("(redacted %d)", d.hidden)
		}
		key = d.redact(key)
		v = []byte(d.redact(string(v)))
	}
	if v == nil || !json.Valid(v) {
		v, _ = json.Marshal(string(v))
	}
	if d.inner == 0 {
		d.write("{")
	} else {
		d.write(",")
	}
	d.inner++
	d.write("\n    " + quote(key) + ": ")
	d.buf.Reset()
	if err := json.Compact(&d.buf, v); err != nil && d.err == nil {
		d.err = err
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, d.buf.Bytes(), "    ", "  "); err != nil && d.err == nil {
		d.err = err
	}
	d.write(ind.String())
}

// quote is s as a JSON string, HTML not escaped.
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
