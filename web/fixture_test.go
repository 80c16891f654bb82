package web

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
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
	toAlice    games.Mail // the last mail about people to each of them
	toBob      games.Mail
	tournament Tournament // the in-memory source's one tournament
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
// private Micro-shogi game with bob; and a tournament in memory whose
// pairings name the public game.
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
	rated := s.to(s.write(alice, nil, "new microshogi rated level casual"), alice)
	s.write(alice, rated, "resign")
	inv := s.to(s.write(alice, gufuu, "challenge bob@players.test microshogi as black days 3"), bob)
	started := s.write(bob, inv, "accept")
	s.toAlice, s.toBob = *s.to(started, alice), *s.to(started, bob)
	s.people = s.toAlice.Headers["X-Windpost-Game"]

	s.tournament = Tournament{ID: "t2345", Name: "Winter <b>cup</b>", Variant: "gufuu", Format: "swiss", Rounds: 2, DaysPerMove: 3,
		Rated: true, State: "running", Players: []string{alice, bob, "carol@players.test"},
		Crosstable: "  # Player                 Pts  1   2\n  1 alice@players.test     1.0  +3  .\n  2 carol@players.test     0.0  -1  .\n" +
			"Points: 1 a win, ½ a draw. Tie-break: Buchholz (the opponents' points, summed).\n",
		Pairings: []Pairing{
			{Round: 1, White: "carol@players.test", Black: alice, GameID: s.botGame, Result: "0-1"},
			{Round: 1, White: bob, Black: "", Result: "bye"},
			{Round: 2, White: alice, Black: bob},
		}}
	s.h = &Handler{Games: s.store, Tournaments: memTournaments{s.tournament}, Catalog: cat, Now: s.Now, BotAddress: botAddress,
		Unsubscribe: s.srv}
	return s
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
