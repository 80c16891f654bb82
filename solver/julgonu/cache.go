package julgonu

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"

	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/solver"
)

// The table file: the magic, the format version and the number of entries
// (little-endian uint32s), one value byte per entry (a solver.Packed; in
// version 1 the bytes had an encoding of their own), one byte per entry of
// moves that keep the table value (Table.keeps; since version 3), one byte
// per entry of its squeeze (Table.squeeze; since version 4), the two
// reachability bitsets as little-endian uint64 words, and a CRC-32C of
// everything before it.
const (
	magic         = "WPJGTBL\n"
	formatVersion = 4
	headerSize    = len(magic) + 8
)

// ErrDamaged is wrapped by the errors of a table file that is not a table
// of this format: truncated, altered, or of another version.
var ErrDamaged = errors.New("table file not usable")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// MarshalBinary writes the table in the file format.
func (t *Table) MarshalBinary() ([]byte, error) {
	words := len(t.reach[0])
	buf := make([]byte, 0, headerSize+3*len(t.val)+16*words+4)
	buf = append(buf, magic...)
	buf = binary.LittleEndian.AppendUint32(buf, formatVersion)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(t.val)))
	buf = append(buf, t.val...)
	buf = append(buf, t.keeps...)
	buf = append(buf, t.squeeze...)
	for side := 0; side < 2; side++ {
		for _, w := range t.reach[side] {
			buf = binary.LittleEndian.AppendUint64(buf, w)
		}
	}
	return binary.LittleEndian.AppendUint32(buf, crc32.Checksum(buf, castagnoli)), nil
}

// ReadTable reads a table written by MarshalBinary. Its errors wrap
// ErrDamaged when data is not such a table.
func ReadTable(data []byte) (*Table, error) {
	ix := newIndex()
	words := (ix.size + 63) / 64
	want := headerSize + 3*ix.size + 16*words + 4
	switch {
	case len(data) < headerSize || !bytes.Equal(data[:len(magic)], []byte(magic)):
		return nil, fmt.Errorf("%w: not a Jul-Gonu table", ErrDamaged)
	case binary.LittleEndian.Uint32(data[len(magic):]) != formatVersion:
		return nil, fmt.Errorf("%w: it has format version %d, this windpost writes %d (made again, once)", ErrDamaged, binary.LittleEndian.Uint32(data[len(magic):]), formatVersion)
	case int(binary.LittleEndian.Uint32(data[len(magic)+4:])) != ix.size:
		return nil, fmt.Errorf("%w: %d entries, want %d", ErrDamaged, binary.LittleEndian.Uint32(data[len(magic)+4:]), ix.size)
	case len(data) != want:
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrDamaged, len(data), want)
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrDamaged)
	}
	off := headerSize
	t := &Table{ix: ix, val: body[off : off+ix.size : off+ix.size]}
	off += ix.size
	t.keeps = body[off : off+ix.size : off+ix.size]
	off += ix.size
	t.squeeze = body[off : off+ix.size : off+ix.size]
	off += ix.size
	for side := 0; side < 2; side++ {
		t.reach[side] = make([]uint64, words)
		for i := range t.reach[side] {
			t.reach[side][i] = binary.LittleEndian.Uint64(data[off:])
			off += 8
		}
	}
	return t, nil
}

// Load reads the table file at path.
func Load(path string) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("jul-gonu table: %w", err)
	}
	t, err := ReadTable(data)
	if err != nil {
		return nil, fmt.Errorf("jul-gonu table %s: %w", path, err)
	}
	return t, nil
}

// Save writes t to path atomically: to a temporary file in the same
// directory, then renamed over path.
func (t *Table) Save(path string) error {
	data, _ := t.MarshalBinary()
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("jul-gonu table: %w", err)
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("jul-gonu table: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("jul-gonu table %s: %w", path, err)
	}
	return nil
}

// Solver hands out the table, loading it from its cache file or building it
// (and then writing the cache) on first use: the solver.Table of Jul-Gonu,
// and its bot and analyst. Constructing a Solver costs nothing; it is safe
// for concurrent use.
type Solver struct {
	path string
	lazy solver.Lazy[*Table]
	// nodes is the bot's history search budget per move (0: the default,
	// read through moveNodes); tests lower it.
	nodes int
}

var _ solver.Table = (*Solver)(nil)

// New returns a Solver whose table is cached in the file at path ("" keeps
// it in memory only).
func New(path string) *Solver { return &Solver{path: path} }

// Path is the cache file.
func (s *Solver) Path() string { return s.path }

// Table returns the table, loading or building it the first time. It
// returns ctx's error if ctx is done before the table is ready; the work
// itself is not interrupted and the next call finds the table.
func (s *Solver) Table(ctx context.Context) (*Table, error) {
	t, _, err := s.lazy.Get(ctx, s.load)
	return t, err
}

// Ready loads or builds the table the first time and says which.
func (s *Solver) Ready(ctx context.Context) (solver.Provenance, error) {
	_, p, err := s.lazy.Get(ctx, s.load)
	return p, err
}

func (s *Solver) load() (*Table, solver.Provenance) {
	p := solver.Provenance{Cache: s.path}
	if s.path == "" {
		return Solve(), p
	}
	t, err := Load(s.path)
	if err == nil {
		p.Loaded = true
		return t, p
	}
	p.LoadErr = err
	t = Solve()
	p.SaveErr = t.Save(s.path)
	return t, p
}

// Figures returns the figures of the solved game (Stats).
func (s *Solver) Figures(ctx context.Context, _ func(rules.Move) string) (solver.Figures, error) {
	t, err := s.Table(ctx)
	if err != nil {
		return solver.Figures{}, err
	}
	st := t.Stats()
	return solver.Figures{
		Lines: []string{
			"Jul-Gonu, solved (ignoring the repetition rule)",
			fmt.Sprintf("reachable positions: %d", st.Reachable),
			fmt.Sprintf("won for the side to move: %d", st.Wins),
			fmt.Sprintf("lost for the side to move: %d", st.Losses),
			fmt.Sprintf("drawn: %d", st.Draws),
			fmt.Sprintf("start: %s", st.Start),
			fmt.Sprintf("longest win: %d plies", st.LongestWin),
		},
		Fields: []solver.Field{
			{Name: "reachable", Value: st.Reachable},
			{Name: "wins", Value: st.Wins},
			{Name: "losses", Value: st.Losses},
			{Name: "draws", Value: st.Draws},
			{Name: "start", Value: st.Start},
			{Name: "longest_win", Value: st.LongestWin},
		},
	}, nil
}
