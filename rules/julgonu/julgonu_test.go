package julgonu

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/windpost/windpost/rules"
)

// diagram builds a position from four ranks written from rank 4 down to
// rank 1 ("b" black, "w" white, "." empty) and the side to move.
func diagram(t *testing.T, side rules.Side, ranks ...string) Position {
	t.Helper()
	if len(ranks) != 4 {
		t.Fatalf("diagram: %d ranks", len(ranks))
	}
	var b, w uint16
	for i, r := range ranks {
		if len(r) != 4 {
			t.Fatalf("diagram: rank %q", r)
		}
		for f := 0; f < 4; f++ {
			sq := Square(f, 3-i)
			switch r[f] {
			case 'b':
				b |= 1 << sq
			case 'w':
				w |= 1 << sq
			}
		}
	}
	p, err := NewPosition(b, w, side)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sq(t *testing.T, name string) int {
	t.Helper()
	if len(name) != 2 || name[0] < 'a' || name[0] > 'd' || name[1] < '1' || name[1] > '4' {
		t.Fatalf("bad square %q", name)
	}
	return Square(int(name[0]-'a'), int(name[1]-'1'))
}

func mv(t *testing.T, s string) rules.Move {
	t.Helper()
	from, to, _ := strings.Cut(s, "-")
	return NewMove(sq(t, from), sq(t, to))
}

func maskOf(t *testing.T, names ...string) uint16 {
	var m uint16
	for _, n := range names {
		m |= 1 << sq(t, n)
	}
	return m
}

func TestCaptureClauses(t *testing.T) {
	type capture struct {
		name     string
		before   Position
		move     string
		captured []string
	}
	tests := []capture{
		{"single capture along a row", diagram(t, rules.Black, "w..w", "....", "bw..", "..bb"), "c1-c2", []string{"b2"}},
		{"single capture along a column", diagram(t, rules.White, ".w.w", "....", ".b..", ".wbb"), "b4-b3", []string{"b2"}},
		{"row and column in the same move", diagram(t, rules.Black, "w.bw", "..w.", "bw.b", "...."), "d2-c2", []string{"b2", "c3"}},
		{"a line of two", diagram(t, rules.Black, "w..w", "....", "...b", "bww."), "d2-d1", []string{"b1", "c1"}},
		{"a line of two along a column", diagram(t, rules.White, "w.w.", "b...", "b...", ".w.w"), "b1-a1", []string{"a2", "a3"}},
		{"moving between two enemies is safe", diagram(t, rules.Black, "..ww", "....", "w.w.", ".b.b"), "b1-b2", nil},
		{"moving beside a friend between two enemies is safe", diagram(t, rules.Black, "..ww", "..b.", "....", "wb.w"), "c3-c2", nil},
		{"three in a line are not captured", diagram(t, rules.Black, "b...", "....", ".w..", "bwww"), "a4-a3", nil},
		{"no friend beyond: nothing captured", diagram(t, rules.Black, "ww..", "....", "..bw", "b..."), "a1-b1", nil},
		{"only the moved piece captures", diagram(t, rules.Black, "ww..", "....", "bwb.", "...b"), "d1-d2", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mv(t, tc.move)
			if !tc.before.Legal(m) {
				t.Fatalf("%s is not legal in the test position", tc.move)
			}
			after, c := tc.before.After(m)
			if want := maskOf(t, tc.captured...); c != want {
				t.Fatalf("captured %016b, want %016b (%v)", c, want, tc.captured)
			}
			from, to, _ := MoveSquares(m)
			mover := tc.before.ToMove()
			if s, ok := after.At(to); !ok || s != mover {
				t.Errorf("the moved piece is not on %s", SquareName(to))
			}
			if _, ok := after.At(from); ok {
				t.Errorf("%s is not empty after the move", SquareName(from))
			}
			if got, want := after.Count(mover), tc.before.Count(mover); got != want {
				t.Errorf("the mover has %d pieces, want %d (only the mover captures)", got, want)
			}
			if got, want := after.Count(mover.Opponent()), tc.before.Count(mover.Opponent())-len(tc.captured); got != want {
				t.Errorf("the opponent has %d pieces, want %d", got, want)
			}
			if after.ToMove() != mover.Opponent() {
				t.Errorf("side to move did not change")
			}
		})
	}
}

