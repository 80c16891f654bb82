package games

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/games/internal/referee"
	"github.com/windpost/windpost/variants"
)

// condCase is a game of conditional moves by mail: alice (black) plays
// first and writes a tree of two lines, the first two deep; bob plays
// the first line's moves, then alice foresees a move bob does not play.
type condCase struct {
	variant string
	first   string   // alice's first move
	tree    []string // the lines of her tree
	bob     []string // bob's moves the tree foresees, in turn
	replies []string // alice's replies the tree makes, numbered
	secret  string   // a reply of the tree's never played
	foresee string   // alice's second tree, after the first is used up
}

var condCases = []condCase{
	{variant: "gufuu", first: "K*2a>N", tree: []string{"if K*1a>E then W*1b>E if S*2c>S+ then K-2b>E", "if K*1a>S then W*2c>N"},
		bob: []string{"K*1a>E", "S*2c>S+"}, replies: []string{"3.W*1b>E", "5.K-2b>E"}, secret: "W*2c>N", foresee: "if W:>S then W-1c>W"},
	{variant: "microshogi", first: "K-2d", tree: []string{"if B-2b then K-1e", "   if G-3b then G-4d", "if K-3b then P-1c"},
		bob: []string{"B-2b", "G-3b"}, replies: []string{"3.K-1e", "5.G-4d"}, secret: "P-1c", foresee: "if G-3c then B-3d"},
	{variant: "julgonu", first: "a1-a2", tree: []string{"if", "  b4-b3 c1-c2", "    b3-a3 d1-c1", "  a4-a3 b1-b2"},
		bob: []string{"b4-b3", "b3-a3"}, replies: []string{"3.c1-c2", "5.d1-c1"}, secret: "b1-b2", foresee: "if a3-b3 then c2-d2"},
}

// realHarness is a harness with the real games.
func realHarness(t *testing.T) *harness {
	h := newHarness(t, variants.Default(variants.Options{CacheDir: t.TempDir()}))
	return h
}

// TestConditionalByMail, in each game: the tree is read back to its
// owner; bob's foreseen moves are answered at once, twice; a move not
// foreseen clears the next tree and alice is told; bob never sees the
// tree, nor does the game's web page or its record.
func TestConditionalByMail(t *testing.T) {
	for _, tc := range condCases {
		t.Run(tc.variant, func(t *testing.T) {
			h := realHarness(t)
			id, toAlice, toBob := startGame(t, h, tc.variant)
			mails := h.reply(t, toAlice, append([]string{tc.first}, tc.tree...)...)
			a := only(t, mails, alice)
			wantText(t, a, "Done: you played 1."+tc.first+".", "Done: your conditional moves in game "+id+", as I read them (2 lines):", "Only you see them")
			wantNot(t, a, "Not taken")
			toBob = only(t, mails, bob)
			var toBobAll []Mail
			toBobAll = append(toBobAll, toBob)
			for i, mv := range tc.bob {
				mails = h.reply(t, toBob, mv)
				toBob, toAlice = only(t, mails, bob), only(t, mails, alice)
				toBobAll = append(toBobAll, toBob)
				wantText(t, toBob, "A conditional move was played at once: your opponent answers "+tc.replies[i]+".", "It is your move again.")
				wantText(t, toAlice, "Your conditional move "+tc.replies[i]+" was played in answer.")
				wantNot(t, toAlice, "It is your move.")
				if toBob.Headers["X-Windpost-To-Move"] != "white" {
					t.Fatalf("after the conditional move: %v", toBob.Headers)
				}
			}
			wantText(t, toAlice, "That was the last of your conditional moves.")
			// The next tree: bob plays another move; alice is told.
			a = only(t, h.reply(t, toAlice, tc.foresee), alice)
			wantText(t, a, "Done: your conditional moves in game "+id)
			other := otherMove(t, h, id, strings.Fields(tc.foresee)[1])
			mails = h.reply(t, toBob, other)
			toBob, toAlice = only(t, mails, bob), only(t, mails, alice)
			toBobAll = append(toBobAll, toBob)
			wantText(t, toAlice, "Your conditional moves did not foresee 6."+other, "so I cleared them.", "It is your move.")
			wantNot(t, toBob, "conditional")
			wantText(t, only(t, h.reply(t, toAlice, "conditional"), alice), "You have no conditional moves in game "+id)
			// Nothing of the tree reached bob, the web page or the record.
			for _, m := range toBobAll {
				wantNot(t, m, tc.secret, "then", "conditional moves")
			}
			page, err := h.store.GamePage(id, strings.TrimPrefix(h.store.GameLink(id), id+"-"))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := h.store.GameRecord(id)
			if err != nil {
				t.Fatal(err)
			}
			files, err := referee.ExportFiles(h.catalog, rec)
			if err != nil {
				t.Fatal(err)
			}
			seen := []any{page, rec}
			for _, f := range files {
				seen = append(seen, f.Text)
			}
			for _, v := range seen {
				b, _ := json.Marshal(v)
				if strings.Contains(string(b), tc.secret) || strings.Contains(strings.ToLower(string(b)), "conditional") {
					t.Errorf("the tree shows in %T: %s", v, b)
				}
			}
		})
	}
}

