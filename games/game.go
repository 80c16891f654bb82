package games

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// liveGame is a game loaded for a change: its record, its kit, the
// rules.Game rebuilt from the moves, and how it ended.
type liveGame struct {
	rec     *record.Game
	kit     variants.Kit
	g       *rules.Game
	outcome rules.Outcome // the end of a finished game; zero before
	// stored is the record as read from the store (nil for a new game):
	// the change writes rec back only if it differs, so that a refused
	// command or a tick with nothing to do changes nothing.
	stored []byte
	// wasWake is the wake time of the record as read (zero for a new
	// game): its entry in the clocks index, which the write replaces.
	wasWake time.Time
	// endedBefore is whether the game had ended (over or cancelled) when
	// it was read: a game that ends in this change moves its tournament
	// on at commit (budget.go counts those mails).
	endedBefore bool
}

// loadGame rebuilds the game of rec, as stored in raw, with kit.
func loadGame(rec *record.Game, raw []byte, kit variants.Kit) (*liveGame, error) {
	g, err := rebuild(rec, kit)
	if err != nil {
		return nil, err
	}
	lg := &liveGame{rec: rec, kit: kit, g: g, outcome: rec.Outcome(), stored: raw, endedBefore: rec.Ended()}
	if raw != nil {
		lg.wasWake = clockOf(rec).wake()
	}
	return lg, nil
}

// rebuild replays rec's moves with the engine. A stored move whose code
// the engine no longer accepts is read again from its text.
func rebuild(rec *record.Game, kit variants.Kit) (*rules.Game, error) {
	start, err := kit.Notation.ParsePosition(rec.Start)
	if err != nil {
		return nil, fmt.Errorf("game %s: start position: %w", rec.ID, err)
	}
	g := rules.NewGameFrom(kit.Rules, start)
	for i, mr := range rec.Moves {
		m := rules.Move(mr.Code)
		if err := g.Play(m); err != nil {
			m, err = kit.Notation.ParseMove(g.Position(), mr.Text)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				return nil, fmt.Errorf("game %s: move %d (%s): %w", rec.ID, i+1, mr.Text, err)
			}
			rec.Moves[i].Code = uint32(m)
		}
	}
	return g, nil
}

// toMove is the side to move.
func (lg *liveGame) toMove() rules.Side { return lg.g.Position().ToMove() }

// play plays m for the side to move and records it; it returns the move
// in numbered form ("4.K-2b").
func (lg *liveGame) play(m rules.Move, now time.Time) (string, error) {
	before := lg.g.Position()
	text := lg.kit.Notation.FormatMove(before, m)
	if err := lg.g.Play(m); err != nil {
		return "", err
	}
	pos := lg.kit.Notation.FormatPosition(lg.g.Position())
	lg.rec.Moves = append(lg.rec.Moves, record.Move{Text: text, Code: uint32(m), Position: pos, At: now})
	if o := lg.g.Outcome(); o.Over() {
		lg.finish(o)
	}
	return fmt.Sprintf("%d.%s", len(lg.rec.Moves), text), nil
}

// takeBack removes the last n moves.
func (lg *liveGame) takeBack(n int) {
	for i := 0; i < n && lg.g.Undo(); i++ {
		lg.rec.Moves = lg.rec.Moves[:len(lg.rec.Moves)-1]
	}
}

// finish ends the game with outcome o.
func (lg *liveGame) finish(o rules.Outcome) {
	lg.outcome = o
	lg.rec.State = record.Over
	lg.rec.Deadline = time.Time{}
	lg.rec.DrawOffer, lg.rec.UndoRequest, lg.rec.UndoPly = "", "", 0
	lg.rec.Conditional = nil
}

// decline ends a challenge that never began; how says why ("the challenge
// expired").
func (lg *liveGame) decline(how string) {
	lg.rec.State = record.Declined
	lg.rec.Result = how
	lg.rec.Deadline = time.Time{}
}

// result says how the game ended ("black wins by resignation", "the
// challenge expired"), or "" while it goes on.
func (lg *liveGame) result() string {
	if lg.rec.State == record.Over {
		return lg.outcome.String()
	}
	return lg.rec.Result
}

// derive writes the record's derived fields: the position and the side to
// move, and in a finished game its result, winner and reason. It is the
// only code that sets them, and runs before the record is stored.
func (lg *liveGame) derive() {
	rec := lg.rec
	rec.Position = lg.kit.Notation.FormatPosition(lg.g.Position())
	rec.ToMove = lg.toMove().String()
	if rec.State != record.Over {
		return
	}
	rec.ToMove = "none"
	rec.Result = lg.outcome.String()
	rec.Reason = string(lg.outcome.Reason)
	rec.Winner = ""
	if lg.outcome.Status == rules.Win {
		rec.Winner = lg.outcome.Winner.String()
	}
}
