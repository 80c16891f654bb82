package games

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/rating"
)

// gamePageErr is GamePage's answer as the web view tells it: found, or
// not found (ErrNoSuchGame), or another error.
func gamePageErr(t *testing.T, h *harness, id, token string) bool {
	t.Helper()
	_, err := h.store.GamePage(id, token)
	if err != nil && !errors.Is(err, ErrNoSuchGame) {
		t.Fatalf("GamePage(%s, %q): %v", id, token, err)
	}
	return err == nil
}

// TestGameLinkAndPublic: a game's page is reached by its link always, by
// its plain id only once both players said "public"; a wrong token, an
// unknown game and a private one are the same ErrNoSuchGame; "private"
// from either player closes it again.
func TestGameLinkAndPublic(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startNimGame(t, h)
	id := toAlice.Headers["X-Windpost-Game"]
	link := h.store.GameLink(id)
	gameID, token, ok := strings.Cut(link, "-")
	if !ok || gameID != id || !keys.ValidToken(token) {
		t.Fatalf("GameLink(%s) = %q: want the id, a dash and a 16-character token", id, link)
	}
	if h.store.GameLink(id) != link {
		t.Error("GameLink is not the same twice")
	}
	wrong := []byte(token)
	wrong[0] ^= 1
	for _, c := range []struct {
		id, token string
		want      bool
	}{
		{id, token, true}, {id, strings.ToUpper(token), true}, {id, string(wrong), false}, {id, "", false},
		{"gzzzz", webToken(testSecret, "gzzzz"), false}, {"not an id", "", false},
	} {
		if got := gamePageErr(t, h, c.id, c.token); got != c.want {
			t.Errorf("GamePage(%q, %q) found %v, want %v", c.id, c.token, got, c.want)
		}
	}

	steps := []struct {
		to     Mail
		line   string
		says   string
		public bool
		notice string // what the other player is told, "" for no mail
	}{
		{toAlice, "public", "becomes public when " + bob + " says \"public\" too", false, "would like game " + id + " to be public"},
		{toAlice, "public", "You have said \"public\"", false, ""},
		{toBob, "public", "is public now", true, "said \"public\" too"},
		{toBob, "public", "is public already", true, ""},
		{toAlice, "private", "is private", false, "is no longer public"},
		{toBob, "private", "is private", false, ""},
		{toBob, "private", "is not public", false, ""},
	}
	for i, s := range steps {
		mails := h.reply(t, s.to, s.line)
		wantText(t, only(t, mails, s.to.To), s.says)
		other := alice
		if s.to.To == alice {
			other = bob
		}
		if s.notice == "" && len(mailTo(mails, other)) != 0 {
			t.Errorf("step %d: %s was mailed: %s", i, other, describe(mails))
		} else if s.notice != "" {
			wantText(t, only(t, mails, other), s.notice)
		}
		if got := gamePageErr(t, h, id, ""); got != s.public {
			t.Errorf("step %d (%s says %q): reachable by the plain id: %v, want %v", i, s.to.To, s.line, got, s.public)
		}
		if !gamePageErr(t, h, id, token) {
			t.Errorf("step %d: not reachable by its link", i)
		}
	}
}

// TestGamePageView: the page's view of a game between people shows the
// players as "local@...", the moves, the board with the last move, whose
// move and the deadline, and a game over its result; the public list has
// the game once it is public, and never a private one.
func TestGamePageView(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startNimGame(t, h)
	id := toAlice.Headers["X-Windpost-Game"]
	token := strings.TrimPrefix(h.store.GameLink(id), id+"-")
	toBob = only(t, h.reply(t, toAlice, "2"), bob)
	p := must[GamePage](t)(h.store.GamePage(id, token))
	if p.Players[0].Shown != "alice@..." || p.Players[1].Shown != "bob@..." || p.State != "playing" || p.ToMove != "white" ||
		p.Deadline.IsZero() || p.DaysPerMove != 3 || !slices.Equal(p.Moves, []string{"t2"}) || p.Result != "" || p.Public {
		t.Errorf("page of a game in progress: %+v", p)
	}
	if p.Board.Move != "t2" || p.Board.Before == "" || p.Board.Position != toBob.Board.Position || p.Board.Before != toBob.Board.Before {
		t.Errorf("page's board %+v, the mail's %+v", p.Board, *toBob.Board)
	}
	if got := must[[]PublicGame](t)(h.store.PublicGames("", 10)); len(got) != 0 {
		t.Errorf("public games before anyone said public: %+v", got)
	}
	h.reply(t, toBob, "public")
	h.reply(t, toAlice, "public")
	h.reply(t, toBob, "resign")
	p = must[GamePage](t)(h.store.GamePage(id, ""))
	if p.State != "over" || p.ToMove != "" || !p.Deadline.IsZero() || p.Result != "black wins by resignation" || !p.Public {
		t.Errorf("page of a game over: %+v", p)
	}
	for _, variant := range []string{"", "nim"} {
		got := must[[]PublicGame](t)(h.store.PublicGames(variant, 10))
		if len(got) != 1 || got[0].ID != id || got[0].Black != "alice@..." || got[0].Result != "black wins by resignation" {
			t.Errorf("PublicGames(%q) = %+v", variant, got)
		}
	}
	if got := must[[]PublicGame](t)(h.store.PublicGames("gufuu", 10)); len(got) != 0 {
		t.Errorf("PublicGames(gufuu) = %+v", got)
	}
}

