package games

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
)

// copyFixture copies testdata/name to a temporary file and returns its
// path.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	in, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	path := filepath.Join(t.TempDir(), name)
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// buckets is a store's dump, bucket by bucket.
func buckets(t *testing.T, s *Store) map[string]map[string]json.RawMessage {
	t.Helper()
	var all map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(dump(t, s)), &all); err != nil {
		t.Fatal(err)
	}
	return all
}

// TestSchema1Store: a store written by windpost with schema 1 (before the
// tokens index was dropped; testdata/store-v1.db, written through Handle
// and Tick by windpost at commit b6b339e with the toy nim and testSecret,
// the clock at 21 Nov 2026 12:00-13:00 UTC: a human game with a draw
// offer, a bot game, a challenge, a declined one, a resigned one, a player
// on vacation, sent and pending mail, a cursor) is read as it is when
// opened read-only, and migrated to the current schema when opened for writing:
// the tokens bucket goes, every other record stays byte for byte, reading
// its games rewrites none of them, and its games go on.
func TestSchema1Store(t *testing.T) {
	ro, err := OpenWith(copyFixture(t, "store-v1.db"), StoreOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	old := buckets(t, ro)
	oldList, err := ro.Games()
	ro.Close()
	if err != nil || len(oldList) != 5 {
		t.Fatalf("schema 1 read-only: %v %+v", err, oldList)
	}
	if string(old["meta"]["schema"]) != "1" || len(old["tokens"]) == 0 {
		t.Fatalf("the fixture is not a schema 1 store with tokens: meta %s", old["meta"])
	}

	h := newHarness(t, nimCatalog(10))
	h.store.Close()
	h.path = copyFixture(t, "store-v1.db")
	h.clock.t = time.Date(2026, 11, 21, 13, 0, 0, 0, time.UTC)
	for i := 0; i < 2; i++ { // migrating twice changes nothing more
		h.open(t)
		got := buckets(t, h.store)
		if _, ok := got["tokens"]; ok || string(got["meta"]["schema"]) != fmt.Sprint(referee.SchemaVersion) {
			t.Fatalf("open %d: tokens bucket %v, schema %s", i, ok, got["meta"]["schema"])
		}
		for name, records := range old {
			if name == "tokens" || name == "meta" {
				continue
			}
			if a, b := mustJSON(t, records), mustJSON(t, got[name]); a != b {
				t.Fatalf("open %d: bucket %s changed:\n%s\n%s", i, name, a, b)
			}
		}
		if list, err := h.store.Games(); err != nil || mustJSON(t, list) != mustJSON(t, oldList) {
			t.Fatalf("open %d: games %+v, %v; want %+v", i, list, err, oldList)
		}
		h.store.Close()
	}
	h.open(t)
	h.n = 1000 // the fixture's Message-IDs were handled

	// Looking at every game rewrites none of them.
	tok := func(game, addr string) string { return keys.Token(testSecret, game, addr) }
	for _, r := range []Request{
		h.request(alice, "gpbsd", tok("gpbsd", alice), "board", "history"),
		h.request(alice, "g4uh7", tok("g4uh7", alice), "board", "moves"),
		h.request(eve, "gez77", tok("gez77", eve), "board"),
		h.request(eve, "gjr3h", tok("gjr3h", eve), "board"),
		h.request(bob, "g3j79", tok("g3j79", bob), "board", "history"),
	} {
		m := only(t, h.send(t, r), r.From)
		wantText(t, m, "Here is game "+r.GameID+".")
	}
	if a, b := mustJSON(t, old["games"]), mustJSON(t, buckets(t, h.store)["games"]); a != b {
		t.Fatalf("looking at the games rewrote them:\n%s\n%s", a, b)
	}

	// The games go on: bob accepts alice's draw offer, alice plays the bot,
	// bob accepts eve's challenge, by the tokens of before.
	mails := h.send(t, h.request(bob, "gpbsd", tok("gpbsd", bob), "draw"))
	wantText(t, only(t, mails, bob), "Done: you accepted the draw. Game over: draw by agreement.")
	wantText(t, only(t, mails, alice), "bob@players.test accepted your draw offer.")
	m := only(t, h.send(t, h.request(alice, "g4uh7", tok("g4uh7", alice), "t1 #3")), alice)
	wantText(t, m, "Done: you played 3.t1.", "The bot answered 4.t")
	mails = h.send(t, h.request(bob, "gez77", tok("gez77", bob), "accept"))
	wantText(t, only(t, mails, eve), "bob@players.test accepted your challenge: game gez77 has begun.")
	list, err := h.store.Games()
	if err != nil || list[4].ID != "gpbsd" || list[4].State != "over" || list[4].Result != "draw by agreed draw" {
		t.Fatalf("games after the draw: %+v, %v", list, err)
	}
	// The clocks run on: bob, to move, loses on time after 5 days.
	wantText(t, only(t, mails, eve), "Deadline for this move: Thu 26 Nov 2026 13:00 UTC (5 days per move).")
	h.clock.Advance(5*24*time.Hour + time.Minute)
	mails, err = h.srv.Tick(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, only(t, mails, bob), "you lose on time.")
	wantText(t, only(t, mails, eve), "you win on time.")
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
