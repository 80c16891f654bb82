package games

import "testing"

// TestOfferAnsweredOutOfTurn: alice offers a draw (or asks to take back
// her move); bob answers it in its thread whenever he likes, and the
// notice tells him exactly what to write.
func TestOfferAnsweredOutOfTurn(t *testing.T) {
	for _, tc := range []struct {
		name        string
		alice       []string // alice's mail, on her turn
		notice      []string // in the notice to bob
		noticeNot   []string
		answer      []string // bob's answer
		bob         []string // bob's reply
		bobWants    []string // in bob's answer
		aliceWants  []string // in the notice to alice; nil: none
		result      string   // X-Windpost-Result after bob's answer
		offerStands bool     // the status block still shows the draw offer
	}{
		{name: "draw offered before her move, accepted", alice: []string{"draw"},
			notice:    []string{"offers a draw in game", "To accept, reply with: draw\nTo decline, reply with: decline\n", `Reply "draw" to accept it, or "decline".`},
			noticeNot: []string{"play your move", "a move declines it"},
			bob:       []string{"accept draw"}, bobWants: []string{"Done: you accepted the draw."},
			aliceWants: []string{"bob@players.test accepted your draw offer."}, result: "draw by agreed draw"},
		{name: "draw alone accepts", alice: []string{"draw"}, bob: []string{"draw"},
			bobWants: []string{"Done: you accepted the draw."}, aliceWants: []string{"accepted your draw offer"}, result: "draw by agreed draw"},
		{name: "accept alone accepts", alice: []string{"draw"}, bob: []string{"accept"},
			bobWants: []string{"Done: you accepted the draw."}, aliceWants: []string{"accepted your draw offer"}, result: "draw by agreed draw"},
		{name: "decline", alice: []string{"draw"}, bob: []string{"decline"},
			bobWants:   []string{"Done: you declined the draw offer. The game goes on. It is your opponent's move."},
			aliceWants: []string{"bob@players.test declined your draw offer in game"}},
		{name: "no thanks", alice: []string{"draw"}, bob: []string{"No, thanks!"},
			bobWants: []string{"Done: you declined the draw offer."}, aliceWants: []string{"declined your draw offer"}},
		{name: "decline draw", alice: []string{"draw"}, bob: []string{"decline draw"},
			bobWants: []string{"Done: you declined the draw offer."}, aliceWants: []string{"declined your draw offer"}},
		{name: "offered with her move, a move of his declines too", alice: []string{"t1", "draw"},
			notice: []string{"To decline, reply with: decline (or just play your move)", `Reply "draw" to accept it; a move declines it.`},
			bob:    []string{"no"}, bobWants: []string{"Done: you declined the draw offer. The game goes on. It is your move."},
			aliceWants: []string{"declined your draw offer"}},
		{name: "accept undo", alice: []string{"t1", "undo"},
			notice: []string{"asks to take back their last move, 1.t1. To agree, reply with: undo\nTo refuse, reply with: decline (or just play your move)"},
			bob:    []string{"accept undo"}, bobWants: []string{"Done: you agreed to take back 1.t1."}, aliceWants: []string{"agreed: 1.t1 is taken back"}},
		{name: "decline undo", alice: []string{"t1", "undo"}, bob: []string{"decline undo"},
			bobWants: []string{"Done: you refused to take back 1.t1. It is your move."}, aliceWants: []string{"bob@players.test refused to take back 1.t1 in game"}},
		{name: "both stand: decline is ambiguous", alice: []string{"t1", "undo", "draw"},
			notice: []string{"To decline, reply with: decline draw (or just play your move)"},
			bob:    []string{"decline"}, bobWants: []string{`Refused: a draw offer and an undo request both stand in game`, `write "decline draw" or "decline undo".`},
			offerStands: true},
		{name: "accept draw with none standing", alice: []string{"t1"}, bob: []string{"accept draw"},
			bobWants: []string{"Refused: no draw offer waits for your answer in game", `"draw" alone offers one.`}},
		{name: "decline with none standing", alice: []string{"t1"}, bob: []string{"decline"},
			bobWants: []string{"has already begun, and no draw offer or undo request waits for your answer."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, toBob, mails := aliceSays(t, tc.alice...)
			n := only(t, mails, bob)
			wantText(t, n, tc.notice...)
			wantNot(t, n, tc.noticeNot...)
			mails = h.reply(t, toBob, tc.bob...)
			b := only(t, mails, bob)
			wantText(t, b, tc.bobWants...)
			wantNot(t, b, "I do not understand", "Commands (one per line", "the challenge was accepted")
			if tc.aliceWants == nil {
				if len(mailTo(mails, alice)) != 0 {
					t.Fatalf("alice got mail: %s", describe(mails))
				}
			} else {
				wantText(t, only(t, mails, alice), tc.aliceWants...)
			}
			if got := b.Headers["X-Windpost-Result"]; got != tc.result {
				t.Errorf("result %q, want %q", got, tc.result)
			}
			if tc.offerStands {
				wantText(t, b, "offers a draw.")
			}
		})
	}
}

// TestDeclineOfferNotChallenge: with a draw offer standing in its game
// and a challenge waiting elsewhere, "decline" in the game's thread
// declines the offer, not the challenge.
func TestDeclineOfferNotChallenge(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)
	h.reply(t, toAlice, "draw")
	inv := only(t, h.write(t, alice, "challenge bob@players.test nim"), bob)
	mails := h.reply(t, toBob, "decline")
	wantText(t, only(t, mails, bob), "Done: you declined the draw offer.")
	wantNot(t, only(t, mails, bob), "declined the challenge")
	// The challenge still waits: declined in its own thread.
	wantText(t, only(t, h.reply(t, inv, "decline"), bob), "Done: you declined the challenge of alice@players.test.")
}

// TestNoThanksToChallenge: "no thanks" declines a challenge only for the
// player challenged; the challenger's "no" withdraws nothing.
func TestNoThanksToChallenge(t *testing.T) {
	for _, tc := range []struct {
		name string
		from string
		want string
	}{
		{name: "the invitee", from: bob, want: "Done: you declined the challenge of alice@players.test."},
		{name: "the challenger", from: alice, want: "Refused: I do not understand this line."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			mails := h.write(t, alice, "challenge bob@players.test nim")
			m := only(t, mails, tc.from)
			wantText(t, only(t, h.reply(t, m, "No thanks"), tc.from), tc.want)
		})
	}
}
