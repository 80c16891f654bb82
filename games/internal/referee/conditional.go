package referee

import (
	"fmt"

	"github.com/windpost/windpost/games/internal/conditional"
	"github.com/windpost/windpost/games/internal/record"
	"github.com/windpost/windpost/rules"
)

// Conditional moves: "if they play X, I play Y", written by mail in the
// game's notation (internal/conditional reads the text). A player's tree is
// kept in the game's record, per side, and is theirs alone: no mail to the
// opponent, no web page and no export shows it. When the opponent's move
// matches one of its first moves, the reply is played at once, at the time
// that move arrived (moveVerb calls conditionalReply), and the rest of the
// line stays; any other move, a draw offer or an undo request clears it.

// TreeOf is side's tree in rec, nil if none.
func TreeOf(rec *record.Game, side rules.Side) *conditional.Tree {
	return rec.Conditional[side.String()]
}

// SetTree keeps t as side's tree in rec; nil clears it.
func SetTree(rec *record.Game, side rules.Side, t *conditional.Tree) {
	if t == nil {
		delete(rec.Conditional, side.String())
		if len(rec.Conditional) == 0 {
			rec.Conditional = nil
		}
		return
	}
	if rec.Conditional == nil {
		rec.Conditional = map[string]*conditional.Tree{}
	}
	rec.Conditional[side.String()] = t
}

// condNews is what conditionalReply did, in words for the player who
// moved and for the tree's owner.
type condNews struct {
	Played bool
	Mover  []string
	Owner  []string
}

// ConditionalReply answers the move mover has just played in lg from the
// opponent's tree: a line that foresaw it has its reply played at once, at
// the time the move was made, and the rest of the line stays; any other
// move, or a reply that is no longer legal, clears the tree.
func ConditionalReply(lg *LiveGame, mover rules.Side) condNews {
	rec := lg.Rec
	owner := mover.Opponent()
	t := TreeOf(rec, owner)
	if t == nil {
		return condNews{}
	}
	SetTree(rec, owner, nil)
	last := rec.Moves[len(rec.Moves)-1]
	ply := len(rec.Moves)
	if rec.State != record.Playing {
		return condNews{}
	}
	if t.Ply != ply-1 {
		return condNews{Owner: []string{"Your conditional moves were written for another position (moves were taken back), so I cleared them."}}
	}
	var n *conditional.Node
	for _, c := range t.Lines {
		if c.Their == last.Text {
			n = c
		}
	}
	if n == nil {
		return condNews{Owner: []string{fmt.Sprintf("Your conditional moves did not foresee %d.%s, so I cleared them.", ply, last.Text)}}
	}
	m, err := lg.Kit.Notation.ParseMove(lg.Game.Position(), n.Reply)
	var text string
	if err == nil {
		text, err = lg.Play(m, last.At)
	}
	if err != nil {
		return condNews{Owner: []string{fmt.Sprintf("Your conditional move %d.%s was not played: %s. I cleared your conditional moves.", ply+1, n.Reply, rules.Why(err))}}
	}
	news := condNews{Played: true, Mover: []string{fmt.Sprintf("A conditional move was played at once: your opponent answers %s.", text)}}
	owner1 := fmt.Sprintf("Your conditional move %s was played in answer.", text)
	if len(n.Next) > 0 && rec.State == record.Playing {
		rest := &conditional.Tree{Ply: len(rec.Moves), Lines: n.Next}
		SetTree(rec, owner, rest)
		owner1 += fmt.Sprintf(" Your conditional moves go on (%d %s; \"conditional\" lists them).", conditional.Leaves(rest.Lines), Plural(conditional.Leaves(rest.Lines), "line", "lines"))
	} else if rec.State == record.Playing {
		owner1 += " That was the last of your conditional moves."
	}
	news.Owner = []string{owner1}
	return news
}

// dropConditional clears the tree of owner in lg, if there is one, and
// tells its owner why.
func dropConditional(h *Handling, lg *LiveGame, owner rules.Side, why string) {
	rec := lg.Rec
	if TreeOf(rec, owner) == nil {
		return
	}
	SetTree(rec, owner, nil)
	h.Notify(Notice, rec.Players[owner].Address, rec.ID, fmt.Sprintf("Your conditional moves in game %s were cleared: %s.", rec.ID, why))
}

// ClearsConditional adapts a command of a game between people (draw,
// undo) so that it clears the opponent's conditional moves when it is
// done: what they foresaw no longer holds.
func ClearsConditional(what string, human func(*Handling, *LiveGame, rules.Side) (string, error)) func(*Handling, *LiveGame, rules.Side) (string, error) {
	return func(h *Handling, lg *LiveGame, side rules.Side) (string, error) {
		text, err := human(h, lg, side)
		if err == nil {
			dropConditional(h, lg, side.Opponent(), "your opponent wrote \""+what+"\"")
		}
		return text, err
	}
}
