package mailer

import (
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// TestFetchedMail: a flag change by another client can arrive as a second
// FETCH response for the same UID in the middle of ours; the body must not
// be lost to it (a missing body was read as an empty mail and dropped
// unanswered). A message answered without any body is told apart from
// one that is gone.
func TestFetchedMail(t *testing.T) {
	sec := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: 1025}}
	echoed := &imap.FetchItemBodySection{Partial: &imap.SectionPartial{Offset: 0}}
	body := func(s *imap.FetchItemBodySection, b string) []imapclient.FetchBodySectionBuffer {
		return []imapclient.FetchBodySectionBuffer{{Section: s, Bytes: []byte(b)}}
	}
	msgs := []*imapclient.FetchMessageBuffer{
		{UID: 5, RFC822Size: 30, BodySection: body(echoed, "mail five")},
		{UID: 5, Flags: []imap.Flag{imap.FlagFlagged}}, // another client flagged it
		{UID: 6, Flags: []imap.Flag{imap.FlagSeen}},    // the flags came first
		{UID: 6, RFC822Size: 31, BodySection: body(echoed, "mail six")},
		{UID: 7, RFC822Size: 32, BodySection: body(&imap.FetchItemBodySection{}, "mail seven")}, // BODY[] without <0>
		{UID: 8, RFC822Size: 33},                                                                // no body at all
		{SeqNum: 3, Flags: []imap.Flag{imap.FlagSeen}},                                          // no UID
	}
	got := fetchedMail(msgs, sec)
	want := map[imap.UID]string{5: "mail five", 6: "mail six", 7: "mail seven"}
	for uid, w := range want {
		if string(got[uid].raw) != w {
			t.Errorf("UID %d: body %q, want %q", uid, got[uid].raw, w)
		}
	}
	if f, ok := got[8]; !ok || f.raw != nil {
		t.Errorf("UID 8 (answered without a body): %+v, %v; want present with a nil body", f, ok)
	}
	if _, ok := got[9]; ok {
		t.Error("UID 9 was never fetched but is present")
	}
	if len(got) != 4 {
		t.Errorf("%d UIDs, want 4", len(got))
	}
}
