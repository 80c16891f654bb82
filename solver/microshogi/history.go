package microshogi

// Move-ordering memory of quiet moves beyond the killers: the countermove
// (the quiet move that last refuted the opponent's move, by its piece and
// square) and continuation history (how well a quiet move did after the
// move one and two plies before it), both aged, not cleared, between the
// moves of a game.

import (
	"github.com/windpost/windpost/rules"
	engine "github.com/windpost/windpost/rules/microshogi"
)

// numKeys is the number of move keys: a side, the face the moved piece
// shows and its square.
const numKeys = 2 * engine.NumFaces * engine.NumSquares

// noKey stands for a null move, or a move the search does not know.
const noKey = -1

// historyMax bounds the continuation history's entries.
const historyMax = 1 << 14

// moveKey is the key of m in p: its side, the face that makes it, and
// its destination.
func moveKey(p *engine.Position, m rules.Move) int {
	f, _ := p.Mover(m)
	return (int(p.ToMove())*engine.NumFaces+int(f))*engine.NumSquares + int(engine.Split(m).To)
}

// followUps holds the countermoves and the continuation history.
type followUps struct {
	counter [numKeys]rules.Move
	cont    [numKeys][numKeys]int16
}

// age halves the continuation history, for the next move of a game.
func (f *followUps) age() {
	for i := range f.cont {
		for j := range f.cont[i] {
			f.cont[i][j] /= 2
		}
	}
}

// contScore is the continuation history of the move with key k at ply.
func (s *searcher) contScore(ply, k int) int32 {
	var sc int32
	if ply >= 1 && s.played[ply-1] != noKey {
		sc += int32(s.follow.cont[s.played[ply-1]][k])
	}
	if ply >= 2 && s.played[ply-2] != noKey {
		sc += int32(s.follow.cont[s.played[ply-2]][k])
	}
	return sc
}

// isCounter reports whether m is the countermove of the move before ply.
func (s *searcher) isCounter(ply int, m rules.Move) bool {
	return ply >= 1 && s.played[ply-1] != noKey && s.follow.counter[s.played[ply-1]] == m
}

// rewardQuiet credits the quiet move m, which made the node at ply fail
// high at depth, in the killers, the history, the countermove and the
// continuation history, and debits the quiet moves tried before it.
func (s *searcher) rewardQuiet(p *engine.Position, m rules.Move, ply, depth int, tried []rules.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	hs := &s.history[p.ToMove()][m&0x7fff]
	*hs += int32(depth * depth)
	if *hs > 1<<22 {
		for sd := range s.history {
			for k := range s.history[sd] {
				s.history[sd][k] /= 2
			}
		}
	}
	if ply >= 1 && s.played[ply-1] != noKey {
		s.follow.counter[s.played[ply-1]] = m
	}
	bonus := min(32*depth*depth, historyMax/2)
	s.updateCont(ply, moveKey(p, m), bonus)
	for _, q := range tried {
		s.updateCont(ply, moveKey(p, q), -bonus)
	}
}

// updateCont moves the continuation history of key k at ply toward the
// bonus's sign, less the more it is already there.
func (s *searcher) updateCont(ply, k, bonus int) {
	for back := 1; back <= 2; back++ {
		if ply < back || s.played[ply-back] == noKey {
			continue
		}
		h := &s.follow.cont[s.played[ply-back]][k]
		*h += int16(bonus - int(*h)*abs(bonus)/historyMax)
	}
}
