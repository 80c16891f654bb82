package microshogi

import (
	"math/bits"

	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// faceValue is what a face on the board is worth, in hundredths of a pawn,
// for ordering captures (the evaluation's own values are in weights).
var faceValue = [engine.NumFaces]int{
	engine.King: 0, engine.Bishop: 450, engine.Tokin: 350, engine.Gold: 350, engine.Rook: 500,
	engine.Silver: 300, engine.Lance: 200, engine.Pawn: 100, engine.Knight: 150,
}

// handValue is what a piece in hand is worth, for the static exchange
// (see.go) and the untuned evaluation: the better of its faces and a
// drop's freedom (the evaluation's own values are in weights).
var handValue = [engine.Pairs]int{480, 530, 320, 170}

// The places of the evaluation's weights in the table weights (made by the
// tuner, eval_weights.go). Each weight multiplies a count from Black's
// point of view (Black's minus White's); squares are Black's, White's
// turned half round. The evaluation is linear in the weights, which is
// what lets the tuner fit them.
const (
	wFace        = 0                                           // + face: a face on the board
	wHand        = wFace + engine.NumFaces                     // + pair: a piece in hand
	wHand2       = wHand + engine.Pairs                        // + pair: a second piece of the kind in hand
	wSquare      = wHand2 + engine.Pairs                       // + face*NumSquares + square: where a face stands
	wMobility    = wSquare + engine.NumFaces*engine.NumSquares // + face: per square it attacks that is not its side's
	wKingAttack  = wMobility + engine.NumFaces                 // per attack on a square next to the enemy king
	wKingDefence = wKingAttack + 1                             // per own piece next to one's king
	wKingDanger  = wKingDefence + 1                            // the square of the attackers of one's king (board and hand, at most 7)
	wDropCheck   = wKingDanger + 1                             // per empty square the enemy could drop a check on
	wSafeCheck   = wDropCheck + 1                              // of those, per square one could not take back on
	wOpenZone    = wSafeCheck + 1                              // per empty square next to one's king while the enemy has a hand
	wTempo       = wOpenZone + 1                               // the side to move
	numWeights   = wTempo + 1
)

// NumWeights is the number of the evaluation's weights (see Trace).
const NumWeights = numWeights

// Trace is what the evaluation of a position counted, by weight: its
// value is the sum of each count times its weight, for Black.
type Trace [NumWeights]int16

// tally adds up the evaluation, and with a trace its counts.
type tally struct {
	score int
	trace *Trace
}

func (t *tally) add(i, n int) {
	t.score += weights[i] * n
	if t.trace != nil {
		t.trace[i] += int16(n)
	}
}

// evaluate scores p for the side to move.
func evaluate(p *engine.Position) int {
	t := tally{}
	t.count(p)
	if p.ToMove() == rules.White {
		return -t.score
	}
	return t.score
}

// EvalTrace returns the evaluation of p for Black and the counts it is
// made of, for the tuner.
func EvalTrace(p *engine.Position) (int, Trace) {
	var tr Trace
	t := tally{trace: &tr}
	t.count(p)
	return t.score, tr
}

// Weights returns a copy of the evaluation's weights.
func Weights() []int { return append([]int(nil), weights[:]...) }

// count walks p: material on the board and in hand, where the pieces
// stand, what they attack, and each king's safety.
func (t *tally) count(p *engine.Position) {
	var zone [2]uint32
	var attackers [2]int // pieces attacking the squares next to each side's king
	var att [2]uint32    // the squares each side attacks
	for s := rules.Black; s <= rules.White; s++ {
		zone[s] = p.Attacks(s, engine.King, p.KingSquare(s))
	}
	for s := rules.Black; s <= rules.White; s++ {
		sg := 1 - 2*int(s)
		o := s.Opponent()
		for k := 0; k < engine.Pairs; k++ {
			n := p.Hand(s, k)
			t.add(wHand+k, sg*n)
			if n >= 2 {
				t.add(wHand2+k, sg)
			}
			attackers[o] += n
		}
		for f := engine.King; f < engine.NumFaces; f++ {
			for b := p.Pieces(s, f); b != 0; b &= b - 1 {
				sq := engine.Square(bits.TrailingZeros32(b))
				t.add(wFace+int(f), sg)
				t.add(wSquare+int(f)*engine.NumSquares+view(s, sq), sg)
				a := p.Attacks(s, f, sq)
				att[s] |= a
				a &^= p.Occupied(s)
				t.add(wMobility+int(f), sg*bits.OnesCount32(a))
				if f == engine.King {
					continue
				}
				if n := bits.OnesCount32(a & zone[o]); n > 0 {
					t.add(wKingAttack, sg*n)
					attackers[o]++
				}
				if zone[s]&(1<<sq) != 0 {
					t.add(wKingDefence, sg)
				}
			}
		}
	}
	empty := ^(p.Occupied(rules.Black) | p.Occupied(rules.White))
	for s := rules.Black; s <= rules.White; s++ {
		sg := 1 - 2*int(s)
		a := min(attackers[s], 7)
		t.add(wKingDanger, sg*a*a)
		drops, safe := dropChecks(p, s, empty, att)
		t.add(wDropCheck, sg*drops)
		t.add(wSafeCheck, sg*safe)
		if handOf(p, s.Opponent()) > 0 {
			t.add(wOpenZone, sg*bits.OnesCount32(zone[s]&empty))
		}
	}
	t.add(wTempo, 1-2*int(p.ToMove()))
}

// view is sq as side s sees it: Black's squares as they are, White's
// turned half round.
func view(s rules.Side, sq engine.Square) int {
	if s == rules.White {
		return engine.NumSquares - 1 - int(sq)
	}
	return int(sq)
}

// handOf counts side s's pieces in hand.
func handOf(p *engine.Position, s rules.Side) int {
	n := 0
	for k := 0; k < engine.Pairs; k++ {
		n += p.Hand(s, k)
	}
	return n
}

// dropChecks counts the empty squares on which side s's enemy could drop
// a piece from its hand that checks s's king, and of those the ones s
// could not take back on (s does not attack them, or the enemy defends
// them), given the squares each side attacks.
func dropChecks(p *engine.Position, s rules.Side, empty uint32, att [2]uint32) (drops, safe int) {
	o := s.Opponent()
	ksq := p.KingSquare(s)
	var at uint32
	for k := 0; k < engine.Pairs; k++ {
		if p.Hand(o, k) == 0 {
			continue
		}
		// The squares from which f of o attacks the king are those f of s
		// attacks from the king's square.
		f := engine.Front(k)
		at |= (p.Attacks(s, f, ksq) | p.Attacks(s, f.Flip(), ksq)) & empty
	}
	return bits.OnesCount32(at), bits.OnesCount32(at &^ (att[s] &^ att[o]))
}
