package mailer

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
)

// TestCheckResolve: check's first step blames the config for a typo only
// when the DNS says the name does not exist (NXDOMAIN); a lookup that
// timed out or could not be made (no network) points at the network and
// not at imap.host.
func TestCheckResolve(t *testing.T) {
	for _, tc := range []struct {
		name      string
		err       error
		ok        bool
		wantFix   string
		notInFix  string
		wantInfo  string
		wantFound string
	}{
		{name: "found", wantFound: "at 192.0.2.7"},
		{name: "no such name", err: &net.DNSError{Err: "no such host", Name: "imap.exmaple.org", IsNotFound: true},
			wantInfo: "the name imap.exmaple.org does not exist", wantFix: "check imap.host for a typo"},
		{name: "timeout", err: &net.DNSError{Err: "i/o timeout", Name: "imap.exmaple.org", IsTimeout: true, IsTemporary: true},
			wantInfo: "the DNS did not answer in time", wantFix: "check this machine's network", notInFix: "typo"},
		{name: "no network", err: &net.DNSError{Err: "dial udp 192.0.2.53:53: connect: network is unreachable", Name: "imap.exmaple.org", IsTemporary: true},
			wantInfo: "could not be looked up", wantFix: "check that this machine is online", notInFix: "typo"},
		{name: "wrapped, not found", err: fmt.Errorf("resolver: %w", &net.DNSError{Err: "no such host", Name: "imap.exmaple.org", IsNotFound: true}),
			wantInfo: "does not exist", wantFix: "for a typo"},
		{name: "no DNS error", err: errors.New("resolver broke"),
			wantInfo: "could not be looked up", wantFix: "online", notInFix: "typo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch := &Check{LookupHost: func(context.Context, string) ([]string, error) {
				if tc.err != nil {
					return nil, tc.err
				}
				return []string{"192.0.2.7"}, nil
			}}
			s := ch.resolve(context.Background(), "IMAP", "imap.exmaple.org", "imap")
			if s.OK != (tc.err == nil) || s.Name != "IMAP: find the server imap.exmaple.org" {
				t.Fatalf("step %+v", s)
			}
			if !strings.Contains(s.Detail, tc.wantInfo) || !strings.Contains(s.Detail, tc.wantFound) ||
				!strings.Contains(s.Fix, tc.wantFix) || tc.notInFix != "" && strings.Contains(s.Fix, tc.notInFix) {
				t.Errorf("detail %q, fix %q; want %q%q, fix with %q and without %q", s.Detail, s.Fix, tc.wantInfo, tc.wantFound, tc.wantFix, tc.notInFix)
			}
		})
	}
}
