package games

import (
	"strings"
	"testing"
)

// TestConfirmFromAnotherAddress: alice+x@ writes a challenge, which waits
// for a confirmation; alice's mail program answers the request from
// alice@: the refusal says that the addresses differ.
func TestConfirmFromAnotherAddress(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	const plus = "alice+x@players.test"
	ask := only(t, h.fresh(t, plus, "challenge "+bob+" nim"), plus)
	wantText(t, ask, "Waiting for your confirmation: this line acts in your name")
	m := only(t, h.send(t, h.replyRequest(t, ask, alice, "confirm")), alice)
	wantText(t, m, "Refused: this mail answers one I sent to another address, not to "+alice,
		"reply from that address (with its +tag, if it had one)")
	// From the address that wrote it, the confirm runs the challenge.
	wantText(t, only(t, h.reply(t, ask, "confirm"), plus), "Done: you confirmed your address")
}

// TestAnswerSubjectHasOneTag: a mail whose subject carries windpost tags
// (a reply to an answer, forwarded or written again) is answered with one
// tag, the answer's own.
func TestAnswerSubjectHasOneTag(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, subject := range []string{
		"join please [windpost gnqabcdefgh abcdefghijklmnop]",
		"Re: Re: [WINDPOST  gnqabcdefgh abcdefghijklmnop ] join please [windpost gdmabcdefgh abcdefghijklmnop]",
	} {
		r := h.request(alice, "", "", "rating")
		r.Subject = subject
		m := only(t, h.send(t, r), alice)
		if n := strings.Count(strings.ToLower(m.Subject), "[windpost "); n != 1 || !strings.HasPrefix(m.Subject, "Re: ") || !strings.Contains(m.Subject, "join please") {
			t.Errorf("answer to %q: subject %q, want one tag", subject, m.Subject)
		}
	}
}

// TestOneDaySaysDay: a game of one day per move says "1 day", never
// "1 days", in the challenge, the answer and the game's mails.
func TestOneDaySaysDay(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	mails := h.write(t, alice, "challenge "+bob+" nim days 1")
	inv := only(t, mails, bob)
	wantText(t, inv, "with 1 day for each move")
	wantText(t, only(t, mails, alice), "with 1 day per move")
	mails = append(mails, h.reply(t, inv, "accept")...)
	wantText(t, only(t, mails[len(mails)-2:], bob), "(1 day per move)")
	for _, m := range mails {
		if strings.Contains(m.Text, "1 days") {
			t.Errorf("mail to %s says \"1 days\":\n%s", m.To, m.Text)
		}
	}
}

// TestJoinSaysLeaveOnce: the answer to "join" says once how to leave, for
// a player who joins at once and for one whose join waited for a
// confirmation.
func TestJoinSaysLeaveOnce(t *testing.T) {
	h, tt := aliceOrganises(t, "tournament new nim roundrobin days 3")
	joined := only(t, h.write(t, bob, "join "+tt.id), bob)
	held := only(t, h.write(t, eve, "join "+tt.id), eve)
	confirmed := only(t, h.reply(t, held, "confirm"), eve)
	for _, m := range []Mail{joined, confirmed} {
		wantText(t, m, "Done: you joined")
		if n := strings.Count(m.Text, "tournament leave "+tt.id); n != 1 {
			t.Errorf("the answer to %s says %d times how to leave:\n%s", m.To, n, m.Text)
		}
	}
}
