package games

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/clubplay"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/tournament"
)

const dave = "dave@players.test"

// tourney follows a tournament through its mails: the organiser's answer
// (which carries their key), each game's mail per player (the pairing
// mail until the game's own mails come), the tournament's mails per
// player.
type tourney struct {
	h     *harness
	id    string
	open  Mail
	games map[string]map[string]Mail   // game id -> player -> their latest mail about it
	sides map[string]map[string]string // game id -> player -> "white" or "black", from the pairing mails
	order []string                     // game ids in the order their pairings came
	news  map[string][]Mail            // player -> the tournament's mails (pairings, crosstables, standings)
}

// pairedLine is a game in a pairing mail.
var pairedLine = regexp.MustCompile(`(?m)^Round (\d+), game ([2-9a-z]+): you play (white|black) against (\S+) \((your move|black moves first)`)

var tournamentIDPattern = regexp.MustCompile(`\(tournament (t[2-9a-z]{4,})\)`)

// aliceOrganises opens a tournament with line from alice on a new
// harness (carol and dave proven, as alice and bob are) and has joiners
// join it.
func aliceOrganises(t *testing.T, line string, joiners ...string) (*harness, *tourney) {
	t.Helper()
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol, dave)
	tt := openTournament(t, h, alice, line)
	for _, p := range joiners {
		h.write(t, p, "join "+tt.id)
	}
	return h, tt
}

// answerIn is the answer among mails, to address.
func answerIn(t *testing.T, mails []Mail, address string) Mail {
	t.Helper()
	var answers []Mail
	for _, m := range mails {
		if m.Kind == Answer && m.To == address {
			answers = append(answers, m)
		}
	}
	if len(answers) != 1 {
		t.Fatalf("want 1 answer to %s, got %d:%s", address, len(answers), describe(mails))
	}
	return answers[0]
}

// openTournament has organiser write line and returns the tournament.
func openTournament(t *testing.T, h *harness, organiser, line string) *tourney {
	t.Helper()
	m := only(t, h.write(t, organiser, line), organiser)
	id := tournamentIDPattern.FindStringSubmatch(m.Text)
	if id == nil {
		t.Fatalf("no tournament id in the answer:\n%s", m.Text)
	}
	return &tourney{h: h, id: id[1], open: m, games: map[string]map[string]Mail{}, sides: map[string]map[string]string{}, news: map[string][]Mail{}}
}

// collect files mails: game mails by game and player, tournament mails by
// player, and the games a pairing mail names (the player acts on them in
// a reply to it until the game's own mails come).
func (tt *tourney) collect(mails []Mail) []Mail {
	for _, m := range mails {
		switch g := m.Headers["X-Windpost-Game"]; {
		case g != "":
			if tt.games[g] != nil {
				tt.games[g][m.To] = m
			}
		case strings.Contains(m.Subject, "(tournament "+tt.id+")"):
			tt.news[m.To] = append(tt.news[m.To], m)
			for _, p := range pairedLine.FindAllStringSubmatch(m.Text, -1) {
				id := p[2]
				if tt.games[id] == nil {
					tt.games[id], tt.sides[id] = map[string]Mail{}, map[string]string{}
					tt.order = append(tt.order, id)
				}
				tt.games[id][m.To], tt.sides[id][m.To] = m, p[3]
			}
		}
	}
	return mails
}

// act has address write line about game id in a reply to their latest
// mail about it: the game's own, or the pairing mail, where the line
// starts with the game's id.
func (tt *tourney) act(t *testing.T, id, address, line string) []Mail {
	t.Helper()
	m, ok := tt.games[id][address]
	if !ok {
		t.Fatalf("%s has no mail about game %s", address, id)
	}
	if m.Headers["X-Windpost-Game"] == "" {
		line = id + " " + line
	}
	return tt.collect(tt.h.reply(t, m, line))
}

// record reads the tournament from the store.
func (tt *tourney) record(t *testing.T) *club.Tournament {
	t.Helper()
	var tr *club.Tournament
	err := tt.h.store.View(func(st referee.StoreTx) (err error) { tr, err = st.Club().Tournament(tt.id); return err })
	if err != nil || tr == nil {
		t.Fatalf("tournament %s: %v", tt.id, err)
	}
	return tr
}

