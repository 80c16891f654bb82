package mailer

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
	"github.com/windpost/windpost/variants/varianttest"
)

// The mail kinds windpost sends, produced by a games.Server on a store in
// a temporary directory with a fixed clock (as games' own tests do), for
// the tests of the composed text and HTML parts.

// sampleMail is one mail windpost sent, named for the tests' messages.
type sampleMail struct {
	name  string
	mail  games.Mail
	words bool // its reader reads in words (format accessible): no board, no picture
}

// mailPlay plays conversations against a games.Server and keeps every
// mail it sends.
type mailPlay struct {
	t   *testing.T
	srv *games.Server
	now time.Time // the server's clock (Now)
	n   int
	got []sampleMail
	// inWords are the addresses that chose "format accessible".
	inWords map[string]bool
}

// Now is the time of the play: the clock of its games.Server.
func (p *mailPlay) Now() time.Time { return p.now }

// write handles lines from sender (with the key of mail m if m is not
// nil) and keeps the mails under name.
func (p *mailPlay) write(name, from string, m *games.Mail, lines ...string) []games.Mail {
	p.t.Helper()
	p.n++
	r := games.Request{From: from, Subject: "windpost", MessageID: fmt.Sprintf("<k%d@players.test>", p.n),
		Lines: lines, Received: p.now}
	if m != nil {
		local, _, _ := strings.Cut(m.ReplyTo, "@")
		_, tag, _ := strings.Cut(local, "+")
		game, token, ok := games.ParsePlusTag(tag)
		if !ok {
			p.t.Fatalf("%s: mail to %s has no key in %q", name, m.To, m.ReplyTo)
		}
		r.GameID, r.Token, r.Subject = game, token, m.Subject
	}
	ctx := context.Background()
	mails, err := p.srv.Handle(ctx, r)
	if err != nil {
		p.t.Fatalf("%s: Handle(%q): %v", name, lines, err)
	}
	more, err := p.srv.BotWork(ctx)
	if err != nil {
		p.t.Fatalf("%s: BotWork: %v", name, err)
	}
	mails = append(mails, more...)
	p.keep(name, mails)
	return mails
}

// tick moves the clock by d and keeps the clocks' mails under name.
func (p *mailPlay) tick(name string, d time.Duration) []games.Mail {
	p.t.Helper()
	p.now = p.now.Add(d)
	mails, err := p.srv.Tick(context.Background())
	if err != nil {
		p.t.Fatalf("%s: Tick: %v", name, err)
	}
	p.keep(name, mails)
	return mails
}

func (p *mailPlay) keep(name string, mails []games.Mail) {
	for i, m := range mails {
		p.got = append(p.got, sampleMail{fmt.Sprintf("%s-%d-%s", name, i, m.Kind), m, p.inWords[m.To]})
	}
}

// to returns the one mail to address among mails.
func (p *mailPlay) to(mails []games.Mail, address string) *games.Mail {
	p.t.Helper()
	for i := range mails {
		if mails[i].To == address {
			return &mails[i]
		}
	}
	p.t.Fatalf("no mail to %s among %d: %+v", address, len(mails), mails)
	return nil
}

// mailKinds returns every kind of mail windpost sends today: answers with
// boards, refusals with the legal moves, help and rules, the games list,
// history, invitations, relays and notices, reminders, draws, results and
// the analysis, in all three games; undo, vacation, draws agreed, a
// challenge declined, a stranger asked to confirm, "stop".
//
// The corpus is played once for the package's tests (it takes seconds:
// whole games by mail), and each test gets its own copy of the list.
func mailKinds(t *testing.T) []sampleMail {
	t.Helper()
	corpus.once.Do(func() {
		corpus.failed = true // until the play returns: t.Fatal in it ends the goroutine
		corpus.mails = playMailKinds(t)
		corpus.failed = t.Failed()
	})
	if corpus.failed {
		t.Fatal("the corpus of mails could not be played (see the first test that asked for it)")
	}
	return slices.Clone(corpus.mails)
}

