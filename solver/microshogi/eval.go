package microshogi

import (
	"math/bits"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// faceValue is what a face on the board is worth, in hundredths of a pawn.
var faceValue = [engine.NumFaces]int{
	engine.King: 0, engine.Bishop: 450, engine.Tokin: 350, engine.Gold: 350, engine.Rook: 500,
	engine.Silver: 300, engine.Lance: 200, engine.Pawn: 100, engine.Knight: 150,
}

// handValue is what a piece in hand is worth: the better of its faces and
// a little for the choice of face and square.
var handValue = [engine.Pairs]int{480, 530, 320, 170}

const (
	kingZoneAttack  = 18 // per attack on a square next to the enemy king
	kingZoneDefence = 6  // per own piece next to one's king
	mobilityWeight  = 4  // per square a piece attacks
	tempo           = 10
	dropThreat      = 8 // per empty square next to one's king when the enemy has a hand
)

// evaluate scores p for the side to move: material on the board and in
// hand, attacks around the kings, and mobility.
func evaluate(p *engine.Position) int {
	var score [2]int
	var zone [2]uint32
	for s := rules.Black; s <= rules.White; s++ {
		ks := p.KingSquare(s)
		zone[s] = p.Attacks(s, engine.King, ks)
	}
	for s := rules.Black; s <= rules.White; s++ {
		o := s.Opponent()
		sc := 0
		for k := 0; k < engine.Pairs; k++ {
			sc += p.Hand(s, k) * handValue[k]
		}
		for f := engine.King; f < engine.NumFaces; f++ {
			for b := p.Pieces(s, f); b != 0; b &= b - 1 {
				sq := engine.Square(bits.TrailingZeros32(b))
				sc += faceValue[f]
				a := p.Attacks(s, f, sq) &^ p.Occupied(s)
				sc += mobilityWeight * bits.OnesCount32(a)
				if f != engine.King {
					sc += kingZoneAttack * bits.OnesCount32(a&zone[o])
					if zone[s]&(1<<sq) != 0 {
						sc += kingZoneDefence
					}
				}
			}
		}
		// Empty squares next to the king invite the enemy's drops.
		inHand := 0
		for k := 0; k < engine.Pairs; k++ {
			inHand += p.Hand(o, k)
		}
		if inHand > 0 {
			empty := zone[s] &^ (p.Occupied(rules.Black) | p.Occupied(rules.White))
			sc -= dropThreat * bits.OnesCount32(empty)
		}
		score[s] += sc
	}
	me := p.ToMove()
	return score[me] - score[me.Opponent()] + tempo
}
