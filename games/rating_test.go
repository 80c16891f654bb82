package games

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
	"github.com/windpost/windpost/rating"
)

// storedRating reads address's rating record in variant; nil if none.
func storedRating(t *testing.T, h *harness, variant, address string) *club.Rating {
	t.Helper()
	var rr *club.Rating
	err := h.store.View(func(st referee.StoreTx) error {
		var err error
		rr, err = st.Club().Rating(variant, address)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return rr
}

// wantRating checks a stored rating against the one rating.System gives.
func wantRating(t *testing.T, h *harness, address string, want rating.Rating, games int) {
	t.Helper()
	rr := storedRating(t, h, "nim", address)
	if rr == nil {
		t.Fatalf("%s has no nim rating", address)
	}
	if rr.Rating != want || rr.Games != games {
		t.Errorf("%s: rating %+v after %d games, want %+v after %d", address, rr.Rating, rr.Games, want, games)
	}
}

// TestRatedGameEnds: each way a rated game between people ends moves both
// ratings as rating.System computes for the same inputs, ratings aged for
// the time since the last rated game; the game-over mails carry each
// player's change.
func TestRatedGameEnds(t *testing.T) {
	sys := rating.System{}
	tests := []struct {
		name  string
		end   func(t *testing.T, h *harness, toAlice, toBob Mail) []Mail
		score rating.Score // alice's (black's)
	}{
		{"resign", func(t *testing.T, h *harness, toAlice, _ Mail) []Mail {
			return h.reply(t, toAlice, "resign")
		}, rating.Loss},
		{"draw", func(t *testing.T, h *harness, toAlice, toBob Mail) []Mail {
			h.reply(t, toAlice, "draw")
			return h.reply(t, toBob, "draw")
		}, rating.Draw},
		{"loss on time", func(t *testing.T, h *harness, _, _ Mail) []Mail {
			h.clock.Advance(4 * 24 * time.Hour)
			return must[[]Mail](t)(h.srv.Tick(context.Background()))
		}, rating.Loss},
		{"to the end", func(t *testing.T, h *harness, toAlice, toBob Mail) []Mail {
			toBob = only(t, h.reply(t, toAlice, "t2"), bob) // 8 left
			toAlice = only(t, h.reply(t, toBob, "t3"), alice)
			toBob = only(t, h.reply(t, toAlice, "t1"), bob) // 4 left
			toAlice = only(t, h.reply(t, toBob, "t1"), alice)
			return h.reply(t, toAlice, "t3") // the last stone: white has no move
		}, rating.Win},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			// A first game, alice winning by bob's resignation.
			_, toBob := startNimGame(t, h)
			h.reply(t, toBob, "resign")
			a1, b1 := must2(t)(sys.Game(rating.Start(), rating.Start(), rating.Win))
			wantRating(t, h, alice, a1, 1)
			wantRating(t, h, bob, b1, 1)
			ended := h.clock.Now()

			h.clock.Advance(9 * 24 * time.Hour)
			toAlice, toBob := startNimGame(t, h)
			mails := tc.end(t, h, toAlice, toBob)
			idle := h.clock.Now().Sub(ended)
			a, b := must[rating.Rating](t)(sys.Age(a1, idle)), must[rating.Rating](t)(sys.Age(b1, idle))
			a2, b2 := must2(t)(sys.Game(a, b, tc.score))
			wantRating(t, h, alice, a2, 2)
			wantRating(t, h, bob, b2, 2)
			for _, p := range []struct {
				to            string
				before, after rating.Rating
			}{{alice, a, a2}, {bob, b, b2}} {
				wantText(t, only(t, mails, p.to), fmt.Sprintf("Your rating: %d -> %d (%s)\n",
					club.Whole(p.before.R), club.Whole(p.after.R), rating.Change(p.before, p.after)))
			}
			hist := storedRating(t, h, "nim", alice).History
			if len(hist) != 2 || hist[1].Opponent != bob || hist[1].Before != a || hist[1].After != a2 || !hist[1].At.Equal(h.clock.Now()) {
				t.Errorf("alice's history: %+v", hist)
			}
		})
	}
}

