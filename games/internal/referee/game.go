package referee

import (
	"fmt"
	"time"

	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
	"github.com/windpost/windpost/variants"
)

// LiveGame is a game loaded for a change: its record, its kit, the
// rules.Game rebuilt from the moves, and how it ended.
type LiveGame struct {
	Rec     *record.Game
	Kit     variants.Kit
	Game    *rules.Game
	Outcome rules.Outcome // the end of a finished game; zero before
	// stored is the record as read from the store (nil for a new game):
	// the change writes rec back only if it differs, so that a refused
	// command or a tick with nothing to do changes nothing.
	stored []byte
	// wasWake is the wake time of the record as read (zero for a new
	// game): its entry in the clocks index, which the write replaces.
	wasWake time.Time
	// EndedBefore is whether the game had ended (over or cancelled) when
	// it was read: a game that ends in this change moves its tournament
	// on at commit (budget.go counts those mails).
	EndedBefore bool
}

// loadGame rebuilds the game of rec, as stored in raw, with kit.
func loadGame(rec *record.Game, raw []byte, kit variants.Kit) (*LiveGame, error) {
	g, err := rebuild(rec, kit)
	if err != nil {
		return nil, err
	}
	lg := &LiveGame{Rec: rec, Kit: kit, Game: g, Outcome: rec.Outcome(), stored: raw, EndedBefore: rec.Ended()}
	if raw != nil {
		lg.wasWake = ClockOf(rec).Wake()
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

// ToMove is the side to move.
func (lg *LiveGame) ToMove() rules.Side { return lg.Game.Position().ToMove() }

// Play plays m for the side to move and records it; it returns the move
// in numbered form ("4.K-2b").
func (lg *LiveGame) Play(m rules.Move, now time.Time) (string, error) {
	before := lg.Game.Position()
	text := lg.Kit.Notation.FormatMove(before, m)
	if err := lg.Game.Play(m); err != nil {
		return "", err
	}
	pos := lg.Kit.Notation.FormatPosition(lg.Game.Position())
	lg.Rec.Moves = append(lg.Rec.Moves, record.Move{Text: text, Code: uint32(m), Position: pos, At: now})
	if o := lg.Game.Outcome(); o.Over() {
		lg.Finish(o)
	}
	return fmt.Sprintf("%d.%s", len(lg.Rec.Moves), text), nil
}

// TakeBack removes the last n moves.
func (lg *LiveGame) TakeBack(n int) {
	for i := 0; i < n && lg.Game.Undo(); i++ {
		lg.Rec.Moves = lg.Rec.Moves[:len(lg.Rec.Moves)-1]
	}
}

// Finish ends the game with outcome o.
func (lg *LiveGame) Finish(o rules.Outcome) {
	lg.Outcome = o
	lg.Rec.State = record.Over
	lg.Rec.Deadline = time.Time{}
	lg.Rec.DrawOffer, lg.Rec.UndoRequest, lg.Rec.UndoPly = "", "", 0
	lg.Rec.Conditional = nil
}

// decline ends a challenge that never began; how says why ("the challenge
// expired").
func (lg *LiveGame) decline(how string) {
	lg.Rec.State = record.Declined
	lg.Rec.Result = how
	lg.Rec.Deadline = time.Time{}
}

// Result says how the game ended ("black wins by resignation", "the
// challenge expired"), or "" while it goes on.
func (lg *LiveGame) Result() string {
	if lg.Rec.State == record.Over {
		return lg.Outcome.String()
	}
	return lg.Rec.Result
}

// derive writes the record's derived fields: the position and the side to
// move, and in a finished game its result, winner and reason. It is the
// only code that sets them, and runs before the record is stored.
func (lg *LiveGame) derive() {
	rec := lg.Rec
	rec.Position = lg.Kit.Notation.FormatPosition(lg.Game.Position())
	rec.ToMove = lg.ToMove().String()
	if rec.State != record.Over {
		return
	}
	rec.ToMove = "none"
	rec.Result = lg.Outcome.String()
	rec.Reason = string(lg.Outcome.Reason)
	rec.Winner = ""
	if lg.Outcome.Status == rules.Win {
		rec.Winner = lg.Outcome.Winner.String()
	}
}
