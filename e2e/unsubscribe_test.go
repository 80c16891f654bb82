package e2e

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
)

// TestOneClickUnsubscribeByMail: with the web view on by https, the
// invitation bob receives names the one-click link before the keyed
// mailto, with List-Unsubscribe-Post, as sent over SMTP; the POST a mail
// program sends there stops bob (alice's challenge is declined and she is
// told), and bob gets no mail for it.
func TestOneClickUnsubscribeByMail(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice", "bob")
		_, ts := startDaemonWithWeb(t, b, true)
		base := ts.URL

		alice, bob := newPlayer(t, b, "alice"), newPlayer(t, b, "bob")
		r := proveAddress(t, b, alice)
		alice.answerTo(alice.reply(r, "challenge "+bob.addr()+" gufuu", "gmail", mailOpts{}))
		inv := bob.waitMail("with the invitation", 30*time.Second, func(g *got) bool { return strings.Contains(g.Text, "challenges you") })
		header := inv.Header.Get("List-Unsubscribe")
		link, mailto, ok := strings.Cut(strings.TrimPrefix(header, "<"), ">, <mailto:")
		if !ok || !strings.HasPrefix(link, base+"/unsubscribe/") || !strings.HasPrefix(mailto, inv.ReplyTo+"?subject=stop") ||
			inv.Header.Get("List-Unsubscribe-Post") != games.UnsubscribePost {
			t.Fatalf("List-Unsubscribe %q, List-Unsubscribe-Post %q (Reply-To %q)", header, inv.Header.Get("List-Unsubscribe-Post"), inv.ReplyTo)
		}
		resp, err := ts.Client().Post(link, "application/x-www-form-urlencoded", strings.NewReader(games.UnsubscribePost))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), "Done: nobody can invite you any more") {
			t.Fatalf("POST %s: %s\n%s", link, resp.Status, body)
		}
		alice.waitMail("telling of the decline", 30*time.Second, func(g *got) bool {
			return strings.Contains(g.Text, "declined your challenge")
		})
		quiet(t, bob, 0, 2*time.Second)
	})
}
