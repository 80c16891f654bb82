package referee

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/store"
)

// The audit log: every action an organiser or the operator takes on games
// and players (adjudicate, extend, cancel, withdraw, ban, a tournament
// started), with who took it and why. Entries are only ever added.

// Bucket "audit" holds them: auditKey -> AuditEntry.

// AuditEntry is one organiser's or operator's action.
type AuditEntry struct {
	At     time.Time `json:"at"`
	Who    string    `json:"who"`    // the organiser's address, or "operator:<name>" for windpost admin
	Action string    `json:"action"` // e.g. "adjudicate", "extend", "withdraw", "ban"
	Target string    `json:"target"` // a game id, tournament id or address
	Detail string    `json:"detail,omitempty"`
	Why    string    `json:"why,omitempty"`
}

// auditKey orders entries by time, then by the bucket's sequence.
func auditKey(at time.Time, seq uint64) string {
	var k [16]byte
	binary.BigEndian.PutUint64(k[:8], uint64(at.UnixNano()))
	binary.BigEndian.PutUint64(k[8:], seq)
	return string(k[:])
}

// putAudit adds e to the audit log.
func (st StoreTx) putAudit(e AuditEntry) error {
	b := st.Tx.Bucket(store.Audit)
	seq, err := b.NextSequence()
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	if err := b.Put(auditKey(e.At, seq), e); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// eachAudit calls f with every entry of the audit log, oldest first. A
// store that never logged an action has none.
func (st StoreTx) eachAudit(f func(e AuditEntry) error) error {
	return store.Each(st.Tx.Bucket(store.Audit), func(k string, e *AuditEntry, err error) error {
		if err != nil {
			return fmt.Errorf("audit log entry %x: %w", k, err)
		}
		return f(*e)
	})
}

// Audit logs an action taken in this change, at its time.
func (c *Change) Audit(who, action, target, detail, why string) error {
	return c.Tx.putAudit(AuditEntry{At: c.Now, Who: who, Action: action, Target: target, Detail: detail, Why: why})
}

// AuditLog returns every entry of the audit log, oldest first.
func (s *Store) AuditLog() ([]AuditEntry, error) {
	var out []AuditEntry
	err := s.View(func(st StoreTx) error {
		return st.eachAudit(func(e AuditEntry) error { out = append(out, e); return nil })
	})
	return out, err
}
