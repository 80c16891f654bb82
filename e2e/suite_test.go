package e2e

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/config"
	"github.com/windpost/windpost/rules"
)

// perfectMove is what a strong player would answer to g: the solver's
// perfect move in the position of the mail's X-Windpost-Position header.
func perfectMove(t testing.TB, g *got) string {
	t.Helper()
	variant := g.Header.Get("X-Windpost-Variant")
	kit, err := testCatalog().Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := kit.Notation.ParsePosition(g.Header.Get("X-Windpost-Position"))
	if err != nil {
		t.Fatalf("X-Windpost-Position %q: %v", g.Header.Get("X-Windpost-Position"), err)
	}
	game := rules.NewGameFrom(kit.Rules, pos)
	level := kit.Bot.Levels()[0]
	m, err := kit.Bot.Choose(context.Background(), game, level, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	mv := kit.Notation.FormatMove(pos, m)
	// With its number, as windpost's mails suggest ("P-2c #5").
	if n := moveNumber.FindStringSubmatch(g.Text); n != nil {
		mv += " #" + n[1]
	}
	return mv
}

// withoutNumber is move text mv without the " #n" perfectMove adds; the
// move itself may hold a space (Gufuu's mate, "K-2b>W X").
func withoutNumber(mv string) string {
	move, _, _ := strings.Cut(mv, " #")
	return move
}

var moveNumber = regexp.MustCompile(`Move #(\d+):`)

var styles = []string{"gmail", "outlook", "thunderbird"}

// TestBotGameToMate plays a whole Gufuu game against the bot by mail: the
// player answers each mail with the solver's perfect move, quoting the
// mail (board included) in Gmail, Outlook and Thunderbird styles in turn.
func TestBotGameToMate(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, alice, _, g := newBotGame(t, b, "alice", "let's play")
		game := g.game()
		if game == "" || !strings.Contains(g.ReplyTo, "+") {
			t.Fatalf("no game in the answer: %s / %s\n%s", g.Subject, g.ReplyTo, g.Text)
		}
		if !strings.Contains(g.HTML, "<pre") {
			t.Errorf("the answer's HTML part has no <pre>: %q", g.HTML)
		}
		if g.Header.Get("Auto-Submitted") != "auto-replied" {
			t.Errorf("Auto-Submitted %q", g.Header.Get("Auto-Submitted"))
		}
		for turn := 0; turn < 60 && g.Header.Get("X-Windpost-Result") == ""; turn++ {
			mv := perfectMove(t, g)
			before := g.Header.Get("X-Windpost-Position")
			id := alice.reply(g, mv, styles[turn%3], mailOpts{})
			g = alice.answerTo(id)
			if g.Header.Get("X-Windpost-Position") == before {
				t.Fatalf("turn %d: move %q (quoted %s style) not applied:\n%s", turn, mv, styles[turn%3], g.Text)
			}
		}
		res := g.Header.Get("X-Windpost-Result")
		if res == "" {
			t.Fatalf("the game did not end in 60 moves:\n%s", g.Text)
		}
		t.Logf("game %s ended: %s", game, res)
		if !strings.Contains(strings.ToLower(g.Text), "mate") {
			t.Errorf("the last mail does not say how it ended (mate):\n%s", g.Text)
		}
	})
}

// toMove finds which of the two players is to move in game: the one whose
// latest mail about it says "(you) to move".
func latestAbout(p *player, game string) *got {
	p.fetchNew()
	for i := len(p.mails) - 1; i >= 0; i-- {
		if p.mails[i].game() == game && p.mails[i].ReplyTo != "" {
			return p.mails[i]
		}
	}
	return nil
}

// toMove finds which of two players is to move in game: the one whose
// latest mail about it says "(you) to move" in a game not over, the
// other player, and that mail; nil if neither is.
func toMove(players []*player, game string) (mover, other *player, g *got) {
	for i, p := range players {
		if m := latestAbout(p, game); m != nil && strings.Contains(m.Text, "(you) to move") && m.Header.Get("X-Windpost-Result") == "" {
			mover, other, g = p, players[1-i], m
		}
	}
	return mover, other, g
}