// otherMove is a legal move of game id's side to move other than not.
func otherMove(t *testing.T, h *harness, id, not string) string {
	t.Helper()
	var rec *record.Game
	if err := h.store.View(func(st referee.StoreTx) (err error) { rec, _, err = st.Game(id); return err }); err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range rec.Moves {
		moves = append(moves, m.Text)
	}
	lg := gameAfter(t, h.catalog, rec.Variant, moves...)
	for _, m := range lg.Game.LegalMoves() {
		if text := lg.Kit.Notation.FormatMove(lg.Game.Position(), m); text != not {
			return text
		}
	}
	t.Fatalf("no move but %s", not)
	return ""
}

// TestConditionalCleared: bob's draw offer, his agreeing to take back
// alice's move and his resignation clear alice's tree, and she is told;
// a move that is illegal by then is not played.
func TestConditionalCleared(t *testing.T) {
	tree := "if b4-b3 then c1-c2"
	for _, tc := range []struct {
		name  string
		alice []string
		bob   string
		want  []string // in alice's notice
	}{
		{name: "draw offer", alice: []string{"a1-a2", tree}, bob: "draw",
			want: []string{"offers a draw", `Your conditional moves in game G were cleared: your opponent wrote "draw".`}},
		{name: "undo agreed", alice: []string{"a1-a2", tree, "undo"}, bob: "undo",
			want: []string{"agreed: 1.a1-a2 is taken back", `Your conditional moves in game G were cleared: your opponent wrote "undo".`}},
		{name: "resignation", alice: []string{"a1-a2", tree}, bob: "resign", want: []string{"resigned: you win game G."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := realHarness(t)
			id, toAlice, toBob := startGame(t, h, "julgonu")
			a := only(t, h.reply(t, toAlice, tc.alice...), alice)
			wantText(t, a, "Done: your conditional moves in game "+id)
			mails := h.reply(t, toBob, tc.bob)
			n := only(t, mails, alice)
			for _, w := range tc.want {
				wantText(t, n, strings.ReplaceAll(w, "game G", "game "+id))
			}
			var rec *record.Game
			if err := h.store.View(func(st referee.StoreTx) (err error) { rec, _, err = st.Game(id); return err }); err != nil {
				t.Fatal(err)
			}
			if rec.Conditional != nil {
				t.Errorf("the tree stays: %+v", rec.Conditional)
			}
		})
	}
}