// lastNews is the last tournament mail to address.
func (tt *tourney) lastNews(t *testing.T, address string) Mail {
	t.Helper()
	ms := tt.news[address]
	if len(ms) == 0 {
		t.Fatalf("%s got no mail about the tournament", address)
	}
	return ms[len(ms)-1]
}

// end ends game id as how says, from the players' mails.
func (tt *tourney) end(t *testing.T, id, how string) []Mail {
	t.Helper()
	var white, black string
	for addr, side := range tt.sides[id] {
		if side == "white" {
			white = addr
		} else {
			black = addr
		}
	}
	switch how {
	case "white resigns":
		return tt.act(t, id, white, "resign")
	case "black resigns":
		return tt.act(t, id, black, "resign")
	case "draw":
		tt.act(t, id, white, "draw")
		return tt.act(t, id, black, "draw")
	case "black wins by moves": // 10 stones: black takes the last and white has no move
		moves := []string{"t2", "t3", "t1", "t1", "t3"}
		for i, mv := range moves {
			p := black
			if i%2 == 1 {
				p = white
			}
			mails := tt.act(t, id, p, mv)
			if i == len(moves)-1 {
				return mails
			}
		}
	}
	t.Fatalf("no way to end a game %q", how)
	return nil
}

// resultOf is how tt.end's ways score in the tournament.
func resultOf(how string) tournament.Result {
	switch how {
	case "white resigns", "black wins by moves":
		return tournament.BlackWins
	case "draw":
		return tournament.Draw
	}
	return tournament.WhiteWins
}

// TestTournamentRoundRobin: a round robin of four opened, joined and
// started by mail plays all its games at once, every pair once; after
// every result each player gets the crosstable as package tournament
// computes it for the same results, and at the end the final standings.
// The games are rated; the organiser's start is in the audit log.
func TestTournamentRoundRobin(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol, dave)
	tt := openTournament(t, h, alice, "tournament new nim roundrobin days 3 rated name Club Cup")
	wantText(t, tt.open, "Done: you organise Club Cup (tournament "+tt.id+"): Nim, round robin, 3 days per move, rated",
		"join "+tt.id, "tournament start "+tt.id)
	if !strings.Contains(tt.open.ReplyTo, "+ga") {
		t.Errorf("the organiser's answer does not carry their key: %q", tt.open.ReplyTo)
	}
	players := []string{bob, carol, dave, alice}
	for _, p := range players {
		wantText(t, only(t, h.write(t, p, "join "+tt.id), p), "Done: you joined Club Cup")
	}
	start := tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	wantText(t, answerIn(t, start, alice), "Done: Club Cup (tournament "+tt.id+") has begun with 4 players.")
	if len(tt.games) != 6 || len(start) != 1+len(players) {
		t.Fatalf("%d games made, want 6; %d mails, want the answer and one to each player:%s", len(tt.games), len(start), describe(start))
	}
	for _, p := range players {
		// One mail with all three games, the boards of those where it is their move.
		m := tt.lastNews(t, p)
		mine := pairedLine.FindAllStringSubmatch(m.Text, -1)
		wantText(t, m, "Club Cup (tournament "+tt.id+") has begun: Nim, round robin, 3 days per move, rated.")
		if len(mine) != 3 || !strings.Contains(m.Subject, "your 3 games") || m.ReplyTo != tt.open.ReplyTo && !strings.Contains(m.ReplyTo, "+gd") {
			t.Errorf("%s's pairing mail (%s, reply to %s):\n%s", p, m.Subject, m.ReplyTo, m.Text)
		}
		for _, g := range mine {
			if board := strings.Contains(m.Text, "== Game "+g[2]+": your move, deadline"); board != (g[3] == "black") {
				t.Errorf("%s plays %s in game %s; its board in the pairing mail: %v", p, g[3], g[2], board)
			}
		}
	}
	met := map[[2]string]bool{}
	for _, id := range tt.order {
		var pair []string
		for addr := range tt.games[id] {
			pair = append(pair, addr)
		}
		slices.Sort(pair)
		if len(pair) != 2 || met[[2]string(pair)] {
			t.Fatalf("game %s pairs %v again, or not two players", id, pair)
		}
		met[[2]string(pair)] = true
	}
	// The same tournament, computed apart from the games code.
	var entrants []tournament.Player
	for _, p := range players {
		entrants = append(entrants, tournament.Player{ID: p, Name: keys.Shown(p, "")})
	}
	want := must[*tournament.Tournament](t)(tournament.New(tournament.RoundRobin, 0, entrants))
	must[[]tournament.Round](t)(want.PairAll())
	ways := []string{"white resigns", "draw", "black wins by moves", "black resigns", "draw", "white resigns"}
	tr := tt.record(t)
	for i, id := range tt.order {
		tt.end(t, id, ways[i])
		r, b, _ := tr.GameAt(id)
		if err := want.Record(r+1, b+1, resultOf(ways[i])); err != nil {
			t.Fatal(err)
		}
		for _, p := range players {
			m := tt.lastNews(t, p)
			cross := want.CrosstableCells().Text()
			if len(tt.news[p]) != i+2 || !strings.Contains(m.Text, cross) { // the pairing mail, then a crosstable per result
				t.Fatalf("after game %d, %s's %d tournament mails end with:\n%s\nwant the crosstable:\n%s", i+1, p, len(tt.news[p]), m.Text, cross)
			}
		}
	}
	final := tt.lastNews(t, bob)
	wantText(t, final, "Club Cup (tournament "+tt.id+") is over. The final standings:", "Points, then tie-break: Sonneborn-Berger",
		want.StandingsCells().Text())
	if !strings.Contains(final.Subject, "final standings") {
		t.Errorf("the last mail's subject: %q", final.Subject)
	}
	if tr := tt.record(t); tr.State != club.Over {
		t.Errorf("the tournament is %s", tr.State)
	}
	if rr := storedRating(t, h, "nim", dave); rr == nil || rr.Games != 3 {
		t.Errorf("dave's rating after 3 rated games: %+v", rr)
	}
	log := must[[]AuditEntry](t)(h.store.AuditLog())
	if len(log) != 1 || log[0].Who != alice || log[0].Action != "start" || log[0].Target != tt.id {
		t.Errorf("audit log: %+v", log)
	}
	v := must[TournamentView](t)(h.store.Tournament(tt.id))
	if v.State != "over" || len(v.Pairings) != 3 || v.Crosstable != want.Crosstable() || v.Players[0] != "bob@..." {
		t.Errorf("view: %+v", v)
	}
}

