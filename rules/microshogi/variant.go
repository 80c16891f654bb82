package microshogi

import "github.com/windpost/windpost/rules"

// Variant is Micro-shogi's rules for a whole game: the moves of a
// position, and the end of the game, which depends on its history.
//
// The game ends when the side to move has no legal move (checkmate, or
// stalemate, which loses too), or when a position (board, hands, side to
// move) occurs for the fourth time. That is a draw, unless one side gave
// check with every one of its moves from the first occurrence of the
// position to the fourth: then that side loses by perpetual check. Should
// both sides have checked with every move, the game is a draw.
//
// Repetition ends a game but forbids no move (rules.PositionMoves).
type Variant struct{ rules.PositionMoves }

// Name is "microshogi".
func (Variant) Name() string { return "microshogi" }

// Aliases lists "micro".
func (Variant) Aliases() []string { return []string{"micro"} }

// Title is "Micro-shogi".
func (Variant) Title() string { return "Micro-shogi" }

// Start is the starting position.
func (Variant) Start() rules.Position { return Start() }

// LegalMoves returns the legal moves in the last position, nil once the
// game is over.
func (v Variant) LegalMoves(positions []rules.Position) []rules.Move {
	return rules.MovesUnlessOver(v, positions)
}

// Outcome judges the game whose positions are given, oldest first.
func (Variant) Outcome(positions []rules.Position) rules.Outcome {
	if len(positions) == 0 {
		return rules.Outcome{}
	}
	last, err := rules.As[Position](positions[len(positions)-1])
	if err != nil {
		return rules.Outcome{}
	}
	if last.CountMoves() == 0 {
		if last.InCheck() {
			return rules.WinFor(last.side.Opponent(), rules.Checkmate)
		}
		return rules.WinFor(last.side.Opponent(), rules.Stalemate)
	}
	if rules.Occurrences(positions, hash) < 4 {
		return rules.Outcome{}
	}
	first, key := 0, last.Key()
	for positions[first].Key() != key {
		first++
	}
	if checker, ok := PerpetualChecker(positions[first:]); ok {
		return rules.WinFor(checker.Opponent(), rules.PerpetualCheck)
	}
	return rules.DrawBy(rules.Repetition)
}

// PerpetualChecker reports the side that gave check with every one of its
// moves along positions (a stretch of a game, oldest first), if exactly one
// side did.
func PerpetualChecker(positions []rules.Position) (rules.Side, bool) {
	checked := [2]bool{true, true}
	moved := [2]bool{}
	for j := 1; j < len(positions); j++ {
		mover := positions[j-1].ToMove()
		moved[mover] = true
		q, err := rules.As[Position](positions[j])
		if err != nil || !q.InCheck() {
			checked[mover] = false
		}
	}
	b := checked[rules.Black] && moved[rules.Black]
	w := checked[rules.White] && moved[rules.White]
	switch {
	case b && !w:
		return rules.Black, true
	case w && !b:
		return rules.White, true
	}
	return rules.Black, false
}

// hash fingerprints a position for the repetition rule: a Micro-shogi
// position by its Zobrist hash.
func hash(p rules.Position) uint64 {
	if h, ok := p.(interface{ Hash() uint64 }); ok {
		return h.Hash()
	}
	return 0
}