// TestConditionalRefusals: what cannot be a tree is refused with what
// would be right, and the tree before stands.
func TestConditionalRefusals(t *testing.T) {
	h := realHarness(t)
	id, toAlice, toBob := startGame(t, h, "julgonu")
	r := only(t, h.reply(t, toAlice, "if b4-b3 then c1-c2"), alice)
	wantText(t, r, "Refused: it is your move in game "+id+" (#1): conditional moves answer your opponent's next move.", "Write your move first")
	mails := h.reply(t, toAlice, "a1-a2", "if b4-b3 then c1-c2", "if b4-b3 then d1-d2", "if z9-z8 then a2-a3")
	a := only(t, mails, alice)
	wantText(t, a, "(1 line):\n  if 2.b4-b3 then 3.c1-c2\nNot taken (the lines above stand):",
		`"if b4-b3 then d1-d2": you already answer b4-b3 with c1-c2`,
		`"z9-z8" is not a legal move as your opponent's move #2`, "The legal moves there are: a4-a3, b4-b3, c4-c3, d4-d3.")
	toBob = only(t, mails, bob)
	r = only(t, h.reply(t, toAlice, "if q1-q2 then c1-c2"), alice)
	wantText(t, r, "Refused: none of these conditional moves could be taken:", "Your conditional moves from before stand")
	for _, list := range []string{"if", "conditional", "conditional list"} {
		r = only(t, h.reply(t, toAlice, list), alice)
		wantText(t, r, "Your conditional moves in game "+id+" (1 line; only you see them):\n  if 2.b4-b3 then 3.c1-c2")
	}
	// Bob's move answered at once, his tree under it no longer fits.
	mails = h.reply(t, toBob, "b4-b3", "if c2-c3 then a4-a3")
	wantText(t, only(t, mails, bob), "A conditional move was played at once",
		"Refused: it is your move again in game "+id+" (#4): your opponent's conditional move answered yours at once", "Write them again under your next move.")
	toBob = only(t, mails, bob)
	// Talk that starts with "if" reaches bob as talk.
	mails = h.reply(t, toAlice, "If you want, a rematch after this one.", "If you win then I owe you a beer")
	wantText(t, only(t, mails, bob), "If you want, a rematch after this one.\n", "If you win then I owe you a beer")
	wantText(t, only(t, h.reply(t, toAlice, "if a4-a3 then b1-b2"), alice), "as I read them (1 line):\n  if 4.a4-a3 then 5.b1-b2")
	r = only(t, h.reply(t, toAlice, "conditional clear"), alice)
	wantText(t, r, "Done: your conditional moves in game "+id+" are cleared.")
	r = only(t, h.reply(t, toAlice, "conditional clear"), alice)
	wantText(t, r, "You have no conditional moves in game "+id+".")
	// Bob's "if", against nobody's tree, in his turn.
	r = only(t, h.reply(t, toBob, "conditional"), bob)
	wantText(t, r, "You have no conditional moves in game "+id+". Write them as \"if a4-a3 then b1-b2 if b4-b3 then c1-c2\"")
	// In a game against the bot.
	m := only(t, h.write(t, alice, "new julgonu as black"), alice)
	r = only(t, h.reply(t, m, "if a1-a2 then a4-a3"), alice)
	wantText(t, r, "Refused: conditional moves are for games between people")
}

// TestConditionalByDigest: "<game> if ... then ..." in a reply to the
// digest sets the tree of that game.
func TestConditionalByDigest(t *testing.T) {
	h := realHarness(t)
	id, toAlice, _ := startGame(t, h, "julgonu")
	h.reply(t, toAlice, "a1-a2")
	a := only(t, h.write(t, alice, id+" if b4-b3 then c1-c2", "  if b3-a3 then d1-c1"), alice)
	wantText(t, a, "Done: your conditional moves in game "+id+", as I read them (1 line):\n  if 2.b4-b3 then 3.c1-c2\n     if 4.b3-a3 then 5.d1-c1")
}

// TestConditionalWorstMail: the largest mail of its kind, as many trees
// of 30 lines of 30 moves as a mail may hold commands, each in its own
// game: each is read whole, within the mail's budgets.
func TestConditionalWorstMail(t *testing.T) {
	h := realHarness(t)
	var ids []string
	var lines []string
	for range 3 {
		id, toAlice, _ := startGame(t, h, "microshogi")
		h.reply(t, toAlice, "K-2d")
		ids = append(ids, id)
		text := capsTree(t, gameAfter(t, h.catalog, "microshogi", "K-2d"), conditional.MaxLines, conditional.MaxMoves)
		first, rest, _ := strings.Cut(text, "\n")
		lines = append(lines, id+" "+first)
		for _, l := range strings.Split(rest, "\n") {
			lines = append(lines, l)
		}
	}
	a := only(t, h.write(t, alice, lines...), alice)
	if len(a.Text) > DefaultAnswerBytes {
		t.Errorf("answer of %d bytes", len(a.Text))
	}
	for _, id := range ids {
		var rec *record.Game
		if err := h.store.View(func(st referee.StoreTx) (err error) { rec, _, err = st.Game(id); return err }); err != nil {
			t.Fatal(err)
		}
		if tr := rec.Conditional["black"]; tr == nil || conditional.Leaves(tr.Lines) != conditional.MaxLines {
			t.Fatalf("game %s: tree %+v\n%s", id, tr, a.Text)
		}
	}
	if !slices.ContainsFunc(strings.Split(a.Text, "\n"), func(l string) bool { return strings.Contains(l, "(30 lines):") }) {
		t.Errorf("no tree of 30 lines read back:\n%s", a.Text)
	}
}

