package games

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/windpost/windpost/games/internal/consent"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/referee"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		line string
		skip bool
		want referee.Command
	}{
		{line: "", skip: true},
		{line: "   ", skip: true},
		{line: "----", skip: true},
		{line: "Hi bot,", skip: true},
		{line: "Thanks!", skip: true},
		{line: "Best regards,", skip: true},
		{line: "Good luck", skip: true},
		{line: "Sent from my iPhone", skip: true},
		{line: "Sent from my iPhone 12", skip: true},
		{line: "GG!", skip: true},
		{line: "gg wp", skip: true},
		// A game id whose letters are "gg" and the rest digits is no "gg"
		// (good game): the line is a command for that game.
		{line: "gg365 draw", want: referee.Command{Verb: referee.VerbDraw, Game: "gg365"}},
		{line: "gg268 resign", want: referee.Command{Verb: referee.VerbResign, Game: "gg268"}},
		{line: "Hi, P-2c #5", want: referee.Command{Verb: referee.VerbMove, Move: "Hi, P-2c", Number: 5}},
		{line: "Thanks! b2-b3", want: referee.Command{Verb: referee.VerbMove, Move: "Thanks! b2-b3"}},
		{line: "help", want: referee.Command{Verb: referee.VerbHelp}},
		{line: "HELP Clocks", want: referee.Command{Verb: referee.VerbHelp, Topic: "clocks"}},
		{line: "rules gufuu", want: referee.Command{Verb: referee.VerbRules, Variant: "gufuu"}},
		{line: "rules gufuu please", want: referee.Command{Verb: referee.VerbRules, Variant: "gufuu", Err: "write rules and one game's name"}},
		{line: "new gufuu", want: referee.Command{Verb: referee.VerbNew, Variant: "gufuu"}},
		{line: "New Micro as White level Casual", want: referee.Command{Verb: referee.VerbNew, Variant: "micro", Side: "white", Level: "casual"}},
		{line: "new gonu random strong", want: referee.Command{Verb: referee.VerbNew, Variant: "gonu", Side: "random", Level: "strong"}},
		{line: "new", want: referee.Command{Verb: referee.VerbNew, Err: "write new and the game"}},
		{line: "new gufuu as purple", want: referee.Command{Verb: referee.VerbNew, Variant: "gufuu", Err: `"purple" is not a side`}},
		{line: "new gufuu level 3", want: referee.Command{Verb: referee.VerbNew, Variant: "gufuu", Err: `"3" is not a level`}},
		{line: "new gufuu days 3", want: referee.Command{Verb: referee.VerbNew, Variant: "gufuu", Err: "days per move are for challenges"}},
		{line: "challenge Bob@Example.org gufuu as black days 3", want: referee.Command{Verb: referee.VerbChallenge, Address: "bob@example.org", Variant: "gufuu", Side: "black", Days: 3}},
		{line: "challenge <bob@example.org> micro", want: referee.Command{Verb: referee.VerbChallenge, Address: "bob@example.org", Variant: "micro"}},
		{line: "challenge bob gufuu", want: referee.Command{Verb: referee.VerbChallenge, Err: `"bob" is not a mail address`}},
		{line: "challenge bob@example.org gufuu days 99", want: referee.Command{Verb: referee.VerbChallenge, Address: "bob@example.org", Variant: "gufuu", Err: "not a number of days per move from 1 to 30"}},
		{line: "challenge bob@example.org gufuu level casual", want: referee.Command{Verb: referee.VerbChallenge, Address: "bob@example.org", Variant: "gufuu", Err: "a level is for games against the bot"}},
		{line: "accept", want: referee.Command{Verb: referee.VerbAccept}},
		{line: "accept g7k3q", want: referee.Command{Verb: referee.VerbAccept, Game: "g7k3q"}},
		{line: "decline gOOOO", want: referee.Command{Verb: referee.VerbDecline, Err: `"goooo" is not a game id`}},
		{line: "games board", want: referee.Command{Verb: referee.VerbGames, Err: `"games" takes nothing after it`}},
		{line: "g7k3q board", want: referee.Command{Verb: referee.VerbBoard, Game: "g7k3q"}},
		{line: "board White", want: referee.Command{Verb: referee.VerbBoard, Side: "white"}},
		{line: "board mine g7k3q", want: referee.Command{Verb: referee.VerbBoard, Game: "g7k3q", Side: "mine"}},
		{line: "g7k3q board black", want: referee.Command{Verb: referee.VerbBoard, Game: "g7k3q", Side: "black"}},
		{line: "board always black", want: referee.Command{Verb: referee.VerbBoard, Side: "black", Always: true}},
		{line: "board black always", want: referee.Command{Verb: referee.VerbBoard, Side: "black", Always: true}},
		{line: "board always", want: referee.Command{Verb: referee.VerbBoard, Always: true, Err: `name the side to keep after "always": "board always black", "board always white", or "board always mine" (your own side, the default)`}},
		{line: "board black white", want: referee.Command{Verb: referee.VerbBoard, Side: "black", Err: `name one side, not "black" and "white": "board black", "board white" or "board mine"`}},
		{line: "board purple", want: referee.Command{Verb: referee.VerbBoard, Err: `"purple" is neither a game id nor a side: write "board", "board black", "board white" or "board mine", with a game id if you like ("board g7k3q white")`}},
		{line: "board g7k3q purple", want: referee.Command{Verb: referee.VerbBoard, Err: `"purple" is neither a game id nor a side: write "board", "board black", "board white" or "board mine", with a game id if you like ("board g7k3q white")`}},
		{line: "board g7k3q g8k3q", want: referee.Command{Verb: referee.VerbBoard, Err: `write board alone or with a game id, e.g. "board g7k3q"`}},
		{line: "history", want: referee.Command{Verb: referee.VerbHistory}},
		{line: "moves g7k3q", want: referee.Command{Verb: referee.VerbMoves, Game: "g7k3q"}},
		{line: "games", want: referee.Command{Verb: referee.VerbGames}},
		{line: "games all", want: referee.Command{Verb: referee.VerbGames, Err: `"games" takes nothing after it`}},
		{line: "Resign.", want: referee.Command{Verb: referee.VerbResign}},
		{line: "draw", want: referee.Command{Verb: referee.VerbDraw}},
		{line: "undo g7k3q", want: referee.Command{Verb: referee.VerbUndo, Game: "g7k3q"}},
		{line: "analyse", want: referee.Command{Verb: referee.VerbAnalysis}},
		{line: "analyze g7k3q", want: referee.Command{Verb: referee.VerbAnalysis, Game: "g7k3q"}},
		{line: "vacation 10", want: referee.Command{Verb: referee.VerbVacation, Days: 10}},
		{line: "vacation off", want: referee.Command{Verb: referee.VerbVacation, Off: true}},
		{line: "vacation 31", want: referee.Command{Verb: referee.VerbVacation, Err: "from 1 to 30"}},
		{line: "P-2c", want: referee.Command{Verb: referee.VerbMove, Move: "P-2c"}},
		{line: "P-2c #5", want: referee.Command{Verb: referee.VerbMove, Move: "P-2c", Number: 5}},
		{line: "K*1c>N # 12", want: referee.Command{Verb: referee.VerbMove, Move: "K*1c>N", Number: 12}},
		{line: "b2-b3 x b4 c3 #7", want: referee.Command{Verb: referee.VerbMove, Move: "b2-b3 x b4 c3", Number: 7}},
		{line: "move P-2c", want: referee.Command{Verb: referee.VerbMove, Move: "P-2c"}},
		{line: "move g7k3q P-2c #3", want: referee.Command{Verb: referee.VerbMove, Game: "g7k3q", Move: "P-2c", Number: 3}},
		{line: "g7k3q move P-2c", want: referee.Command{Verb: referee.VerbMove, Game: "g7k3q", Move: "P-2c"}},
		{line: "g7k3q P-2c", want: referee.Command{Verb: referee.VerbMove, Game: "g7k3q", Move: "P-2c"}},
		{line: "R-5a#", want: referee.Command{Verb: referee.VerbMove, Move: "R-5a#"}},
		{line: "move", want: referee.Command{Verb: referee.VerbMove, Err: "write the move after"}},
		{line: "P-2c #0", want: referee.Command{Verb: referee.VerbMove, Move: "P-2c", Number: 0, Err: "moves are numbered from #1"}},
		{line: "5.P-2c", want: referee.Command{Verb: referee.VerbMove, Move: "P-2c", Number: 5}},
		{line: "12. K*1c>N #12", want: referee.Command{Verb: referee.VerbMove, Move: "K*1c>N", Number: 12}},
		{line: "12... K*1c>N #11", want: referee.Command{Verb: referee.VerbMove, Move: "K*1c>N", Number: 11, Err: "numbered both 12 and #11: write its number once"}},
		{line: "#5", want: referee.Command{Verb: referee.VerbMove, Number: 5, Err: "a move number without a move: write the move, then its number"}},
		{line: "g7k3q 3.b2-b3", want: referee.Command{Verb: referee.VerbMove, Game: "g7k3q", Move: "b2-b3", Number: 3}},
		{line: "please start a game", want: referee.Command{Verb: referee.VerbMove, Move: "please start a game"}},
	} {
		c, ok := ParseCommand(tc.line)
		if ok == tc.skip {
			t.Errorf("ParseCommand(%q): ok = %v, want %v", tc.line, ok, !tc.skip)
			continue
		}
		if tc.skip {
			continue
		}
		tc.want.Line = strings.TrimSpace(tc.line)
		if (tc.want.Err == "") != (c.Err == "") || !strings.Contains(c.Err, tc.want.Err) {
			t.Errorf("ParseCommand(%q).Err = %q, want it to hold %q", tc.line, c.Err, tc.want.Err)
		}
		c.Err, tc.want.Err = "", ""
		if c != tc.want {
			t.Errorf("ParseCommand(%q)\n got %+v\nwant %+v", tc.line, c, tc.want)
		}
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"new gufuu as white level casual", "challenge a@b.c micro days 3", "g7k3q move P-2c #5",
		"vacation off", "Thanks!", "K*1c>N # 12", "#", "move #1", "accept gabcd", "rules", "\x00\xff", "gzzzz gzzzz gzzzz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, ok := ParseCommand(line)
		if !ok {
			if c != (referee.Command{}) {
				t.Fatalf("skipped line with a command: %+v", c)
			}
			return
		}
		if c.Verb == "" {
			t.Fatalf("no verb: %+v", c)
		}
		if c.Line != strings.TrimSpace(line) {
			t.Fatalf("Line %q of %q", c.Line, line)
		}
		if c.Game != "" && !keys.ValidGameID(c.Game) {
			t.Fatalf("game %q is not an id", c.Game)
		}
		if c.Verb == referee.VerbMove && c.Err == "" && c.Move == "" {
			t.Fatalf("move without text: %+v", c)
		}
		if c.Number < 0 || c.Days < 0 {
			t.Fatalf("negative number: %+v", c)
		}
		if utf8.ValidString(line) && !utf8.ValidString(c.Move) {
			t.Fatalf("move text %q is not UTF-8", c.Move)
		}
		c2, _ := ParseCommand(line)
		if c2 != c {
			t.Fatalf("not deterministic: %+v / %+v", c, c2)
		}
	})
}

