package microshogi

import (
	"slices"
	"testing"

	"github.com/windpost/windpost/rules"
)

func play(t *testing.T, p Position, ms ...rules.Move) []rules.Position {
	t.Helper()
	ps := []rules.Position{p}
	for i, m := range ms {
		q, err := ps[len(ps)-1].Play(m)
		if err != nil {
			t.Fatalf("move %d (%v): %v", i+1, Split(m), err)
		}
		ps = append(ps, q)
	}
	return ps
}

func TestSetup(t *testing.T) {
	p := Start()
	want := map[string]Piece{
		"4a": {King, rules.White}, "3a": {Bishop, rules.White}, "2a": {Gold, rules.White}, "1a": {Silver, rules.White}, "4b": {Pawn, rules.White},
		"1e": {King, rules.Black}, "2e": {Bishop, rules.Black}, "3e": {Gold, rules.Black}, "4e": {Silver, rules.Black}, "1d": {Pawn, rules.Black},
	}
	for s := Square(0); s < NumSquares; s++ {
		got, _ := p.At(s)
		name := string(rune('0'+s.File())) + string(rune('a'+s.Rank()-1))
		if got != want[name] {
			t.Errorf("%s: got %+v, want %+v", name, got, want[name])
		}
	}
	if p.ToMove() != rules.Black || p.MoveNumber() != 1 {
		t.Errorf("black moves first at move 1; got %v, %d", p.ToMove(), p.MoveNumber())
	}
	if p.Key() != pos(t, "kbgs/p3/4/3P/SGBK b - 1").Key() {
		t.Errorf("start differs from the spec's position string")
	}
}

// Every capture flips the capturer to its other face, both ways, for both
// sides; the captured piece goes to the captor's hand by kind.
func TestCaptureFlips(t *testing.T) {
	type tc struct {
		face, after Face
		target      string // as Black sees it, from 3c
	}
	cases := []tc{
		{Bishop, Tokin, "2b"}, {Tokin, Bishop, "3b"}, {Gold, Rook, "3b"}, {Rook, Gold, "3b"},
		{Silver, Lance, "3b"}, {Lance, Silver, "3b"}, {Pawn, Knight, "3b"}, {Knight, Pawn, "2a"},
		{King, King, "3b"},
	}
	rot := func(s Square) Square { return NumSquares - 1 - s }
	for _, c := range cases {
		for _, side := range []rules.Side{rules.Black, rules.White} {
			// Black's case: own king 1e, enemy king 1a, mover on 3c. White's
			// case is the same turned round.
			from, target := sq("3c"), sq(c.target)
			myKing, theirKing := sq("1e"), sq("1a")
			if c.face == King {
				from, myKing = sq("3c"), sq("3c")
			}
			if side == rules.White {
				from, target, myKing, theirKing = rot(from), rot(target), rot(myKing), rot(theirKing)
			}
			var b [NumSquares]Piece
			b[myKing] = Piece{King, side}
			b[theirKing] = Piece{King, side.Opponent()}
			b[from] = Piece{c.face, side}
			b[target] = Piece{Pawn, side.Opponent()}
			p, err := New(b, [2][Pairs]int{}, side, 1)
			if err != nil {
				t.Fatalf("%v %v: %v", side, c.face, err)
			}
			m := NewMove(from, target)
			ps := play(t, p, m)
			q := ps[1].(Position)
			got, _ := q.At(target)
			if got != (Piece{c.after, side}) {
				t.Errorf("%v %v captures: shows %+v, want %v", side, c.face, got, c.after)
			}
			if q.Hand(side, Pawn.Pair()) != 1 {
				t.Errorf("%v %v captures: captured pawn not in hand", side, c.face)
			}
			if before, after := p.Mover(m); before != c.face || after != c.after {
				t.Errorf("Mover = %v,%v, want %v,%v", before, after, c.face, c.after)
			}
		}
	}
}

// A plain move never flips, even deep in the enemy camp (no promotion
// zone), and a knight may move where it can never move again.
func TestNoFlipWithoutCapture(t *testing.T) {
	p := pos(t, "k3/4/2N1/4/3K b - 1")
	q := play(t, p, mv("2c", "1a"))[1].(Position)
	if got, _ := q.At(sq("1a")); got != (Piece{Knight, rules.Black}) {
		t.Errorf("knight to 1a shows %+v", got)
	}
	if got, _ := q.At(sq("1a")); got.Face == Knight {
		for _, m := range q.After(mv("4a", "4b")).Moves() {
			if p := Split(m); !p.Drop && p.From == sq("1a") {
				t.Errorf("a knight on rank a moves: %+v", p)
			}
		}
	}
}

