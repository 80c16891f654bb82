package games

import (
	"cmp"
	"fmt"
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/club"
)

// clubOf are n proven players' addresses, p1@club.test to pn@club.test.
func clubOf(t *testing.T, h *harness, n int) []string {
	t.Helper()
	var ps []string
	for i := 1; i <= n; i++ {
		ps = append(ps, fmt.Sprintf("p%d@club.test", i))
	}
	h.prove(t, ps...)
	return ps
}

// TestTournamentWorstMail: the mails one mail of the organiser causes stay
// within the documented limit, counted honestly: a tournament start mails
// each player once (the commands after it are not run), and a result
// that moves a tournament on counts the crosstable to each of its players
// and the organiser. The worst mail of the issue: a round robin of 16
// started, with 20 adjudicate lines.
func TestTournamentWorstMail(t *testing.T) {
	tests := []struct {
		name     string
		running  int    // players of the tournament being played, whose games are adjudicated
		big      string // the tournament the mail starts ("" for none)
		players  int    // its players
		before   bool   // the start comes before the adjudicate lines
		want     int    // mails the mail causes
		notRun   int    // its lines not run
		startRan bool
	}{
		// The answer and one mail to each of the 16 players; the 20 lines
		// after it are not run (the last of them is over the 20 commands).
		{"start then 20 adjudicate", 4, "roundrobin", 16, true, 1 + 16, 20, true},
		{"swiss of 64 then 20 adjudicate", 4, "swiss rounds 6", 64, true, 1 + 64, 20, true},
		// The first result: the answer, its two players' news and the crosstable
		// to the 8 players and the organiser; the rest waits for another mail.
		{"20 adjudicate then start", 8, "roundrobin", 16, false, 1 + 2 + 9, 20, false},
		// The 24 mails: two results, then the limit of 10.
		{"20 adjudicate", 4, "", 0, false, 1 + 2*2 + 5, 18, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			players := clubOf(t, h, max(tc.players, tc.running))
			running := openTournament(t, h, alice, "tournament new nim roundrobin name Running")
			for _, p := range players[:tc.running] {
				h.write(t, p, "join "+running.id)
			}
			running.collect(h.reply(t, running.open, "tournament start "+running.id))
			var lines []string
			for i := range 20 {
				lines = append(lines, fmt.Sprintf("adjudicate %s draw", running.order[i%len(running.order)]))
			}
			big := openTournament(t, h, alice, "tournament new nim "+cmp.Or(tc.big, "roundrobin")+" name Big Cup")
			players = players[:tc.players]
			for _, p := range players {
				h.write(t, p, "join "+big.id)
			}
			if tc.before {
				lines = append([]string{"tournament start " + big.id}, lines...)
			} else if tc.big != "" {
				lines = append(lines, "tournament start "+big.id)
			}
			mails := big.collect(h.reply(t, big.open, lines...))
			if len(mails) != tc.want || len(mails) > h.srv.Config.MailsPerMailLimit()+len(players) {
				t.Errorf("one mail caused %d mails, want %d (at most %d):%s", len(mails), tc.want, h.srv.Config.MailsPerMailLimit()+len(players), describe(mails))
			}
			ans := answerIn(t, mails, alice)
			notRun := fmt.Sprintf("Not run, because one mail may cause at most %d mails", h.srv.Config.MailsPerMailLimit())
			_, rest, _ := strings.Cut(ans.Text, notRun)
			if got := strings.Count(rest, "\n> ") + moreLines(rest); got != tc.notRun {
				t.Errorf("%d lines not run, want %d:\n%s", got, tc.notRun, ans.Text)
			}
			if started := big.record(t).State == club.Playing; started != tc.startRan {
				t.Errorf("the start ran: %v, want %v", started, tc.startRan)
			}
			if tc.startRan {
				for _, p := range players {
					if n := mailsTo(mails, p); n != 1 {
						t.Errorf("%s got %d mails from the start, want 1", p, n)
					}
				}
			}
		})
	}
}

