package gufuu

import "github.com/windpost/windpost/rules"

// Refusal says which rule a move breaks. Notation turns it into words.
type Refusal uint8

// The reasons a move is refused, in the order Refuse tests them.
const (
	Allowed          Refusal = iota // the move is legal
	Malformed                       // not a Gufuu move at all
	MustDropOpening                 // the opening's forced drop is another one (Refused.Piece)
	NotYourKing                     // the opponent's king may not be touched
	NotInHand                       // a drop of a piece that stands on the board
	NotOnBoard                      // a move or rotation of a piece in hand
	SquareTaken                     // a drop onto an occupied square
	CannotReach                     // the piece does not move that way
	KingCaptured                    // nothing captures a king
	WrongFacing                     // a step or rotation must turn clockwise
	DropInCheck                     // drops never answer a check
	CheckerMoved                    // the checking general (Refused.Piece) may not be moved
	CheckerRotated                  // the checking general may not be rotated
	KingTakesChecker                // the king may not capture the checking general
	DoubleCheck                     // a double check is answered by king moves only
	StillInCheck                    // the checking general (Refused.Piece) would still give check
	KingsFaceToFace                 // the kings would stand face to face
	DropGivesCheck                  // the dropped general would give check
	NoMoveHere                      // anything else (should not happen)
)

// Refused is a refusal with the piece it concerns (the checking general,
// the forced drop's piece, the piece moved).
type Refused struct {
	Why   Refusal
	Piece Piece
}

// Refuse tells why m is not legal in p, or Allowed when it is.
func (p Pos) Refuse(m rules.Move) Refused {
	kind, pc, to, f, ok := DecodeMove(m)
	if !ok {
		return Refused{Malformed, pc}
	}
	if p.Legal(m) {
		return Refused{Allowed, pc}
	}
	side := p.ToMove()
	if forced, ok := p.Forced(); ok && (kind != Drop || pc != forced) {
		return Refused{MustDropOpening, forced}
	}
	if pc.IsKing() && pc != KingOf(side) {
		return Refused{NotYourKing, pc}
	}
	sq, face, on := p.Where(pc)
	switch {
	case kind == Drop && on:
		return Refused{NotInHand, pc}
	case kind != Drop && !on:
		return Refused{NotOnBoard, pc}
	}
	cm := p.checkMask()
	switch kind {
	case Drop:
		if _, _, taken := p.At(to); taken {
			return Refused{SquareTaken, pc}
		}
		if cm != 0 {
			return Refused{DropInCheck, checker(cm)}
		}
	case Step:
		if Attacks(pc, sq, face)&(1<<to) == 0 {
			return Refused{CannotReach, pc}
		}
		if t, _, ok := p.At(to); ok && t.IsKing() {
			return Refused{KingCaptured, t}
		}
		if f != face.Clockwise() {
			return Refused{WrongFacing, pc}
		}
	case Rotate:
		if to != sq {
			return Refused{CannotReach, pc}
		}
		if f != face.Clockwise() {
			return Refused{WrongFacing, pc}
		}
	}
	if cm != 0 {
		if !pc.IsKing() && cm&(1<<pc) != 0 {
			if kind == Rotate {
				return Refused{CheckerRotated, pc}
			}
			return Refused{CheckerMoved, pc}
		}
		if t, _, ok := p.At(to); ok && kind == Step && pc.IsKing() && cm&(1<<t) != 0 {
			return Refused{KingTakesChecker, t}
		}
		if cm == 1<<Wind|1<<Storm && !pc.IsKing() {
			return Refused{DoubleCheck, Wind}
		}
		if cm == 1<<Wind|1<<Storm && kind == Rotate {
			return Refused{DoubleCheck, Wind}
		}
		q := p.Apply(m)
		own, _, _ := q.Where(KingOf(side))
		opp, _, _ := q.Where(KingOf(side.Opponent()))
		for _, g := range []Piece{Wind, Storm} {
			if cm&(1<<g) == 0 {
				continue
			}
			if v := q.field(g); v < inHand && checks(int(g)-1, v, uint32(own), uint32(opp)) {
				return Refused{StillInCheck, g}
			}
		}
		if q.FaceToFace() {
			return Refused{KingsFaceToFace, pc}
		}
		return Refused{NoMoveHere, pc}
	}
	q := p.Apply(m)
	if pc.IsKing() && q.FaceToFace() {
		return Refused{KingsFaceToFace, pc}
	}
	if kind == Drop && !pc.IsKing() {
		return Refused{DropGivesCheck, pc}
	}
	return Refused{NoMoveHere, pc}
}

func checker(cm uint8) Piece {
	if cm&(1<<Wind) != 0 {
		return Wind
	}
	return Storm
}
