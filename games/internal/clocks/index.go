package clocks

import (
	"strings"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// keyTime is the time in an index key: fixed width and UTC, so that the
// keys sort by time.
const keyTime = "20060102T150405Z"

// Index is a time index over one bucket: key "<time>/<name>" (a game id,
// an address), no value.
type Index struct{ b store.Bucket }

// Entry is one entry of an Index.
type Entry struct {
	Key  string
	At   time.Time
	Name string // a game id, or an address
}

// key is name's key at at.
func key(at time.Time, name string) string { return at.UTC().Format(keyTime) + "/" + name }

// Put notes name at at.
func (x Index) Put(at time.Time, name string) error { return x.b.PutRaw(key(at, name), nil) }

// Delete drops name's entry at at.
func (x Index) Delete(at time.Time, name string) error { return x.b.Delete(key(at, name)) }

// Due returns the entries due at now, earliest first (an entry whose time
// cannot be read counts as due).
func (x Index) Due(now time.Time) []Entry {
	var entries []Entry
	x.b.Scan("", func(k string, _ []byte) bool {
		at, name, _ := strings.Cut(k, "/")
		t, err := time.Parse(keyTime, at)
		if err == nil && t.After(now) {
			return false
		}
		entries = append(entries, Entry{k, t, name})
		return true
	})
	return entries
}

// Take is Due, the entries deleted: whoever takes them puts back the next
// one of each.
func (x Index) Take(now time.Time) ([]Entry, error) {
	due := x.Due(now)
	for _, e := range due {
		if err := x.b.Delete(e.Key); err != nil {
			return nil, err
		}
	}
	return due, nil
}
