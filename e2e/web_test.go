package e2e

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// webLink is the line with the link to a game's page that ends the mails
// about it when the web view has a base URL.
var webLink = regexp.MustCompile(`(?m)^Web page: (http://\S+/g/(g[a-z0-9]+)-[a-z2-7]{16})$`)

// webGet fetches url and returns its status and body.
func webGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// A game's mail links to its page, which shows the game and its board;
// by its plain id the page is there only once its player said "public".
func TestWebPageByMail(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice")
		_, ts := startDaemonWithWeb(t, b, false)
		base := ts.URL

		alice := newPlayer(t, b, "alice")
		g := alice.answerTo(alice.send(b.addr("bot"), "web", "new gufuu level casual", mailOpts{}))
		m := webLink.FindStringSubmatch(g.Text)
		if m == nil || m[2] != g.game() || !strings.HasPrefix(m[1], base+"/g/") {
			t.Fatalf("the answer has no link to game %s's page on %s:\n%s", g.game(), base, g.Text)
		}
		if code, body := webGet(t, m[1]); code != 200 || !strings.Contains(body, "Gufuu Shogi, game "+g.game()) {
			t.Errorf("GET %s: %d\n%s", m[1], code, body)
		}
		if code, _ := webGet(t, m[1]+"/board.png"); code != 200 {
			t.Errorf("GET the board: %d", code)
		}
		plain := base + "/g/" + g.game()
		if code, _ := webGet(t, plain); code != 404 {
			t.Errorf("GET %s before \"public\": %d, want 404", plain, code)
		}
		a := alice.answerTo(alice.reply(g, "public", styles[0], mailOpts{}))
		if !strings.Contains(a.Text, "is public now") {
			t.Errorf("the answer to \"public\":\n%s", a.Text)
		}
		if code, body := webGet(t, plain); code != 200 || !strings.Contains(body, "alice@...") || strings.Contains(body, b.addr("alice")) {
			t.Errorf("GET %s after \"public\": %d\n%s", plain, code, body)
		}
	})
}
