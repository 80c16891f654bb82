package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/rules"
)

// condGame is one game of TestConditionalMoves: alice (black) plays first
// and sends a two-deep tree with a branch that is illegal; bob plays the
// two moves it foresees.
type condGame struct {
	variant string
	body    string   // alice's first move and her tree
	illegal string   // in her answer: the branch explained
	bob     []string // bob's moves the tree foresees
	replies []string // the tree's answers, numbered
	secret  string   // a reply of the tree's never played
	next    string   // alice's next tree; bob plays another move
}

var condGames = []condGame{
	{variant: "gufuu", body: "K*2a>N\nif K*1a>E then W*1b>E if S*2c>S+ then K-2b>E\nif K*1a>S then W*2c>N\nif K*2b>E then W*9z>N",
		illegal: `"W*9z>N" is not a legal move as your move #3`,
		bob:     []string{"K*1a>E", "S*2c>S+"}, replies: []string{"3.W*1b>E", "5.K-2b>E"}, secret: "W*2c>N", next: "if W:>S then W-1c>W"},
	{variant: "microshogi", body: "K-2d\nif B-2b then K-1e\n   if G-3b then G-4d\n   if S-1b then G-9a\nif K-3b then P-1c",
		illegal: `"G-9a" is not a legal move as your move #5`,
		bob:     []string{"B-2b", "G-3b"}, replies: []string{"3.K-1e", "5.G-4d"}, secret: "P-1c", next: "if G-3c then B-3d"},
	{variant: "julgonu", body: "a1-a2\nif\n  b4-b3 c1-c2\n    b3-a3 d1-c1\n    a4-a3 a2-a4\n  a4-a3 b1-b2",
		illegal: `"a2-a4" is not a legal move as your move #5`,
		bob:     []string{"b4-b3", "b3-a3"}, replies: []string{"3.c1-c2", "5.d1-c1"}, secret: "b1-b2", next: "if a3-b3 then c2-d2"},
}

// TestConditionalMoves: in each game, a player sends a move and a
// two-deep tree by mail; the illegal branch is explained and the rest
// kept; the opponent's matching moves are answered at once, twice; a
// move not foreseen clears the next tree and its owner is told; the tree
// never reaches the opponent's mail, the game's web page or its PGN.
func TestConditionalMoves(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b *backend) {
		b.wipe(t, "bot", "alice", "bob")
		startDaemonWithWeb(t, b, false)
		for _, cg := range condGames {
			t.Run(cg.variant, func(t *testing.T) {
				conditionalGame(t, b, newPlayer(t, b, "alice"), newPlayer(t, b, "bob"), cg)
			})
		}
	})
}

// wantIn fails t unless g says each of parts.
func wantIn(t *testing.T, who string, g *got, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !says(g, p) {
			t.Errorf("%s lacks %q:\n%s", who, p, g.Text)
		}
	}
}