// TestToyVerb: a verb is one verbSpec; the registry parses it, checks its
// authority and runs it, and keyword and "did you mean" know its words.
func TestToyVerb(t *testing.T) {
	for _, tc := range []struct {
		authority referee.Authority
		keyed     bool
		want      string
	}{
		{referee.Anyone, false, "pong from alice@players.test"},
		{referee.Sender, true, "pong from alice@players.test"},
		{referee.Sender, false, "Waiting for your confirmation: this line acts in your name"},
	} {
		t.Run(tc.authority.String(), func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toy := referee.VerbSpec{Verb: "ping", Words: []string{"ping", "pingg"}, Authority: tc.authority, Suggest: true,
				Run: func(h *referee.Handling, c referee.Command) (string, error) { return "pong from " + h.From, nil }}
			h.srv.Verbs = referee.NewVerbRegistry(append(builtinVerbs(), toy))
			send := h.fresh
			if tc.keyed {
				send = h.write
			}
			wantText(t, only(t, send(t, alice, "ping"), alice), "> ping\n"+tc.want)
			if !h.srv.Verbs.Keyword("pingg") {
				t.Error("the toy's second word is no keyword")
			}
			if _, meant, ok := h.srv.Verbs.DidYouMean("pinng"); !ok || meant != "ping" {
				t.Errorf("did you mean for pinng: %q %v", meant, ok)
			}
		})
	}
}

