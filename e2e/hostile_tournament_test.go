package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The row on the mails one mail causes: "tournament start" with
// 12 players made 131 mails, 20 "adjudicate" lines 24, where the README
// said one mail causes at most 10. Now a start mails each player once,
// with all their games, and the limit counts every mail: the answer, the
// news to players, the tournament's mails and the crosstables due.

// mailsCausedBy has from write body in a reply to key and counts the mails
// every account of everyone gets from it. It waits on events: the answer,
// then the answer to a "help" that bob sends after it, which the outbox
// sends after every mail the first one caused (they were queued before it,
// and each round of the outbox is sent before the next is read).
func mailsCausedBy(t *testing.T, b *backend, everyone []*player, from *player, key *got, body string) (int, *got) {
	t.Helper()
	before := map[*player]int{}
	for _, p := range everyone {
		p.fetchNew()
		before[p] = len(p.mails)
	}
	ans := from.answerTo(from.reply(key, body, "gmail", mailOpts{}))
	bob := everyone[1]
	bob.answerTo(bob.send(b.addr("bot"), "help", "help", mailOpts{}))
	n := -1 // the answer to bob's help
	for _, p := range everyone {
		p.fetchNew()
		n += len(p.mails) - before[p]
	}
	return n, ans
}

// TestHostileTournamentMails: alice organises "Small", a round robin of 4
// (player5 to player8) being played, and "Big Cup", a round robin of all
// 11 accounts, herself among them. One mail starting Big Cup with 20
// adjudicate lines for Small's games causes 12 mails: her answer and one
// pairing mail to each of the 11 players; the 20 lines are not run (the
// last is over the 20 commands a mail may hold). Then
// 20 adjudicate lines alone cause 10: two results (the answer, the two
// players of each game told, and Small's crosstable to its 4 players and
// alice), and the rest not run.
func TestHostileTournamentMails(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		locals := append([]string{"alice", "bob", "carol"}, benchPlayers...)
		b.wipe(t, append([]string{"bot"}, locals...)...)
		startDaemon(t, b, t.TempDir())
		var everyone []*player
		for _, l := range locals {
			everyone = append(everyone, newPlayer(t, b, l))
		}
		alice, small := everyone[0], everyone[len(everyone)-4:]
		smallID, smallKey := openByMail(t, b, alice, "tournament new micro roundrobin days 3 name Small")
		joinByMail(t, b, smallID, small)
		if ans := alice.answerTo(alice.reply(smallKey, "tournament start "+smallID, "gmail", mailOpts{})); !strings.Contains(ans.Text, "has begun with 4 players") {
			t.Fatalf("Small not started:\n%s", ans.Text)
		}
		n := map[*player]int{}
		for _, p := range small {
			n[p] = 3
		}
		var ids []string
		for id := range collectGames(t, small, map[string]*tgame{}, n) {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		var adjudicate []string
		for i := range 20 {
			adjudicate = append(adjudicate, fmt.Sprintf("adjudicate %s draw", ids[i%len(ids)]))
		}
		bigID, bigKey := openByMail(t, b, alice, "tournament new micro roundrobin days 3 name Big Cup")
		joinByMail(t, b, bigID, everyone)

		tests := []struct {
			name  string
			key   *got
			lines []string
			want  int      // mails caused
			says  []string // in the answer
		}{
			{"start and 20 adjudicate", bigKey, append([]string{"tournament start " + bigID}, adjudicate...), 1 + 11,
				[]string{"has begun with 11 players", "Not run, because one mail may cause at most 10 mails", "(and 9 more lines)", "may hold at most 20 commands"}},
			{"20 adjudicate", smallKey, adjudicate, 1 + 2*2 + 5,
				[]string{"Done: you adjudicated game " + ids[0], "Done: you adjudicated game " + ids[1], "Not run, because one mail may cause at most 10 mails", "(and 8 more lines)"}},
		}
		for _, tc := range tests {
			got, ans := mailsCausedBy(t, b, everyone, alice, tc.key, strings.Join(tc.lines, "\n"))
			if got != tc.want {
				t.Errorf("%s: one mail caused %d mails, want %d", tc.name, got, tc.want)
			}
			for _, s := range tc.says {
				if !strings.Contains(ans.Text, s) {
					t.Errorf("%s: the answer lacks %q:\n%s", tc.name, s, ans.Text)
				}
			}
		}
		// Each player of Big Cup got one mail naming their 10 games.
		for _, p := range everyone {
			var named []*got
			for _, g := range p.mails {
				if strings.Contains(g.Subject, "(tournament "+bigID+")") {
					named = append(named, g)
				}
			}
			if len(named) != 1 || len(pairedLine.FindAllString(named[0].Text, -1)) != 10 {
				t.Errorf("%s got %d mails about Big Cup; want one that names their 10 games", p.local, len(named))
			}
		}
	})
}