// moreLines reads "(and n more lines)" in text; 0 without it.
func moreLines(text string) int {
	var n int
	if _, after, ok := strings.Cut(text, "(and "); ok {
		fmt.Sscanf(after, "%d more lines)", &n)
	}
	return n
}

// TestTournamentSwissRoundInCrosstable: the result that completes a
// Swiss's round mails each player one mail, the crosstable with their game
// of the next round (its board where it is their move), and a reply to it
// plays that game; the organiser gets the crosstable alone.
func TestTournamentSwissRoundInCrosstable(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol, dave, eve)
	tt := openTournament(t, h, alice, "tournament new nim swiss rounds 2")
	for _, p := range []string{bob, carol, dave, eve} {
		h.write(t, p, "join "+tt.id)
	}
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	if len(tt.order) != 2 {
		t.Fatalf("round 1 has %d games, want 2", len(tt.order))
	}
	tt.end(t, tt.order[0], "draw")
	mails := tt.end(t, tt.order[1], "white resigns")
	if len(tt.order) != 4 {
		t.Fatalf("round 2 has %d games in the mails, want 4 in all:%s", len(tt.order), describe(mails))
	}
	players := []string{bob, carol, dave, eve}
	for _, p := range players {
		var news []Mail
		for _, m := range mails {
			if m.To == p && m.Headers["X-Windpost-Game"] == "" && m.Kind != Answer {
				news = append(news, m)
			}
		}
		if len(news) != 1 {
			t.Fatalf("%s got %d tournament mails at the end of round 1, want 1:%s", p, len(news), describe(mails))
		}
		m := news[0]
		wantText(t, m, "Round 2 is paired", "The crosstable of")
		g := pairedLine.FindStringSubmatch(m.Text)
		if g == nil || !strings.Contains(m.Subject, "crosstable and your game of round 2") {
			t.Fatalf("%s's mail (%s) names no game of round 2:\n%s", p, m.Subject, m.Text)
		}
		if board := strings.Contains(m.Text, "== Game "+g[2]+": your move"); board != (g[3] == "black") {
			t.Errorf("%s plays %s; the board in the mail: %v", p, g[3], board)
		}
	}
	org := tt.lastNews(t, alice)
	if pairedLine.MatchString(org.Text) || !strings.Contains(org.Subject, "crosstable") {
		t.Errorf("the organiser's mail (%s):\n%s", org.Subject, org.Text)
	}
	// Black plays round 2 in a reply to the crosstable: "<id> <move>".
	id := tt.order[2]
	for p, side := range tt.sides[id] {
		if side == "black" {
			ans := answerIn(t, tt.act(t, id, p, "t2"), p)
			wantText(t, ans, "> "+id+" t2")
			if ans.Headers["X-Windpost-Game"] != id {
				t.Errorf("the answer to the move is not in game %s's thread: %v", id, ans.Headers)
			}
		}
	}
}

// TestMailsCountedAcrossThePause: the mails a mail caused before it waited
// for the bot still count after: a start of 4 (4 pairing mails and the
// answer), a game against the bot that opens (the pause), then challenges:
// the fifth fills the 10, and the sixth is not run.
func TestMailsCountedAcrossThePause(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	players := clubOf(t, h, 10)
	small := openTournament(t, h, alice, "tournament new nim roundrobin name Small")
	for _, p := range players[:4] {
		h.write(t, p, "join "+small.id)
	}
	lines := []string{"tournament start " + small.id, "new nim as white"}
	for _, p := range players[4:] {
		lines = append(lines, "challenge "+p+" nim")
	}
	mails := h.reply(t, small.open, lines...)
	ans := answerIn(t, mails, alice)
	wantText(t, ans, "Not run, because one mail may cause at most 10 mails", "> challenge "+players[9]+" nim")
	if strings.Contains(ans.Text, "Done: I invited "+players[9]) {
		t.Errorf("the sixth challenge ran:\n%s", ans.Text)
	}
	if n := strings.Count(ans.Text, "Done: I invited"); n != 5 {
		t.Errorf("%d challenges ran, want 5:\n%s", n, ans.Text)
	}
}