// TestTournamentSwiss: a Swiss of five over three rounds with a player
// who has to confirm first, a bye each round, a loss on time without a
// move (a forfeit), and a player withdrawn by the organiser: no repeat
// pairing, the next round paired when the last is complete, the withdrawn
// player paired no more and mailed no more, the final standings to the rest.
func TestTournamentSwiss(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	const org = "org@players.test"
	h.prove(t, carol, dave, org)
	tt := openTournament(t, h, org, "tournament new nim swiss rounds 3 days 2")
	for _, p := range []string{alice, bob, carol, dave} {
		h.write(t, p, "join "+tt.id)
	}
	held := only(t, h.write(t, eve, "join "+tt.id), eve)
	wantText(t, held, "Waiting for your confirmation: this line acts in your name")
	wantText(t, only(t, h.reply(t, held, "confirm"), eve), "Done: you joined")
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	met := map[[2]string]bool{}
	checkRound := func(round int) {
		t.Helper()
		tr := tt.record(t)
		if len(tr.Pairing.Paired) != round {
			t.Fatalf("%d rounds paired, want %d", len(tr.Pairing.Paired), round)
		}
		for _, g := range tr.Pairing.Paired[round-1].Games {
			key := [2]string{min(g.White, g.Black), max(g.White, g.Black)}
			if !g.Bye() && met[key] {
				t.Fatalf("round %d pairs %v again", round, key)
			}
			met[key] = true
		}
	}
	checkRound(1)
	round1 := slices.Clone(tt.order)
	if len(round1) != 2 {
		t.Fatalf("round 1 has %d games, want 2", len(round1))
	}
	tt.end(t, round1[0], "black resigns")
	// The other game's black never moves: white wins on time by forfeit.
	h.clock.Advance(3 * 24 * time.Hour)
	tt.collect(must[[]Mail](t)(h.srv.Tick(context.Background())))
	tr := tt.record(t)
	if r := tr.Pairing.Paired[0].Games; r[0].Result != tournament.WhiteWins || r[1].Result != tournament.WhiteWinsByForfeit {
		t.Fatalf("round 1 results: %+v", r)
	}
	checkRound(2)
	// The organiser withdraws a player of round 2, in a reply to a tournament mail.
	victim := tr.Pairing.Paired[1].Games[0].Black
	before := len(tt.order)
	mails := tt.collect(h.reply(t, tt.lastNews(t, org), "withdraw "+victim+" "+tt.id))
	wantText(t, answerIn(t, mails, org), "Done: you withdrew "+victim)
	wantText(t, tt.lastNews(t, victim), "withdrew you from it")
	news := len(tt.news[victim])
	for _, id := range tt.order[2:before] {
		if _, in := tt.games[id][victim]; !in {
			tt.end(t, id, "draw")
		}
	}
	checkRound(3)
	for _, id := range tt.order[before:] {
		tt.end(t, id, "white resigns")
	}
	tr = tt.record(t)
	if tr.State != club.Over || len(tt.news[victim]) != news {
		t.Fatalf("state %s; the withdrawn player got %d mails after, want none", tr.State, len(tt.news[victim])-news)
	}
	for _, r := range tr.Pairing.Paired[2:] {
		if _, _, in := r.GameOf(victim); in {
			t.Errorf("the withdrawn player is paired in round %d", r.Number)
		}
	}
	wantText(t, tt.lastNews(t, alice), "The final standings:", "Points, then tie-breaks: Buchholz Cut-1, Buchholz", "(w)", "+")
	if log := must[[]AuditEntry](t)(h.store.AuditLog()); len(log) != 2 || log[1].Action != "withdraw" || log[1].Detail != victim {
		t.Errorf("audit log: %+v", log)
	}
	// The web view: round 1 as played, the bye last, players as others see them.
	v := must[TournamentView](t)(h.store.Tournament(tt.id))
	want := []TournamentPairing{
		{White: keys.Shown(tr.Pairing.Paired[0].Games[0].White, ""), Black: keys.Shown(tr.Pairing.Paired[0].Games[0].Black, ""), GameID: round1[0], Result: "1-0"},
		{White: keys.Shown(tr.Pairing.Paired[0].Games[1].White, ""), Black: keys.Shown(tr.Pairing.Paired[0].Games[1].Black, ""), GameID: round1[1], Result: "+/-"},
		{White: keys.Shown(tr.Pairing.Paired[0].Games[2].White, ""), Result: "bye"},
	}
	if v.Format != "swiss" || v.Rounds != 3 || v.State != "over" || len(v.Pairings) != 3 || !slices.Equal(v.Pairings[0].Games, want) {
		t.Errorf("view: %+v\nround 1: %+v, want %+v", v, v.Pairings[0].Games, want)
	}
	if _, err := h.store.Tournament("t2222"); !errors.Is(err, ErrNoTournament) {
		t.Errorf("Tournament of no tournament: %v", err)
	}
}