// startNimGame has alice challenge bob to a rated game of nim (alice
// black) and bob accept; it returns the last mail each got.
func startNimGame(t *testing.T, h *harness) (toAlice, toBob Mail) {
	t.Helper()
	inv := only(t, h.write(t, alice, "challenge bob@players.test nim as black days 3"), bob)
	mails := h.reply(t, inv, "accept")
	return only(t, mails, alice), only(t, mails, bob)
}

// must2 is must for a call that returns two ratings.
func must2(t *testing.T) func(a, b rating.Rating, err error) (rating.Rating, rating.Rating) {
	return func(a, b rating.Rating, err error) (rating.Rating, rating.Rating) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a, b
	}
}

// TestUnratedAndUnplayedChangeNothing: an unrated game, and challenges
// declined or withdrawn, leave no rating.
func TestUnratedAndUnplayedChangeNothing(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	mails := h.write(t, alice, "challenge bob@players.test nim unrated")
	wantText(t, only(t, mails, alice), "The game is unrated.")
	inv := only(t, mails, bob)
	wantText(t, inv, "The game is unrated.")
	mails = h.reply(t, inv, "accept")
	wantText(t, only(t, mails, alice), "The game is unrated.")
	over := only(t, h.reply(t, only(t, mails, bob), "resign"), bob)
	if strings.Contains(over.Text, "Your rating") {
		t.Errorf("an unrated game's end shows a rating:\n%s", over.Text)
	}
	inv = only(t, h.write(t, alice, "challenge bob@players.test nim"), bob)
	h.reply(t, inv, "decline")
	h.write(t, bob, "challenge alice@players.test nim")
	h.write(t, bob, "decline")
	for _, p := range []string{alice, bob} {
		if rr := storedRating(t, h, "nim", p); rr != nil {
			t.Errorf("%s has a rating: %+v", p, rr)
		}
	}
	wantText(t, only(t, h.write(t, alice, "rating"), alice), "Nim: no rated games yet.")
	wantText(t, only(t, h.write(t, alice, "standings nim"), alice), "Nobody has a rating in Nim yet")
}

// TestRatedBotGame: a rated game against the bot moves only the human's
// rating, against the level's anchor; a level without one is refused.
func TestRatedBotGame(t *testing.T) {
	h, _ := gufuuHarness(t)
	m := only(t, h.write(t, alice, "new gufuu as black level casual rated"), alice)
	wantText(t, m, "The game is rated: the bot counts as a fixed rating of 1000 (±100).")
	over := only(t, h.reply(t, m, "resign"), alice)
	anchor, _ := referee.BotAnchor("gufuu", "casual")
	want := must[rating.Rating](t)(rating.System{}.AgainstAnchor(rating.Start(), anchor, rating.Loss))
	rr := storedRating(t, h, "gufuu", alice)
	if rr == nil || rr.Rating != want || rr.Games != 1 || rr.History[0].Opponent != "the bot (casual)" {
		t.Fatalf("alice's gufuu rating %+v, want %+v", rr, want)
	}
	wantText(t, over, fmt.Sprintf("Your rating: 1500 -> %d (%s)", club.Whole(want.R), rating.Change(rating.Start(), want)))
	// An unrated bot game changes nothing.
	m = only(t, h.write(t, alice, "new gufuu as black level casual"), alice)
	h.reply(t, m, "resign")
	if again := storedRating(t, h, "gufuu", alice); again.Games != 1 || again.Rating != want {
		t.Errorf("an unrated bot game moved the rating: %+v", again)
	}
	// Only alice has a rating: the bot's anchor is not stored.
	var keys []string
	err := h.store.View(func(st referee.StoreTx) error {
		return st.Club().EachRating("gufuu", func(rr *club.Rating, err error) error {
			keys = append(keys, rr.Address)
			return err
		})
	})
	if err != nil || len(keys) != 1 || keys[0] != alice {
		t.Errorf("gufuu ratings: %v %v", keys, err)
	}
	// Nim's bot has no anchor.
	hn := newHarness(t, nimCatalog(10))
	wantText(t, only(t, hn.write(t, alice, "new nim rated"), alice), "Refused: the bot's level perfect in Nim has no rating")
}

