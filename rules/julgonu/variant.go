package julgonu

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/windpost/windpost/rules"
)

// Variant is Jul-Gonu's rules, history rules included. Its zero value is
// ready to use.
type Variant struct{}

// Name is "julgonu".
func (Variant) Name() string { return "julgonu" }

// Aliases is "gonu".
func (Variant) Aliases() []string { return []string{"gonu"} }

// Title is "Jul-Gonu".
func (Variant) Title() string { return "Jul-Gonu" }

// Start is the starting position.
func (Variant) Start() rules.Position { return Start() }

// positionsOf converts a game's positions to the concrete type. It panics
// on a position of another engine, which is a programming error.
func positionsOf(ps []rules.Position) []Position {
	out := make([]Position, len(ps))
	for i := range ps {
		out[i] = positionAt(ps, i)
	}
	return out
}

// stretchOf converts the end of a game's positions that the history rules
// look at: the capture-free stretch at its end. Pieces only leave the
// board, so no position from before the last capture can recur, and the
// count of quiet plies stops there. It panics as positionsOf.
func stretchOf(ps []rules.Position) []Position {
	out := make([]Position, len(ps))
	i := len(ps) - 1
	out[i] = positionAt(ps, i)
	n := total(out[i])
	for ; i > 0; i-- {
		q := positionAt(ps, i-1)
		if total(q) != n {
			break
		}
		out[i-1] = q
	}
	return out[i:]
}

// positionAt is ps[i] as the concrete type; it panics as positionsOf.
func positionAt(ps []rules.Position, i int) Position {
	q, err := rules.As[Position](ps[i])
	if err != nil {
		panic(fmt.Sprintf("julgonu: position %d: %v", i, err))
	}
	return q
}

// SuperkoMoves returns the moves of the last of ps that are legal by the
// rules of that position and do not recreate any of ps. It does not judge
// whether the game is over.
func SuperkoMoves(ps []Position) []rules.Move {
	p := ps[len(ps)-1]
	var legal []rules.Move
	for _, m := range p.AppendMoves(nil) {
		if repeats(ps, m) < 0 {
			legal = append(legal, m)
		}
	}
	return legal
}

// hasSuperkoMove reports whether the last of ps has a move that SuperkoMoves
// would return.
func hasSuperkoMove(ps []Position) bool {
	var buf [16]rules.Move
	for _, m := range ps[len(ps)-1].AppendMoves(buf[:0]) {
		if repeats(ps, m) < 0 {
			return true
		}
	}
	return false
}

// repeats returns the index in ps of the position that m, played in the
// last of ps, would recreate, or -1. Since pieces only leave the board, it
// looks back only as far as the last capture.
func repeats(ps []Position, m rules.Move) int {
	q, _ := ps[len(ps)-1].After(m)
	n := total(q)
	for i := len(ps) - 1; i >= 0; i-- {
		e := ps[i]
		if e == q {
			return i
		}
		if total(e) > n {
			break
		}
	}
	return -1
}

// LegalMoves returns the moves legal in the last of positions: the moves of
// that position that do not recreate any of positions. It returns nil when
// the game is over.
func (v Variant) LegalMoves(positions []rules.Position) []rules.Move {
	ps := stretchOf(positions)
	if o := outcome(ps); o.Over() {
		return nil
	}
	return SuperkoMoves(ps)
}

// OngoingMoves is LegalMoves for a game known not to be over.
func (v Variant) OngoingMoves(positions []rules.Position) []rules.Move {
	return SuperkoMoves(stretchOf(positions))
}

// Outcome judges the game whose positions are given, oldest first: the side
// to move loses when it has one piece or none, or no legal move (blocked, or
// every move would repeat an earlier position); 100 plies in a row without
// a capture draw.
func (v Variant) Outcome(positions []rules.Position) rules.Outcome {
	return outcome(stretchOf(positions))
}

// Judge is Outcome on concrete positions (the history search of
// solver/julgonu judges its lines with it).
func Judge(ps []Position) rules.Outcome { return outcome(ps) }

func outcome(ps []Position) rules.Outcome {
	p := ps[len(ps)-1]
	s := p.side
	switch {
	case bits.OnesCount16(p.Own()) <= 1:
		return rules.WinFor(s.Opponent(), rules.OnePieceLeft)
	case bits.OnesCount16(p.Opp()) <= 1:
		return rules.WinFor(s, rules.OnePieceLeft)
	case !hasSuperkoMove(ps):
		return rules.WinFor(s.Opponent(), rules.NoLegalMove)
	case QuietPlies(ps) >= NoCaptureLimit:
		return rules.DrawBy(rules.NoCaptureLimit)
	}
	return rules.Outcome{}
}

// QuietPlies is the number of plies in a row without a capture at the end of
// ps.
func QuietPlies(ps []Position) int {
	n := 0
	for i := len(ps) - 1; i > 0; i-- {
		if total(ps[i]) != total(ps[i-1]) {
			break
		}
		n++
	}
	return n
}

func total(p Position) int { return bits.OnesCount16(p.black) + bits.OnesCount16(p.white) }

// Explain says why m, a move of the last position that the game refuses, is
// refused: it would recreate an earlier position. It returns nil when m is
// not a move of the position at all (notation explains those) or is not
// refused by superko.
func (v Variant) Explain(positions []rules.Position, m rules.Move) error {
	ps := positionsOf(positions)
	p := ps[len(ps)-1]
	if !p.Legal(m) {
		return nil
	}
	i := repeats(ps, m)
	if i < 0 {
		return nil
	}
	from, to, _ := MoveSquares(m)
	mv := SquareName(from) + "-" + SquareName(to)
	if i == 0 {
		return fmt.Errorf("%w: %s would recreate the position the game started from, and no position may repeat (superko)", rules.ErrIllegal, mv)
	}
	return fmt.Errorf("%w: %s would recreate the position after move %d, and no position may repeat (superko)", rules.ErrIllegal, mv, i)
}

// PerftSuperko counts the leaves of the move tree depth plies below p when
// no move may recreate p, any of earlier, or a position earlier on its own
// path.
func (v Variant) PerftSuperko(p rules.Position, depth int, earlier []rules.Position) uint64 {
	path := positionsOf(earlier)
	path = append(path, positionsOf([]rules.Position{p})...)
	return perftSuperko(path, depth)
}

func perftSuperko(path []Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	p := path[len(path)-1]
	var n uint64
	steps(p.Own(), p.Opp(), func(nown, nopp uint16) {
		q := FromOwnOpp(nopp, nown, p.side.Opponent())
		switch {
		case slices.Contains(path, q):
		case depth == 1:
			n++
		default:
			n += perftSuperko(append(path, q), depth-1)
		}
	})
	return n
}
