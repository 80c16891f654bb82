package config

import "fmt"

// TLSMode says how a connection to a mail server is encrypted. The zero
// value is no mode: a file that leaves tls out gets its protocol's
// default (implicit for IMAP, starttls for SMTP).
type TLSMode string

// TLS modes for IMAP and SMTP connections.
const (
	TLSImplicit TLSMode = "implicit" // TLS from the first byte (IMAPS 993, SMTPS 465)
	TLSStartTLS TLSMode = "starttls" // plain connect, then STARTTLS (required)
	TLSNone     TLSMode = "none"     // no encryption; only sensible on loopback
)

// Check returns an error unless m is one of the three modes.
func (m TLSMode) Check() error {
	switch m {
	case TLSImplicit, TLSStartTLS, TLSNone:
		return nil
	}
	return fmt.Errorf("want implicit, starttls or none, got %q", string(m))
}

// DefaultPort is the usual port for a protocol ("imap" or "smtp") and TLS
// mode.
func DefaultPort(proto string, mode TLSMode) int {
	switch {
	case proto == "imap" && mode == TLSImplicit:
		return 993
	case proto == "imap":
		return 143
	case mode == TLSImplicit:
		return 465
	case mode == TLSStartTLS:
		return 587
	default:
		return 25
	}
}
