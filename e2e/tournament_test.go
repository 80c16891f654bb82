package e2e

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"

	"github.com/windpost/windpost/mailer/mailtest"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/tournament"
)

var tournamentID = regexp.MustCompile(`\(tournament (t[2-9a-z]{4,})\)`)

// openByMail has org open a tournament with line (confirming it, as a
// first mail to windpost must be) and returns its id and the answer,
// whose reply address carries org's key.
func openByMail(t *testing.T, b *backend, org *player, line string) (string, *got) {
	t.Helper()
	ask := org.answerTo(org.send(b.addr("bot"), "a tournament", line, mailOpts{}))
	ans := org.answerTo(org.reply(ask, "confirm", "gmail", mailOpts{}))
	m := tournamentID.FindStringSubmatch(ans.Text)
	if m == nil || !strings.Contains(ans.Text, "Done: you organise") {
		t.Fatalf("no tournament opened:\n%s", ans.Text)
	}
	return m[1], ans
}

// joinByMail has each player join tournament id, confirming when asked.
func joinByMail(t *testing.T, b *backend, id string, players []*player) {
	t.Helper()
	// One after the other: the order they join in seeds them (all unrated).
	for _, p := range players {
		ans := p.answerTo(p.send(b.addr("bot"), "join", "join "+id, mailOpts{}))
		if strings.Contains(ans.Text, "Waiting for your confirmation") {
			ans = p.answerTo(p.reply(ans, "confirm", "thunderbird", mailOpts{}))
		}
		if !strings.Contains(ans.Text, "Done: you joined") {
			t.Fatalf("%s did not join:\n%s", p.local, ans.Text)
		}
	}
}

// tgame is one tournament game as its players' pairing mails show it.
type tgame struct {
	id           string
	round        int
	white, black *player
	first        map[*player]*got // the mail that named it to the player, which carries their key
}

// pairedLine is a game in a tournament's pairing mail (or in a Swiss's
// crosstable mail, the next round's).
var pairedLine = regexp.MustCompile(`(?m)^Round (\d+), game (\S+): you play (white|black) against`)

// collectGames waits until each player has n more tournament games in
// their mails than seen (one mail names all of a player's new games), and
// returns the games they make, by id.
func collectGames(t *testing.T, players []*player, seen map[string]*tgame, n map[*player]int) map[string]*tgame {
	t.Helper()
	fresh := map[string]*tgame{}
	for _, p := range players {
		count := 0
		p.waitMail(fmt.Sprintf("with %d new tournament games", n[p]), 40*time.Second, func(g *got) bool {
			if !strings.Contains(g.Subject, "(tournament ") || g.game() != "" {
				return false
			}
			for _, m := range pairedLine.FindAllStringSubmatch(mailtest.Unflowed(g.Text), -1) {
				tg := seen[m[2]]
				if tg == nil {
					r, _ := strconv.Atoi(m[1])
					tg = &tgame{id: m[2], round: r, first: map[*player]*got{}}
					seen[m[2]] = tg
				}
				if tg.first[p] != nil {
					continue
				}
				tg.first[p] = g
				fresh[tg.id] = tg
				if m[3] == "white" {
					tg.white = p
				} else {
					tg.black = p
				}
				count++
			}
			return count >= n[p]
		})
	}
	for id, tg := range fresh {
		if tg.white == nil || tg.black == nil {
			t.Fatalf("game %s: one side had no mail naming it", id)
		}
	}
	return fresh
}

// act has p write line about tg in a reply to the mail that named it to
// them; the line starts with the game's id, as the pairing mail says.
func act(tg *tgame, p *player, line, style string) *got {
	p.t.Helper()
	ans := p.answerTo(p.reply(tg.first[p], tg.id+" "+line, style, mailOpts{}))
	if ans.game() != tg.id {
		p.t.Fatalf("%s's %q: the answer is not in game %s's thread:\n%s", p.local, line, tg.id, ans.Text)
	}
	return ans
}

