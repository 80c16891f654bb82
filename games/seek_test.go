package games

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/club"
	"github.com/windpost/windpost/games/internal/clubplay"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/rating"
)

var seekIDIn = regexp.MustCompile(`your seek (s[2-9a-z]{4,}) is on the list`)

// openSeek has from seek with line and returns the seek's id.
func openSeek(t *testing.T, h *harness, from, line string) string {
	t.Helper()
	mails := h.write(t, from, line)
	m := only(t, mails, from)
	if len(mails) != 1 {
		t.Fatalf("a seek mailed %d: %s", len(mails), describe(mails))
	}
	id := seekIDIn.FindStringSubmatch(m.Text)
	if id == nil {
		t.Fatalf("no seek id in the answer to %q:\n%s", line, m.Text)
	}
	return id[1]
}

// putRatings gives the players ratings in nim.
func putRatings(t *testing.T, h *harness, rs map[string]rating.Rating) {
	t.Helper()
	err := h.store.Update(func(st referee.StoreTx) error {
		for addr, r := range rs {
			if err := st.Club().PutRating(&club.Rating{Address: addr, Variant: "nim", Rating: r, Games: 20, Last: h.clock.Now()}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestParseSeekCommands(t *testing.T) {
	for _, tc := range []struct {
		line    string
		want    referee.Command // Line and Err are not compared
		wantErr string
	}{
		{"seek gufuu", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, ""},
		{"Seek micro days 3 unrated rating 1400-1700 as white", referee.Command{Verb: referee.VerbSeek, Variant: "micro", Days: 3, Rating: "unrated", Range: [2]int{1400, 1700}, Side: "white"}, ""},
		{"seek gufuu rating 1400 - 1700 days 2", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu", Days: 2, Range: [2]int{1400, 1700}}, ""},
		{"seek gufuu rating 1400 to 1700", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu", Range: [2]int{1400, 1700}}, ""},
		{"seek gufuu rating 1400 1700 rated", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu", Rating: "rated", Range: [2]int{1400, 1700}}, ""},
		{"seek gufuu rating 1700-1400", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, "write the rating range as two numbers"},
		{"seek gufuu rating 1400-9000", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, "write the rating range as two numbers"},
		{"seek gufuu rating", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, "write the rating range as two numbers"},
		{"seek gufuu rating strong", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, "write the rating range as two numbers"},
		{"seek gufuu days 40", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, "is not a number of days per move from 1 to 30"},
		{"seek gufuu level casual", referee.Command{Verb: referee.VerbSeek, Variant: "gufuu"}, "a level is for games against the bot"},
		{"seek", referee.Command{Verb: referee.VerbSeek}, `write seek and the game, e.g. "seek gufuu days 3"`},
		{"seek cancel s7k3q", referee.Command{Verb: referee.VerbUnseek, ID: "s7k3q"}, ""},
		{"seek cancel", referee.Command{Verb: referee.VerbUnseek}, ""},
		{"seek cancel g7k3q", referee.Command{Verb: referee.VerbUnseek}, `write "seek cancel" and the seek's id`},
		{"seeks", referee.Command{Verb: referee.VerbSeeks}, ""},
		{"seeks gufuu", referee.Command{Verb: referee.VerbSeeks, Variant: "gufuu"}, ""},
		{"seeks gufuu micro", referee.Command{Verb: referee.VerbSeeks}, `write "seeks" alone`},
		{"join S7K3Q.", referee.Command{Verb: referee.VerbJoin, ID: "s7k3q"}, ""},
		{"join", referee.Command{Verb: referee.VerbJoin}, "write join and the id of a seek"},
		{"join s7k3q s8k3q", referee.Command{Verb: referee.VerbJoin}, "write join and the id of a seek"},
		{"rematch", referee.Command{Verb: referee.VerbRematch}, ""},
		{"rematch g7k3q", referee.Command{Verb: referee.VerbRematch, Game: "g7k3q"}, ""},
		{"g7k3q rematch", referee.Command{Verb: referee.VerbRematch, Game: "g7k3q"}, ""},
		{"rematch please now", referee.Command{Verb: referee.VerbRematch}, `write rematch alone or with a game id`},
	} {
		got, ok := ParseCommand(tc.line)
		if !ok {
			t.Errorf("%q skipped", tc.line)
			continue
		}
		if !strings.Contains(got.Err, tc.wantErr) || (tc.wantErr == "") != (got.Err == "") {
			t.Errorf("%q: Err %q, want %q", tc.line, got.Err, tc.wantErr)
		}
		if tc.wantErr != "" {
			continue
		}
		got.Line, got.Err = "", ""
		if got != tc.want {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.line, got, tc.want)
		}
	}
}

func FuzzParseSeek(f *testing.F) {
	for _, s := range []string{"seek gufuu days 3 rated rating 1400-1700", "seek cancel s7k3q", "seeks micro",
		"join s7k3q", "seek gufuu rating 1 - 4000 as black", "seek x rating 5 to", "rematch g7k3q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, ok := ParseCommand(line)
		if !ok || c.Err != "" {
			return
		}
		switch c.Verb {
		case referee.VerbSeek:
			lo, hi := c.Range[0], c.Range[1]
			if c.Range != [2]int{} && (lo < 1 || lo > hi || hi > clubplay.RatingCeiling) {
				t.Fatalf("%q: range %v", line, c.Range)
			}
			if c.Variant == "" {
				t.Fatalf("%q: a seek without a game", line)
			}
			again, ok := ParseCommand(clubplay.SeekLine(c))
			if !ok || again.Err != "" || again.Range != c.Range || again.Variant != c.Variant {
				t.Fatalf("%q written again as %q reads %+v", line, clubplay.SeekLine(c), again)
			}
		case referee.VerbUnseek:
			if c.ID != "" && !club.ValidSeekID(c.ID) {
				t.Fatalf("%q: cancel %q", line, c.ID)
			}
		case referee.VerbJoin:
			if c.ID == "" || strings.ContainsAny(c.ID, " \t") {
				t.Fatalf("%q: join %q", line, c.ID)
			}
		}
	})
}

// TestSeekAndJoin: a seek mails nobody but the seeker; the list shows it
// with the seeker's address cut; a join begins the game at once on the
// seek's terms, and both players get its first mail; the seek is gone.
func TestSeekAndJoin(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	mails := h.write(t, alice, "seek nim days 3 rating 1200-1800 as black")
	m := only(t, mails, alice)
	id := seekIDIn.FindStringSubmatch(m.Text)[1]
	wantText(t, m, "Done: your seek "+id+" is on the list: a game of Nim, 3 days per move, rated, for players rated 1200-1800, you play black.",
		`writing "join `+id+`" to bot@windpost.test`, "It expires on Sat 28 Nov 2026 12:00 UTC if nobody joins. To withdraw it, write: seek cancel "+id)
	if len(mails) != 1 {
		t.Fatalf("a seek mailed others: %s", describe(mails))
	}

	list := only(t, h.write(t, bob, "seeks"), bob)
	wantText(t, list, "Nim:\n"+id+"\n  player: alice@...\n  rating: 1500?\n  terms: 3 days per move, rated, for players rated 1200-1800, the seeker\n"+
		"    plays black\n  expires: Sat 28 Nov 2026 12:00 UTC\n")
	if strings.Contains(list.Text, alice) {
		t.Errorf("the list shows alice's whole address:\n%s", list.Text)
	}
	mine := only(t, h.write(t, alice, "seeks nim"), alice)
	wantText(t, mine, id+"\n  player: alice@players.test\n  rating: 1500?\n", ", you play black,",
		"\n    yours: \"seek cancel "+id+"\" withdraws it\n")
	for _, m := range []Mail{list, mine} {
		for _, l := range strings.Split(m.Text, "\n") {
			if len([]rune(l)) > 78 {
				t.Errorf("a line of the list over 78 columns: %q", l)
			}
		}
	}

	mails = h.write(t, bob, "join "+id)
	if len(mails) != 2 {
		t.Fatalf("a join sent %d mails: %s", len(mails), describe(mails))
	}
	toBob, toAlice := only(t, mails, bob), only(t, mails, alice)
	wantText(t, toBob, "Done: game", "has begun. You play white, and your opponent has the first move. The game is rated")
	wantText(t, toAlice, "bob@players.test joined your seek "+id+": game", "You play black, and you have the first move.",
		"Deadline for this move: Tue 24 Nov 2026 12:00 UTC (3 days per move).")
	if toAlice.ReplyTo == "" || toBob.ReplyTo == "" || toAlice.Headers["X-Windpost-Game"] != toBob.Headers["X-Windpost-Game"] {
		t.Fatalf("the game's first mails: %s", describe(mails))
	}
	wantText(t, only(t, h.write(t, carol, "seeks"), carol), "No seeks are open now.")
	h.prove(t, carol)
	wantText(t, only(t, h.write(t, carol, "join "+id), carol), "Refused: there is no open seek "+id+": it was joined, withdrawn or has expired.")

	// They play: the game is theirs like any accepted challenge.
	mails = h.reply(t, toAlice, "t1")
	wantText(t, only(t, mails, bob), "t1")
}

// TestJoinRefusals: what a join refuses, and that a refused join mails
// nobody but the joiner.
func TestJoinRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		seek   string
		before func(h *harness, id string)
		from   string
		join   string // "" joins the seek
		want   string
	}{
		{"own seek", "seek nim", nil, alice, "",
			`Refused: %s is your own seek. Wait for someone to join it, or withdraw it with "seek cancel %[1]s".`},
		{"unknown seek", "seek nim", nil, bob, "join s2222", "Refused: there is no open seek s2222"},
		{"not a seek id", "seek nim", nil, bob, "join g2222", `Refused: "g2222" is not the id of a seek or a tournament (seek ids look like s7k3q, tournament ids t7k3q). Write "seeks" for the open seeks`},
		{"a tournament id", "seek nim", nil, bob, "join t2222", `Refused: there is no tournament t2222.`},
		{"expired", "seek nim", func(h *harness, _ string) { h.clock.Advance(clubplay.SeekDays * 24 * time.Hour) }, bob, "",
			"Refused: there is no open seek %s: it was joined, withdrawn or has expired."},
		{"withdrawn", "seek nim", func(h *harness, id string) {
			wantText(t, only(t, h.write(t, alice, "seek cancel "+id), alice), "Done: you withdrew your seek "+id+".")
		}, bob, "", "Refused: there is no open seek %s"},
		{"the seeker said stop", "seek nim", func(h *harness, _ string) { h.write(t, alice, "stop") }, bob, "",
			"Refused: there is no open seek %s"},
		{"the seeker forgot", "seek nim", func(h *harness, _ string) {
			g := only(t, h.write(t, alice, "new nim"), alice)
			h.reply(t, g, "forget me")
		}, bob, "", "Refused: there is no open seek %s"},
		{"blocked", "seek nim", func(h *harness, _ string) { h.write(t, alice, "block bob@players.test") }, bob, "",
			"Refused: the player of seek %s does not take challenges from you."},
		{"rated above the range", "seek nim rating 1400-1700", func(h *harness, _ string) {
			putRatings(t, h, map[string]rating.Rating{bob: {R: 1800, RD: 60, Sigma: 0.06}})
		}, bob, "", "Refused: seek %s is for players rated 1400-1700 in Nim, and yours is 1800 (±60)."},
		{"a newcomer beyond the range's reach", "seek nim rating 1900-2100", nil, bob, "",
			"Refused: seek %s is for players rated 1900-2100 in Nim, and yours is 1500 (provisional, ±350)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			id := openSeek(t, h, alice, tc.seek)
			if tc.before != nil {
				tc.before(h, id)
			}
			join := tc.join
			if join == "" {
				join = "join " + id
			}
			mails := h.write(t, tc.from, join)
			want := tc.want
			if strings.Contains(want, "%") {
				want = fmt.Sprintf(want, id)
			}
			wantText(t, only(t, mails, tc.from), want)
			if len(mails) != 1 {
				t.Errorf("a refused join sent mail: %s", describe(mails))
			}
		})
	}
}

// TestSeekBudgets: seeksPerPlayer open seeks per player, maxSeeks in all;
// one mail of many seeks gets one answer, and nobody else is mailed.
func TestSeekBudgets(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	lines := make([]string, 50)
	for i := range lines {
		lines[i] = "seek nim"
	}
	mails := h.write(t, alice, lines...)
	m := only(t, mails, alice)
	if len(mails) != 1 {
		t.Fatalf("50 seeks mailed others: %s", describe(mails))
	}
	if n := strings.Count(m.Text, "Done: your seek"); n != clubplay.SeeksPerPlayer {
		t.Errorf("%d seeks opened, want %d:\n%s", n, clubplay.SeeksPerPlayer, m.Text)
	}
	wantText(t, m, "Refused: you have 3 seeks open (", "as many as one player may")
	if len(m.Text) > 8000 {
		t.Errorf("the answer is %d bytes", len(m.Text))
	}
	// A withdrawn seek makes room for another.
	wantText(t, only(t, h.write(t, alice, "seek cancel"), alice), "Refused: you have 3 seeks open (")
	id := seekIDIn.FindStringSubmatch(m.Text)[1]
	wantText(t, only(t, h.write(t, alice, "seek cancel "+id, "seek nim"), alice), "Done: you withdrew your seek "+id, "Done: your seek")
	wantText(t, only(t, h.write(t, alice, "seek cancel s2222"), alice), "Refused: s2222 is not one of your open seeks (")

	// The total cap.
	var players []string
	for i := 0; len(players)*clubplay.SeeksPerPlayer < clubplay.MaxSeeks; i++ {
		players = append(players, fmt.Sprintf("p%d@players.test", i))
	}
	h.prove(t, players...)
	for _, p := range players {
		h.write(t, p, "seek nim", "seek nim", "seek nim")
	}
	wantText(t, only(t, h.write(t, bob, "seek nim"), bob), fmt.Sprintf("Refused: the list of seeks is full (%d).", clubplay.MaxSeeks))
	list := only(t, h.write(t, bob, "seeks"), bob)
	wantText(t, list, fmt.Sprintf("(and %d more)", clubplay.MaxSeeks-clubplay.SeeksListed))
	if len(list.Text) > 8000 {
		t.Errorf("the list is %d bytes", len(list.Text))
	}
}

// TestSeekOfAStranger: a sender who never proved their address seeks or
// joins only once they confirm; until then nobody sees the seek, and
// nobody but the sender is mailed.
func TestSeekOfAStranger(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	mails := h.write(t, eve, "seek nim days 2")
	ask := only(t, mails, eve)
	wantText(t, ask, "Waiting for your confirmation: this line acts in your name")
	wantText(t, only(t, h.write(t, bob, "seeks"), bob), "No seeks are open now.")
	mails = h.reply(t, ask, "confirm")
	wantText(t, only(t, mails, eve), "> seek nim days 2\nDone: your seek")
	id := seekIDIn.FindStringSubmatch(mails[0].Text)[1]
	wantText(t, only(t, h.write(t, bob, "seeks"), bob), id+"  eve@...   1500?  2 days per move, rated  Sat 28 Nov 2026 12:00 UTC\n")

	// A stranger's join waits for the confirm too: no mail to the seeker.
	bobs := openSeek(t, h, bob, "seek nim unrated")
	const dave = "dave@players.test"
	mails = h.write(t, dave, "join "+bobs)
	ask = only(t, mails, dave)
	if len(mails) != 1 {
		t.Fatalf("a stranger's join mailed others: %s", describe(mails))
	}
	wantText(t, ask, "Waiting for your confirmation: this line acts in your name")
	mails = h.reply(t, ask, "confirm")
	wantText(t, only(t, mails, dave), "> join "+bobs+"\nDone: game")
	wantText(t, only(t, mails, bob), "dave@players.test joined your seek "+bobs, "The game is unrated.")
}

// TestSeekExpiry: the tick removes a seek at its expiry and tells the
// seeker once; a seek whose seeker said "stop" goes without a mail.
func TestSeekExpiry(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.prove(t, carol)
	id := openSeek(t, h, alice, "seek nim days 3 unrated")
	carols := openSeek(t, h, carol, "seek stones")
	h.write(t, carol, "stop")
	h.clock.Advance(clubplay.SeekDays*24*time.Hour - time.Minute)
	if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != 0 {
		t.Fatalf("a tick before the expiry mailed: %s", describe(mails))
	}
	wantText(t, only(t, h.write(t, bob, "seeks"), bob), id)
	h.clock.Advance(time.Minute)
	mails := must[[]Mail](t)(h.srv.Tick(t.Context()))
	m := only(t, mails, alice)
	if len(mails) != 1 {
		t.Fatalf("the expiry mailed %s", describe(mails))
	}
	if m.Kind != Notice || m.Subject != "Your seek "+id+" expired" {
		t.Errorf("the expiry mail: %s %q", m.Kind, m.Subject)
	}
	wantText(t, m, "Nobody joined your seek "+id+" (a game of Nim, 3 days per move, unrated) within 7 days, so it has expired.",
		"To seek again, write: seek nim days 3 unrated")
	if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != 0 {
		t.Fatalf("a second tick mailed: %s", describe(mails))
	}
	wantGone(t, h, id, carols)
}

// wantGone fails t if the store still holds one of the seeks ids.
func wantGone(t *testing.T, h *harness, ids ...string) {
	t.Helper()
	err := h.store.View(func(st referee.StoreTx) error {
		for _, id := range ids {
			if st.Club().HasSeek(id) {
				t.Errorf("seek %s is still stored", id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSeekOfAForgottenPlayer: the tick removes the seek of a seeker who
// said "forget me", at once and without a mail: their address is not kept.
func TestSeekOfAForgottenPlayer(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	id := openSeek(t, h, alice, "seek nim")
	g := only(t, h.write(t, alice, "new nim"), alice)
	h.reply(t, g, "forget me")
	if mails := must[[]Mail](t)(h.srv.Tick(t.Context())); len(mails) != 0 {
		t.Fatalf("the tick mailed: %s", describe(mails))
	}
	wantGone(t, h, id)
}

// TestSeekOfABannedPlayer: once the operator bans a seeker, their seek
// can no longer be joined (nobody is paired with an address windpost no
// longer writes to).
func TestSeekOfABannedPlayer(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	id := openSeek(t, h, alice, "seek nim")
	if _, err := h.srv.Ban(t.Context(), alice, Decision{By: "root", Why: "abuse"}); err != nil {
		t.Fatal(err)
	}
	mails := h.write(t, bob, "join "+id)
	wantText(t, only(t, mails, bob), "Refused: there is no open seek "+id)
}

// TestSeekJoinedByArrival: a join whose mail arrived before the expiry
// counts, though windpost handles it after.
func TestSeekJoinedByArrival(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	id := openSeek(t, h, alice, "seek nim")
	h.clock.Advance(clubplay.SeekDays * 24 * time.Hour)
	key, tok := keys.PersonalKey(testSecret, keys.Digest, bob)
	r := h.request(bob, key, tok, "join "+id)
	r.Received = h.clock.Now().Add(-time.Minute)
	if _, err := h.srv.TickUpTo(t.Context(), r.Received); err != nil {
		t.Fatal(err)
	}
	mails := h.send(t, r)
	wantText(t, only(t, mails, alice), "bob@players.test joined your seek "+id)
}

// TestSeekHelp: "help seek", "help join", "help seeks" and "help rematch"
// answer in plain words, within 78 columns.
func TestSeekHelp(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, tc := range []struct{ line, want string }{
		{"help seek", `"seek gufuu days 3" puts an open challenge on the list`},
		{"help seeks", `"join s7k3q" plays that seek.`},
		{"help join", `"join s7k3q" plays an open seek`},
		{"help join", `"join t7k3q" enters a tournament`},
		{"help rematch", `when you both ask, the game
begins.`},
		{"help", "seek cancel <id>        withdraw your seek"},
	} {
		m := only(t, h.write(t, bob, tc.line), bob)
		wantText(t, m, tc.want)
		for _, l := range strings.Split(m.Text, "\n") {
			if len([]rune(l)) > 78 {
				t.Errorf("%s: a line over 78 columns: %q", tc.line, l)
			}
		}
	}
}

// TestSeekRefusals: what seek and seek cancel refuse.
func TestSeekRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before []string // alice's lines first
		line   string
		want   string
	}{
		{"after stop", []string{"stop"}, "seek nim",
			`Refused: you asked windpost never to write to you ("stop"), and a seek would have me write to you when someone joins it. Challenge someone you know instead: "challenge friend@example.org nim".`},
		{"unknown game", nil, "seek chess", `Refused: unknown game "chess": windpost plays nim (stones).`},
		{"cancel with none open", nil, "seek cancel", `Refused: you have no seek open. Write "seeks" for the list.`},
		{"cancel which", []string{"seek nim", "seek nim days 2"}, "seek cancel", `Refused: you have 2 seeks open (`},
		{"cancel the only one", []string{"seek nim"}, "seek cancel", "Done: you withdrew your seek s"},
		{"cancel another's", nil, "seek cancel s2222", "Refused: you have no seek open."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			if len(tc.before) > 0 {
				h.write(t, alice, tc.before...)
			}
			mails := h.write(t, alice, tc.line)
			wantText(t, only(t, mails, alice), tc.want)
			if len(mails) != 1 {
				t.Errorf("mail to others: %s", describe(mails))
			}
		})
	}
}
