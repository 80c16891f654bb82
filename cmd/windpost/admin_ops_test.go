package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/windpost/windpost/games"
	"github.com/windpost/windpost/variants"
)

// opsStore makes a store with a Micro-shogi game between alice and bob (a
// challenge accepted) and a Gufuu game of alice's against the bot, and
// returns its path and the two games' ids.
func opsStore(t *testing.T) (path, micro, bot string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "windpost.db")
	st, err := games.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := games.NewServer(st, variants.Default(variants.Options{CacheDir: t.TempDir()}), games.Config{BotAddress: "bot@" + localDomain, Seed: 7}) // the demo's, which admin takes without -config
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	send := func(from string, r games.Request, lines ...string) []games.Mail {
		n++
		r.From, r.Subject, r.Lines = from, "windpost", lines // Received: now
		r.MessageID = "<ops-" + string(rune('a'+n)) + "@example.test>"
		mails, err := srv.Handle(t.Context(), r)
		if err != nil || len(mails) == 0 {
			t.Fatalf("%q: %v, %d mails", lines, err, len(mails))
		}
		if _, err := srv.BotWork(t.Context()); err != nil {
			t.Fatal(err)
		}
		return mails
	}
	// A reply with the key of a mail about a game.
	reply := func(m games.Mail) games.Request {
		local, _, _ := strings.Cut(m.ReplyTo, "@")
		_, tag, _ := strings.Cut(local, "+")
		game, token, _ := games.ParsePlusTag(tag)
		return games.Request{GameID: game, Token: token}
	}
	first := send("alice@example.test", games.Request{}, "new gufuu as black")[0]
	bot = first.Headers["X-Windpost-Game"]
	var inv games.Mail
	// In a reply with her key, alice's challenge goes out at once.
	for _, m := range send("alice@example.test", reply(first), "challenge bob@example.test micro days 3") {
		if m.To == "bob@example.test" {
			inv = m
		}
	}
	micro = inv.Headers["X-Windpost-Game"]
	if micro == "" {
		t.Fatal("no invitation to bob")
	}
	send("bob@example.test", reply(inv), "accept")
	return path, micro, bot
}

// TestAdminOperate: the operator's actions on a store that no daemon holds,
// and on one that a daemon serves (through its admin socket); each shows
// in the audit log with who and why, --by defaulting to the user's name.
func TestAdminOperate(t *testing.T) {
	for _, served := range []bool{false, true} {
		t.Run(map[bool]string{false: "store", true: "daemon"}[served], func(t *testing.T) {
			path, micro, bot := opsStore(t)
			if served {
				serveStore(t, path)
			}
			tests := []struct {
				args []string
				code int
				out  string // in stdout (code 0) or stderr
			}{
				{[]string{"ban", "alice@example.test", "--why", "abuse"}, 0, "Its open games, which go on as they are: " + bot + ", " + micro + " (windpost admin cancel or adjudicate ends them)."},
				{[]string{"extend", micro, "3", "days", "--why", "Bob is ill", "--by", "root"}, 0, "Extended game " + micro + " by 3 days: the deadline is now "},
				{[]string{"extend", micro, "31", "--why", "x"}, 2, `"31" is not a number of days from 1 to 30`},
				{[]string{"adjudicate", micro, "--why", "no result given"}, 1, "Micro-shogi is not solved, so a game of it is adjudicated only by a stated result"},
				{[]string{"adjudicate", micro, "white"}, 2, "say why with --why TEXT"},
				{[]string{"adjudicate", micro, "blue", "--why", "x"}, 2, `"blue" is not a result`},
				{[]string{"adjudicate", micro, "white", "--why", "black  left\tthe club"}, 0, "Adjudicated game " + micro + ": white wins by adjudication. Both players are mailed."},
				{[]string{"cancel", micro, "--why", "x"}, 1, "game " + micro + " cannot be cancelled: it is over: white wins by adjudication."},
				{[]string{"cancel", bot, "--why", "a test game"}, 0, "Cancelled game " + bot + ": it ends without a result and is not rated."},
				{[]string{"extend", "g2345", "2", "--why", "x"}, 1, "game g2345: there is no such game"},
				{[]string{"ban", "Eve <EVE@example.test>", "--why", "spam"}, 0, "Banned eve@example.test: its mail gets no answer"},
				{[]string{"ban", "eve@example.test", "--why", "again"}, 1, "banned already"},
				{[]string{"unban", "eve@example.test", "--why", "a mistake"}, 0, "Lifted the ban of eve@example.test."},
				{[]string{"unban", "eve@example.test", "--why", "a mistake"}, 1, "the address is not banned"},
			}
			for _, tc := range tests {
				args := append([]string{"admin"}, append(tc.args, "--store", path)...)
				out, errOut, code := leadRun(t, "", args...)
				if code != tc.code || !strings.Contains(out+errOut, tc.out) {
					t.Errorf("%q: code %d, stdout %q, stderr %q; want code %d and %q", tc.args, code, out, errOut, tc.code, tc.out)
				}
			}
			out, errOut, code := leadRun(t, "", "admin", "audit", "--store", path)
			if code != 0 {
				t.Fatalf("admin audit: code %d: %s", code, errOut)
			}
			me := "operator:" + osUser()
			for _, row := range [][]string{
				{me, "ban", "alice@example.test", "2 open games", "abuse"},
				{"operator:root", "extend", micro, "3 days for move #1 (black to move)", "Bob is ill"},
				{me, "adjudicate", micro, "white wins by adjudication, by decision", "black left the club"},
				{me, "cancel", bot, "was playing after 0 moves", "a test game"},
				{me, "ban", "eve@example.test", "0 open games", "spam"},
				{me, "unban", "eve@example.test", "-", "a mistake"},
			} {
				if !containsRow(out, row) {
					t.Errorf("admin audit lacks the row %q:\n%s", row, out)
				}
			}
			if n := strings.Count(out, "\n"); n != 7 {
				t.Errorf("admin audit: %d lines, want a header and 6 entries:\n%s", n, out)
			}
		})
	}
}

