package games

import (
	"strings"
	"testing"

	"github.com/windpost/windpost/games/internal/referee"
)

// wantNot fails t if m holds any of parts.
func wantNot(t testing.TB, m Mail, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if strings.Contains(m.Text, p) {
			t.Errorf("mail to %s holds %q:\n%s", m.To, p, m.Text)
		}
	}
}

// aliceSays starts a game between alice and bob and has alice reply
// with lines; it returns bob's mail about the game and the mails of her
// reply.
func aliceSays(t *testing.T, lines ...string) (h *harness, toBob Mail, mails []Mail) {
	t.Helper()
	h = newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)
	return h, toBob, h.reply(t, toAlice, lines...)
}

// mailTo returns the mails to address among mails.
func mailTo(mails []Mail, address string) []Mail {
	var out []Mail
	for _, m := range mails {
		if m.To == address {
			out = append(out, m)
		}
	}
	return out
}

// TestTalkPassed: in a game between people, what alice writes with her
// key that is not a command reaches bob in the notice, and she is told.
func TestTalkPassed(t *testing.T) {
	long := strings.Repeat("word ", 110) + "TAIL"
	for _, tc := range []struct {
		name         string
		lines        []string
		alice, bob   []string // wanted in the answer, in the notice to bob
		notBob       []string // not in the notice to bob
		noticeForBob bool
	}{
		{name: "a move and a comment", lines: []string{"t2", "Nice to play you, Bob!"},
			alice:        []string{"Done: you played 1.t2.", "Passed on to bob@players.test as your message:\n> Nice to play you, Bob!"},
			bob:          []string{"alice@players.test played 1.t2.", "alice@players.test writes:\n> Nice to play you, Bob!", `"mute" stops their messages`},
			noticeForBob: true},
		{name: "greetings alone", lines: []string{"Hi Bob", "", "Good luck!"},
			alice: []string{"Passed on to bob@players.test as your message:\n> Hi Bob\n> Good luck!"},
			bob:   []string{"alice@players.test writes:\n> Hi Bob\n> Good luck!"}, notBob: []string{"played"},
			noticeForBob: true},
		{name: "say", lines: []string{"say t2 would be a blunder, I think"},
			alice: []string{"> say t2 would be a blunder, I think\nAdded to your message (below).\n\nPassed on to bob@players.test as your message:", "> t2 would be a blunder, I think"},
			bob:   []string{"alice@players.test writes:\n> t2 would be a blunder, I think"}, noticeForBob: true},
		{name: "words with a digit", lines: []string{"See you in 10 days"},
			alice: []string{"> See you in 10 days"}, bob: []string{"> See you in 10 days"}, noticeForBob: true},
		{name: "no thanks without an offer", lines: []string{"No thanks"},
			alice: []string{"Passed on to bob@players.test as your message:\n> No thanks"}, bob: []string{"> No thanks"}, noticeForBob: true},
		{name: "the length limit", lines: []string{long},
			alice: []string{"Passed on to bob@players.test as your message, cut to 500 characters:", "word [...]"},
			bob:   []string{"word word [...]"}, notBob: []string{"TAIL"}, noticeForBob: true},
		{name: "a signature is not passed", lines: []string{"t1", "Well played.", "-- ", "Alice Smith", "Sent from my phone"},
			bob: []string{"> Well played.\n\nTo answer"}, notBob: []string{"Alice Smith", "phone"}, noticeForBob: true},
		{name: "a refused command keeps the message", lines: []string{"t9", "Your move, Bob!"},
			alice: []string{"Refused: \"t9\" is not a legal move", "Not passed on to bob@players.test, because a command above was refused", "> Your move, Bob!"}},
		{name: "a line naming a move is a command", lines: []string{"t2 is my move"},
			alice: []string{`Refused: "t2 is my move" is not a legal move`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, mails := aliceSays(t, tc.lines...)
			a := only(t, mails, alice)
			wantText(t, a, tc.alice...)
			wantNot(t, a, "I found no command", "Commands (one per line")
			toBob := mailTo(mails, bob)
			if !tc.noticeForBob {
				if len(toBob) != 0 {
					t.Fatalf("bob got mail: %s", describe(toBob))
				}
				return
			}
			b := only(t, mails, bob)
			wantText(t, b, tc.bob...)
			wantNot(t, b, tc.notBob...)
		})
	}
}

// TestTalkNeedsKey: without alice's key, nothing she writes reaches bob.
func TestTalkNeedsKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		send func(h *harness, toAlice Mail) []Mail
		want string // in the answer
	}{
		{name: "no key", want: "Refused: I do not understand this line.", send: func(h *harness, toAlice Mail) []Mail {
			return h.send(t, h.request(alice, toAlice.Headers["X-Windpost-Game"], "", "You should resign now, Bob"))
		}},
		{name: "no key, say", want: "Refused: to change game", send: func(h *harness, toAlice Mail) []Mail {
			return h.send(t, h.request(alice, toAlice.Headers["X-Windpost-Game"], "", "say You should resign now"))
		}},
		{name: "a forged From with her key", want: "do not play in game", send: func(h *harness, toAlice Mail) []Mail {
			return h.replyFrom(t, toAlice, eve, "say Bob, you should resign")
		}},
		{name: "bob's address with alice's key", want: "the reply key in this mail does not belong to bob@players.test", send: func(h *harness, toAlice Mail) []Mail {
			return h.replyFrom(t, toAlice, bob, "say I resign", "I give up, well played")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			toAlice, _ := startHumanGame(t, h)
			mails := tc.send(h, toAlice)
			if len(mails) != 1 {
				t.Fatalf("want only the answer, got %s", describe(mails))
			}
			wantText(t, mails[0], tc.want)
			wantNot(t, mails[0], "Passed on")
			hist := only(t, h.reply(t, toAlice, "history"), alice)
			wantNot(t, hist, "Messages:")
		})
	}
}

