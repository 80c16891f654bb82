package solver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/windpost/windpost/rules"
)

// Table is the table of a solved game, which its bot and analyst read: a
// proven value for every position it holds, made (or read from its cache
// file) on first use.
type Table interface {
	// Ready makes the table the first time it is called and says where it
	// came from. It returns ctx's error if ctx is done first; the work goes
	// on, and a later call finds the table.
	Ready(ctx context.Context) (Provenance, error)
	// Figures returns what the table tells about the game. name writes a
	// move of the start position in the game's notation.
	Figures(ctx context.Context, name func(rules.Move) string) (Figures, error)
}

// Provenance says where a table came from.
type Provenance struct {
	// Cache is the file the table is kept in between runs ("" for a table
	// that is always computed, being quick to make).
	Cache string
	// Loaded is true when the table was read from Cache.
	Loaded bool
	// LoadErr says why Cache was not used, SaveErr why the computed table
	// could not be written to it.
	LoadErr, SaveErr error
}

// Figures are a solved game's figures as a table reports them: as lines of
// text, and as the fields of a JSON object in order.
type Figures struct {
	Lines  []string
	Fields []Field
}

// Field is one named figure of the JSON form of Figures.
type Field struct {
	Name  string
	Value any
}

// MarshalJSON writes the fields as one object, in order, leaving <, > and
// & as they are (moves such as "K*1b>N" stay readable when written with an
// Encoder that does not escape HTML; json.Marshal escapes them again).
func (f Figures) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteByte('{')
	for i, fl := range f.Fields {
		if i > 0 {
			buf.WriteByte(',')
		}
		for j, v := range []any{fl.Name, fl.Value} {
			if err := enc.Encode(v); err != nil {
				return nil, fmt.Errorf("figure %s: %w", fl.Name, err)
			}
			buf.Truncate(buf.Len() - 1) // the newline Encode ends with
			if j == 0 {
				buf.WriteByte(':')
			}
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// Lazy holds a table of type T made on first use. Its zero value is ready
// to use; it is safe for concurrent use.
type Lazy[T any] struct {
	once  sync.Once
	ready atomic.Bool
	table T
	prov  Provenance
}

// Get returns the table, calling build the first time (build says where
// the table came from). It returns ctx's error if ctx is done before the
// table is ready; build is not interrupted, and a later Get finds the
// table.
func (l *Lazy[T]) Get(ctx context.Context, build func() (T, Provenance)) (T, Provenance, error) {
	if l.ready.Load() {
		return l.table, l.prov, nil
	}
	done := make(chan struct{})
	go func() {
		l.once.Do(func() {
			l.table, l.prov = build()
			l.ready.Store(true)
		})
		close(done)
	}()
	select {
	case <-done:
		return l.table, l.prov, nil
	case <-ctx.Done():
		var zero T
		return zero, Provenance{}, ctx.Err()
	}
}

// Packed is a proven value in one byte, the one encoding of the solved
// tables: 0 not known, 1 drawn, 2+2n won in n plies, 3+2n lost in n plies.
// A win one ply further is a loss's Packed plus one, a loss one ply
// further a win's plus three.
type Packed uint8

// The packed values that do not count plies.
const (
	PackedNone    Packed = 0 // not known
	PackedDrawn   Packed = 1
	PackedLostNow Packed = 3 // lost in 0 plies
)

// Pack encodes a proven value (an Estimate packs as PackedNone).
func Pack(v Value) Packed {
	switch v.Kind {
	case Won:
		return Packed(2 + 2*v.Plies)
	case Lost:
		return Packed(3 + 2*v.Plies)
	case Drawn:
		return PackedDrawn
	}
	return PackedNone
}

// Value decodes p, and reports false for PackedNone.
func (p Packed) Value() (Value, bool) {
	switch {
	case p == PackedNone:
		return Value{}, false
	case p == PackedDrawn:
		return Value{Kind: Drawn}, true
	case p&1 == 0:
		return Value{Kind: Won, Plies: int(p-2) / 2}, true
	}
	return Value{Kind: Lost, Plies: int(p-3) / 2}, true
}

// Lost reports whether p is a loss for the side to move.
func (p Packed) Lost() bool { return p&1 == 1 && p != PackedDrawn }