// TestTournamentRefusals: what may not be done, and by whom.
func TestTournamentRefusals(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, h *harness, tt *tourney) []Mail
		who  string
		want string
	}{
		{"start by another", func(t *testing.T, h *harness, tt *tourney) []Mail {
			return h.write(t, bob, "tournament start "+tt.id)
		}, bob, "Refused: only the organiser of"},
		{"start without the key", func(t *testing.T, h *harness, tt *tourney) []Mail {
			return h.fresh(t, alice, "tournament start "+tt.id)
		}, alice, "Refused: an organiser's command counts only in a reply"},
		{"start with one player", func(t *testing.T, h *harness, tt *tourney) []Mail {
			h.write(t, bob, "join "+tt.id)
			return h.reply(t, tt.open, "tournament start "+tt.id)
		}, alice, "has 1 player; it needs at least 2."},
		{"join after the start", func(t *testing.T, h *harness, tt *tourney) []Mail {
			h.write(t, bob, "join "+tt.id)
			h.write(t, carol, "join "+tt.id)
			h.reply(t, tt.open, "tournament start "+tt.id)
			return h.write(t, dave, "join "+tt.id)
		}, dave, "has begun: players join only before the start."},
		{"a fourth open tournament", func(t *testing.T, h *harness, tt *tourney) []Mail {
			h.write(t, alice, "tournament new nim swiss rounds 3")
			h.write(t, alice, "tournament new nim swiss rounds 3")
			return h.write(t, alice, "tournament new nim roundrobin")
		}, alice, "you organise 3 tournaments that are not over"},
		{"no such tournament", func(t *testing.T, h *harness, tt *tourney) []Mail {
			return h.write(t, bob, "join t2222")
		}, bob, "Refused: there is no tournament t2222."},
		{"leave without the key", func(t *testing.T, h *harness, tt *tourney) []Mail {
			h.write(t, bob, "join "+tt.id)
			return h.fresh(t, bob, "tournament leave "+tt.id)
		}, bob, "Waiting for your confirmation: this line acts in your name"},
		{"join after stop", func(t *testing.T, h *harness, tt *tourney) []Mail {
			h.write(t, bob, "stop")
			return h.write(t, bob, "join "+tt.id)
		}, bob, "you asked windpost never to write to you"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, tt := aliceOrganises(t, "tournament new nim roundrobin")
			wantText(t, answerIn(t, tc.run(t, h, tt), tc.who), tc.want)
		})
	}
}

