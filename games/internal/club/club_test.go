package club

import (
	"errors"
	"testing"

	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/games/internal/store/storetest"
	"github.com/windpost/windpost/rating"
	"github.com/windpost/windpost/tournament"
)

func TestSeekAdmits(t *testing.T) {
	for _, tc := range []struct {
		min, max int
		r        rating.Rating
		want     bool
	}{
		{0, 0, rating.Start(), true},
		{1400, 1700, rating.Rating{R: 1400, RD: 50}, true},
		{1400, 1700, rating.Rating{R: 1700.4, RD: 50}, true},
		{1400, 1700, rating.Rating{R: 1700.6, RD: 50}, false},
		{1400, 1700, rating.Rating{R: 1399, RD: 109}, false},
		{1400, 1700, rating.Rating{R: 1300, RD: 110}, true}, // provisional: 1190-1410
		{1400, 1700, rating.Rating{R: 1289, RD: 110}, false},
		{1200, 1400, rating.Start(), true}, // 1150-1850
		{1900, 2100, rating.Start(), false},
		{1000, 1100, rating.Rating{R: 1500, RD: 400}, true},
	} {
		s := Seek{Min: tc.min, Max: tc.max}
		if got := s.Admits(tc.r); got != tc.want {
			t.Errorf("%d-%d admits %v: %v, want %v", tc.min, tc.max, tc.r, got, tc.want)
		}
	}
}

// TestTournament: what a tournament record says of itself.
func TestTournament(t *testing.T) {
	robin := &Tournament{ID: "t3456", Name: "Club Cup", Format: RoundRobin,
		Games: [][]string{{"g1", ""}, {"g2", "g3"}}}
	swiss := &Tournament{Format: Swiss, Pairing: &tournament.Tournament{Withdrawn: map[string]bool{"bob@x.test": true}}}
	if robin.System() != tournament.RoundRobin || swiss.System() != tournament.Swiss {
		t.Errorf("systems %v, %v", robin.System(), swiss.System())
	}
	if robin.MaxPlayers() != MaxRoundRobinPlayers || swiss.MaxPlayers() != MaxTournamentPlayers {
		t.Errorf("caps %d, %d", robin.MaxPlayers(), swiss.MaxPlayers())
	}
	if FormatWords(robin.Format) != "round robin" || FormatWords(swiss.Format) != "Swiss" {
		t.Error("the formats' words")
	}
	if !swiss.Withdrawn("bob@x.test") || swiss.Withdrawn("alice@x.test") || robin.Withdrawn("bob@x.test") {
		t.Error("withdrawn")
	}
	if got := robin.Title(); got != "Club Cup (tournament t3456)" {
		t.Errorf("title %q", got)
	}
	for _, tc := range []struct {
		id           string
		round, board int
		ok           bool
	}{{"g1", 0, 0, true}, {"g3", 1, 1, true}, {"g9", 0, 0, false}} {
		if r, b, ok := robin.GameAt(tc.id); r != tc.round || b != tc.board || ok != tc.ok {
			t.Errorf("GameAt(%s) = %d, %d, %v", tc.id, r, b, ok)
		}
	}
}

// TestTx: each kind of record written through the club's view reads back
// as written; ratings are listed by game, ids are fresh and of their form.
func TestTx(t *testing.T) {
	db := storetest.Open(t, store.Options{})
	stop := errors.New("stop")
	err := db.Update(func(tx *store.Tx) error {
		st := View(tx)
		if err := st.PutSeek(&Seek{ID: "s2345", Variant: "gufuu", Days: 3}); err != nil {
			return err
		}
		id, err := st.NewTournamentID(db.Secret())
		if err != nil || !ValidTournamentID(id) {
			t.Errorf("tournament id %q, %v", id, err)
		}
		if err := st.PutTournament(&Tournament{ID: id, Name: "Cup", State: Open}); err != nil {
			return err
		}
		for _, r := range []Rating{{Address: "b@x.test", Variant: "gufuu"}, {Address: "a@x.test", Variant: "gufuu"}, {Address: "a@x.test", Variant: "micro"}} {
			if err := st.PutRating(&r); err != nil {
				return err
			}
		}
		if s, err := st.Seek("s2345"); err != nil || s == nil || s.Days != 3 || s.V != 1 || !st.HasSeek("s2345") {
			t.Errorf("seek read back %+v, %v", s, err)
		}
		if tr, err := st.Tournament(id); err != nil || tr == nil || tr.Name != "Cup" {
			t.Errorf("tournament read back %+v, %v", tr, err)
		}
		var listed []string
		if err := st.EachRating("gufuu", func(r *Rating, err error) error {
			listed = append(listed, r.Address)
			return err
		}); err != nil {
			return err
		}
		if len(listed) != 2 || listed[0] != "a@x.test" || listed[1] != "b@x.test" {
			t.Errorf("gufuu's ratings %v", listed)
		}
		if err := st.DeleteSeek("s2345"); err != nil || st.HasSeek("s2345") {
			t.Errorf("a deleted seek is still there: %v", err)
		}
		if err := st.DeleteRating("micro", "a@x.test"); err != nil {
			return err
		}
		if r, err := st.Rating("micro", "a@x.test"); r != nil || err != nil {
			t.Errorf("a deleted rating reads %+v, %v", r, err)
		}
		return stop // nothing of this is kept
	})
	if !errors.Is(err, stop) {
		t.Fatal(err)
	}
}

// TestSeekWords: a seek's terms as its seeker and others read them, and
// the seek written as a command again.
func TestSeekWords(t *testing.T) {
	s := &Seek{Seeker: "alice@x.test", Variant: "gufuu", Days: 3, Rated: true, Min: 1400, Max: 1700, Side: "black"}
	if got, want := s.Terms("bob@x.test"), "3 days per move, rated, for players rated 1400-1700, the seeker plays black"; got != want {
		t.Errorf("Terms to bob: %q, want %q", got, want)
	}
	if got, want := s.Terms("alice@x.test"), "3 days per move, rated, for players rated 1400-1700, you play black"; got != want {
		t.Errorf("Terms to alice: %q, want %q", got, want)
	}
	if got, want := s.Command(), "seek gufuu days 3 rating 1400-1700 as black"; got != want {
		t.Errorf("Command %q, want %q", got, want)
	}
	one := &Seek{Variant: "micro", Days: 1}
	if got, want := one.Terms(""), "1 day per move, unrated"; got != want {
		t.Errorf("Terms %q, want %q", got, want)
	}
	if got, want := one.Command(), "seek micro days 1 unrated"; got != want {
		t.Errorf("Command %q, want %q", got, want)
	}
}
