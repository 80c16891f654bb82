package games

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// The audit log: every action an organiser or the operator takes on games
// and players (adjudicate, extend, cancel, withdraw, ban, a tournament
// started), with who took it and why. Entries are only ever added.

// (the bucket's name is in buckets.go)

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
func auditKey(at time.Time, seq uint64) []byte {
	var k [16]byte
	binary.BigEndian.PutUint64(k[:8], uint64(at.UnixNano()))
	binary.BigEndian.PutUint64(k[8:], seq)
	return k[:]
}

// putAudit adds e to the audit log.
func (st storeTx) putAudit(e AuditEntry) error {
	b, err := st.tx.CreateBucketIfNotExists(bucketAudit)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	seq, err := b.NextSequence()
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	data, err := marshal(e)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return b.Put(auditKey(e.At, seq), data)
}

// eachAudit calls f with every entry of the audit log, oldest first. A
// store that never logged an action has none.
func (st storeTx) eachAudit(f func(e AuditEntry) error) error {
	b := st.tx.Bucket(bucketAudit)
	if b == nil {
		return nil
	}
	return b.ForEach(func(k, v []byte) error {
		var e AuditEntry
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("audit log entry %x: %w", k, err)
		}
		return f(e)
	})
}

// audit logs an action taken in this change, at its time.
func (c *change) audit(who, action, target, detail, why string) error {
	return c.st.putAudit(AuditEntry{At: c.now, Who: who, Action: action, Target: target, Detail: detail, Why: why})
}

// AuditLog returns every entry of the audit log, oldest first.
func (s *Store) AuditLog() ([]AuditEntry, error) {
	var out []AuditEntry
	err := s.view(func(st storeTx) error {
		return st.eachAudit(func(e AuditEntry) error { out = append(out, e); return nil })
	})
	return out, err
}
