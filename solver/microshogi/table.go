package microshogi

// The transposition table, which the threads of one search share without
// locks.

import (
	"sync/atomic"

	"github.com/windpost/windpost/rules"
)

// ttEntry is what the table keeps of a searched position.
type ttEntry struct {
	move  rules.Move
	score int16
	depth int8
	bound uint8
}

// pack returns e as one word: the move in the low 32 bits, then the score,
// the depth and the bound.
func (e ttEntry) pack() uint64 {
	return uint64(e.move) | uint64(uint16(e.score))<<32 | uint64(uint8(e.depth))<<48 | uint64(e.bound)<<56
}

func unpack(d uint64) ttEntry {
	return ttEntry{move: rules.Move(uint32(d)), score: int16(uint16(d >> 32)), depth: int8(uint8(d >> 48)), bound: uint8(d >> 56)}
}

// slot is one entry of the table: the position's key xor the entry's data,
// and the data. Each word is read and written atomically, but the two are
// not written together: when two threads write a slot at once, a reader
// may see one's check with the other's data, and then the key it computes
// matches neither position and the slot reads as empty (Hyatt and Mann's
// lockless hashing). No torn entry is ever taken for a position's own.
type slot struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// table is a transposition table of a power of two slots, indexed by the
// low bits of the position's Zobrist key.
type table struct {
	slots []slot
	mask  uint64
}

// newTable returns an empty table of 1<<bits slots (16 bytes each).
func newTable(bits int) *table {
	return &table{slots: make([]slot, 1<<bits), mask: 1<<bits - 1}
}

// len is the number of slots.
func (t *table) len() int { return len(t.slots) }

// clear empties the table; no search may be using it (so plain writes,
// much faster than atomic ones, are safe).
func (t *table) clear() {
	clear(t.slots)
}

// probe returns the entry kept for the position with key h, if any.
func (t *table) probe(h uint64) (ttEntry, bool) {
	sl := &t.slots[h&t.mask]
	d := sl.data.Load()
	if sl.check.Load()^d != h || d == 0 {
		return ttEntry{}, false
	}
	return unpack(d), true
}

// store keeps e for the position with key h, unless the slot holds a
// deeper search of the same position and e is only a bound.
func (t *table) store(h uint64, e ttEntry) {
	sl := &t.slots[h&t.mask]
	if old := sl.data.Load(); sl.check.Load()^old == h && old != 0 {
		if unpack(old).depth > e.depth && e.bound != boundExact {
			return
		}
	}
	d := e.pack()
	sl.data.Store(d)
	sl.check.Store(h ^ d)
}