// containsRow reports whether a line of table holds the cells in order.
func containsRow(table string, cells []string) bool {
	for _, line := range strings.Split(table, "\n") {
		rest, ok := line, true
		for _, c := range cells {
			i := strings.Index(rest, c)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(c):]
		}
		if ok {
			return true
		}
	}
	return false
}

// TestAdminOperateWrongBot: a game whose mails came from another bot
// domain than the one the command takes (no -config: the demo's) is left
// alone, and the operator told to name serve's config.
func TestAdminOperateWrongBot(t *testing.T) {
	path, id := adminStore(t) // bot@example.test
	_, errOut, code := leadRun(t, "", "admin", "cancel", id, "--why", "a test", "--store", path)
	if code != 1 || !strings.Contains(errOut, "the game's mails come from @example.test, not from the bot address given (@windpost.test): name the config file windpost serve uses") {
		t.Errorf("cancel with the wrong bot: code %d, %q", code, errOut)
	}
	if out, _, _ := leadRun(t, "", "admin", "audit", "--store", path); !strings.Contains(out, "The audit log is empty") {
		t.Errorf("admin audit after a refused cancel:\n%s", out)
	}
}

func TestAdminOperateHelp(t *testing.T) {
	for _, sub := range []string{"adjudicate", "extend", "cancel", "ban", "unban", "audit"} {
		_, errOut, code := leadRun(t, "", "admin", sub, "--help")
		if code != 0 || !strings.Contains(errOut, "Usage: windpost admin "+sub) {
			t.Errorf("admin %s --help: code %d, %q", sub, code, errOut)
		}
	}
	out, _, _ := leadRun(t, "", "admin", "--help")
	for _, w := range []string{"adjudicate GAME", "extend GAME DAYS", "cancel GAME", "ban ADDRESS", "audit"} {
		if !strings.Contains(out, w) {
			t.Errorf("admin --help lacks %q", w)
		}
	}
	_, errOut, code := leadRun(t, "", "admin", "audit", "--store", filepath.Join(t.TempDir(), "none.db"))
	if code == 0 || !strings.Contains(errOut, "there is no store") {
		t.Errorf("admin audit of no store: code %d, %q", code, errOut)
	}
}