// TestStandings: the table is ordered by rating (then RD, then address),
// marks provisional ratings, cuts long addresses and fits 78 columns.
func TestStandings(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	long := strings.Repeat("x", 60) + "@players.test"
	now := h.clock.Now()
	players := []club.Rating{
		{Address: "carol@players.test", Rating: rating.Rating{R: 1700, RD: 60, Sigma: 0.06}, Games: 30},
		{Address: alice, Rating: rating.Rating{R: 1820.4, RD: 200, Sigma: 0.06}, Games: 3},
		{Address: bob, Rating: rating.Rating{R: 1700, RD: 45, Sigma: 0.06}, Games: 41},
		{Address: long, Rating: rating.Rating{R: 1200, RD: 109, Sigma: 0.06}, Games: 12},
	}
	err := h.store.Update(func(st referee.StoreTx) error {
		for i := range players {
			players[i].Variant, players[i].Last = "nim", now
			if err := st.Club().PutRating(&players[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	m := only(t, h.write(t, "eve@players.test", "standings stones"), "eve@players.test")
	want := []string{
		"Standings of Nim (Glicko-2), Sat 21 Nov 2026:",
		" #  Player                                            Rating   RD  Games",
		" 1  alice@...                                          1820?  200      3",
		" 2  bob@...                                             1700   45     41",
		" 3  carol@...                                           1700   60     30",
		" 4  " + strings.Repeat("x", 45) + "...    1200  109     12",
	}
	got := strings.Split(m.Text, "\n")
	start := 0
	for i, l := range got {
		if strings.HasPrefix(l, "Standings of") {
			start = i
		}
	}
	for i, w := range want {
		if g := got[start+i+min(i, 1)]; g != w { // an empty line after the title
			t.Errorf("line %d:\n got %q\nwant %q", i, g, w)
		}
	}
	for _, l := range got {
		if len([]rune(l)) > 78 {
			t.Errorf("line over 78 columns: %q", l)
		}
	}
	wantText(t, m, "? provisional: RD 110 or more")
}

// TestRatingHistory: "rating" shows each game's rating and the last
// changes, newest first.
func TestRatingHistory(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	var ids []string
	for i := 0; i < 7; i++ {
		_, toBob := startNimGame(t, h)
		ids = append(ids, toBob.Headers["X-Windpost-Game"])
		h.reply(t, toBob, "resign")
		h.clock.Advance(24 * time.Hour)
	}
	rr := storedRating(t, h, "nim", alice)
	now := must[rating.Rating](t)(rating.System{}.Age(rr.Rating, h.clock.Now().Sub(rr.Last)))
	m := only(t, h.write(t, alice, "rating"), alice)
	wantText(t, m, fmt.Sprintf("Nim: %s, 7 rated games. Last changes:\n", now))
	text := m.Text
	for i, id := range ids {
		ch := rr.History[i]
		line := fmt.Sprintf("  %s  %-6s win   %-26s %4d -> %4d (%s)\n", ch.At.Format("2006-01-02"), id, bob,
			club.Whole(ch.Before.R), club.Whole(ch.After.R), rating.Change(ch.Before, ch.After))
		shown := strings.Contains(text, line)
		if shown != (i >= 2) {
			t.Errorf("change %d (game %s) shown %v, want %v:\n%s", i, id, shown, i >= 2, text)
		}
	}
	if strings.Index(text, ids[6]) > strings.Index(text, ids[5]) {
		t.Errorf("the newest change is not first:\n%s", text)
	}
}

// TestForgetRatings: "forget me" rates the game it resigns, deletes the
// player's ratings, and names the stand-in in the opponent's history.
func TestForgetRatings(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	_, toBob := startNimGame(t, h)
	h.reply(t, toBob, "resign")
	_, toBob = startNimGame(t, h)
	before := storedRating(t, h, "nim", alice)
	mails := h.reply(t, toBob, "forget me")
	wantText(t, only(t, mails, alice), "Your opponent left windpost and resigned", "Your rating: ")
	if rr := storedRating(t, h, "nim", bob); rr != nil {
		t.Errorf("bob's rating is kept: %+v", rr)
	}
	after := storedRating(t, h, "nim", alice)
	if after.Games != 2 || after.Rating == before.Rating {
		t.Errorf("the resigned game was not rated: %+v", after)
	}
	for _, ch := range after.History {
		if ch.Opponent == bob || !strings.HasPrefix(ch.Opponent, "forgotten-") {
			t.Errorf("alice's history names %q", ch.Opponent)
		}
	}
}

// TestParseRatingCommands: rated and unrated among the options of new and
// challenge; rating and standings.
func TestParseRatingCommands(t *testing.T) {
	for _, tc := range []struct {
		line                   string
		verb                   referee.Verb
		variant, rating, level string
		err                    string
	}{
		{line: "new micro rated", verb: referee.VerbNew, variant: "micro", rating: "rated"},
		{line: "new gufuu Rated level casual", verb: referee.VerbNew, variant: "gufuu", rating: "rated", level: "casual"},
		{line: "challenge bob@example.org gufuu unrated days 3", verb: referee.VerbChallenge, variant: "gufuu", rating: "unrated"},
		{line: "challenge bob@example.org gufuu", verb: referee.VerbChallenge, variant: "gufuu"},
		{line: "rating", verb: referee.VerbRating},
		{line: "Ratings", verb: referee.VerbRating},
		{line: "rating gufuu", verb: referee.VerbRating, err: `write "rating" alone`},
		{line: "standings gufuu", verb: referee.VerbStandings, variant: "gufuu"},
		{line: "standings", verb: referee.VerbStandings, err: "write standings and one game's name"},
		{line: "standings gufuu micro", verb: referee.VerbStandings, err: "write standings and one game's name"},
	} {
		c, ok := ParseCommand(tc.line)
		if !ok || c.Verb != tc.verb || c.Variant != tc.variant || c.Rating != tc.rating || c.Level != tc.level ||
			(tc.err == "") != (c.Err == "") || !strings.Contains(c.Err, tc.err) {
			t.Errorf("ParseCommand(%q) = %+v, %v", tc.line, c, ok)
		}
	}
}

// TestDamagedRatingDoesNotHoldUpTheGame: a rating record that cannot be
// read leaves the game unrated (logged) instead of failing the mail.
func TestDamagedRatingDoesNotHoldUpTheGame(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	err := h.store.Update(func(st referee.StoreTx) error {
		return st.Tx.Bucket(store.Ratings).PutRaw(club.RatingKey("nim", bob), []byte("{not json"))
	})
	if err != nil {
		t.Fatal(err)
	}
	toAlice, _ := startNimGame(t, h)
	mails := h.reply(t, toAlice, "resign")
	wantText(t, only(t, mails, bob), "alice@players.test resigned")
	if strings.Contains(only(t, mails, alice).Text, "Your rating") {
		t.Errorf("a game with a damaged rating was rated")
	}
	if rr := storedRating(t, h, "nim", alice); rr != nil {
		t.Errorf("alice was rated: %+v", rr)
	}
	wantText(t, only(t, h.write(t, bob, "rating"), bob), "Nim: your rating cannot be read now (the log says why)")
	wantText(t, only(t, h.write(t, bob, "standings nim"), bob), "Nobody has a rating in Nim yet")
}
