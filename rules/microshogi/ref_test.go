package microshogi

import (
	"github.com/windpost/windpost/rules"
)

// ref is a slow, plain reference position for cross-checking the engine:
// a 5x4 array of pieces, coordinate deltas for every face, and legality by
// trying every enemy reply against the king. It shares nothing with the
// engine but the Piece and Face types and the move encoding.
type ref struct {
	b    [Ranks][Files]Piece
	hand [2][Pairs]int
	side rules.Side
}

func toRef(p Position) ref {
	var r ref
	for s := Square(0); s < NumSquares; s++ {
		pc, _ := p.At(s)
		r.b[s.row()][s.col()] = pc
	}
	for s := rules.Black; s <= rules.White; s++ {
		for k := 0; k < Pairs; k++ {
			r.hand[s][k] = p.Hand(s, k)
		}
	}
	r.side = p.ToMove()
	return r
}

type refMove struct {
	drop           bool
	face           Face
	fr, fc, tr, tc int
}

// steps in Black's view: {drow, dcol}, negative drow = toward rank a.
var refSteps = map[Face][][2]int{
	King:   {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
	Gold:   {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
	Tokin:  {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
	Silver: {{-1, -1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 1}},
	Pawn:   {{-1, 0}},
	Knight: {{-2, -1}, {-2, 1}},
}
var refSlides = map[Face][][2]int{
	Bishop: {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},
	Rook:   {{-1, 0}, {1, 0}, {0, -1}, {0, 1}},
	Lance:  {{-1, 0}},
}

// pseudo lists the moves of side s ignoring its king's safety.
func (r *ref) pseudo(s rules.Side) []refMove {
	var ms []refMove
	sign := 1
	if s == rules.White {
		sign = -1
	}
	in := func(a, b int) bool { return a >= 0 && a < Ranks && b >= 0 && b < Files }
	for row := 0; row < Ranks; row++ {
		for col := 0; col < Files; col++ {
			pc := r.b[row][col]
			if pc.Face == NoFace || pc.Side != s {
				continue
			}
			for _, d := range refSteps[pc.Face] {
				tr, tc := row+sign*d[0], col+sign*d[1]
				if in(tr, tc) && (r.b[tr][tc].Face == NoFace || r.b[tr][tc].Side != s) {
					ms = append(ms, refMove{fr: row, fc: col, tr: tr, tc: tc})
				}
			}
			for _, d := range refSlides[pc.Face] {
				tr, tc := row, col
				for {
					tr, tc = tr+sign*d[0], tc+sign*d[1]
					if !in(tr, tc) {
						break
					}
					if r.b[tr][tc].Face == NoFace {
						ms = append(ms, refMove{fr: row, fc: col, tr: tr, tc: tc})
						continue
					}
					if r.b[tr][tc].Side != s {
						ms = append(ms, refMove{fr: row, fc: col, tr: tr, tc: tc})
					}
					break
				}
			}
		}
	}
	for k := 0; k < Pairs; k++ {
		if r.hand[s][k] == 0 {
			continue
		}
		for row := 0; row < Ranks; row++ {
			for col := 0; col < Files; col++ {
				if r.b[row][col].Face == NoFace {
					for _, f := range []Face{Face(2 + 2*k), Face(3 + 2*k)} {
						ms = append(ms, refMove{drop: true, face: f, tr: row, tc: col})
					}
				}
			}
		}
	}
	return ms
}

// refFlipped gives the other face of each face a capture turns over.
var refFlipped = map[Face]Face{
	Bishop: Tokin, Tokin: Bishop, Gold: Rook, Rook: Gold,
	Silver: Lance, Lance: Silver, Pawn: Knight, Knight: Pawn, King: King,
}

func (r ref) play(m refMove) ref {
	s := r.side
	if m.drop {
		r.hand[s][(int(m.face)-2)/2]--
		r.b[m.tr][m.tc] = Piece{m.face, s}
	} else {
		pc := r.b[m.fr][m.fc]
		r.b[m.fr][m.fc] = Piece{}
		if cap := r.b[m.tr][m.tc]; cap.Face != NoFace {
			r.hand[s][(int(cap.Face)-2)/2]++
			pc.Face = refFlipped[pc.Face]
		}
		r.b[m.tr][m.tc] = pc
	}
	r.side = s.Opponent()
	return r
}

// kingTaken reports whether side s could capture the enemy king.
func (r *ref) kingTaken(s rules.Side) bool {
	for _, m := range r.pseudo(s) {
		if !m.drop {
			t := r.b[m.tr][m.tc]
			if t.Face == King && t.Side != s {
				return true
			}
		}
	}
	return false
}

func (r *ref) legal() []refMove {
	var ms []refMove
	for _, m := range r.pseudo(r.side) {
		q := r.play(m)
		if !q.kingTaken(q.side) {
			ms = append(ms, m)
		}
	}
	return ms
}

func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.legal() {
		q := r.play(m)
		n += q.perft(depth - 1)
	}
	return n
}

// encode turns a reference move into the engine's encoding.
func (m refMove) encode() rules.Move {
	to := Square(m.tr*Files + m.tc)
	if m.drop {
		return NewDrop(m.face, to)
	}
	return NewMove(Square(m.fr*Files+m.fc), to)
}