func TestMovesOneStepAlongALine(t *testing.T) {
	p := Start()
	ms := p.Moves()
	if len(ms) != 4 {
		t.Fatalf("start has %d moves, want 4", len(ms))
	}
	for _, m := range ms {
		if m == rules.NoMove {
			t.Fatal("a move encodes as 0")
		}
		from, to, _ := MoveSquares(m)
		if to != from+4 {
			t.Errorf("start move %s-%s is not one step up", SquareName(from), SquareName(to))
		}
	}
	for _, bad := range []string{"a1-b2", "a1-a3", "a1-b1", "a4-a3", "a2-a3"} {
		if p.Legal(mv(t, bad)) {
			t.Errorf("%s is legal at the start", bad)
		}
		if _, err := p.Play(mv(t, bad)); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("Play(%s) = %v, want ErrIllegal", bad, err)
		}
	}
	// d1 cannot step east off the board, a1 not west.
	q := diagram(t, rules.Black, "w..w", "....", "....", "b..b")
	if got := len(q.Moves()); got != 4 {
		t.Errorf("corner pieces have %d moves, want 4", got)
	}
}

func TestWinByOnePieceLeft(t *testing.T) {
	p := diagram(t, rules.Black, "....", "w...", "bw.b", "b...")
	g := rules.NewGameFrom(Variant{}, p)
	if err := g.Play(mv(t, "d2-c2")); err != nil {
		t.Fatal(err)
	}
	o := g.Outcome()
	if o != rules.WinFor(rules.Black, rules.OnePieceLeft) {
		t.Fatalf("outcome %v, want black wins by one piece left", o)
	}
	if ms := g.LegalMoves(); ms != nil {
		t.Errorf("legal moves after the end: %v", ms)
	}
	if ms := g.Position().Moves(); ms != nil {
		t.Errorf("a side with one piece has moves %v", ms)
	}
	// Two pieces taken at once leave none.
	q := diagram(t, rules.Black, "....", "b...", "w...", "wb.b")
	g = rules.NewGameFrom(Variant{}, q)
	if err := g.Play(mv(t, "b1-a1")); err == nil {
		t.Fatal("b1-a1 onto a white piece accepted")
	}
	q = diagram(t, rules.Black, "b...", "w...", "w...", ".b.b")
	g = rules.NewGameFrom(Variant{}, q)
	if err := g.Play(mv(t, "b1-a1")); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != rules.WinFor(rules.Black, rules.OnePieceLeft) || g.Position().(Position).Count(rules.White) != 0 {
		t.Fatalf("outcome %v with %d white pieces, want a black win with none", o, g.Position().(Position).Count(rules.White))
	}
}

func TestWinByBlocking(t *testing.T) {
	p := diagram(t, rules.Black, "ww..", "bbb.", "....", "...b")
	g := rules.NewGameFrom(Variant{}, p)
	if o := g.Outcome(); o.Over() {
		t.Fatalf("over before the move: %v", o)
	}
	if err := g.Play(mv(t, "c3-c4")); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != rules.WinFor(rules.Black, rules.NoLegalMove) {
		t.Fatalf("outcome %v, want black wins by no legal move", o)
	}
	if g.Position().(Position).Count(rules.White) != 2 {
		t.Fatal("the block captured something")
	}
}

