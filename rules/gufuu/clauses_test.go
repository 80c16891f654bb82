package gufuu_test

import (
	"strings"
	"testing"

	ngufuu "github.com/windpost/windpost/notation/gufuu"
	"github.com/windpost/windpost/rules"
	. "github.com/windpost/windpost/rules/gufuu"
)

// move builds a move from "K*2c>N", "S-1a", "Wx2c" or "K:" without asking
// whether it is legal (so that refusals can be tested); K is the mover's
// king, steps and rotations turn clockwise.
func move(t *testing.T, p Pos, s string) rules.Move {
	t.Helper()
	var pc Piece
	switch s[0] {
	case 'K':
		pc = KingOf(p.ToMove())
	case 'W':
		pc = Wind
	case 'S':
		pc = Storm
	}
	sqAt := func(s string) Square {
		sq, ok := SquareAt(int(s[0]-'0'), s[1])
		if !ok {
			t.Fatalf("bad square %q", s)
		}
		return sq
	}
	switch s[1] {
	case '*':
		return NewMove(Drop, pc, sqAt(s[2:4]), Facing(strings.IndexByte("NESW", s[5])))
	case ':':
		sq, f, _ := p.Where(pc)
		return NewMove(Rotate, pc, sq, f.Clockwise())
	}
	_, f, _ := p.Where(pc)
	return NewMove(Step, pc, sqAt(s[2:4]), f.Clockwise())
}

