package referee

import (
	"path/filepath"
	"testing"
	"time"
)

func TestAuditLogKeepsEveryEntryInOrder(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if log, err := s.AuditLog(); err != nil || len(log) != 0 {
		t.Fatalf("new store: %v, %v; want no entries", log, err)
	}
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	entries := []AuditEntry{
		{At: t0.Add(time.Hour), Who: "org@example.org", Action: "extend", Target: "g7k3q", Detail: "3 days", Why: "holiday"},
		{At: t0, Who: "operator:root", Action: "ban", Target: "spam@example.net", Why: "abuse"},
		{At: t0.Add(time.Hour), Who: "org@example.org", Action: "adjudicate", Target: "g7k3q", Detail: "white wins"},
	}
	for _, e := range entries {
		if err := s.Update(func(st StoreTx) error { return st.putAudit(e) }); err != nil {
			t.Fatal(err)
		}
	}
	log, err := s.AuditLog()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ban", "extend", "adjudicate"} // by time, then in the order logged
	if len(log) != len(want) {
		t.Fatalf("got %d entries, want %d", len(log), len(want))
	}
	for i, a := range want {
		if log[i].Action != a || !log[i].At.Equal(entries[map[string]int{"ban": 1, "extend": 0, "adjudicate": 2}[a]].At) {
			t.Errorf("entry %d: %+v, want action %s", i, log[i], a)
		}
	}
}