// senderLines are a line for every verb that acts in the sender's name.
var senderLines = map[referee.Verb]string{
	referee.VerbChallenge:  "challenge carol@players.test nim",
	referee.VerbVacation:   "vacation 7",
	referee.VerbStop:       "stop",
	referee.VerbBlock:      "block carol@players.test",
	referee.VerbUnblock:    "unblock carol@players.test",
	referee.VerbForget:     "forget me",
	referee.VerbNotify:     "notify digest 07:00",
	referee.VerbRemind:     "remind 48h 2h",
	referee.VerbTimezone:   "timezone Europe/Helsinki",
	referee.VerbFormat:     "format accessible",
	referee.VerbSeek:       "seek nim",
	referee.VerbUnseek:     "seek cancel s7k3q",
	referee.VerbJoin:       "join s7k3q",
	referee.VerbRematch:    "rematch",
	referee.VerbTournament: "tournament new nim roundrobin",
	referee.VerbWithdraw:   "withdraw t7k3q",
}

// TestForgedSenderVerbs: every verb that acts in the sender's name, in a
// mail "from" bob without bob's key (anyone can write that), does nothing
// in bob's name: bob's record and games stay as they were, nobody else
// is mailed, and bob gets one keyed confirm request; a second such mail
// within the hour gets no second request (its answer, like every mail to
// bob, carries only bob's own key, with which nothing held runs).
func TestForgedSenderVerbs(t *testing.T) {
	registry := referee.NewVerbRegistry(builtinVerbs())
	for v, spec := range registry.ByVerb {
		line, ok := senderLines[v]
		if spec.Authority == referee.Sender && !ok {
			t.Errorf("verb %q acts in the sender's name but has no line in senderLines", v)
		}
		if !ok {
			continue
		}
		c, _ := registry.Parse(line)
		if c.Verb != v || c.Err != "" || spec.AuthorityFor(c) != referee.Sender {
			t.Fatalf("%q reads as %q (%s), authority %s", line, c.Verb, c.Err, spec.AuthorityFor(c))
		}
		t.Run(string(v), func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toBob := only(t, h.write(t, bob, "new nim as black"), bob)
			h.reply(t, toBob, "resign")
			before := h.playerOf(t, bob)
			mails := h.fresh(t, bob, line)
			m := only(t, mails, bob)
			if len(mails) != 1 {
				t.Fatalf("a forged %q sent %s", line, describe(mails))
			}
			wantText(t, m, "Waiting for your confirmation: this line acts in your name")
			if !strings.Contains(m.ReplyTo, "+g") {
				t.Errorf("the confirm request carries no key: %q", m.ReplyTo)
			}
			after := h.playerOf(t, bob)
			if after.Confirm == nil || len(after.Confirm.Challenges) != 1 || !strings.Contains(m.ReplyTo, "+"+after.Confirm.ID+".") {
				t.Fatalf("bob's record holds %+v; the request's Reply-To is %q", after.Confirm, m.ReplyTo)
			}
			asked := after.Confirm.ID
			after.Confirm = nil
			after.ErrorAnswers = before.ErrorAnswers
			if !slices.Equal(after.Games, before.Games) || after.Notify != before.Notify || after.Timezone != before.Timezone ||
				!slices.Equal(after.Blocked, before.Blocked) || !after.VacationUntil.Equal(before.VacationUntil) ||
				h.onDoNotMail(t, bob) {
				t.Errorf("a forged %q changed bob's record:\nbefore %+v\nafter  %+v", line, before, after)
			}
			h.clock.Advance(consent.AskGap / 2)
			again := only(t, h.fresh(t, bob, line), bob)
			wantText(t, again, "Refused: I asked you to confirm another mail at")
			if p := h.playerOf(t, bob); p.Confirm == nil || p.Confirm.ID != asked || len(p.Confirm.Challenges) != 1 ||
				strings.Contains(again.ReplyTo, "+"+asked+".") {
				t.Errorf("a second forged mail within the hour brought a second request: %q, %+v", again.ReplyTo, p.Confirm)
			}
		})
	}
}