func pos(t *testing.T, s string) Pos {
	t.Helper()
	p, err := ngufuu.ParsePos(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestClauses checks each clause of the rules spec on a position string:
// a move that the clause allows or forbids, and the reason given.
func TestClauses(t *testing.T) {
	tests := []struct {
		clause, pos, move string
		want              Refusal // Allowed for a legal move
		after             string  // the position after a legal move, if given
	}{
		{"opening: Black drops his king first", "..../..../.... b", "K*1c>N", Allowed, "..../..../..Kn w"},
		{"opening: nothing but the king at the start", "..../..../.... b", "W*1c>N", MustDropOpening, ""},
		{"opening: White drops his king second", "..../..../..Kn w", "K*2c>S", Allowed, "..../..../ksKn b o"},
		{"opening: Black drops the Wind third", "..../..../ksKn b o", "W*1b>S", Allowed, "..../..Ws/ksKn w o"},
		{"opening: not the Storm third", "..../..../ksKn b o", "S*1b>S", MustDropOpening, ""},
		{"opening: no king move before the drops", "..../..../ksKn b o", "K-1b", MustDropOpening, ""},
		{"opening: White drops the Storm fourth", "..../..Ws/ksKn w o", "S*2b>W", Allowed, "..../SwWs/ksKn b"},
		{"opening: White's king drop may not face Black's", "..../..../..Kw w", "K*2c>E", KingsFaceToFace, ""},
		{"opening: White's king drop side by side is fine", "..../..../..Kw w", "K*2c>N", Allowed, ""},
		{"opening: the Wind drop may not give check", "..../..../ksKn b o", "W*2b>S", DropGivesCheck, ""},
		{"opening: the Storm drop may not give check", "..../..Ws/ksKn w o", "S*2b>E", DropGivesCheck, ""},
		{"turn: a move turns the piece clockwise", "..../KeWs/ks.. w", "W-2a", Allowed, "Ww../Ke../ks.. b"},
		{"turn: a capture turns the capturer clockwise", "..../SwWs/ksKn b", "Kx2b", Allowed, "..../KeWs/ks.. w"},
		{"turn: a rotation turns clockwise", "WwSe/Ke../ks.. w", "K:", Allowed, "WwSe/Ke../kw.. b"},
		{"shared: White moves the Wind Black dropped", "..../KeWs/ks.. w", "W-2a", Allowed, ""},
		{"shared: Black moves the Wind too", "Ww../Ke../ks.. b", "W-1b", Allowed, "..../KeWn/ks.. w"},
		{"shared hand: White drops the Storm Black captured", "..../KeWs/ks.. w", "S*1a>N", Allowed, ""},
		{"generals capture each other", "..Se/KeWn/kw.. w", "Sx1b", Allowed, "..../KeSs/kw.. b"},
		{"nothing captures a king", "..../KeWs/ks.. w", "Kx2b", KingCaptured, ""},
		{"a king may not move onto the other general's square unless it reaches it", "..../KeWs/ks.. w", "K-1a", CannotReach, ""},
		{"check needs contact: attacked but the other king is far, no check", "..Kn/..kn/..Sn w", "S:", Allowed, ""},
		{"check by contact: the Storm touches Black's king", "..../..Kn/knSn w", "S:", CheckerRotated, ""},
		{"in check: the checking Wind may not be rotated (sample move 10)", "..Se/KeWn/kw.. w", "W:", CheckerRotated, ""},
		{"in check: the checking Wind may not be moved", "..Se/KeWn/kw.. w", "W-1a", CheckerMoved, ""},
		{"in check: the king may not capture the checking Wind", "..Se/KeWn/kw.. w", "Kx1b", KingTakesChecker, ""},
		{"in check: the king steps out of the attack", "..Se/KeWn/kw.. w", "K-1c", Allowed, "..Se/KeWn/..kn b"},
		{"in check: the other general captures the checker", "..Se/KeWn/kw.. w", "Sx1b", Allowed, ""},
		{"in check: the king may not rotate in place", "..Se/KeWn/kw.. w", "K:", StillInCheck, ""},
		{"in check: a drop never answers it", "..../..Kn/knSn w", "W*2a>N", DropInCheck, ""},
		{"a move may put one's own king in a general's reach", "..../..Kn/kn.. b", "K-1a", Allowed, ""},
		{"face to face: a king move may not bring it about", "Ke../..../kn.. b", "K-2b", KingsFaceToFace, ""},
		{"face to face: a rotation may not bring it about", "..../Ks../kw.. w", "K:", KingsFaceToFace, ""},
		{"kings may stand side by side", "..../..Kw/kn.. w", "K:", Allowed, ""},
		{"drop check ban in play", "..../..Kn/kn.. b", "W*1c>W", DropGivesCheck, ""},
		{"a drop that only attacks the dropper's own king is fine", "..../..Kn/kn.. b", "W*1c>N", Allowed, ""},
	}
	for _, tt := range tests {
		p := pos(t, tt.pos)
		m := move(t, p, tt.move)
		got := p.Refuse(m).Why
		if got != tt.want {
			t.Errorf("%s: %s in %q: refusal %d, want %d", tt.clause, tt.move, tt.pos, got, tt.want)
			continue
		}
		if (got == Allowed) != p.Legal(m) {
			t.Errorf("%s: Refuse and Legal disagree", tt.clause)
		}
		if tt.after != "" {
			if s := ngufuu.FormatPos(p.Apply(m)); s != tt.after {
				t.Errorf("%s: after %s: %q, want %q", tt.clause, tt.move, s, tt.after)
			}
		}
	}
}

// TestDoubleCheck: against a double check only king moves are legal.
func TestDoubleCheck(t *testing.T) {
	// Every double check among the reachable positions.
	found := 0
	var buf [MaxMoves]rules.Move
	for _, p := range reachable() {
		if len(p.Checkers()) != 2 {
			continue
		}
		found++
		for _, m := range p.AppendMoves(buf[:0]) {
			k, pc, _, _, _ := DecodeMove(m)
			if !pc.IsKing() || k != Step {
				t.Fatalf("double check in %s answered by %s", ngufuu.FormatPos(p), ngufuu.FormatMoveOf(p, m))
			}
		}
	}
	if found == 0 {
		t.Fatal("no double check among the reachable positions")
	}
}

// TestCheckmate: the final position of the designer's game is mate, and
// the variant says so.
func TestCheckmate(t *testing.T) {
	p := pos(t, "..../KwSs/..kn w")
	var buf [MaxMoves]rules.Move
	if n := len(p.AppendMoves(buf[:0])); n != 0 || !p.InCheck() {
		t.Fatalf("moves %d, in check %v: want mate", n, p.InCheck())
	}
	o := Variant{}.Outcome([]rules.Position{Position{P: p}})
	if o != rules.WinFor(rules.Black, rules.Checkmate) {
		t.Errorf("outcome %v", o)
	}
	if ms := (Variant{}).LegalMoves([]rules.Position{Position{P: p}}); ms != nil {
		t.Errorf("moves after mate: %v", ms)
	}
}

// TestRepetition: the fourth occurrence of a position draws, the third
// does not.
func TestRepetition(t *testing.T) {
	// The generals on rank a never touch a king on rank c, so they never
	// check: both sides turn a general in place, and after 8 plies (four
	// turns each) the position is back.
	p := pos(t, "WnSn/..../ksKn b")
	g := rules.NewGameFrom(Variant{}, Position{P: p})
	for cycle := 1; cycle <= 3; cycle++ {
		for i := 0; i < 8; i++ {
			x, _ := rules.As[Position](g.Position())
			q := x.P
			gen := Storm
			if i%2 == 1 {
				gen = Wind
			}
			if g.Outcome().Over() {
				t.Fatalf("cycle %d ply %d: over early: %v", cycle, i, g.Outcome())
			}
			if err := g.Play(move(t, q, map[Piece]string{Storm: "S:", Wind: "W:"}[gen])); err != nil {
				t.Fatalf("cycle %d ply %d: %v", cycle, i, err)
			}
		}
	}
	if o := g.Outcome(); o != rules.DrawBy(rules.Repetition) {
		t.Errorf("after three cycles (fourth occurrence): %v", o)
	}
	if g.LegalMoves() != nil {
		t.Error("moves after the draw")
	}
}

func reachable() []Pos {
	seen := map[Pos]bool{Start: true}
	out := []Pos{Start}
	var buf [MaxMoves]rules.Move
	for i := 0; i < len(out); i++ {
		for _, m := range out[i].AppendMoves(buf[:0]) {
			if q := out[i].Apply(m); !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}