// TestPublicBotAndTournamentGames: in a game against the bot the one
// player's "public" is enough; a tournament's games are public without it,
// and "public"/"private" are refused there.
func TestPublicBotAndTournamentGames(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	m := only(t, h.write(t, alice, "new nim"), alice)
	id := m.Headers["X-Windpost-Game"]
	wantText(t, only(t, h.reply(t, m, "public"), alice), "is public now")
	if !gamePageErr(t, h, id, "") {
		t.Error("a bot game its player made public is not reachable by its id")
	}
	if p := must[GamePage](t)(h.store.GamePage(id, "")); !p.Players[0].Bot && !p.Players[1].Bot {
		t.Errorf("bot game's page: %+v", p)
	}

	toAlice, _ := startNimGame(t, h)
	tid := toAlice.Headers["X-Windpost-Game"]
	err := h.store.update(func(st storeTx) error {
		rec, _, err := st.game(tid)
		if err != nil {
			return err
		}
		rec.Tournament, rec.Round = "t2345", 1
		return st.putGame(rec, nil, h.clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	if !gamePageErr(t, h, tid, "") {
		t.Error("a tournament's game is not reachable by its id")
	}
	for _, line := range []string{"public", "private"} {
		wantText(t, only(t, h.reply(t, toAlice, line), alice), "belongs to tournament t2345, whose games are public")
	}
}

// TestWebLinkInMails: with Config.WebBaseURL every mail about a game ends
// with the link to its page; without it none does (the golden
// conversations pin that).
func TestWebLinkInMails(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.cfg.WebBaseURL = "https://games.example.org/"
	h.reopen(t)
	toAlice, toBob := startNimGame(t, h)
	id := toAlice.Headers["X-Windpost-Game"]
	want := "\nWeb page: https://games.example.org/g/" + h.store.GameLink(id) + "\n"
	for _, m := range []Mail{toAlice, toBob, only(t, h.write(t, alice, "new nim"), alice)} {
		if m.Headers["X-Windpost-Game"] == id && !strings.HasSuffix(m.Text, want) {
			t.Errorf("mail to %s does not end with %q:\n%s", m.To, want, m.Text)
		}
		if !strings.Contains(m.Text, "\nWeb page: https://games.example.org/g/"+m.Headers["X-Windpost-Game"]+"-") {
			t.Errorf("mail to %s has no web link:\n%s", m.To, m.Text)
		}
	}
	// A mail about no game has none.
	if m := only(t, h.write(t, "eve@players.test", "help"), "eve@players.test"); strings.Contains(m.Text, "Web page:") {
		t.Errorf("help has a web link:\n%s", m.Text)
	}
}

// TestWebStandings: the web's standings are the mail's, in its order,
// every player shown as "local@...".
func TestWebStandings(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	now := h.clock.Now()
	err := h.store.update(func(st storeTx) error {
		for _, r := range []ratingRecord{
			{Address: "carol@players.test", Rating: rating.Rating{R: 1700, RD: 60, Sigma: 0.06}, Games: 30},
			{Address: alice, Rating: rating.Rating{R: 1820.4, RD: 200, Sigma: 0.06}, Games: 3},
			{Address: bob, Rating: rating.Rating{R: 1700, RD: 45, Sigma: 0.06}, Games: 41},
		} {
			r.Variant, r.Last = "nim", now
			if err := st.club().putRating(&r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got := must[[]Standing](t)(h.store.Standings("nim", now))
	want := []Standing{
		{Place: 1, Player: "alice@...", Rating: 1820, RD: 200, Provisional: true, Games: 3},
		{Place: 2, Player: "bob@...", Rating: 1700, RD: 45, Games: 41},
		{Place: 3, Player: "carol@...", Rating: 1700, RD: 60, Games: 30},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Standings = %+v\nwant %+v", got, want)
	}
	if got := must[[]Standing](t)(h.store.Standings("gufuu", now)); len(got) != 0 {
		t.Errorf("Standings(gufuu) = %+v", got)
	}
}
