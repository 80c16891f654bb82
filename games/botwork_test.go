package games

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/windpost/windpost/document"
	"github.com/windpost/windpost/games/internal/keys"
	"github.com/windpost/windpost/games/internal/outbox"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/games/internal/store"
)

// newNimGame starts alice's nim game against the bot and returns a
// request builder for mails in it, carrying alice's reply key.
func newNimGame(t *testing.T, h *harness) (game string, in func(lines ...string) Request) {
	t.Helper()
	m := only(t, h.write(t, alice, "new nim as black level perfect"), alice)
	game = m.Headers["X-Windpost-Game"]
	token := keys.Token(testSecret, game, alice)
	return game, func(lines ...string) Request { return h.request(alice, game, token, lines...) }
}

// handleOnly handles r without the bot's work and wants no mail yet.
func handleOnly(t *testing.T, h *harness, r Request) {
	t.Helper()
	mails, err := h.srv.Handle(context.Background(), r)
	if err != nil || len(mails) != 0 {
		t.Fatalf("Handle(%q) before the bot's work: %v %s", r.Lines, err, describe(mails))
	}
	if pending, err := h.srv.PendingBot(); err != nil || !pending {
		t.Fatalf("PendingBot after a move against the bot: %v, %v", pending, err)
	}
}

// TestBotWorkResumesAfterRestart: the player's move is kept at once; a
// server made anew on the same store does the bot's work left and sends
// the one answer, with the rest of the mail's commands.
func TestBotWorkResumesAfterRestart(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	game, in := newNimGame(t, h)
	handleOnly(t, h, in("t2", "board"))
	list := must[[]GameSummary](t)(h.store.Games())
	if len(list) != 1 || list[0].ID != game {
		t.Fatalf("games: %+v", list)
	}
	h.reopen(t)
	mails := must[[]Mail](t)(h.srv.BotWork(context.Background()))
	m := only(t, mails, alice)
	wantText(t, m, "> t2\nDone: you played 1.t2. The bot answered 2.t", "> board\n")
	if pending, _ := h.srv.PendingBot(); pending {
		t.Fatal("bot work still pending after BotWork")
	}
	if again := must[[]Mail](t)(h.srv.BotWork(context.Background())); len(again) != 0 {
		t.Fatalf("BotWork again sent %s", describe(again))
	}
}

// TestBotWorkGameChanged: mail about a game whose bot is thinking is
// refused with a clear line, except resign; a game resigned meanwhile
// drops the bot's move.
func TestBotWorkGameChanged(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	game, in := newNimGame(t, h)
	handleOnly(t, h, in("t2"))
	m := only(t, must[[]Mail](t)(h.srv.Handle(context.Background(), in("t1"))), alice)
	wantText(t, m, "Refused: the bot is thinking about game "+game+"; its answer comes in a separate mail.")
	m = only(t, must[[]Mail](t)(h.srv.Handle(context.Background(), in("resign"))), alice)
	wantText(t, m, "Done: you resigned game "+game)
	m = only(t, must[[]Mail](t)(h.srv.BotWork(context.Background())), alice)
	wantText(t, m, "Done: you played 1.t2. The bot did not answer: game "+game+" changed while it was thinking.")
	if strings.Contains(m.Text, "The bot answered") || m.Headers["X-Windpost-Last-Move"] != "t2" {
		t.Fatalf("the bot's move was played after the resignation:\n%s", m.Text)
	}
}

// TestBotBudgetsPerMail: the bot searches once per game in each mail;
// at most Config.CommandsPerMail commands run; an answer stays within
// Config.AnswerBytes.
func TestBotBudgetsPerMail(t *testing.T) {
	repeat := func(n int, line string) []string {
		lines := make([]string, n)
		for i := range lines {
			lines[i] = line
		}
		return lines
	}
	tests := []struct {
		name  string
		lines []string
		want  []string
		count map[string]int
	}{
		{name: "one search per game", lines: []string{"t1", "t1", "board"},
			want:  []string{"The bot answered 2.", "> t1\nRefused: the bot has already searched for a move in game", "Not run, because the command above was refused:\n> board"},
			count: map[string]int{"The bot answered": 1}},
		{name: "commands", lines: repeat(35, "games"),
			want:  []string{"Not run, because one mail may hold at most 20 commands (send the rest in another mail):", "(and 5 more lines)"},
			count: map[string]int{"\n\n> games\n": 19, "> games": 30}}, // 20 run (the first begins the text), 10 listed
		{name: "answer bytes", lines: repeat(43000, "help"),
			want: []string{"more lines not shown: the answer was too long."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			h.cfg.AnswerBytes = 8 << 10
			h.reopen(t)
			_, in := newNimGame(t, h)
			m := only(t, h.send(t, in(tt.lines...)), alice)
			wantText(t, m, tt.want...)
			for s, n := range tt.count {
				if got := strings.Count(m.Text, s); got != n {
					t.Errorf("%q %d times, want %d:\n%s", s, got, n, m.Text)
				}
			}
			if len(m.Text) > 8<<10 {
				t.Errorf("answer of %d bytes, over the budget of %d", len(m.Text), 8<<10)
			}
		})
	}
}

