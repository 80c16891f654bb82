package games

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		line string
		skip bool
		want Command
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
		{line: "Hi, P-2c #5", want: Command{Verb: VerbMove, Move: "Hi, P-2c", Number: 5}},
		{line: "Thanks! b2-b3", want: Command{Verb: VerbMove, Move: "Thanks! b2-b3"}},
		{line: "help", want: Command{Verb: VerbHelp}},
		{line: "HELP Clocks", want: Command{Verb: VerbHelp, Topic: "clocks"}},
		{line: "rules gufuu", want: Command{Verb: VerbRules, Variant: "gufuu"}},
		{line: "rules gufuu please", want: Command{Verb: VerbRules, Variant: "gufuu", Err: "write rules and one game's name"}},
		{line: "new gufuu", want: Command{Verb: VerbNew, Variant: "gufuu"}},
		{line: "New Micro as White level Casual", want: Command{Verb: VerbNew, Variant: "micro", Side: "white", Level: "casual"}},
		{line: "new gonu random strong", want: Command{Verb: VerbNew, Variant: "gonu", Side: "random", Level: "strong"}},
		{line: "new", want: Command{Verb: VerbNew, Err: "write new and the game"}},
		{line: "new gufuu as purple", want: Command{Verb: VerbNew, Variant: "gufuu", Err: `"purple" is not a side`}},
		{line: "new gufuu level 3", want: Command{Verb: VerbNew, Variant: "gufuu", Err: `"3" is not a level`}},
		{line: "new gufuu days 3", want: Command{Verb: VerbNew, Variant: "gufuu", Err: "days per move are for challenges"}},
		{line: "challenge Bob@Example.org gufuu as black days 3", want: Command{Verb: VerbChallenge, Address: "bob@example.org", Variant: "gufuu", Side: "black", Days: 3}},
		{line: "challenge <bob@example.org> micro", want: Command{Verb: VerbChallenge, Address: "bob@example.org", Variant: "micro"}},
		{line: "challenge bob gufuu", want: Command{Verb: VerbChallenge, Err: `"bob" is not a mail address`}},
		{line: "challenge bob@example.org gufuu days 99", want: Command{Verb: VerbChallenge, Address: "bob@example.org", Variant: "gufuu", Err: "not a number of days per move from 1 to 30"}},
		{line: "challenge bob@example.org gufuu level casual", want: Command{Verb: VerbChallenge, Address: "bob@example.org", Variant: "gufuu", Err: "a level is for games against the bot"}},
		{line: "accept", want: Command{Verb: VerbAccept}},
		{line: "accept g7k3q", want: Command{Verb: VerbAccept, Game: "g7k3q"}},
		{line: "decline gOOOO", want: Command{Verb: VerbDecline, Err: `"goooo" is not a game id`}},
		{line: "games board", want: Command{Verb: VerbGames, Err: `"games" takes nothing after it`}},
		{line: "g7k3q board", want: Command{Verb: VerbBoard, Game: "g7k3q"}},
		{line: "history", want: Command{Verb: VerbHistory}},
		{line: "moves g7k3q", want: Command{Verb: VerbMoves, Game: "g7k3q"}},
		{line: "games", want: Command{Verb: VerbGames}},
		{line: "games all", want: Command{Verb: VerbGames, Err: `"games" takes nothing after it`}},
		{line: "Resign.", want: Command{Verb: VerbResign}},
		{line: "draw", want: Command{Verb: VerbDraw}},
		{line: "undo g7k3q", want: Command{Verb: VerbUndo, Game: "g7k3q"}},
		{line: "analyse", want: Command{Verb: VerbAnalysis}},
		{line: "analyze g7k3q", want: Command{Verb: VerbAnalysis, Game: "g7k3q"}},
		{line: "vacation 10", want: Command{Verb: VerbVacation, Days: 10}},
		{line: "vacation off", want: Command{Verb: VerbVacation, Off: true}},
		{line: "vacation 31", want: Command{Verb: VerbVacation, Err: "from 1 to 30"}},
		{line: "P-2c", want: Command{Verb: VerbMove, Move: "P-2c"}},
		{line: "P-2c #5", want: Command{Verb: VerbMove, Move: "P-2c", Number: 5}},
		{line: "K*1c>N # 12", want: Command{Verb: VerbMove, Move: "K*1c>N", Number: 12}},
		{line: "b2-b3 x b4 c3 #7", want: Command{Verb: VerbMove, Move: "b2-b3 x b4 c3", Number: 7}},
		{line: "move P-2c", want: Command{Verb: VerbMove, Move: "P-2c"}},
		{line: "move g7k3q P-2c #3", want: Command{Verb: VerbMove, Game: "g7k3q", Move: "P-2c", Number: 3}},
		{line: "g7k3q move P-2c", want: Command{Verb: VerbMove, Game: "g7k3q", Move: "P-2c"}},
		{line: "g7k3q P-2c", want: Command{Verb: VerbMove, Game: "g7k3q", Move: "P-2c"}},
		{line: "R-5a#", want: Command{Verb: VerbMove, Move: "R-5a#"}},
		{line: "move", want: Command{Verb: VerbMove, Err: "write the move after"}},
		{line: "P-2c #0", want: Command{Verb: VerbMove, Move: "P-2c", Number: 0, Err: "moves are numbered from #1"}},
		{line: "5.P-2c", want: Command{Verb: VerbMove, Move: "P-2c", Number: 5}},
		{line: "12. K*1c>N #12", want: Command{Verb: VerbMove, Move: "K*1c>N", Number: 12}},
		{line: "12... K*1c>N #11", want: Command{Verb: VerbMove, Move: "K*1c>N", Number: 11, Err: "numbered both 12 and #11: write its number once"}},
		{line: "#5", want: Command{Verb: VerbMove, Number: 5, Err: "a move number without a move: write the move, then its number"}},
		{line: "g7k3q 3.b2-b3", want: Command{Verb: VerbMove, Game: "g7k3q", Move: "b2-b3", Number: 3}},
		{line: "please start a game", want: Command{Verb: VerbMove, Move: "please start a game"}},
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
			if c != (Command{}) {
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
		if c.Game != "" && !validGameID(c.Game) {
			t.Fatalf("game %q is not an id", c.Game)
		}
		if c.Verb == VerbMove && c.Err == "" && c.Move == "" {
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
