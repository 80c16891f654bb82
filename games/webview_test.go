package games

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/tournament"
	"github.com/windpost/windpost/variants"
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
		{"gzzzz", referee.WebToken(testSecret, "gzzzz"), false}, {"not an id", "", false},
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
	id, token := pageKey(h, toAlice)
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
	err := h.store.Update(func(st referee.StoreTx) error {
		rec, _, err := st.Game(tid)
		if err != nil {
			return err
		}
		rec.Tournament, rec.Round = "t2345", 1
		return st.PutGame(rec, nil, referee.ClockOf(rec).Wake(), h.clock.Now())
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
	err := h.store.Update(func(st referee.StoreTx) error {
		for _, r := range []club.Rating{
			{Address: "carol@players.test", Rating: rating.Rating{R: 1700, RD: 60, Sigma: 0.06}, Games: 30},
			{Address: alice, Rating: rating.Rating{R: 1820.4, RD: 200, Sigma: 0.06}, Games: 3},
			{Address: bob, Rating: rating.Rating{R: 1700, RD: 45, Sigma: 0.06}, Games: 41},
		} {
			r.Variant, r.Last = "nim", now
			if err := st.Club().PutRating(&r); err != nil {
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

// TestGamePageDocument: a game's page as blocks is the status block an
// observer's mail has (the players as "local@...", the board from Black's
// side with the mail's alt text, whose move), its first line naming only
// the players (the page's heading names the game), the tournament line (linked
// when given an address), the numbered record; no whole address, no action
// (the reader does not play); a game over says what happened. A page read
// without its game, or with another game's kit, is an error.
func TestGamePageDocument(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startNimGame(t, h)
	id, token := pageKey(h, toAlice)
	toBob := only(t, h.reply(t, toAlice, "2"), bob)
	kit, _ := nimCatalog(10).Lookup("nim")
	p := must[GamePage](t)(h.store.GamePage(id, token))
	p.Tournament, p.Round = "t2345", 2
	for _, c := range []struct {
		url, line string
		kind      document.Kind
	}{{"../t/t2345", "Round 2 of tournament t2345", document.Link}, {"", "Round 2 of tournament t2345.", document.Paragraph}} {
		d, err := p.Document(kit, c.url)
		if err != nil {
			t.Fatal(err)
		}
		text := d.Text()
		if !strings.HasPrefix(text, "alice@... (black) vs. bob@... (white).\n") {
			t.Errorf("the page does not begin with its players (its heading names the game):\n%s", text)
		}
		for _, want := range []string{"Last move: 1.t2", "Move #2: white (bob@...) to move.",
			"Deadline for this move: ", "The moves:\n1.t2"} {
			if !strings.Contains(text, want) {
				t.Errorf("the page's text lacks %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, "@players.test") {
			t.Errorf("the page shows a whole address:\n%s", text)
		}
		board := d.FirstBoard()
		if board == nil || board.Bottom != "black" || board.AltText() != toBob.Doc.FirstBoard().AltText() {
			t.Errorf("the page's board %+v, the mail's %+v", board, toBob.Doc.FirstBoard())
		}
		i := slices.IndexFunc(d.Blocks, func(b document.Block) bool { return strings.HasPrefix(b.Text, "Round 2") })
		if i < 0 || d.Blocks[i].Kind != c.kind || d.Blocks[i].Text != c.line || d.Blocks[i].URL != c.url {
			t.Errorf("the tournament line: %+v, want %s %q to %q", d.Blocks, c.kind, c.line, c.url)
		}
		for _, b := range d.Blocks {
			if b.Kind == document.Action {
				t.Errorf("the page has an action: %q", b.Text)
			}
		}
	}
	h.reply(t, toBob, "resign")
	d, err := must[GamePage](t)(h.store.GamePage(id, token)).Document(kit, "")
	if err != nil || !strings.Contains(d.Text(), "Game over after 1 move: black wins by resignation.") {
		t.Errorf("the page of a game over: %v\n%s", err, d.Text())
	}
	other, _ := variants.Default(variants.Options{CacheDir: t.TempDir()}).Lookup("gufuu")
	for _, c := range []struct {
		name string
		p    GamePage
		kit  variants.Kit
	}{{"no game read", GamePage{ID: id, Variant: "nim"}, kit}, {"another game's kit", p, other}} {
		if _, err := c.p.Document(c.kit, ""); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

// TestTournamentTables: a tournament's tables on the web are the
// crosstable mail's blocks: under way the crosstable (a heading, the
// table, a legend for a Swiss), once over the final standings, who won
// and the crosstable; none before the start.
func TestTournamentTables(t *testing.T) {
	var players []tournament.Player
	for _, a := range []string{"alice@...", "bob@...", "carol@...", "dave@...", "erin@..."} {
		players = append(players, tournament.Player{ID: a, Name: a})
	}
	tour, err := tournament.New(tournament.Swiss, 1, players)
	if err != nil {
		t.Fatal(err)
	}
	r, err := tour.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	tr := &club.Tournament{ID: "t2345", State: club.Playing, Pairing: tour}
	if got := tr.Page().Tables.Blocks; len(got) != 3 || got[1].Kind != document.Table || len(got[1].Table.Rows) != 5 ||
		got[1].Table.Columns[2].Name != "Name" || !strings.HasPrefix(got[2].Text, "5w1: ") {
		t.Errorf("the tables under way: %+v", got)
	}
	for b, g := range r.Games {
		if !g.Bye() {
			if err := tour.Record(1, b+1, tournament.WhiteWins); err != nil {
				t.Fatal(err)
			}
		}
	}
	tr.State = club.Over
	text := tr.Page().Tables.Text()
	for _, want := range []string{"The final standings:", "Winner", "The crosstable:", "R1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the tables of a tournament over lack %q:\n%s", want, text)
		}
	}
	if open := (&club.Tournament{ID: "t3456", State: club.Open}).Page(); len(open.Tables.Blocks) != 0 {
		t.Errorf("an open tournament has tables: %+v", open.Tables)
	}
}

// pageKey is the game m is about and the token of its page's link.
func pageKey(h *harness, m Mail) (id, token string) {
	id = m.Headers["X-Windpost-Game"]
	return id, strings.TrimPrefix(h.store.GameLink(id), id+"-")
}