func TestSuperkoForbidsAMove(t *testing.T) {
	g := rules.NewGame(Variant{})
	for _, s := range []string{"a1-a2", "d4-d3", "a2-a1"} {
		if err := g.Play(mv(t, s)); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	back := mv(t, "d3-d4") // would recreate the start
	if !g.Position().(Position).Legal(back) {
		t.Fatal("d3-d4 is not even a move of the position")
	}
	for _, m := range g.LegalMoves() {
		if m == back {
			t.Fatal("d3-d4 recreating the start is among the legal moves")
		}
	}
	err := g.Play(back)
	if !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "started from") {
		t.Fatalf("Play(d3-d4) = %v, want a superko refusal naming the start", err)
	}
	// Later positions are named by the move that made them: after
	// 4.d3-c3 5.b1-b2 6.c3-c2 7.b2-b1, c2-c3 recreates the position after
	// move 4.
	for _, s := range []string{"d3-c3", "b1-b2"} {
		if err := g.Play(mv(t, s)); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	for _, s := range []string{"c3-c2", "b2-b1"} {
		if err := g.Play(mv(t, s)); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	err = g.Play(mv(t, "c2-c3"))
	if !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "after move 4") {
		t.Fatalf("Play(c2-c3) = %v, want a superko refusal naming move 4", err)
	}
	if e := (Variant{}).Explain(g.Positions, mv(t, "a4-a3")); e != nil {
		t.Errorf("Explain of an allowed move = %v", e)
	}
}

func TestEveryMoveRepeatsLoses(t *testing.T) {
	q := diagram(t, rules.White, "...w", "....", "ww..", "b.b.")
	g := rules.NewGameFrom(Variant{}, q)
	for _, s := range []string{"d4-d3", "c1-b1", "d3-d4"} {
		if err := g.Play(mv(t, s)); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	p := g.Position().(Position)
	if ms := p.Moves(); len(ms) != 1 || ms[0] != mv(t, "b1-c1") {
		t.Fatalf("black's moves by the position alone: %v, want only b1-c1", ms)
	}
	if ms := g.LegalMoves(); ms != nil {
		t.Fatalf("legal moves %v, want none (b1-c1 repeats the first position)", ms)
	}
	if o := g.Outcome(); o != rules.WinFor(rules.White, rules.NoLegalMove) {
		t.Fatalf("outcome %v, want white wins by no legal move", o)
	}
}

func TestNoCaptureDraw(t *testing.T) {
	// Find a game of 100 plies without a capture by a seeded search.
	rng := rand.New(rand.NewPCG(1, 2))
	var g *rules.Game
	var walk func() bool
	walk = func() bool {
		if g.Ply() == NoCaptureLimit {
			return true
		}
		ms := g.LegalMoves()
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
		for _, m := range ms {
			p := g.Position().(Position)
			if _, c := p.After(m); c != 0 {
				continue
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if walk() {
				return true
			}
			g.Undo()
		}
		return false
	}
	g = rules.NewGame(Variant{})
	if !walk() {
		t.Fatal("no capture-free game of 100 plies found")
	}
	ps := positionsOf(g.Positions)
	if n := QuietPlies(ps); n != 100 {
		t.Fatalf("QuietPlies = %d, want 100", n)
	}
	if o := g.Outcome(); o != rules.DrawBy(rules.NoCaptureLimit) {
		t.Fatalf("outcome after 100 quiet plies: %v", o)
	}
	if g.LegalMoves() != nil {
		t.Error("legal moves after the draw")
	}
	g.Undo()
	if o := g.Outcome(); o.Over() {
		t.Fatalf("over after 99 quiet plies: %v", o)
	}
	// A capture restarts the count.
	g = rules.NewGameFrom(Variant{}, diagram(t, rules.Black, "w..w", "....", "bw..", "..bb"))
	for i, s := range []string{"c1-c2", "a4-a3", "d1-d2"} {
		if err := g.Play(mv(t, s)); err != nil {
			t.Fatal(err)
		}
		if n := QuietPlies(positionsOf(g.Positions)); n != i {
			t.Errorf("after %s: QuietPlies = %d, want %d", s, n, i)
		}
	}
}

func TestCountMovesMatchesGenerator(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var b, w uint16
		for _, s := range rng.Perm(16)[:rng.IntN(9)] {
			if bits.OnesCount16(b) < 4 && (rng.IntN(2) == 0 || bits.OnesCount16(w) == 4) {
				b |= 1 << s
			} else {
				w |= 1 << s
			}
		}
		p, err := NewPosition(b, w, rules.Side(rng.IntN(2)))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := CountMoves(p.Own(), p.Opp()), len(p.Moves()); got != want {
			t.Fatalf("%v: CountMoves %d, generator %d", p, got, want)
		}
		for _, m := range p.Moves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			qp := q.(Position)
			if qp.black&qp.white != 0 {
				t.Fatalf("overlap after %v", m)
			}
		}
	}
}

// TestStretchIsWholeHistory plays random games and holds what the game
// judges from the end of its history (stretchOf) against the same rules
// applied to every position it has had.
func TestStretchIsWholeHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var captures, refused int
	for game := 0; game < 300; game++ {
		g := rules.NewGame(Variant{})
		for !g.Outcome().Over() {
			all := positionsOf(g.Positions)
			if got, want := g.Outcome(), outcome(all); got != want {
				t.Fatalf("game %d ply %d: outcome %v, over the whole history %v", game, g.Ply(), got, want)
			}
			got, want := g.LegalMoves(), SuperkoMoves(all)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: legal moves %v, over the whole history %v", game, g.Ply(), got, want)
			}
			refused += len(all[len(all)-1].AppendMoves(nil)) - len(want)
			before := total(all[len(all)-1])
			if err := g.Play(want[rng.IntN(len(want))]); err != nil {
				t.Fatal(err)
			}
			if total(positionsOf(g.Positions[len(g.Positions)-1:])[0]) < before {
				captures++
			}
		}
		all := positionsOf(g.Positions)
		if got, want := g.Outcome(), outcome(all); got != want {
			t.Fatalf("game %d end: outcome %v, over the whole history %v", game, got, want)
		}
	}
	// The games must have crossed captures and met the superko rule, or
	// the comparison said nothing of the stretch's edge.
	if captures < 300 || refused == 0 {
		t.Fatalf("%d captures, %d moves refused by superko: the games did not test the stretch", captures, refused)
	}
}