// TestTournamentLeaveAndShow: a player leaves before the start with the
// key of the answer to their join; "tournament <t>" and "tournament"
// show it to anyone, players as others see them.
func TestTournamentLeaveAndShow(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol)
	tt := openTournament(t, h, alice, "tournament new nim swiss rounds 2 name Winter Open")
	joined := only(t, h.write(t, bob, "join "+tt.id), bob)
	h.write(t, carol, "join "+tt.id)
	wantText(t, only(t, h.write(t, eve, "tournament "+tt.id), eve), "Winter Open (tournament "+tt.id+"): Nim, Swiss of 2 rounds",
		"2 players have joined so far:\n  bob@...\n  carol@...")
	wantText(t, only(t, h.reply(t, joined, "tournament leave "+tt.id), bob), "Done: bob@players.test left Winter Open")
	wantText(t, only(t, h.write(t, eve, "tournament"), eve), tt.id+"  Winter Open: Nim, Swiss of 2 rounds, 7 days per move, unrated; open, 1 player.")
	list := must[[]TournamentView](t)(h.store.Tournaments())
	if len(list) != 1 || list[0].Name != "Winter Open" || !slices.Equal(list[0].Players, []string{"carol@..."}) {
		t.Errorf("Tournaments: %+v", list)
	}
}

// TestTournamentResult: how a finished game scores in the tournament.
func TestTournamentResult(t *testing.T) {
	tests := []struct {
		outcome rules.Outcome
		moves   int
		want    tournament.Result
	}{
		{rules.WinFor(rules.White, rules.Resignation), 0, tournament.WhiteWins},
		{rules.WinFor(rules.Black, rules.Resignation), 3, tournament.BlackWins},
		{rules.DrawBy(rules.AgreedDraw), 2, tournament.Draw},
		{rules.WinFor(rules.White, rules.Timeout), 0, tournament.WhiteWinsByForfeit},
		{rules.WinFor(rules.White, rules.Timeout), 1, tournament.WhiteWins},
		{rules.WinFor(rules.Black, rules.Timeout), 1, tournament.BlackWinsByForfeit},
		{rules.WinFor(rules.Black, rules.Timeout), 2, tournament.BlackWins},
	}
	for _, tc := range tests {
		lg := &referee.LiveGame{Rec: &record.Game{Moves: make([]record.Move, tc.moves)}, Outcome: tc.outcome}
		if got := clubplay.TournamentResult(lg); got != tc.want {
			t.Errorf("%s after %d moves: %s, want %s", tc.outcome, tc.moves, got, tc.want)
		}
	}
}

