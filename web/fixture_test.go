package web

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/tournament"
	"github.com/windpost/windpost/variants"
)

// The games the web view's tests show, played by mail against a
// games.Server on a store in a temporary directory with a fixed clock (as
// mailer's tests make their mails).

const (
	alice      = "alice@players.test"
	bob        = "bob@players.test"
	botAddress = "bot@windpost.test"
)

// site is a store with games in it and the handler that shows them.
type site struct {
	t     testing.TB
	store *games.Store
	srv   *games.Server
	h     *Handler
	now   time.Time
	n     int

	botGame    string     // alice against the casual bot in Gufuu, two plies played, public
	people     string     // alice (black) against bob in Micro-shogi, begun, private
	over       string     // alice's rated Micro-shogi game as white against the bot, resigned after its move
	resigned   games.Mail // the mail to alice that says she resigned it
	toAlice    games.Mail // the last mail about people to each of them
	toBob      games.Mail
	tournament Tournament // the in-memory source's round robin, t2345 (its Swiss is t3456)
}

// Now is the site's clock.
func (s *site) Now() time.Time { return s.now }

// write handles lines from sender, with the key of mail m if m is not
// nil, and returns the mails it caused.
func (s *site) write(from string, m *games.Mail, lines ...string) []games.Mail {
	s.t.Helper()
	s.n++
	r := games.Request{From: from, Subject: "windpost", MessageID: fmt.Sprintf("<w%d@players.test>", s.n), Lines: lines, Received: s.now}
	if m != nil {
		var ok bool
		if r.GameID, r.Token, ok = games.ParseReplyAddress(botAddress, m.ReplyTo); !ok {
			s.t.Fatalf("mail to %s has no key in %q", m.To, m.ReplyTo)
		}
		r.Subject = m.Subject
	}
	mails, err := s.srv.Handle(context.Background(), r)
	if err != nil {
		s.t.Fatalf("Handle(%q): %v", lines, err)
	}
	more, err := s.srv.BotWork(context.Background())
	if err != nil {
		s.t.Fatalf("BotWork: %v", err)
	}
	return append(mails, more...)
}

// to is the one mail to address among mails.
func (s *site) to(mails []games.Mail, address string) *games.Mail {
	s.t.Helper()
	i := slices.IndexFunc(mails, func(m games.Mail) bool { return m.To == address })
	if i < 0 {
		s.t.Fatalf("no mail to %s among %d", address, len(mails))
	}
	return &mails[i]
}

