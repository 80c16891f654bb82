package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/mailer/mailtest"
)

var seekID = regexp.MustCompile(`your seek (s[2-9a-z]{4,}) is on the list`)

// says reports whether g's text says want, its soft line breaks joined.
func says(g *got, want string) bool { return strings.Contains(mailtest.Unflowed(g.Text), want) }

// TestSeekJoinAndRematch: alice (new to windpost, so after her confirm)
// seeks a game; bob lists the seeks and joins hers; both get the game's
// first mail and play in it; after its end alice asks for a rematch and
// bob asks too, which begins it with the colours swapped. carol, who
// asked for nothing, gets nothing.
func TestSeekJoinAndRematch(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob", "carol")
		alice, bob, carol := ps[0], ps[1], ps[2]

		ask := alice.answerTo(alice.send(b.addr("bot"), "a game, anyone?", "seek gufuu days 3 as black", mailOpts{}))
		if !says(ask, "Waiting for your confirmation") {
			t.Fatalf("a stranger's seek did not wait for her confirm:\n%s", ask.Text)
		}
		ans := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{}))
		m := seekID.FindStringSubmatch(ans.Text)
		if m == nil {
			t.Fatalf("no seek in the answer to the confirm:\n%s", ans.Text)
		}
		id := m[1]

		home := proveAddress(t, b, bob) // a reply to any windpost mail proves bob
		list := bob.answerTo(bob.send(b.addr("bot"), "seeks", "seeks gufuu", mailOpts{}))
		if !says(list, id+"\n  player: alice@...\n  rating: 1500?\n  terms: 3 days per move, rated, the seeker plays black\n  expires: ") {
			t.Fatalf("the list lacks alice's seek:\n%s", list.Text)
		}
		if strings.Contains(list.Text, alice.addr()) {
			t.Errorf("the list shows alice's whole address:\n%s", list.Text)
		}

		toBob := bob.answerTo(bob.reply(home, "join "+id, "gmail", mailOpts{}))
		game := toBob.game()
		if game == "" || !says(toBob, "has begun. You play white, and your opponent has the first move.") {
			t.Fatalf("the join began no game:\n%s", toBob.Text)
		}
		toAlice := alice.waitMail("saying bob joined", 30*time.Second, func(g *got) bool {
			return g.game() == game && says(g, "joined your seek "+id)
		})
		if !says(toAlice, "You play black, and you have the first move.") {
			t.Errorf("alice's first mail of the game:\n%s", toAlice.Text)
		}

		// alice moves; bob gets the move; then bob resigns.
		mv := perfectMove(t, toAlice)
		alice.answerTo(alice.reply(toAlice, mv, "thunderbird", mailOpts{}))
		moved := bob.waitMail("with alice's move", 30*time.Second, func(g *got) bool {
			return g.game() == game && says(g, withoutNumber(mv))
		})
		over := bob.answerTo(bob.reply(moved, "resign", "gmail", mailOpts{}))
		if over.Header.Get("X-Windpost-Result") == "" {
			t.Fatalf("bob's resignation ended nothing:\n%s", over.Text)
		}
		end := alice.waitMail("saying the game is over", 30*time.Second, func(g *got) bool {
			return g.game() == game && g.Header.Get("X-Windpost-Result") != ""
		})

		// The rematch: alice asks, bob asks too in his own thread.
		re := alice.answerTo(alice.reply(end, "rematch", "gmail", mailOpts{}))
		if !says(re, "A rematch of game "+game+", with the colours swapped.") {
			t.Fatalf("alice's rematch:\n%s", re.Text)
		}
		rematch := re.game()
		inv := bob.waitMail("with the rematch", 30*time.Second, func(g *got) bool {
			return g.game() == rematch && says(g, "A rematch of game "+game+", with the colours swapped:")
		})
		if !says(inv, "You would play black, with 3 days for each move.") {
			t.Errorf("the rematch's invitation:\n%s", inv.Text)
		}
		begun := bob.answerTo(bob.reply(over, "rematch", "outlook", mailOpts{}))
		if begun.game() != rematch || !says(begun, "has begun. You play black, and you have the first move.") {
			t.Fatalf("bob's rematch did not begin alice's (%s):\n%s", rematch, begun.Text)
		}
		alice.waitMail("saying the rematch began", 30*time.Second, func(g *got) bool {
			return g.game() == rematch && says(g, "asked for a rematch too")
		})
		quiet(t, carol, 0, time.Second)
	})
}

// TestHostileSeekFlood: one sender (carol, as mallory) mails 50 seeks. They get one answer of
// bounded size: a stranger's held for a confirm (a few at most), a known
// player's opened up to the cap of 3 and the rest refused; nobody else
// gets mail.
func TestHostileSeekFlood(t *testing.T) {
	flood := strings.Repeat("seek gufuu\n", 50)
	forEachBackend(t, func(t *testing.T, b *backend) {
		for _, tc := range []struct {
			name  string
			prove bool
			want  string
		}{
			{"stranger", false, "Refused: this mail already has 5 lines waiting for your confirm"},
			{"known", true, "Refused: you have 3 seeks open ("},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, ps := startPlayers(t, b, "carol", "bob")
				mallory, bob := ps[0], ps[1]
				var ans *got
				if tc.prove {
					ans = mallory.answerTo(mallory.reply(proveAddress(t, b, mallory), flood, "gmail", mailOpts{}))
				} else {
					ans = mallory.answerTo(mallory.send(b.addr("bot"), "seeks", flood, mailOpts{}))
				}
				if !says(ans, tc.want) {
					t.Errorf("the answer lacks %q:\n%s", tc.want, ans.Text)
				}
				if len(ans.Raw) > 64<<10 {
					t.Errorf("the answer is %d bytes", len(ans.Raw))
				}
				if n := strings.Count(mailtest.Unflowed(ans.Text), "Done: your seek"); tc.prove && n != 3 {
					t.Errorf("%d seeks opened, want 3", n)
				}
				list := bob.answerTo(bob.send(b.addr("bot"), "seeks", "seeks", mailOpts{}))
				if n := strings.Count(mailtest.Unflowed(list.Text), "carol@..."); n != map[bool]int{true: 3}[tc.prove] {
					t.Errorf("the list shows %d of mallory's seeks:\n%s", n, list.Text)
				}
				quiet(t, mallory, 0, time.Second)
				quiet(t, bob, 0, 0)
			})
		}
	})
}