// corpus is the mails mailKinds played, kept for the package's tests.
var corpus struct {
	once   sync.Once
	mails  []sampleMail
	failed bool
}

// playMailKinds plays the corpus of mailKinds, its store in a temporary
// directory of its own (the test that first asks keeps it to its end).
func playMailKinds(t *testing.T) []sampleMail {
	dir := t.TempDir()
	st, err := games.Open(filepath.Join(dir, "windpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	p := &mailPlay{t: t, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), inWords: map[string]bool{}}
	p.srv, err = games.NewServer(st, variants.Default(variants.Options{CacheDir: dir}),
		games.Config{BotAddress: "bot@windpost.test", Clock: p, Seed: 1, OutageAfter: -1, ErrorAnswersPerHour: 1000})
	if err != nil {
		t.Fatal(err)
	}
	const alice, bob = "alice@players.test", "bob@players.test"

	p.write("help", alice, nil, "help")
	p.write("help-moves", alice, nil, "help moves")
	p.write("unknown", alice, nil, "hlep")
	for _, g := range []string{"gufuu", "microshogi", "julgonu"} {
		p.write("rules-"+g, alice, nil, "rules "+g)
	}
	gufuu := p.to(p.write("new-gufuu", alice, nil, "new gufuu as black level casual"), alice)
	p.write("refused-move", alice, gufuu, "K*3a>N")
	gufuu = p.to(p.write("move-gufuu", alice, gufuu, "K*1b>N #1"), alice)
	p.write("moves", alice, gufuu, "moves")
	p.write("history", alice, gufuu, "history")
	p.write("resign", alice, gufuu, "resign")
	p.write("analysis", alice, gufuu, "analysis")
	micro := p.to(p.write("new-microshogi", alice, nil, "new microshogi as white level casual"), alice)
	p.write("refused-microshogi", alice, micro, "Z-9z")
	p.to(p.write("new-julgonu", alice, nil, "new julgonu as black level casual"), alice)
	p.write("games", alice, nil, "games")

	// A game between people: the challenge, the invitation, relays,
	// offers, a reminder, a result.
	inv := p.to(p.write("challenge", alice, gufuu, "challenge bob@players.test microshogi as black days 3"), bob)
	started := p.write("accept", bob, inv, "accept")
	toAlice := p.to(started, alice)
	p.write("moves-people", alice, toAlice, "moves")
	toAlice = p.to(p.write("board", alice, toAlice, "board"), alice)
	first := p.firstMove(alice, toAlice)
	relay := p.write("relay-move", alice, toAlice, first)
	toBob := p.to(relay, bob)
	p.write("draw-offer", bob, toBob, "draw")
	p.tick("reminder", 50*time.Hour)
	p.tick("lost-on-time", 30*time.Hour)

	// A second game between people: an undo asked, a vacation, a draw
	// agreed; a challenge declined; a stranger's challenge (confirm
	// first); "stop".
	inv = p.to(p.write("challenge-gufuu", alice, gufuu, "challenge bob@players.test gufuu as black"), bob)
	toAlice = p.to(p.write("accept-gufuu", bob, inv, "accept"), alice)
	toBob = p.to(p.write("move-people", alice, toAlice, p.firstMove(alice, toAlice)), bob)
	toAlice = p.to(p.write("move-people-back", bob, toBob, p.firstMove(bob, toBob)), alice)
	p.write("undo-ask", bob, toBob, "undo")
	p.write("undo-declined", alice, toAlice, "no thanks")
	p.write("talk", alice, toAlice, "Hello Bob, and good luck! I am curious how you will answer my drop; "+
		"I have been reading about the Wind and the Storm all week.")
	p.write("history-talk", bob, toBob, "history")
	p.write("vacation", alice, toAlice, "vacation 3")
	p.write("draw-offer-gufuu", alice, toAlice, "draw")
	p.write("draw-agreed", bob, toBob, "draw")
	inv = p.to(p.write("challenge-julgonu", alice, gufuu, "challenge bob@players.test julgonu"), bob)
	p.write("decline", bob, inv, "decline")
	p.write("stranger-challenge", "carol@players.test", nil, "challenge bob@players.test gufuu")
	p.write("stop", "dave@players.test", nil, "stop")

	// Ratings (the draw agreed above was rated), and a daily digest:
	// bob's news waits for it, then it lists his move to make.
	p.write("rating", alice, nil, "rating")
	p.write("standings", bob, nil, "standings gufuu")
	p.write("notify-digest", bob, toBob, "notify digest 07:00")
	inv = p.to(p.write("challenge-digest", alice, gufuu, "challenge bob@players.test gufuu as black days 3"), bob)
	toAlice = p.to(p.write("accept-digest", bob, inv, "accept"), alice)
	p.write("move-for-digest", alice, toAlice, p.firstMove(alice, toAlice))
	if mails := p.tick("digest", 24*time.Hour); !slices.ContainsFunc(mails, func(m games.Mail) bool {
		return m.To == bob && strings.Contains(m.Text, "It is your move in")
	}) {
		t.Fatalf("no digest to bob after a day: %d mails", len(mails))
	}

	// Club play: a seek and the list of seeks; a round robin of two whose
	// one game, resigned, brings the crosstable and the final standings.
	p.write("seek", alice, gufuu, "seek micro days 3")
	p.write("seeks", bob, toBob, "seeks")
	org := p.to(p.write("tournament-new", alice, gufuu, "tournament new micro roundrobin days 3 name Club Cup"), alice)
	tid := regexp.MustCompile(`tournament (t[a-z0-9]+)\)`).FindStringSubmatch(org.Text)
	if tid == nil {
		t.Fatalf("no tournament id in:\n%s", org.Text)
	}
	p.write("tournament-join", bob, toBob, "join "+tid[1])
	p.write("tournament-join-organiser", alice, gufuu, "join "+tid[1])
	paired := p.to(p.write("tournament-start", alice, org, "tournament start "+tid[1]), bob)
	game := regexp.MustCompile(`Round 1, game (g[a-z0-9]+)`).FindStringSubmatch(paired.Text)
	if game == nil {
		t.Fatalf("no game in bob's pairings:\n%s", paired.Text)
	}
	p.write("crosstable", bob, paired, game[1]+" resign")

	// An invitation the mail server refuses for good: the challenger is
	// told.
	failing := p.to(p.write("challenge-refused", alice, gufuu, "challenge nobody@players.test julgonu"), "nobody@players.test")
	before, err := st.DueMail(p.now.Add(time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Failed(failing.ID, games.SendFailure{Reason: "550 5.1.1 <nobody@players.test>: no such user", At: p.now, Permanent: true}); err != nil {
		t.Fatal(err)
	}
	after, err := st.DueMail(p.now.Add(time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	var told []games.Mail
	for _, m := range after {
		if !slices.ContainsFunc(before, func(b games.Mail) bool { return b.ID == m.ID }) {
			told = append(told, m)
		}
	}
	if len(told) != 1 || told[0].To != alice {
		t.Fatalf("the challenger was not told of the refused invitation: %d new mails", len(told))
	}
	p.keep("undeliverable", told)

	// A player who reads in words (format accessible): a game against the
	// bot with no board and no picture.
	p.inWords[alice] = true // its answer is the first in words
	p.write("format-accessible", alice, gufuu, "format accessible")
	p.write("words-microshogi", alice, nil, "new microshogi as black level casual")

	// Every end of a game between people, in each game: alice reads in
	// words from here on, erin sees boards (bob reads digests).
	p.ends(alice, "erin@players.test", gufuu)
	return p.got
}

// ends plays a game between black and white (challenged with the key of
// mail key) to each way it can end, in each game, and keeps the first
// mail in check on the way and the mails of the end; then a resignation,
// a loss on time, an adjudication and a cancellation; an export; a typo
// after lines that run.
func (p *mailPlay) ends(black, white string, key *games.Mail) {
	p.t.Helper()
	catalog := variants.Default(variants.Options{CacheDir: p.t.TempDir()})
	for _, end := range varianttest.Ends() {
		name := "end-" + end.Game + "-" + strings.ReplaceAll(string(end.Reason), " ", "-")
		kit, _ := catalog.Lookup(end.Game)
		moves, err := varianttest.GameTo(kit, end.Reason, 3)
		if err != nil {
			p.t.Fatal(err)
		}
		toBlack, toWhite := p.started(name, black, white, key, end.Game)
		checked := false
		for i, mv := range moves {
			kept := len(p.got)
			from, m := black, toBlack
			if i%2 == 1 {
				from, m = white, toWhite
			}
			mails := p.write(name, from, m, mv)
			toBlack, toWhite = p.to(mails, black), p.to(mails, white)
			inCheck := strings.Contains(toBlack.Text, "in check") || strings.Contains(toWhite.Text, "in check")
			if i < len(moves)-1 && (checked || !inCheck) {
				p.got = p.got[:kept] // only the first check and the end are kept
			}
			checked = checked || inCheck
		}
		if !checked && end.Game != "julgonu" {
			p.t.Errorf("%s: no check on the way to the end", name)
		}
	}
	toBlack, _ := p.started("end-resign", black, white, key, "gufuu")
	p.write("end-resign", black, toBlack, "resign")
	p.started("end-time", black, white, key, "microshogi")
	p.tick("end-time", 4*24*time.Hour)
	toBlack, _ = p.started("end-adjudicated", black, white, key, "julgonu")
	ctx := context.Background()
	if _, err := p.srv.Adjudicate(ctx, toBlack.Headers["X-Windpost-Game"], "white", games.Decision{By: "root", Why: "a test"}); err != nil {
		p.t.Fatal(err)
	}
	p.write("end-adjudicated-board", black, toBlack, "board")
	toBlack, _ = p.started("end-cancelled", black, white, key, "microshogi")
	if err := p.srv.Cancel(ctx, toBlack.Headers["X-Windpost-Game"], games.Decision{By: "root", Why: "a test"}); err != nil {
		p.t.Fatal(err)
	}
	p.write("end-cancelled-board", black, toBlack, "board")
	p.write("export", white, toBlack, "export")
	p.write("typo-after-lines", black, toBlack, "board", "histroy")
}

// started is the first mails to black and white of a new game of game
// between them, challenged with the key of mail key, the challenge's
// mails not kept.
func (p *mailPlay) started(name, black, white string, key *games.Mail, game string) (toBlack, toWhite *games.Mail) {
	p.t.Helper()
	kept := len(p.got)
	p.now = p.now.Add(30 * time.Minute) // an address gets at most 3 invitations an hour
	inv := p.to(p.write(name+"-challenge", black, key, "challenge "+white+" "+game+" as black days 3"), white)
	mails := p.write(name+"-start", white, inv, "accept")
	p.got = p.got[:kept]
	return p.to(mails, black), p.to(mails, white)
}

// firstMove is the first legal move in the game of mail m, as the answer
// to "moves" from sender lists it; that answer is not kept. (The example
// of a status block, "e.g. ...", is the casual bot's choice, not the first.)
func (p *mailPlay) firstMove(from string, m *games.Mail) string {
	p.t.Helper()
	kept := len(p.got)
	ans := p.to(p.write("first-move", from, m, "moves"), from)
	p.got = p.got[:kept]
	_, after, ok := strings.Cut(ans.Text, "to move):\n")
	if !ok {
		p.t.Fatalf("no legal moves in:\n%s", ans.Text)
	}
	mv, _, _ := strings.Cut(after, "\n")
	mv, _, _ = strings.Cut(mv, ",")
	return strings.TrimSpace(mv)
}
