package microshogi

// Static exchange evaluation: what a move wins or loses on its square if
// both sides then capture there, least valuable piece first, as long as it
// pays. In Micro-shogi a capturer turns over, so each capture also changes
// the capturer's worth, and a captured piece goes to the captor's hand.

import (
	"math/bits"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// seeOrder is the order in which a side's pieces recapture: the cheapest
// to lose first, the king last.
var seeOrder = [...]engine.Face{
	engine.Pawn, engine.Knight, engine.Lance, engine.Silver, engine.Gold,
	engine.Tokin, engine.Bishop, engine.Rook, engine.King,
}

// seeLoss is what a side loses when its piece showing f is captured: the
// face's worth on the board and the piece's worth in the captor's hand.
func seeLoss(f engine.Face) int {
	if f == engine.King {
		return mate
	}
	return faceValue[f] + handValue[f.Pair()]
}

// flipGain is what a piece showing f gains (or loses) by turning over
// when it captures.
func flipGain(f engine.Face) int { return faceValue[f.Flip()] - faceValue[f] }

// see returns the static exchange value of the legal move m in p, in
// centipawns for the side making it: what it captures (0 for a quiet move
// or a drop), less what the opponent then wins on the same square, and
// so on. Pins are not looked at.
func see(p *engine.Position, m rules.Move) int {
	mp := engine.Split(m)
	to := mp.To
	occ := p.Occupied(rules.Black) | p.Occupied(rules.White)
	var gain [24]int
	on := mp.Face // the face on the square after the move
	if mp.Drop {
		occ |= 1 << to
	} else {
		before, after := p.Mover(m)
		occ &^= 1 << mp.From
		if c := p.Captured(m); c != engine.NoFace {
			gain[0] = seeLoss(c) + flipGain(before)
		}
		on = after
	}
	side := p.ToMove().Opponent()
	if mp.Drop && !p.AttackedBy(to, side) {
		return 0 // the usual case, answered at once (a drop uncovers nothing)
	}
	d := 0
	for d < len(gain)-1 {
		sq, f, ok := leastAttacker(p, to, side, occ)
		if !ok {
			break
		}
		if f == engine.King {
			if _, _, defended := leastAttacker(p, to, side.Opponent(), occ&^(1<<sq)); defended {
				break // the king may not capture into check
			}
		}
		d++
		gain[d] = seeLoss(on) + flipGain(f) - gain[d-1]
		occ &^= 1 << sq
		on = f.Flip()
		side = side.Opponent()
	}
	// Each side may stop instead of capturing: gain[d] is what the side
	// capturing at step d nets, given best play after it.
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastAttacker returns the square and face of side's cheapest piece among
// occ that attacks to, given the occupied squares occ.
func leastAttacker(p *engine.Position, to engine.Square, side rules.Side, occ uint32) (engine.Square, engine.Face, bool) {
	them := side.Opponent() // side's patterns seen backwards are the opponent's
	for _, f := range seeOrder {
		own := p.Pieces(side, f) & occ
		if own == 0 {
			continue
		}
		var from uint32
		switch f {
		case engine.Rook:
			from = slidersFrom(to, occ, orthogonal)
		case engine.Bishop:
			from = slidersFrom(to, occ, diagonal)
		case engine.Lance:
			from = slidersFrom(to, occ, lanceLine[side])
		default:
			from = p.Attacks(them, f, to)
		}
		if b := from & own; b != 0 {
			return engine.Square(bits.TrailingZeros32(b)), f, true
		}
	}
	return 0, engine.NoFace, false
}

// A ray is a row step and a column step; square numbers grow toward
// rank e and toward file 1.
type ray struct{ dr, dc int }

// The rays a slider looks along, seen from the square it attacks.
var (
	orthogonal = []ray{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	diagonal   = []ray{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	// lanceLine[side]: a black lance attacks from below (toward rank e),
	// a white one from above.
	lanceLine = [2][]ray{rules.Black: {{1, 0}}, rules.White: {{-1, 0}}}
)

// slidersFrom returns the first square of occ on each of rays from sq: the
// squares from which a slider moving along those lines attacks sq.
func slidersFrom(sq engine.Square, occ uint32, rays []ray) uint32 {
	var b uint32
	for _, d := range rays {
		r, c := int(sq)/engine.Files, int(sq)%engine.Files
		for {
			r, c = r+d.dr, c+d.dc
			if r < 0 || r >= engine.Ranks || c < 0 || c >= engine.Files {
				break
			}
			if bit := uint32(1) << (r*engine.Files + c); occ&bit != 0 {
				b |= bit
				break
			}
		}
	}
	return b
}