// onDoNotMail reports whether address is on the do-not-mail list.
func (h *harness) onDoNotMail(t testing.TB, address string) bool {
	t.Helper()
	var on bool
	if err := h.store.View(func(st referee.StoreTx) error { on = st.DoNotMail(address); return nil }); err != nil {
		t.Fatal(err)
	}
	return on
}

// TestHelpFromRegistry: "help" lists every verb by its first word (the
// organiser's after the others), and every topic a verb leads to exists.
func TestHelpFromRegistry(t *testing.T) {
	r := referee.NewVerbRegistry(builtinVerbs())
	overview := r.Overview()
	organiser := strings.Index(overview, "For a tournament's organiser")
	for _, s := range r.Order {
		name := strings.Fields(string(s.Verb))[0]
		i := -1
		for _, form := range []string{"  " + name + " ", "  " + name + ",", "  " + name + "\n", ", " + name, "/ " + name} {
			if j := strings.Index(overview, form); j >= 0 && (i < 0 || j < i) {
				i = j
			}
		}
		if s.Verb == referee.VerbMove {
			i = strings.Index(overview, "  <move>")
		}
		if i < 0 {
			t.Errorf("help does not name %q", s.Verb)
		}
		if (s.Authority == referee.Organiser) != (i > organiser) {
			t.Errorf("%q is listed on the wrong side of the organiser's heading", s.Verb)
		}
		if s.Topic != "" {
			if _, ok := r.HelpTopic(s.Topic); !ok {
				t.Errorf("%q leads to help topic %q, which does not exist", s.Verb, s.Topic)
			}
		}
	}
	for _, line := range strings.Split(overview, "\n") {
		if len(line) > 78 {
			t.Errorf("help line over 78 columns: %q", line)
		}
	}
	// A topic's text is given on one verb of the topic, and "help
	// <topic>" answers with it.
	given := map[string]referee.Verb{}
	for _, s := range r.Order {
		if s.Help == "" {
			continue
		}
		if s.Topic == "" {
			t.Errorf("%q gives a help text but no topic", s.Verb)
		}
		if v, ok := given[s.Topic]; ok {
			t.Errorf("%q and %q both give the text of topic %q", v, s.Verb, s.Topic)
		}
		given[s.Topic] = s.Verb
		if got, _ := r.HelpTopic(s.Topic); got != s.Help {
			t.Errorf("help %s answers %.40q, not %q's text", s.Topic, got, s.Verb)
		}
	}
	if len(given) < 10 {
		t.Errorf("%d topics' texts given by verbs, want the club's and the game verbs' (10 or more)", len(given))
	}
}