// startOf is the start of a game of variant as a game's mail carries it
// in its headers, for perfectMove: black's first move is played from the
// pairing mail, which has no game's headers.
func startOf(t testing.TB, variant string) *got {
	t.Helper()
	kit, err := testCatalog().Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	pos := kit.Notation.FormatPosition(kit.Rules.Start())
	var h mail.Header
	h.Set("X-Windpost-Variant", variant)
	h.Set("X-Windpost-Position", pos)
	return &got{Header: h}
}

// weakMove is the first legal move in the mail's position: a player who
// does not mind losing.
func weakMove(t testing.TB, g *got) string {
	t.Helper()
	return mailMoves(t, g)[0]
}

// endGame ends tg as how says and returns its tournament result; the
// players reply to the mails that named the game to them (which carry
// their keys), the game's id before each line.
func endGame(t *testing.T, tg *tgame, how string) tournament.Result {
	t.Helper()
	w, bl := tg.white, tg.black
	switch how {
	case "white resigns":
		act(tg, w, "resign", "gmail")
		return tournament.BlackWins
	case "black resigns":
		act(tg, bl, "resign", "outlook")
		return tournament.WhiteWins
	case "draw":
		act(tg, w, "draw", "gmail")
		ans := act(tg, bl, "draw", "thunderbird")
		if !strings.Contains(ans.Text, "draw by agreement") {
			t.Fatalf("game %s not drawn:\n%s", tg.id, ans.Text)
		}
		return tournament.Draw
	case "black mates":
		// Black plays the solver's moves, white the first legal one: a
		// Gufuu game of five moves, 1.K*2b>S ... 5.K-1b>W X.
		last := startOf(t, "gufuu")
		for ply := 0; ply < 12 && last.Header.Get("X-Windpost-Result") == ""; ply++ {
			p, mv := bl, perfectMove(t, last)
			if ply%2 == 1 {
				p, mv = w, weakMove(t, last)
			}
			last = act(tg, p, mv, "gmail")
		}
		if res := last.Header.Get("X-Windpost-Result"); res != "black wins by checkmate" {
			t.Fatalf("game %s: %q, want black's mate:\n%s", tg.id, res, last.Text)
		}
		return tournament.BlackWins
	}
	t.Fatalf("no way %q", how)
	return tournament.Pending
}

// waitCrosstable waits until each of the players has a mail about the
// tournament that holds table.
func waitCrosstable(t *testing.T, id, what, table string, players ...*player) *got {
	t.Helper()
	var g *got
	for _, p := range players {
		g = p.waitMail(what, 40*time.Second, func(g *got) bool {
			return strings.Contains(g.Subject, "(tournament "+id+")") && strings.Contains(mailtest.Unflowed(g.Text), table)
		})
	}
	return g
}

// entrantsOf are the players as the tournament shows them, in the order they joined.
func entrantsOf(players []*player) []tournament.Player {
	var ps []tournament.Player
	for _, p := range players {
		ps = append(ps, tournament.Player{ID: p.addr(), Name: p.local + "@..."})
	}
	return ps
}

// boardOf is the board (from 1) of round r in tt where white plays black.
func boardOf(t *testing.T, tt *tournament.Tournament, r int, tg *tgame) int {
	t.Helper()
	board, g, ok := tt.Paired[r-1].GameOf(tg.white.addr())
	if !ok || g.Black != tg.black.addr() {
		t.Fatalf("round %d: windpost paired %s (white) with %s; the pairing computed apart has %+v", r, tg.white.local, tg.black.local, tt.Paired[r-1].Games)
	}
	return board
}

var ratingChange = regexp.MustCompile(`Your rating: (\d+) -> (\d+)`)