// A captured tokin goes to hand as the bishop/tokin kind, and may be
// dropped with either face.
func TestCapturedKindAndEitherFaceDrops(t *testing.T) {
	p := pos(t, "k3/4/1t2/1R2/3K b - 1")
	q := play(t, p, mv("3d", "3c"))[1].(Position)
	if q.Hand(rules.Black, Bishop.Pair()) != 1 {
		t.Fatalf("tokin not in hand as bishop/tokin")
	}
	q = q.After(mv("4a", "4b"))
	ms := q.Moves()
	for s := Square(0); s < NumSquares; s++ {
		if _, full := q.At(s); full {
			continue
		}
		for _, f := range []Face{Bishop, Tokin} {
			if !slices.Contains(ms, NewDrop(f, s)) {
				t.Errorf("drop of %v on square %d missing", f, s)
			}
		}
		for _, f := range []Face{Gold, Rook, Silver, Lance, Pawn, Knight} {
			if slices.Contains(ms, NewDrop(f, s)) {
				t.Errorf("drop of %v (not in hand) on square %d", f, s)
			}
		}
	}
}

// Drops where the piece can never move again are legal for both sides,
// and two pawns on one file are allowed.
func TestDeadEndDropsAndDoublePawns(t *testing.T) {
	b := pos(t, "k3/4/4/3P/3K b PS 1")
	for _, m := range []rules.Move{drop(Pawn, "2a"), drop(Knight, "1a"), drop(Knight, "3b"), drop(Lance, "2a"), drop(Pawn, "1b")} {
		if !b.Legal(m) {
			t.Errorf("black: %v should be legal", Split(m))
		}
	}
	q := b.After(drop(Pawn, "2a"))
	for _, m := range q.Moves() {
		if Split(m).From == sq("2a") && !Split(m).Drop {
			t.Errorf("a black pawn on rank a has a move: %v", Split(m))
		}
	}
	w := pos(t, "3k/p3/4/4/K3 w ps 1")
	for _, m := range []rules.Move{drop(Pawn, "3e"), drop(Knight, "2e"), drop(Knight, "3d"), drop(Lance, "2e"), drop(Pawn, "4c")} {
		if !w.Legal(m) {
			t.Errorf("white: %v should be legal", Split(m))
		}
	}
}

// A pawn drop may give mate, and mate wins.
func TestPawnDropMate(t *testing.T) {
	ps := play(t, pos(t, "k3/2S1/1G2/4/3K b P 1"), drop(Pawn, "4b"))
	o := Variant{}.Outcome(ps)
	if o != rules.WinFor(rules.Black, rules.Checkmate) {
		t.Errorf("outcome %v, want black wins by checkmate", o)
	}
	if ms := (Variant{}).LegalMoves(ps); ms != nil {
		t.Errorf("moves after mate: %v", ms)
	}
}

func TestBoardMoveMate(t *testing.T) {
	ps := play(t, pos(t, "k3/2S1/PG2/4/3K b - 1"), mv("4c", "4b"))
	if o := (Variant{}).Outcome(ps); o != rules.WinFor(rules.Black, rules.Checkmate) {
		t.Errorf("outcome %v", o)
	}
}

// A side with no legal move, not in check, loses.
func TestStalemateLoses(t *testing.T) {
	p := pos(t, "k3/4/GR2/4/3K w - 1")
	if p.InCheck() || len(p.Moves()) != 0 {
		t.Fatalf("position is not a stalemate: check %v, moves %d", p.InCheck(), len(p.Moves()))
	}
	if o := (Variant{}).Outcome([]rules.Position{p}); o != rules.WinFor(rules.Black, rules.Stalemate) {
		t.Errorf("outcome %v, want black wins by stalemate", o)
	}
}