// TestDidYouMeanGame: a game's name with a slip is asked about.
func TestDidYouMeanGame(t *testing.T) {
	h := newHarness(t, defaultCatalog(t.TempDir()))
	for line, want := range map[string]string{
		"standings gufu":    `Did you mean "gufuu"?`,
		"new gonnu":         `Did you mean "gonu"?`,
		"rules microshougi": `Did you mean "microshogi"?`,
		"new chess":         "windpost plays",
	} {
		m := only(t, h.write(t, alice, line), alice)
		wantText(t, m, "> "+line+"\nRefused: unknown game", want)
		if want == "windpost plays" && strings.Contains(m.Text, "Did you mean") {
			t.Errorf("%q got a suggestion:\n%s", line, m.Text)
		}
	}
}

// TestTypoAnswer: a slip of a command word is answered with the
// suggestion and a pointer to "help", not the whole list, also after
// commands that ran (which are not taken back); the lines after it are
// not run, as after any refusal.
func TestTypoAnswer(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	m := only(t, h.write(t, alice, "hlep"), alice)
	wantText(t, m, `Refused: I do not know the command "hlep". Did you mean "help"? ("help" lists the commands.)`)
	if strings.Contains(m.Text, "Commands (one per line") || len(m.Text) > 1000 {
		t.Errorf("a typo's answer carries the command list (%d bytes):\n%s", len(m.Text), m.Text)
	}
	m = only(t, h.write(t, alice, "rating", "standigns nim", "games"), alice)
	wantText(t, m, "> rating\n", `> standigns nim`+"\n"+`Refused: I do not know the command "standigns". Did you mean "standings"?`,
		"Not run, because the command above was refused:\n> games")
	if strings.Contains(m.Text, "I stopped reading") {
		t.Errorf("a typo after a command was taken for the end of the commands:\n%s", m.Text)
	}
}
