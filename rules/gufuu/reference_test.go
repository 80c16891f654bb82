package gufuu

import (
	"sort"
	"testing"

	"github.com/windpost/windpost/rules"
)

// A second, deliberately plain reading of the rules, written with
// coordinates and rotated direction vectors instead of the generator's
// tables, to check AppendMoves move by move in every reachable position.

type refPiece struct {
	on   bool
	x, y int // x 0 = file 2 (west), y 0 = rank a (north)
	f    int // 0 N, 1 E, 2 S, 3 W
}

func refPieces(p Pos) (ps [4]refPiece) {
	for pc := Piece(0); pc < 4; pc++ {
		if sq, f, ok := p.Where(pc); ok {
			ps[pc] = refPiece{true, int(sq) % 2, int(sq) / 2, int(f)}
		}
	}
	return ps
}

// refReach lists the squares piece pc at r reaches. Moves are given for a
// piece facing north (dx east, dy south) and turned with the facing.
func refReach(pc Piece, r refPiece) [][2]int {
	var vs [][2]int
	switch pc {
	case BlackKing, WhiteKing:
		vs = [][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
	case Wind:
		vs = [][2]int{{0, -1}, {-1, 1}, {1, 1}}
	case Storm:
		vs = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {-1, -1}, {1, -1}}
	}
	var out [][2]int
	for _, v := range vs {
		dx, dy := v[0], v[1]
		for i := 0; i < r.f; i++ { // a quarter turn clockwise: (dx,dy) -> (-dy,dx)
			dx, dy = -dy, dx
		}
		x, y := r.x+dx, r.y+dy
		if x >= 0 && x < 2 && y >= 0 && y < 3 {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

func refAttacks(pc Piece, r refPiece, x, y int) bool {
	for _, s := range refReach(pc, r) {
		if s[0] == x && s[1] == y {
			return true
		}
	}
	return false
}

func refNext(a, b refPiece) bool {
	dx, dy := a.x-b.x, a.y-b.y
	return (dx != 0 || dy != 0) && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

// refCheckers: generals attacking the king of side s that touch the other king.
func refCheckers(ps [4]refPiece, s int) []Piece {
	k, o := ps[s], ps[1-s]
	if !k.on || !o.on {
		return nil
	}
	var cs []Piece
	for _, g := range []Piece{Wind, Storm} {
		if ps[g].on && refAttacks(g, ps[g], k.x, k.y) && refNext(ps[g], o) {
			cs = append(cs, g)
		}
	}
	return cs
}

func refFacing(a, b refPiece) bool {
	d := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	return a.x+d[a.f][0] == b.x && a.y+d[a.f][1] == b.y
}

func refFaceToFace(ps [4]refPiece) bool {
	a, b := ps[0], ps[1]
	return a.on && b.on && refFacing(a, b) && refFacing(b, a)
}

func refLegal(p Pos, kind MoveKind, pc Piece, x, y, f int) bool {
	s := int(p.ToMove())
	ps := refPieces(p)
	mine := pc == Piece(s) || pc == Wind || pc == Storm
	if !mine {
		return false
	}
	occupant := -1
	for i, r := range ps {
		if r.on && r.x == x && r.y == y {
			occupant = i
		}
	}
	// The opening: Black's king, White's king, the Wind, the Storm.
	var forced = -1
	switch {
	case !ps[0].on:
		forced = 0
	case !ps[1].on:
		forced = 1
	case p.OpeningDrop() && s == 0:
		forced = 2
	case p.OpeningDrop():
		forced = 3
	}
	if forced >= 0 && (kind != Drop || int(pc) != forced) {
		return false
	}
	checkers := refCheckers(ps, s)
	q := ps
	switch kind {
	case Drop:
		if ps[pc].on || occupant >= 0 || len(checkers) > 0 {
			return false
		}
		q[pc] = refPiece{true, x, y, f}
		if !pc.IsKing() && q[s].on && q[1-s].on && refAttacks(pc, q[pc], q[1-s].x, q[1-s].y) && refNext(q[pc], q[s]) {
			return false // a drop that gives check
		}
	case Step:
		if !ps[pc].on || !refAttacks(pc, ps[pc], x, y) || f != (ps[pc].f+1)%4 {
			return false
		}
		if occupant == 0 || occupant == 1 {
			return false
		}
		if occupant >= 0 {
			q[occupant].on = false
		}
		q[pc] = refPiece{true, x, y, f}
	case Rotate:
		if !ps[pc].on || ps[pc].x != x || ps[pc].y != y || f != (ps[pc].f+1)%4 {
			return false
		}
		q[pc].f = f
	}
	if refFaceToFace(q) {
		return false
	}
	for _, c := range checkers {
		if pc == c {
			return false // the checking general may not be moved or rotated
		}
		if pc.IsKing() && occupant == int(c) {
			return false // nor captured by the king
		}
	}
	for _, c := range refCheckers(q, s) {
		for _, old := range checkers {
			if c == old {
				return false // a checking general still checks
			}
		}
	}
	return true
}

func refMoves(p Pos) []rules.Move {
	var ms []rules.Move
	for kind := Drop; kind <= Rotate; kind++ {
		for pc := Piece(0); pc < 4; pc++ {
			for sq := Square(0); sq < NumSquares; sq++ {
				for f := Facing(0); f < 4; f++ {
					if refLegal(p, kind, pc, int(sq)%2, int(sq)/2, int(f)) {
						ms = append(ms, NewMove(kind, pc, sq, f))
					}
				}
			}
		}
	}
	return ms
}

func sortedMoves(ms []rules.Move) []rules.Move {
	out := append([]rules.Move(nil), ms...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// TestReferenceMoves compares the generator with the plain reading in
// every 4th position reachable from the start (every 16th in -short mode;
// all of them agreed when the package was written).
func TestReferenceMoves(t *testing.T) {
	seen := map[Pos]bool{Start: true}
	queue := []Pos{Start}
	var buf [MaxMoves]rules.Move
	checked, bad := 0, 0
	for i := 0; len(queue) > 0; i++ {
		p := queue[0]
		queue = queue[1:]
		ms := p.AppendMoves(buf[:0])
		if every := map[bool]int{false: 4, true: 16}[testing.Short()]; i%every == 0 {
			got, want := sortedMoves(ms), sortedMoves(refMoves(p))
			checked++
			if len(got) != len(want) {
				bad++
			} else {
				for j := range got {
					if got[j] != want[j] {
						if bad < 3 {
							t.Errorf("position %d: generator %v, reference %v", p, got, want)
						}
						bad++
						break
					}
				}
			}
			if bad > 0 && bad < 5 && len(got) != len(want) {
				t.Errorf("position %d: generator has %d moves, reference %d", p, len(got), len(want))
			}
		}
		for _, m := range ms {
			if q := p.Apply(m); !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d positions differ from the reference", bad, checked)
	}
	if checked < 203195/16 {
		t.Errorf("only %d positions checked", checked)
	}
}
