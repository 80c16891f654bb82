package games

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

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
	d := dumper{w: bufio.NewWriter(w), keys: o.Keys}
	err := s.view(func(st storeTx) error {
		d.write("{")
		err := st.eachRecord(d.record)
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

// dumper writes the records eachRecord hands it as the JSON that
// encoding/json would write for a map of buckets of raw records, indented
// by two spaces, without escaping HTML: the same bytes, written as they
// come.
type dumper struct {
	w      *bufio.Writer
	keys   bool
	bucket string // the open bucket, "" before the first
	inner  int    // records written in the open bucket
	hidden int    // tokens-index keys redacted so far
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
	if !d.keys {
		if bucket == string(bucketTokensV1) {
			d.hidden++
			key = fmt.Sprintf("(redacted %d)", d.hidden)
		}
		key = RedactKeys(key)
		v = []byte(RedactKeys(string(v)))
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