// TestParseTournament reads the tournament commands: each line, what it
// asks for, its days per move, and the error it is refused with ("" none).
func TestParseTournament(t *testing.T) {
	type reading struct {
		line string
		want referee.TournamentCommand
		days int
		err  string
	}
	tests := []reading{
		{"tournament new gufuu swiss rounds 5 days 3 rated name Autumn  Cup", referee.TournamentCommand{Op: "new", Format: "swiss", Rounds: 5, Name: "Autumn Cup"}, 3, ""},
		{"Tournament New micro Round Robin", referee.TournamentCommand{Op: "new", Format: "roundrobin"}, 0, ""},
		{"tournament new gufuu swiss", referee.TournamentCommand{Op: "new", Format: "swiss"}, 0, "a Swiss needs its number of rounds"},
		{"tournament new gufuu roundrobin rounds 3", referee.TournamentCommand{Op: "new", Format: "roundrobin", Rounds: 3}, 0, "a round robin's rounds follow"},
		{"tournament new gufuu knockout", referee.TournamentCommand{Op: "new"}, 0, `"knockout" is not a format`},
		{"tournament new gufuu swiss rounds 99", referee.TournamentCommand{Op: "new", Format: "swiss"}, 0, "write rounds and a number from 1 to 20"},
		{"tournament new gufuu swiss rounds 3 name", referee.TournamentCommand{Op: "new", Format: "swiss", Rounds: 3}, 0, "write a name"},
		{"join t7k3q", referee.TournamentCommand{Op: "join", ID: "t7k3q"}, 0, ""},
		{"tournament t7k3q", referee.TournamentCommand{Op: "show", ID: "t7k3q"}, 0, ""},
		{"tournaments", referee.TournamentCommand{Op: "list"}, 0, ""},
		{"tournament start t7k3q", referee.TournamentCommand{Op: "start", ID: "t7k3q"}, 0, ""},
		{"tournament withdraw t7k3q", referee.TournamentCommand{Op: "withdraw", ID: "t7k3q"}, 0, ""},
		{"withdraw Bob@Example.org t7k3q", referee.TournamentCommand{Op: "withdraw", ID: "t7k3q", Address: "bob@example.org"}, 0, ""},
		{"withdraw t7k3q bob@example.org", referee.TournamentCommand{Op: "withdraw", ID: "t7k3q", Address: "bob@example.org"}, 0, ""},
		{"withdraw", referee.TournamentCommand{Op: "withdraw"}, 0, `write "withdraw" and the tournament's id, e.g. "withdraw t7k3q" (a challenge you made is withdrawn with "decline")`},
		{"tournament withdraw", referee.TournamentCommand{Op: "withdraw"}, 0, `write the tournament's id, e.g. "tournament withdraw t7k3q"`},
		{"tournament leave t7k3q now", referee.TournamentCommand{Op: "leave", ID: "t7k3q"}, 0, `I do not understand "now"`},
	}
	for _, tc := range tests {
		c, ok := ParseCommand(tc.line)
		if !ok || c.Tournament == nil {
			t.Errorf("%q: not a tournament command: %+v", tc.line, c)
			continue
		}
		if *c.Tournament != tc.want || c.Days != tc.days || !strings.Contains(c.Err, tc.err) || (tc.err == "") != (c.Err == "") {
			t.Errorf("%q: %+v days %d err %q, want %+v days %d err %q", tc.line, *c.Tournament, c.Days, c.Err, tc.want, tc.days, tc.err)
		}
	}
}

// FuzzParseTournament: any line after "tournament" parses without panic,
// as a tournament command whose ids are well formed.
func FuzzParseTournament(f *testing.F) {
	for _, s := range []string{"new gufuu swiss rounds 5 days 3 rated name A B", "withdraw t7k3q a@b.c", "t7k3q", "new x round robin name", "start"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rest string) {
		c, ok := ParseCommand("tournament " + rest)
		if !ok || c.Verb == referee.VerbMove { // words that name no tournament: talk, or not understood
			return
		}
		if c.Verb != referee.VerbTournament || c.Tournament == nil {
			t.Fatalf("%q: %+v", rest, c)
		}
		tc := c.Tournament
		if tc.ID != "" && !club.ValidTournamentID(tc.ID) || len([]rune(tc.Name)) > clubplay.MaxTournamentName {
			t.Fatalf("%q: %+v", rest, tc)
		}
		if c.Err == "" && tc.Op == "new" && (tc.Format == "" || (tc.Format == club.Swiss) != (tc.Rounds > 0)) {
			t.Fatalf("%q read without error: %+v", rest, tc)
		}
		if tc.Op == "" {
			t.Fatal("no op")
		}
	})
}

// TestTournamentStartDropsStopped: a player who said "stop" after joining
// is left out at the start, and is mailed nothing.
func TestTournamentStartDropsStopped(t *testing.T) {
	h, tt := aliceOrganises(t, "tournament new nim roundrobin", bob, carol, dave)
	h.write(t, dave, "stop")
	mails := tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	wantText(t, answerIn(t, mails, alice), "has begun with 2 players", "dave@players.test asked windpost never to write to them, so they are not in it.")
	if n := mailsTo(mails, dave); n != 0 || len(tt.games) != 1 {
		t.Errorf("dave got %d mails; %d games made, want 1:%s", n, len(tt.games), describe(mails))
	}
}