// No move may leave one's own king in check: a pinned piece stays, the
// king does not step into an attack, and in check only evasions count.
func TestOwnKingSafety(t *testing.T) {
	p := pos(t, "k3/4/1r2/1G2/1K2 b - 1") // gold 3d pinned by rook 3c against king 3e
	if p.Legal(mv("3d", "4d")) || p.Legal(mv("3d", "2d")) {
		t.Error("pinned gold may leave the file")
	}
	if !p.Legal(mv("3d", "3c")) {
		t.Error("pinned gold may capture its pinner")
	}
	if !p.LeavesKingInCheck(mv("3d", "4d")) {
		t.Error("LeavesKingInCheck false for a pinned move")
	}
	q := pos(t, "k3/4/4/1r2/3K b G 1") // rook 3d attacks rank d and file 3
	if !q.Legal(mv("1e", "2e")) {
		t.Error("king move out of the rook's lines refused")
	}
	if q.Legal(mv("1e", "2d")) || q.Legal(mv("1e", "1d")) {
		t.Error("king steps into the rook's line")
	}
	c := pos(t, "k3/4/4/3r/3K b G 1") // in check from rook 1d
	for _, m := range c.Moves() {
		if c.After(m).AttackedBy(c.After(m).KingSquare(rules.Black), rules.White) {
			t.Errorf("move %v leaves the king in check", Split(m))
		}
	}
	if c.Legal(drop(Gold, "3c")) {
		t.Error("a drop that ignores the check is allowed")
	}
}

// The fourth occurrence of a position draws; the third does not.
func TestFourfoldRepetition(t *testing.T) {
	cycle := []rules.Move{mv("1e", "2e"), mv("4a", "3a"), mv("2e", "1e"), mv("3a", "4a")}
	ms := slices.Repeat(cycle, 3)
	ps := play(t, pos(t, "k3/4/4/4/3K b - 1"), ms...)
	v := Variant{}
	if o := v.Outcome(ps[:len(ps)-1]); o.Over() {
		t.Errorf("over before the fourth occurrence: %v", o)
	}
	if o := v.Outcome(ps[:9]); o.Over() {
		t.Errorf("over at the third occurrence: %v", o)
	}
	if o := v.Outcome(ps); o != rules.DrawBy(rules.Repetition) {
		t.Errorf("outcome %v, want draw by repetition", o)
	}
	if v.LegalMoves(ps) != nil {
		t.Error("moves after the draw")
	}
}

// Repetition in which one side checks with every move loses for it.
func TestPerpetualCheck(t *testing.T) {
	cycle := []rules.Move{mv("4b", "4a"), mv("1b", "1a"), mv("4a", "4b"), mv("1a", "1b")}
	ms := slices.Repeat(cycle, 3)
	ps := play(t, pos(t, "4/k2R/4/4/3K w - 1"), ms...)
	if o := (Variant{}).Outcome(ps); o != rules.WinFor(rules.White, rules.PerpetualCheck) {
		t.Errorf("outcome %v, want white wins by perpetual check", o)
	}
	// The same cycle with one quiet black move in it is a plain draw.
	quiet := []rules.Move{mv("4b", "4a"), mv("1b", "1c"), mv("4a", "4b"), mv("1c", "1b")}
	ms = slices.Repeat(quiet, 3)
	ps = play(t, pos(t, "4/k2R/4/4/3K w - 1"), ms...)
	if o := (Variant{}).Outcome(ps); o != rules.DrawBy(rules.Repetition) {
		t.Errorf("outcome %v, want draw by repetition", o)
	}
}

func TestNewRefusesImpossiblePositions(t *testing.T) {
	for _, s := range []string{
		"kk2/4/4/4/3K b - 1",  // two white kings
		"k3/4/4/4/4 b - 1",    // no black king
		"k3/4/4/4/3K b 3P 1",  // three pawns
		"kbb1/4/4/4/3K b B 1", // three of bishop/tokin
		"k3/R3/4/4/3K b - 1",  // white in check, black to move
		"k3/4/4/4/3K b - 1",   // fine
	} {
		_, err := readPos(s)
		if (err == nil) != (s == "k3/4/4/4/3K b - 1") {
			t.Errorf("%s: err = %v", s, err)
		}
	}
}

func TestPlayRefusesIllegal(t *testing.T) {
	if _, err := Start().Play(mv("1d", "1b")); err == nil {
		t.Error("pawn jumps two squares")
	}
	if _, err := Start().Play(drop(Pawn, "2c")); err == nil {
		t.Error("drop from an empty hand")
	}
}

func TestVariantNames(t *testing.T) {
	v := Variant{}
	if v.Name() != "microshogi" || !slices.Equal(v.Aliases(), []string{"micro"}) || v.Title() != "Micro-shogi" {
		t.Errorf("names: %q %q %q", v.Name(), v.Aliases(), v.Title())
	}
}