// TestHelpFlood: 43,000 "help" lines get one answer under 64 KiB, and the
// store grows by less than 1 MB.
func TestHelpFlood(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	size := func() int64 {
		fi, err := os.Stat(h.path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	lines := make([]string, 43000)
	for i := range lines {
		lines[i] = "help"
	}
	m := only(t, h.write(t, alice, lines...), alice)
	wantText(t, m, "Not run, because one mail may hold at most 20 commands", "(and 42970 more lines)")
	if len(m.Text) >= 64<<10 {
		t.Errorf("answer of %d bytes", len(m.Text))
	}
	if grown := size() - before; grown >= 1<<20 {
		t.Errorf("the store grew by %d bytes", grown)
	}
}

// TestMailsPerMail: commands that would make one mail cause more mails
// than Config.MailsPerMail are not run.
func TestMailsPerMail(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	h.cfg.MailsPerMail = 3
	h.reopen(t)
	// Challenges only: a challenge withdrawn in the same mail is never
	// sent (consent), so it would cause no mail.
	var lines []string
	for _, to := range []string{"p1@x.test", "p2@x.test", "p3@x.test", "p4@x.test"} {
		lines = append(lines, "challenge "+to+" nim")
	}
	mails := h.write(t, alice, lines...)
	if len(mails) != 3 {
		t.Fatalf("%d mails, want 3: %s", len(mails), describe(mails))
	}
	wantText(t, only(t, mails, alice), "Not run, because one mail may cause at most 3 mails", "> challenge p3@x.test nim")
}

// TestBotWorkPassesOverDamaged: a continuation that cannot be read is
// reported and left in the store; the work after it is done.
func TestBotWorkPassesOverDamaged(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	_, in := newNimGame(t, h)
	err := h.store.Update(func(st referee.StoreTx) error {
		return st.Tx.Bucket(store.BotWork).PutRaw(outbox.Key(0), []byte("{damaged"))
	})
	if err != nil {
		t.Fatal(err)
	}
	handleOnly(t, h, in("t2"))
	mails, err := h.srv.BotWork(context.Background())
	if err == nil || !strings.Contains(err.Error(), outbox.Key(0)) {
		t.Errorf("BotWork over a damaged continuation: %v", err)
	}
	wantText(t, only(t, mails, alice), "The bot answered 2.")
	if pending, _ := h.srv.PendingBot(); !pending {
		t.Error("the damaged continuation is gone")
	}
}

// TestContinuationKeepsTheAnswer: what a mail did before the bot's turn
// survives the turn whole: the file "export" attached, and the confirm
// request of a line held for a confirm (the answer carries its key).
func TestContinuationKeepsTheAnswer(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	g := only(t, h.write(t, alice, "new nim as black"), alice)
	g = only(t, h.reply(t, g, "t1"), alice)
	ans := only(t, h.reply(t, g, "export", "t1"), alice)
	wantText(t, ans, "> export", "> t1")
	if len(ans.Attachments) != 1 {
		t.Errorf("the answer after the bot's move carries %d files, want the export's one", len(ans.Attachments))
	}

	mails := h.fresh(t, eve, "challenge carol@players.test nim", "new nim as white")
	var ask Mail
	for _, m := range mails {
		if strings.HasPrefix(m.Subject, "Did you write this?") {
			ask = m
		}
	}
	wantText(t, ask, "A mail from your address asked me to act in your name:\n> challenge carol@players.test nim\n")
	p := h.playerOf(t, eve)
	if p.Confirm == nil || !strings.Contains(ask.ReplyTo, "+"+p.Confirm.ID+".") {
		t.Fatalf("the answer after the bot's move does not carry the confirm request's key: %q (%+v)", ask.ReplyTo, p.Confirm)
	}
	mails = h.reply(t, ask, "confirm")
	wantText(t, only(t, mails, eve), "Done: I invited carol@players.test")
}

// TestSavedAnswerOfAnOlderWindpost: a continuation an older windpost kept
// has its answer as text sections; it is read back as paragraphs, after
// the blocks, and writes the same text; a continuation kept now keeps its
// blocks as they were.
func TestSavedAnswerOfAnOlderWindpost(t *testing.T) {
	tests := []struct {
		name  string
		saved referee.Reply
		want  string
	}{
		{"sections", referee.Reply{Sections: []string{"> new nim\nDone: new game g1.", "Two\n\nparagraphs"}},
			"> new nim\nDone: new game g1.\n\nTwo\n\nparagraphs\n"},
		{"blocks", referee.Reply{Blocks: []document.Block{document.Said("board"), document.Joined(document.Para("Here."))}},
			"> board\nHere.\n"},
		{"none", referee.Reply{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := json.Marshal(tt.saved)
			if err != nil {
				t.Fatal(err)
			}
			var kept referee.Reply
			if err := json.Unmarshal(data, &kept); err != nil {
				t.Fatal(err)
			}
			a := kept.Resumed()
			if got := (document.Document{Blocks: a.Blocks}).Text(); got != tt.want {
				t.Errorf("text %q, want %q", got, tt.want)
			}
			if back := a.Resumed(); !reflect.DeepEqual(back.Blocks, a.Blocks) {
				t.Errorf("resumed again: %+v, want %+v", back.Blocks, a.Blocks)
			}
		})
	}
}