// TestTournamentForget: a player forgotten ("forget me") is withdrawn from
// their tournament and written as the stand-in there; the others get the
// crosstable, the forgotten address nothing. (forget.go is to call
// forgetInTournaments after forget; the test makes the same two calls.)
func TestTournamentForget(t *testing.T) {
	h, tt := aliceOrganises(t, "tournament new nim roundrobin", bob, carol, dave)
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	var mails []Mail
	err := h.store.Update(func(st referee.StoreTx) error {
		c := h.srv.NewChange(context.Background(), st, "")
		_, err := c.Forget(bob) // takes bob out of his tournaments too
		if err == nil {
			err = c.Commit()
		}
		mails = c.Queued
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	tt.collect(mails)
	tr := tt.record(t)
	standIn := "forgotten-1@invalid"
	if slices.Contains(tr.Entrants, bob) || !tr.Withdrawn(standIn) {
		t.Fatalf("after forget: entrants %v, withdrawn %v", tr.Entrants, tr.Pairing.Withdrawn)
	}
	for _, r := range tr.Pairing.Paired {
		for _, g := range r.Games {
			if !g.Bye() && (g.White == standIn || g.Black == standIn) && !g.Result.Forfeit() {
				t.Errorf("round %d: the forgotten player's game %+v is not a forfeit", r.Number, g)
			}
		}
	}
	if mailsTo(mails, bob)+mailsTo(mails, standIn) != 0 || len(tt.news[carol]) != 2 { // her pairing mail, then the crosstable
		t.Errorf("mails after forget:%s", describe(mails))
	}
	wantText(t, tt.lastNews(t, carol), "A player left windpost, who is forgotten-1@... from now on", "forgotten-1. (w)")
	if strings.Contains(tt.lastNews(t, carol).Text, "bob") {
		t.Errorf("the crosstable after forget names bob:\n%s", tt.lastNews(t, carol).Text)
	}
}

// TestTournamentHelp: "help tournament" and its other names answer the
// same text, within a mail's 78 columns, and the overview names it.
func TestTournamentHelp(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, topic := range []string{"tournament", "tournaments", "withdraw", "crosstable"} {
		m := only(t, h.write(t, alice, "help "+topic), alice)
		wantText(t, m, "Tournaments by mail:", `"tournament start t7k3q"`, "Sonneborn-Berger")
	}
	for _, line := range strings.Split(clubplay.TournamentHelp, "\n") {
		if len([]rune(line)) > 78 {
			t.Errorf("help tournament: a line of %d characters: %q", len([]rune(line)), line)
		}
	}
	wantText(t, only(t, h.write(t, alice, "help"), alice), "tournament new <game> roundrobin|swiss", "join <t>, tournament <t>")
}

// TestTournamentEndsEarly: a Swiss whose players left can no longer be
// paired (the two left have met) ends after the rounds played, and says so.
func TestTournamentEndsEarly(t *testing.T) {
	h, tt := aliceOrganises(t, "tournament new nim swiss rounds 2", bob, carol, dave)
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	tr := tt.record(t)
	var bye string
	for _, g := range tr.Pairing.Paired[0].Games {
		if g.Bye() {
			bye = g.White
		}
	}
	wantText(t, tt.lastNews(t, bye), "Round 1: you have a bye, worth a point (an odd number of players leaves one out).")
	if m := tt.lastNews(t, bye); !strings.Contains(m.Subject, "a bye in round 1") {
		t.Errorf("the bye's subject: %q", m.Subject)
	}
	tt.collect(h.reply(t, tt.open, "withdraw "+bye+" "+tt.id))
	tt.end(t, tt.order[0], "draw")
	tr = tt.record(t)
	if tr.State != club.Over || tr.Rounds != 1 {
		t.Fatalf("state %s after %d rounds", tr.State, tr.Rounds)
	}
	for _, p := range tr.Entrants {
		if p != bye {
			wantText(t, tt.lastNews(t, p), "No further round can be paired", "the tournament ends after round 1", "The final standings:")
		}
	}
}

// TestTournamentWithdrawSelf: a player withdraws in a reply to one of
// their game mails (its key proves them): in a round robin their game in
// progress ends as resigned, every game of theirs is a forfeit, the
// opponent and the others are told, and they hear nothing more. Without
// a key it is refused; before the start it is leaving.
func TestTournamentWithdrawSelf(t *testing.T) {
	h, tt := aliceOrganises(t, "tournament new nim roundrobin", bob, carol, dave)
	wantText(t, answerIn(t, h.fresh(t, dave, "withdraw "+tt.id), dave), "Waiting for your confirmation: this line acts in your name")
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	var bobs Mail
	for _, id := range tt.order {
		if m, ok := tt.games[id][bob]; ok {
			bobs = m
			break
		}
	}
	mails := tt.collect(h.reply(t, bobs, "tournament withdraw "+tt.id))
	wantText(t, answerIn(t, mails, bob), "Done: you withdrew from", "lost by forfeit")
	if n := mailsTo(mails, bob); n != 1 {
		t.Errorf("bob got %d mails, want his answer alone:%s", n, describe(mails))
	}
	tr := tt.record(t)
	for r, round := range tr.Pairing.Paired {
		for b, g := range round.Games {
			if g.Bye() || (g.White != bob && g.Black != bob) {
				continue
			}
			lg := tr.Games[r][b]
			if g.Result != map[bool]tournament.Result{true: tournament.BlackWinsByForfeit, false: tournament.WhiteWinsByForfeit}[g.White == bob] {
				t.Errorf("round %d: %+v", r+1, g)
			}
			if opp := map[bool]string{true: g.Black, false: g.White}[g.White == bob]; mailsTo(mails, opp) < 2 {
				t.Errorf("%s was not told of game %s:%s", opp, lg, describe(mails))
			}
		}
	}
	wantText(t, tt.lastNews(t, carol), "bob@... withdrew.", "bob@... (w)")
	// Before the start, withdrawing is leaving.
	h2, tt2 := aliceOrganises(t, "tournament new nim swiss rounds 1", bob)
	wantText(t, answerIn(t, h2.reply(t, tt2.open, "withdraw "+bob+" "+tt2.id), alice), "Done: bob@players.test left")
	if log := must[[]AuditEntry](t)(h2.store.AuditLog()); len(log) != 1 || log[0].Detail != bob || log[0].Why != "before the start" {
		t.Errorf("audit log: %+v", log)
	}
}

// TestTournamentWordsInTalk: a line that starts with join, withdraw or
// tournament but names no tournament is no command: in a game's thread it
// reaches the opponent as talk, as it did before these commands.
func TestTournamentWordsInTalk(t *testing.T) {
	for _, line := range []string{"Join us at the club on Friday", "Tournament chess is fun", "Withdraw your knight next time"} {
		if c, _ := ParseCommand(line); c.Verb != referee.VerbMove || c.Tournament != nil {
			t.Errorf("%q read as %+v", line, c)
		}
		_, _, mails := aliceSays(t, "t2", line)
		wantText(t, only(t, mails, bob), "alice@players.test writes:\n> "+line)
	}
}

// TestTournamentCancelledGame: a tournament game the operator cancels was
// not played: a double forfeit (no point to either) that completes its
// round, so the Swiss goes on to the next.
func TestTournamentCancelledGame(t *testing.T) {
	h, tt := aliceOrganises(t, "tournament new nim swiss rounds 2", alice, bob, carol, dave)
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	if len(tt.order) != 2 {
		t.Fatalf("round 1 made %d games, want 2", len(tt.order))
	}
	tt.end(t, tt.order[0], "draw")
	cancelled := tt.order[1]
	if err := h.srv.Cancel(context.Background(), cancelled, Decision{By: "root", Why: "a dispute"}); err != nil {
		t.Fatal(err)
	}
	tr := tt.record(t)
	r, b, ok := tr.GameAt(cancelled)
	if !ok || r != 0 {
		t.Fatalf("game %s is not in round 1 (%d, %v)", cancelled, r, ok)
	}
	if got := tr.Pairing.Paired[0].Games[b].Result; got != tournament.DoubleForfeit {
		t.Errorf("the cancelled game's result is %v, want a double forfeit", got)
	}
	if len(tr.Pairing.Paired) != 2 {
		t.Errorf("%d rounds paired after round 1 ended with a cancelled game, want 2", len(tr.Pairing.Paired))
	}
}
