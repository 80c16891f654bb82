package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/rating"
)

// ratingLine is the game-over mail's line of a new player whose rating
// the game moved to after.
func ratingLine(after rating.Rating) string {
	return fmt.Sprintf("Your rating: 1500 -> %.0f (%s)", after.R, rating.Change(rating.Start(), after))
}

// TestRatedGame has two people play a rated game by mail to its end (a
// resignation): both game-over mails carry the player's rating change as
// Glicko-2 computes it, and "standings" and "rating" show the new ratings.
func TestRatedGame(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob")
		alice, bob := ps[0], ps[1]
		ask := alice.answerTo(alice.send(b.addr("bot"), "a rated game?", "challenge "+bob.addr()+" gufuu as white days 3", mailOpts{}))
		ans := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{}))
		game := ans.game()
		if game == "" || !strings.Contains(ans.Text, "The game is rated.") {
			t.Fatalf("challenge not taken as rated:\n%s", ans.Text)
		}
		inv := bob.waitMail("with the challenge", 30*time.Second, func(g *got) bool { return g.game() == game })
		if !strings.Contains(inv.Text, "The game is rated.") {
			t.Errorf("the invitation does not say the game is rated:\n%s", inv.Text)
		}
		bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
		start := alice.waitMail("saying the game began", 30*time.Second, func(g *got) bool {
			return g.game() == game && strings.Contains(g.Text, "accepted your challenge")
		})
		// bob (black) has the first move; alice resigns before it.
		over := alice.answerTo(alice.reply(start, "resign", "thunderbird", mailOpts{}))
		news := bob.waitMail("saying the game is over", 30*time.Second, func(g *got) bool {
			return g.game() == game && g.Header.Get("X-Windpost-Result") != ""
		})
		bobR, aliceR, err := rating.System{}.Game(rating.Start(), rating.Start(), rating.Win)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			m     *got
			after rating.Rating
		}{{over, aliceR}, {news, bobR}} {
			if line := ratingLine(c.after); !strings.Contains(c.m.Text, line) {
				t.Errorf("the game-over mail lacks %q:\n%s", line, c.m.Text)
			}
		}
		st := bob.answerTo(bob.send(b.addr("bot"), "standings", "standings gufuu", mailOpts{}))
		w := len(bob.addr()) // the player column is as wide as its widest name
		for _, row := range []string{
			fmt.Sprintf(" 1  %-*s  %5.0f?  %3.0f      1", w, bob.addr(), bobR.R, bobR.RD),
			// Others are shown by their local part only (no address list
			// for harvesters).
			fmt.Sprintf(" 2  %-*s  %5.0f?  %3.0f      1", w, "alice@...", aliceR.R, aliceR.RD),
		} {
			if !strings.Contains(st.Text, row) {
				t.Errorf("the standings lack %q:\n%s", row, st.Text)
			}
		}
		mine := alice.answerTo(alice.send(b.addr("bot"), "my rating", "rating", mailOpts{}))
		if want := fmt.Sprintf("%s  loss  %-26s 1500 -> %4.0f", game, bob.addr(), aliceR.R); !strings.Contains(mine.Text, want) {
			t.Errorf("alice's ratings lack %q:\n%s", want, mine.Text)
		}
	})
}