// TestRefereedGame has two people play through windpost: a challenge, an
// accept, moves relayed, an illegal move refused with the legal moves, a
// move with a wrong token, a move with a forged From, an auto-reply — none
// of which may change the game.
func TestRefereedGame(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "alice", "bob", "carol")
		alice, bob, carol := ps[0], ps[1], ps[2]
		id := alice.send(b.addr("bot"), "a game?", "challenge "+bob.addr()+" gufuu", mailOpts{})
		// alice never wrote to windpost before: it asks her to confirm
		// the challenge in a reply, which carries her key.
		ask := alice.answerTo(id)
		ans := alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{}))
		game := ans.game()
		if game == "" {
			t.Fatalf("challenge not taken:\n%s", ans.Text)
		}
		inv := bob.waitMail("with the challenge", 30*time.Second, func(g *got) bool { return g.game() == game })
		if inv.Header.Get("Auto-Submitted") != "auto-generated" {
			t.Errorf("the challenge notice has Auto-Submitted %q", inv.Header.Get("Auto-Submitted"))
		}
		bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
		// The news to alice is a mail of its own: wait for it, or the
		// loop below may look before it is in her inbox.
		alice.waitMail("the news of the accept", 30*time.Second, func(m *got) bool {
			return m.game() == game && strings.Contains(m.Text, "accepted your challenge")
		})

		players := []*player{alice, bob}
		notices := map[string]int{}
		checked := false
		for ply := 0; ply < 40; ply++ {
			mover, other, g := toMove(players, game)
			if mover == nil {
				break
			}
			if !checked {
				checked = true
				// An illegal move: refused, with the legal moves.
				r := mover.answerTo(mover.reply(g, "Z*9z", "thunderbird", mailOpts{}))
				if !strings.Contains(r.Text, "legal moves") {
					t.Errorf("illegal move answer does not list the legal moves:\n%s", r.Text)
				}
				mv := perfectMove(t, g)
				// A wrong token: the move must not count.
				wrong := strings.Replace(g.ReplyTo, "+"+game+".", "+"+game+".x", 1)
				wid := mover.send(wrong, "Re: "+game, mv, mailOpts{inReplyTo: "<nothing@client.example>"})
				mover.answerTo(wid)
				// A forged From without the token (carol's account writes as
				// the mover, to the bot's plain address). The token is what
				// authenticates: with it, a forged From cannot be told apart
				// (that is [auth] authserv_id's job).
				fid := carol.send(b.addr("bot"), "Re: game "+game, game+" "+mv, mailOpts{from: mover.addr()})
				b.filed(t, fid, 30*time.Second)
				// carol with her own From and the mover's token.
				cid := carol.send(g.ReplyTo, "Re: "+g.Subject, mv, mailOpts{})
				b.filed(t, cid, 30*time.Second)
				// An auto-reply to the game mail: filed, never answered.
				aid := mover.reply(g, "I am away until Monday.", "gmail", mailOpts{headers: map[string]string{"Auto-Submitted": "auto-replied"}})
				b.filed(t, aid, 30*time.Second)
				time.Sleep(300 * time.Millisecond)
				for _, p := range players {
					p.fetchNew()
					for _, m := range p.mails {
						if m.InReplyTo == aid {
							t.Errorf("%s got an answer to an auto-reply", p.local)
						}
					}
				}
				if n := len(other.fetchNew()); n != 0 {
					t.Errorf("the opponent got %d mails after moves that must not count", n)
				}
			}
			mv := perfectMove(t, g)
			mid := mover.reply(g, mv, styles[ply%3], mailOpts{})
			r := mover.answerTo(mid)
			if strings.Contains(r.Text, "Refused") {
				t.Fatalf("ply %d: %s refused:\n%s", ply, mv, r.Text)
			}
			n := other.waitMail("relaying "+mv, 30*time.Second, func(m *got) bool {
				return m.game() == game && m.Header.Get("X-Windpost-Last-Move") == withoutNumber(mv) && notices[m.MessageID] == 0
			})
			notices[n.MessageID]++
			if r.Header.Get("X-Windpost-Result") != "" {
				t.Logf("game %s over after %d plies: %s", game, ply+1, r.Header.Get("X-Windpost-Result"))
				return
			}
		}
		if !checked {
			t.Fatal("nobody was ever to move")
		}
	})
}

// TestMailFormats: an HTML-only mail and an ISO-8859-1 mail are read.
func TestMailFormats(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		_, ps := startPlayers(t, b, "bob")
		bob := ps[0]
		id := bob.send(b.addr("bot"), "game", "<html><body><div>new gufuu</div><div><br></div><div>Bob</div></body></html>", mailOpts{html: true})
		g := bob.answerTo(id)
		if g.game() == "" {
			t.Fatalf("HTML-only mail not read as \"new gufuu\":\n%s", g.Text)
		}
		for i := 0; i < 3 && g.Header.Get("X-Windpost-Result") == ""; i++ {
			before := g.Header.Get("X-Windpost-Position")
			mv := perfectMove(t, g)
			id := bob.reply(g, mv+"\n\n-- \nFrançois Bérard, café de la gare", "gmail", mailOpts{charset: "iso-8859-1"})
			g = bob.answerTo(id)
			if g.Header.Get("X-Windpost-Position") == before {
				t.Fatalf("ISO-8859-1 move %q not applied:\n%s", mv, g.Text)
			}
		}
	})
}

// TestOtherTLSModes plays a few moves with IMAP over STARTTLS (port 143)
// and SMTP over implicit TLS (port 465) on the mail stack; the other
// suites use IMAPS (993) and submission with STARTTLS (587). The embedded
// server speaks no TLS, so there this test only checks plain connections
// again.
func TestOtherTLSModes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		if b.local == nil {
			env := mailstackEnv(t)
			c := *b
			c.imapTLS, c.imapPort = config.TLSStartTLS, atoi(t, env["MAILSTACK_IMAP_PORT"])
			c.smtpTLS, c.smtpPort = config.TLSImplicit, atoi(t, env["MAILSTACK_SUBMISSIONS_PORT"])
			b = &c
		}
		dm, alice, _, g := newBotGame(t, b, "alice", "game")
		for i := 0; i < 2 && g.Header.Get("X-Windpost-Result") == ""; i++ {
			g = alice.answerTo(alice.reply(g, perfectMove(t, g), "thunderbird", mailOpts{}))
		}
		if dm.d.IMAP.TLS != b.imapTLS {
			t.Fatalf("daemon used %s", dm.d.IMAP.TLS)
		}
	})
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}
