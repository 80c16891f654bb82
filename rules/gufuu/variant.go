package gufuu

import (
	"fmt"

	"github.com/windpost/windpost/rules"
)

// Position adapts a Pos to rules.Position.
type Position struct{ P Pos }

var _ rules.Position = Position{}

// ToMove is the side whose turn it is.
func (x Position) ToMove() rules.Side { return x.P.ToMove() }

// Moves returns the legal moves, nil when there are none.
func (x Position) Moves() []rules.Move {
	var buf [MaxMoves]rules.Move
	ms := x.P.AppendMoves(buf[:0])
	if len(ms) == 0 {
		return nil
	}
	return append([]rules.Move(nil), ms...)
}

// Play returns the position after m; the error wraps rules.ErrIllegal when
// m is not legal.
func (x Position) Play(m rules.Move) (rules.Position, error) {
	if !x.P.Legal(m) {
		return nil, fmt.Errorf("%w: gufuu move %d in position %d", rules.ErrIllegal, m, x.P)
	}
	return Position{x.P.Apply(m)}, nil
}

// Key is the packed value in decimal.
func (x Position) Key() string { return x.P.Key() }

// Perft counts the leaves of the legal-move tree with the fast generator.
func (x Position) Perft(depth int) uint64 { return x.P.Perft(depth) }

// Variant is Gufuu Shogi for the rest of windpost. Repetition ends a game
// but forbids no move (rules.PositionMoves).
type Variant struct{ rules.PositionMoves }

var _ rules.Variant = Variant{}

// Name is "gufuu".
func (Variant) Name() string { return "gufuu" }

// Aliases is nil: the game has one name.
func (Variant) Aliases() []string { return nil }

// Title is "Gufuu Shogi".
func (Variant) Title() string { return "Gufuu Shogi" }

// Start is the empty board, Black to drop his king.
func (Variant) Start() rules.Position { return Position{Start} }

// LegalMoves returns the legal moves in the last position, nil once the
// game is over.
func (v Variant) LegalMoves(positions []rules.Position) []rules.Move {
	return rules.MovesUnlessOver(v, positions)
}

// Outcome: the side to move that is in check with no legal move is
// checkmated and loses; one with no legal move out of check (never in a
// game from the start) loses too, by rules.NoLegalMove; the game is drawn
// when its last position occurs for the fourth time.
func (Variant) Outcome(positions []rules.Position) rules.Outcome {
	if len(positions) == 0 {
		return rules.Outcome{}
	}
	last := positions[len(positions)-1]
	if p, err := rules.As[Position](last); err == nil {
		var buf [MaxMoves]rules.Move
		if len(p.P.AppendMoves(buf[:0])) == 0 {
			if p.P.InCheck() {
				return rules.WinFor(p.P.ToMove().Opponent(), rules.Checkmate)
			}
			return rules.WinFor(p.P.ToMove().Opponent(), rules.NoLegalMove)
		}
	}
	if rules.Occurrences(positions, hash) >= 4 {
		return rules.DrawBy(rules.Repetition)
	}
	return rules.Outcome{}
}

// hash fingerprints a position for the repetition rule: a Gufuu position
// by its packed value.
func hash(p rules.Position) uint64 {
	x, _ := rules.As[Position](p)
	return uint64(x.P)
}