// TestTournamentsByMail plays the two tournaments to the end by
// mail: a rated round robin of four and a five-round Swiss of eight, with
// games ended by resignation, by agreed draw, by a mate in real moves, and
// a player withdrawn by the organiser. The pairings are checked (every pair
// once in the round robin; in the Swiss no pair twice and colours within
// the rules), every player's crosstable against one package tournament
// computes from the same results apart from windpost, the ratings against
// package rating, and the final standings mail.
func TestTournamentsByMail(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		t.Run("roundrobin", func(t *testing.T) { roundRobinByMail(t, b) })
		t.Run("swiss", func(t *testing.T) { swissByMail(t, b) })
	})
}

// roundRobinByMail: alice organises and plays a rated round robin with
// bob, carol and player1; its six games begin at once and end one by one.
func roundRobinByMail(t *testing.T, b *backend) {
	b.wipe(t, "bot", "alice", "bob", "carol", "player1")
	startDaemon(t, b, t.TempDir())
	players := []*player{newPlayer(t, b, "bob"), newPlayer(t, b, "carol"), newPlayer(t, b, "player1"), newPlayer(t, b, "alice")}
	alice := players[3]
	id, key := openByMail(t, b, alice, "tournament new gufuu roundrobin days 3 rated name Club Cup")
	joinByMail(t, b, id, players)
	if ans := alice.answerTo(alice.reply(key, "tournament start "+id, "gmail", mailOpts{})); !strings.Contains(ans.Text, "has begun with 4 players") {
		t.Fatalf("not started:\n%s", ans.Text)
	}
	seen := map[string]*tgame{}
	games := collectGames(t, players, seen, map[*player]int{players[0]: 3, players[1]: 3, players[2]: 3, alice: 3})
	want, err := tournament.New(tournament.RoundRobin, 0, entrantsOf(players))
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := want.PairAll()
	if err != nil || len(games) != 6 {
		t.Fatalf("%d games by mail, want 6 (%v)", len(games), err)
	}
	met := map[[2]string]bool{}
	var order []*tgame
	for _, r := range rounds {
		for _, g := range r.Games {
			for _, tg := range games {
				if tg.white.addr() == g.White && tg.black.addr() == g.Black && tg.round == r.Number {
					order = append(order, tg)
				}
			}
			met[[2]string{min(g.White, g.Black), max(g.White, g.Black)}] = true
		}
	}
	if len(order) != 6 || len(met) != 6 {
		t.Fatalf("the games by mail are not the Berger pairings: %d of 6 found, %d pairs", len(order), len(met))
	}
	ratings := map[*player]rating.Rating{}
	for _, p := range players {
		ratings[p] = rating.Start()
	}
	ways := []string{"black mates", "white resigns", "draw", "black resigns", "draw", "white resigns"}
	for i, tg := range order {
		res := endGame(t, tg, ways[i])
		if err := want.Record(tg.round, boardOf(t, want, tg.round, tg), res); err != nil {
			t.Fatal(err)
		}
		score := map[tournament.Result]rating.Score{tournament.BlackWins: rating.Win, tournament.WhiteWins: rating.Loss, tournament.Draw: rating.Draw}[res]
		nb, nw, err := rating.System{}.Game(ratings[tg.black], ratings[tg.white], score)
		if err != nil {
			t.Fatal(err)
		}
		for p, r := range map[*player]rating.Rating{tg.black: nb, tg.white: nw} {
			over := p.waitMail("with the end of "+tg.id, 30*time.Second, func(g *got) bool {
				return g.game() == tg.id && ratingChange.MatchString(g.Text)
			})
			m := ratingChange.FindStringSubmatch(over.Text)
			before, _ := strconv.Atoi(m[1])
			after, _ := strconv.Atoi(m[2])
			// Within 1: the seconds between games age a rating's deviation a little.
			if math.Abs(float64(before)-ratings[p].R) > 1 || math.Abs(float64(after)-r.R) > 1 {
				t.Errorf("%s's rating after game %s: %d -> %d, Glicko-2 gives %.0f -> %.0f", p.local, tg.id, before, after, ratings[p].R, r.R)
			}
			ratings[p] = r
		}
		what := "the crosstable after game " + tg.id
		if i == len(order)-1 {
			what = "the final standings"
		}
		last := waitCrosstable(t, id, what, want.CrosstableCells().Text(), players...)
		if i == 0 {
			t.Logf("a crosstable mail as players get it (%s):\n%s", last.Subject, mailtest.Unflowed(last.Text))
		}
	}
	for _, p := range players {
		final := p.waitMail("with the final standings", 30*time.Second, func(g *got) bool {
			return strings.Contains(g.Subject, "final standings") && strings.Contains(mailtest.Unflowed(g.Text), want.StandingsCells().Text())
		})
		if p == alice {
			t.Logf("the final standings mail as players get it (%s):\n%s", final.Subject, mailtest.Unflowed(final.Text))
		}
	}
	// The game's standings by mail hold the four ratings Glicko-2 gives for
	// the six results (to within 1: the seconds between games age an RD).
	st := alice.answerTo(alice.send(b.addr("bot"), "standings", "standings gufuu", mailOpts{}))
	text := mailtest.Unflowed(st.Text)
	for _, p := range players {
		shown := p.local + "@..."
		if p == alice {
			shown = p.addr()
		}
		m := regexp.MustCompile(`(?m)^\s*\d+\s+` + regexp.QuoteMeta(shown) + `\s+(\d+)\??\s+(\d+)\s+(\d+)$`).FindStringSubmatch(text)
		if m == nil {
			t.Errorf("the standings do not list %s:\n%s", shown, text)
			continue
		}
		r, _ := strconv.Atoi(m[1])
		if math.Abs(float64(r)-ratings[p].R) > 1 || m[3] != "3" {
			t.Errorf("standings: %s %s (%s games), Glicko-2 gives %.0f after 3 games", shown, m[1], m[3], ratings[p].R)
		}
	}
	t.Logf("a standings mail as players get it (%s):\n%s", st.Subject, text)
}