func conditionalGame(t *testing.T, b *backend, alice, bob *player, cg condGame) {
	wait := 30 * time.Second
	ask := alice.answerTo(alice.send(b.addr("bot"), "a game?", "challenge "+bob.addr()+" "+cg.variant+" as black", mailOpts{}))
	if ask.game() == "" {
		ask = alice.answerTo(alice.reply(ask, "confirm", "gmail", mailOpts{}))
	}
	game := ask.game()
	if game == "" {
		t.Fatalf("the challenge was not taken:\n%s", ask.Text)
	}
	inv := bob.waitMail("with the challenge", wait, func(g *got) bool { return g.game() == game })
	toBob := bob.answerTo(bob.reply(inv, "accept", "gmail", mailOpts{}))
	begun := alice.waitMail("saying the game began", wait, func(g *got) bool {
		return g.game() == game && says(g, "accepted your challenge")
	})
	bobsMails := []*got{inv, toBob}

	a := alice.answerTo(alice.reply(begun, cg.body, "gmail", mailOpts{}))
	wantIn(t, "alice's answer", a, "Done: you played 1.", "as I read them (2 lines):", "Not taken (the lines above stand):", cg.illegal)
	// The tree keeps its layout in the HTML: its lines broken where the
	// text breaks them, the indentation kept by white-space:pre-wrap.
	if i := strings.Index(a.HTML, "<br>  if 2."); i < 0 ||
		!strings.Contains(a.HTML[strings.LastIndex(a.HTML[:i], "<p "):i], "white-space:pre-wrap") ||
		!strings.Contains(a.HTML, "<br>     if 4.") {
		t.Errorf("the tree is not kept as written in the answer's HTML:\n%s", a.HTML)
	}
	toBob = bob.waitMail("with alice's move", wait, func(g *got) bool { return g.game() == game && says(g, "played 1.") })
	bobsMails = append(bobsMails, toBob)
	var toAlice *got
	for i, mv := range cg.bob {
		r := bob.answerTo(bob.reply(toBob, mv, styles[i%3], mailOpts{}))
		bobsMails = append(bobsMails, r)
		wantIn(t, "bob's answer", r, "A conditional move was played at once: your opponent answers "+cg.replies[i]+".", "It is your move again.")
		toAlice = alice.waitMail("with the conditional move", wait, func(g *got) bool {
			return g.game() == game && says(g, "Your conditional move "+cg.replies[i]+" was played in answer.")
		})
		toBob = r
	}
	a = alice.answerTo(alice.reply(toAlice, cg.next, "gmail", mailOpts{}))
	wantIn(t, "alice's answer", a, "Done: your conditional moves in game "+game)
	other := otherMove(t, toBob, strings.Fields(cg.next)[1])
	r := bob.answerTo(bob.reply(toBob, other, "gmail", mailOpts{}))
	bobsMails = append(bobsMails, r)
	alice.waitMail("saying the tree was cleared", wait, func(g *got) bool {
		return g.game() == game && says(g, "Your conditional moves did not foresee 6."+other)
	})

	// What bob, the web page and the PGN show.
	pgn := bob.answerTo(bob.reply(r, "export", "gmail", mailOpts{}))
	for name, data := range attachments(t, pgn) {
		if strings.Contains(string(data), cg.secret) {
			t.Errorf("%s holds the tree's %s:\n%s", name, cg.secret, data)
		}
	}
	for _, g := range append(bobsMails, pgn) {
		for _, not := range []string{cg.secret, " then ", "conditional moves"} {
			if says(g, not) || strings.Contains(g.HTML, not) {
				t.Errorf("bob's mail %q holds %q:\n%s", g.Subject, not, g.Text)
			}
		}
	}
	m := webLink.FindStringSubmatch(r.Text)
	if m == nil {
		t.Fatalf("no web link in bob's answer:\n%s", r.Text)
	}
	if code, body := webGet(t, m[1]); code != 200 || strings.Contains(body, cg.secret) || strings.Contains(body, "conditional") {
		t.Errorf("GET %s: %d, holding the tree:\n%s", m[1], code, body)
	}
}

// otherMove is a legal move in the position of g's X-Windpost-Position
// other than not.
func otherMove(t *testing.T, g *got, not string) string {
	t.Helper()
	for _, mv := range mailMoves(t, g) {
		if mv != not {
			return mv
		}
	}
	t.Fatalf("no move but %s", not)
	return ""
}

// mailMoves are the legal moves in the position of g's
// X-Windpost-Position, in notation.
func mailMoves(t testing.TB, g *got) []string {
	t.Helper()
	kit, err := testCatalog().Get(g.Header.Get("X-Windpost-Variant"))
	if err != nil {
		t.Fatal(err)
	}
	pos, err := kit.Notation.ParsePosition(g.Header.Get("X-Windpost-Position"))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range rules.NewGameFrom(kit.Rules, pos).LegalMoves() {
		moves = append(moves, kit.Notation.FormatMove(pos, m))
	}
	return moves
}