// TestTalkHistoryNoteMute: history shows the messages to both players and
// each their own notes; mute stops the opponent's messages.
func TestTalkHistoryNoteMute(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)
	mails := h.reply(t, toAlice, "Hello Bob", "note bob likes t1")
	wantText(t, only(t, mails, alice), "Done: noted in game", "Only you see your notes")
	wantNot(t, only(t, mails, bob), "likes t1")
	mails = h.reply(t, toBob, "Hi Alice, good luck")
	toAlice = only(t, mails, alice)
	wantText(t, toAlice, "bob@players.test writes:\n> Hi Alice, good luck")

	for _, tc := range []struct {
		reader Mail
		want   []string
		not    []string
	}{
		{reader: toAlice, want: []string{"Messages:\nbefore the first move, your note: bob likes t1\nbefore the first move, you: Hello Bob\nbefore the first move, bob@players.test: Hi Alice, good luck"}},
		{reader: toBob, want: []string{"before the first move, alice@players.test: Hello Bob\nbefore the first move, you: Hi Alice, good luck"}, not: []string{"likes t1"}},
	} {
		wantText(t, only(t, h.reply(t, tc.reader, "history"), tc.reader.To), tc.want...)
		wantNot(t, only(t, h.reply(t, tc.reader, "history"), tc.reader.To), tc.not...)
	}
	// Anyone may look at the moves, not at the messages.
	game := toAlice.Headers["X-Windpost-Game"]
	wantNot(t, only(t, h.write(t, eve, game+" history"), eve), "Hello Bob", "Messages")

	// Bob mutes alice: her message stays in the record, and she is told.
	wantText(t, only(t, h.reply(t, toBob, "mute"), bob), "Done: messages from alice@players.test in game "+game+" no longer reach you")
	mails = h.reply(t, toAlice, "t1", "Are you there?")
	wantText(t, only(t, mails, alice), "Not passed on: bob@players.test has muted messages in game "+game)
	b := only(t, mails, bob)
	wantText(t, b, "alice@players.test played 1.t1.")
	wantNot(t, b, "Are you there?")
	wantText(t, only(t, h.reply(t, toBob, "history"), bob), "after 1.t1, alice@players.test: Are you there? (not passed on: muted)")
	// unmute lets them through again.
	wantText(t, only(t, h.reply(t, toBob, "unmute"), bob), "Done: messages from alice@players.test in game "+game+" reach you again.")
	wantText(t, only(t, h.reply(t, toAlice, "Now?"), bob), "alice@players.test writes:\n> Now?")
}

// TestTalkBudget: a message needs a mail of its own only within the
// mails one mail may cause.
func TestTalkBudget(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	h.cfg.MailsPerMail = 1
	h.reopen(t)
	mails := h.reply(t, toAlice, "Hello Bob")
	wantText(t, only(t, mails, alice), "Not passed on, because one mail may cause at most 1 mails")
	if n := len(mailTo(mails, bob)); n != 0 {
		t.Fatalf("bob got %d mails", n)
	}
}

// TestTalkWithBot: in the thread of a game against the bot, lines that are
// not commands get a friendly word, not the help; commands still run.
func TestTalkWithBot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{name: "alone", lines: []string{"You play well for a machine"},
			want: []string{"The bot does not read messages, so these lines went to no one:\n> You play well for a machine"}},
		{name: "with a command", lines: []string{"You play well for a machine", "history"},
			want: []string{"> history\nGame", "The bot does not read messages"}},
		{name: "say", lines: []string{"say hello bot"}, want: []string{"The bot does not read messages, so this went to no one"}},
		{name: "note", lines: []string{"note try t3 next time"}, want: []string{"Done: noted in game"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nimCatalog(10))
			g := only(t, h.write(t, alice, "new nim as black"), alice)
			m := only(t, h.reply(t, g, tc.lines...), alice)
			wantText(t, m, tc.want...)
			wantNot(t, m, "Commands (one per line", "I do not understand")
		})
	}
}

// TestTalkToForgotten: an opponent who said "forget me" gets no message.
func TestTalkToForgotten(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	toAlice, toBob := startHumanGame(t, h)
	h.reply(t, toBob, "forget me")
	mails := h.reply(t, toAlice, "Where did you go?")
	if len(mails) != 1 {
		t.Fatalf("want only the answer, got %s", describe(mails))
	}
	wantText(t, mails[0], "Not passed on: your opponent in game", "has left windpost")
}

// TestMisspelt: a command word one letter off is refused, not passed on.
func TestMisspelt(t *testing.T) {
	for _, tc := range []struct {
		word string
		want bool
	}{
		{"resing", true}, {"hlep", true}, {"drwa", true}, {"histroy", true}, {"gmaes", true}, {"acept", true},
		{"resigns", true}, {"mike", false}, {"resign", false}, {"bob", false}, {"thanks", false}, {"bravo", false},
	} {
		if got := referee.NewVerbRegistry(builtinVerbs()).Misspelt(tc.word); got != tc.want {
			t.Errorf("misspelt(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
	h := newHarness(t, nimCatalog(10))
	toAlice, _ := startHumanGame(t, h)
	mails := h.reply(t, toAlice, "resing")
	if len(mails) != 1 {
		t.Fatalf("want only the answer, got %s", describe(mails))
	}
	wantText(t, mails[0], `Refused: I do not know the command "resing". Did you mean "resign"?`)
}