// swissByMail: carol organises a Swiss of five rounds for player1..8 and
// withdraws one player in round 3, whose game there is lost by forfeit.
func swissByMail(t *testing.T, b *backend) {
	locals := append([]string{"bot", "carol"}, benchPlayers...)
	b.wipe(t, locals...)
	startDaemon(t, b, t.TempDir())
	carol := newPlayer(t, b, "carol")
	var players []*player
	for _, l := range benchPlayers {
		players = append(players, newPlayer(t, b, l))
	}
	id, key := openByMail(t, b, carol, "tournament new gufuu swiss rounds 5 days 3 name Autumn Swiss")
	joinByMail(t, b, id, players)
	if ans := carol.answerTo(carol.reply(key, "tournament start "+id, "gmail", mailOpts{})); !strings.Contains(ans.Text, "has begun with 8 players") {
		t.Fatalf("not started:\n%s", ans.Text)
	}
	want, err := tournament.New(tournament.Swiss, 5, entrantsOf(players))
	if err != nil {
		t.Fatal(err)
	}
	byAddr := map[string]*player{}
	for _, p := range players {
		byAddr[p.addr()] = p
	}
	seen := map[string]*tgame{}
	met := map[[2]string]bool{}
	colours := map[string][]tournament.Colour{}
	active := players
	var victim *player
	ways := []string{"white resigns", "draw", "black resigns"}
	if _, err := want.PairNext(); err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 5; r++ {
		round := want.Paired[r-1]
		n := map[*player]int{}
		var paired []*player
		for _, g := range round.Games {
			if g.Bye() {
				byAddr[g.White].waitMail(fmt.Sprintf("with a bye in round %d", r), 30*time.Second, func(m *got) bool {
					return strings.Contains(m.Subject, fmt.Sprintf("a bye in round %d", r))
				})
				continue
			}
			n[byAddr[g.White]], n[byAddr[g.Black]] = 1, 1
			paired = append(paired, byAddr[g.White], byAddr[g.Black])
		}
		games := collectGames(t, paired, seen, n)
		for _, tg := range games {
			board := boardOf(t, want, r, tg)
			key := [2]string{min(tg.white.local, tg.black.local), max(tg.white.local, tg.black.local)}
			if met[key] {
				t.Fatalf("round %d pairs %v a second time", r, key)
			}
			met[key] = true
			if r == 3 && board == len(round.Games) {
				// The organiser withdraws white, in a reply to her last
				// tournament mail (which carries her key): the game ends as
				// resigned and counts as black's win by forfeit.
				victim = tg.white
				ans := carol.answerTo(carol.reply(lastAbout(t, carol, id), "withdraw "+victim.addr()+" "+id, "gmail", mailOpts{}))
				if !strings.Contains(ans.Text, "Done: you withdrew "+victim.addr()) {
					t.Fatalf("withdraw:\n%s", ans.Text)
				}
				victim.waitMail("saying they were withdrawn", 30*time.Second, func(g *got) bool { return strings.Contains(g.Subject, "you were withdrawn") })
				tg.black.waitMail("saying the game ended", 30*time.Second, func(g *got) bool {
					return g.game() == tg.id && strings.Contains(g.Text, "your win by forfeit")
				})
				if err := want.Withdraw(victim.addr()); err != nil {
					t.Fatal(err)
				}
				continue
			}
			how := ways[(r+board)%len(ways)]
			if r == 1 && board == 1 {
				how = "black mates"
			}
			res := endGame(t, tg, how)
			if err := want.Record(r, board, res); err != nil {
				t.Fatal(err)
			}
			if res != tournament.WhiteWinsByForfeit && res != tournament.BlackWinsByForfeit {
				colours[tg.white.local] = append(colours[tg.white.local], tournament.White)
				colours[tg.black.local] = append(colours[tg.black.local], tournament.Black)
			}
		}
		if victim != nil && len(active) == len(players) {
			active = nil
			for _, p := range players {
				if p != victim {
					active = append(active, p)
				}
			}
		}
		// The crosstable after the round is complete (with the next round
		// paired, the games still to play marked "."), computed apart.
		if r < 5 {
			if _, err := want.PairNext(); err != nil {
				t.Fatalf("round %d: %v", r+1, err)
			}
			waitCrosstable(t, id, fmt.Sprintf("the crosstable after round %d", r), want.CrosstableCells().Text(), append(active, carol)...)
		}
	}
	for local, cs := range colours {
		diff := 0
		for i, c := range cs {
			if c == tournament.White {
				diff++
			} else {
				diff--
			}
			if diff > 2 || diff < -2 || (i >= 2 && cs[i-1] == c && cs[i-2] == c) {
				t.Errorf("%s's colours break the rules: %v", local, cs)
			}
		}
	}
	final := waitCrosstable(t, id, "the final standings", want.StandingsCells().Text(), append(active, carol)...)
	if !strings.Contains(final.Subject, "final standings") || !strings.Contains(mailtest.Unflowed(final.Text), want.CrosstableCells().Text()) {
		t.Errorf("the final mail:\n%s", final.Text)
	}
	t.Logf("the Swiss's final standings mail (%s):\n%s", final.Subject, mailtest.Unflowed(final.Text))
	victim.fetchNew()
	after := false
	for _, m := range victim.mails {
		if after && strings.Contains(m.Subject, "(tournament "+id+")") {
			t.Errorf("the withdrawn player got a tournament mail after the withdrawal: %s", m.Subject)
		}
		after = after || strings.Contains(m.Subject, "you were withdrawn")
	}
}

// lastAbout is the latest mail p has about tournament id.
func lastAbout(t *testing.T, p *player, id string) *got {
	t.Helper()
	p.fetchNew()
	for i := len(p.mails) - 1; i >= 0; i-- {
		if strings.Contains(p.mails[i].Subject, "(tournament "+id+")") {
			return p.mails[i]
		}
	}
	t.Fatalf("%s has no mail about tournament %s", p.local, id)
	return nil
}