// newSite plays the tests' games: alice's public Gufuu game against the
// bot, a rated Micro-shogi game she resigned (her rating), and her
// private Micro-shogi game with bob; and two tournaments in memory, a
// round robin of 8 under way whose first pairing names the public game
// and a Swiss of 9 over.
func newSite(t testing.TB) *site {
	t.Helper()
	dir := t.TempDir()
	s := &site{t: t, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	var err error
	if s.store, err = games.Open(filepath.Join(dir, "windpost.db")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.store.Close() })
	cat := variants.Default(variants.Options{CacheDir: dir})
	s.srv, err = games.NewServer(s.store, cat, games.Config{BotAddress: botAddress, Clock: s, Seed: 1, OutageAfter: -1,
		ErrorAnswersPerHour: 1000, WebBaseURL: "https://games.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	gufuu := s.to(s.write(alice, nil, "new gufuu as black level casual"), alice)
	s.botGame = gufuu.Headers["X-Windpost-Game"]
	gufuu = s.to(s.write(alice, gufuu, "K*1b>N #1"), alice)
	s.write(alice, gufuu, "public")
	rated := s.to(s.write(alice, nil, "new microshogi rated as white level casual"), alice)
	s.resigned = *s.to(s.write(alice, rated, "resign"), alice)
	s.over = s.resigned.Headers["X-Windpost-Game"]
	inv := s.to(s.write(alice, gufuu, "challenge bob@players.test microshogi as black days 3"), bob)
	started := s.write(bob, inv, "accept")
	s.toAlice, s.toBob = *s.to(started, alice), *s.to(started, bob)
	s.people = s.toAlice.Headers["X-Windpost-Game"]

	s.tournament = roundRobin(t, s.botGame)
	s.h = &Handler{Games: s.store, Tournaments: memTournaments{s.tournament, swiss(t)}, Catalog: cat, Now: s.Now, BotAddress: botAddress,
		Unsubscribe: s.srv}
	return s
}

// entrants are the tournaments' players, by whole address: a source that
// gives them so must not show them so.
var entrants = []string{alice, bob, "carol@players.test", "dave@players.test", "erin@players.test", "frank@players.test",
	"grace@players.test", "heidi@players.test", "ivan.petrov@players.test"}

// played is a tournament of entrants[:n] under system (rounds: a
// Swiss's), rounds 1 to upTo paired and played, the boards' results
// taken in turn from a fixed list.
func played(t testing.TB, system tournament.System, rounds, n, upTo int) *tournament.Tournament {
	t.Helper()
	var ps []tournament.Player
	for i, a := range entrants[:n] {
		ps = append(ps, tournament.Player{ID: a, Name: a, Rating: 1800 - 40*i})
	}
	tr, err := tournament.New(system, rounds, ps)
	if err != nil {
		t.Fatal(err)
	}
	results := []tournament.Result{tournament.WhiteWins, tournament.Draw, tournament.BlackWins, tournament.WhiteWinsByForfeit}
	k := 0
	for r := 1; r <= upTo; r++ {
		round, err := tr.PairNext()
		if err != nil {
			t.Fatal(err)
		}
		for b, g := range round.Games {
			if g.Bye() {
				continue
			}
			if err := tr.Record(r, b+1, results[k%len(results)]); err != nil {
				t.Fatal(err)
			}
			k++
		}
	}
	return tr
}

// pagePairings are tr's pairings as a page shows them.
func pagePairings(tr *tournament.Tournament) []Pairing {
	var out []Pairing
	for _, r := range tr.Paired {
		for _, g := range r.Games {
			p := Pairing{Round: r.Number, White: g.White, Black: g.Black}
			if g.Bye() {
				p.Result = "bye"
			} else if g.Result != tournament.Pending {
				p.Result = g.Result.String()
			}
			out = append(out, p)
		}
	}
	return out
}

// roundRobin is t2345, a round robin of 8 under way (its crosstable a grid
// of 8 columns of results), whose first board names the public game.
func roundRobin(t testing.TB, game string) Tournament {
	tr := played(t, tournament.RoundRobin, 0, 8, 3)
	for r := 4; r <= tr.Rounds; r++ {
		if _, err := tr.PairNext(); err != nil {
			t.Fatal(err)
		}
	}
	v := Tournament{ID: "t2345", Name: "Winter <b>cup</b>", Variant: "gufuu", Format: "roundrobin", Rounds: tr.Rounds, DaysPerMove: 3,
		Rated: true, State: "running", Players: entrants[:8], Pairings: pagePairings(tr),
		Tables: document.Document{Blocks: tr.CrosstableCells().Blocks()}}
	v.Pairings[0].GameID = game
	return v
}

// swiss is t3456, a Swiss of 9 over (a bye each round): its final
// standings and its crosstable.
func swiss(t testing.TB) Tournament {
	tr := played(t, tournament.Swiss, 4, 9, 4)
	d := document.Document{Blocks: append([]document.Block{document.Para("The final standings:")}, tr.StandingsCells().Blocks()...)}
	d.Add(document.Para("The crosstable:"))
	d.Add(tr.CrosstableCells().Blocks()...)
	return Tournament{ID: "t3456", Name: "Autumn Swiss", Variant: "microshogi", Format: "swiss", Rounds: 4, DaysPerMove: 2,
		State: "over", Players: entrants, Pairings: pagePairings(tr), Tables: d}
}

// memTournaments is a TournamentSource in memory.
type memTournaments []Tournament

func (m memTournaments) Tournaments() ([]Tournament, error) { return m, nil }

func (m memTournaments) Tournament(id string) (Tournament, error) {
	for _, t := range m {
		if t.ID == id {
			return t, nil
		}
	}
	return Tournament{}, fmt.Errorf("tournament %s: %w", id, ErrNotFound)
}

// failing is a GameSource and a TournamentSource whose store fails.
type failing struct{}

var errBroken = errors.New("the store is broken")

func (failing) GamePage(string, string) (games.GamePage, error)       { return games.GamePage{}, errBroken }
func (failing) PublicGames(string, int) ([]games.PublicGame, error)   { return nil, errBroken }
func (failing) Standings(string, time.Time) ([]games.Standing, error) { return nil, errBroken }
func (failing) Tournaments() ([]Tournament, error)                    { return nil, errBroken }
func (failing) Tournament(string) (Tournament, error)                 { return Tournament{}, errBroken }