// TestConditionalInTournament: in a tournament's game, conditional moves
// written in reply to the pairing mail (the game's id first) answer the
// opponent's move as in any game between people.
func TestConditionalInTournament(t *testing.T) {
	h := realHarness(t)
	tt := openTournament(t, h, alice, "tournament new julgonu roundrobin days 3")
	for _, p := range []string{alice, bob} {
		wantText(t, only(t, h.write(t, p, "join "+tt.id), p), "Done: you joined")
	}
	tt.collect(h.reply(t, tt.open, "tournament start "+tt.id))
	if len(tt.order) == 0 {
		t.Fatal("no tournament game")
	}
	id := tt.order[0]
	black, white := alice, bob
	if tt.sides[id][alice] == "white" {
		black, white = bob, alice
	}
	tt.act(t, id, black, "a1-a2")
	a := answerIn(t, tt.act(t, id, black, "if b4-b3 then c1-c2"), black)
	wantText(t, a, "Done: your conditional moves in game "+id+", as I read them (1 line):")
	mails := tt.act(t, id, white, "b4-b3")
	wantText(t, answerIn(t, mails, white), "A conditional move was played at once: your opponent answers 3.c1-c2.")
	wantText(t, only(t, mails, black), "Your conditional move 3.c1-c2 was played in answer. That was the last of your conditional moves.")
}

// TestConditionalHelp: "help conditional" (and "help if") explains them
// with an example in each game's notation.
func TestConditionalHelp(t *testing.T) {
	h := newHarness(t, nimCatalog(10))
	for _, topic := range []string{"help conditional", "help if"} {
		m := only(t, h.write(t, alice, topic), alice)
		wantText(t, m, exampleTree("gufuu"), exampleTree("microshogi"), exampleTree("julgonu"), "Only you see them", "At most 30 lines of 30 moves.")
	}
}

// readRecord is game id's record as stored.
func readRecord(t *testing.T, h *harness, id string) *record.Game {
	t.Helper()
	var rec *record.Game
	if err := h.store.View(func(st referee.StoreTx) (err error) { rec, _, err = st.Game(id); return err }); err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestConditionalClock: the conditional move is made at the time the
// opponent's move arrived, and the opponent's clock starts from there.
func TestConditionalClock(t *testing.T) {
	h := realHarness(t)
	id, toAlice, toBob := startGame(t, h, "julgonu")
	toBob = only(t, h.reply(t, toAlice, "a1-a2", "if b4-b3 then c1-c2"), bob)
	h.clock.Advance(25 * time.Hour)
	arrived := h.clock.Now()
	r := h.replyRequest(t, toBob, bob, "b4-b3")
	r.Received = arrived
	h.clock.Advance(time.Hour) // windpost reads it an hour later
	h.send(t, r)
	rec := readRecord(t, h, id)
	if len(rec.Moves) != 3 || !rec.Moves[1].At.Equal(rec.Moves[2].At) {
		t.Fatalf("moves %+v", rec.Moves)
	}
	if want := rec.Moves[2].At.Add(3 * 24 * time.Hour); !rec.Deadline.Equal(want) {
		t.Errorf("deadline %s, want %s (3 days from the conditional move)", rec.Deadline, want)
	}
}

// TestConditionalIllegalByThen: a reply kept in the tree that is no
// legal move when it is due is not played; its owner is told, and it is
// their move.
func TestConditionalIllegalByThen(t *testing.T) {
	h := realHarness(t)
	id, toAlice, toBob := startGame(t, h, "julgonu")
	toBob = only(t, h.reply(t, toAlice, "a1-a2", "if b4-b3 then c1-c2"), bob)
	err := h.store.Update(func(st referee.StoreTx) error {
		rec, raw, err := st.Game(id)
		if err != nil {
			return err
		}
		rec.Conditional["black"].Lines[0].Reply = "a2-a4" // as a tree of older rules might hold
		return st.PutGame(rec, raw, referee.ClockOf(rec).Wake(), h.clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	mails := h.reply(t, toBob, "b4-b3")
	wantNot(t, only(t, mails, bob), "conditional")
	wantText(t, only(t, mails, alice), "Your conditional move 3.a2-a4 was not played:", "I cleared your conditional moves.", "It is your move.")
	if rec := readRecord(t, h, id); rec.Conditional != nil || len(rec.Moves) != 2 {
		t.Errorf("after: %d moves, tree %+v", len(rec.Moves), rec.Conditional)
	}
}
