package config

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"os"
)

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

// TLSConfig is how windpost checks a mail server's certificate: for
// serverName, against the system's roots and, if caFile is not "", the PEM
// certificates in caFile too (a private CA); TLS 1.2 at least.
func TLSConfig(serverName, caFile string) (*tls.Config, error) {
	tc := &tls.Config{ServerName: serverName, MinVersion: tls.VersionTLS12}
	if caFile == "" {
		return tc, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%s: no PEM certificate in it", caFile)
	}
	tc.RootCAs = pool
	return tc, nil
}
