package games

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

// treeOf is side's tree in rec, nil if none.
func treeOf(rec *record.Game, side rules.Side) *conditional.Tree {
	return rec.Conditional[side.String()]
}

// setTree keeps t as side's tree in rec; nil clears it.
func setTree(rec *record.Game, side rules.Side, t *conditional.Tree) {
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
	played bool
	mover  []string
	owner  []string
}

// conditionalReply answers the move mover has just played in lg from the
// opponent's tree: a line that foresaw it has its reply played at once, at
// the time the move was made, and the rest of the line stays; any other
// move, or a reply that is no longer legal, clears the tree.
func conditionalReply(lg *liveGame, mover rules.Side) condNews {
	rec := lg.rec
	owner := mover.Opponent()
	t := treeOf(rec, owner)
	if t == nil {
		return condNews{}
	}
	setTree(rec, owner, nil)
	last := rec.Moves[len(rec.Moves)-1]
	ply := len(rec.Moves)
	if rec.State != record.Playing {
		return condNews{}
	}
	if t.Ply != ply-1 {
		return condNews{owner: []string{"Your conditional moves were written for another position (moves were taken back), so I cleared them."}}
	}
	var n *conditional.Node
	for _, c := range t.Lines {
		if c.Their == last.Text {
			n = c
		}
	}
	if n == nil {
		return condNews{owner: []string{fmt.Sprintf("Your conditional moves did not foresee %d.%s, so I cleared them.", ply, last.Text)}}
	}
	m, err := lg.kit.Notation.ParseMove(lg.g.Position(), n.Reply)
	var text string
	if err == nil {
		text, err = lg.play(m, last.At)
	}
	if err != nil {
		return condNews{owner: []string{fmt.Sprintf("Your conditional move %d.%s was not played: %s. I cleared your conditional moves.", ply+1, n.Reply, rules.Why(err))}}
	}
	news := condNews{played: true, mover: []string{fmt.Sprintf("A conditional move was played at once: your opponent answers %s.", text)}}
	owner1 := fmt.Sprintf("Your conditional move %s was played in answer.", text)
	if len(n.Next) > 0 && rec.State == record.Playing {
		rest := &conditional.Tree{Ply: len(rec.Moves), Lines: n.Next}
		setTree(rec, owner, rest)
		owner1 += fmt.Sprintf(" Your conditional moves go on (%d %s; \"conditional\" lists them).", conditional.Leaves(rest.Lines), plural(conditional.Leaves(rest.Lines), "line", "lines"))
	} else if rec.State == record.Playing {
		owner1 += " That was the last of your conditional moves."
	}
	news.owner = []string{owner1}
	return news
}

// dropConditional clears the tree of owner in lg, if there is one, and
// tells its owner why.
func dropConditional(h *handling, lg *liveGame, owner rules.Side, why string) {
	rec := lg.rec
	if treeOf(rec, owner) == nil {
		return
	}
	setTree(rec, owner, nil)
	h.notify(Notice, rec.Players[owner].Address, rec.ID, fmt.Sprintf("Your conditional moves in game %s were cleared: %s.", rec.ID, why))
}

// clearsConditional adapts a command of a game between people (draw,
// undo) so that it clears the opponent's conditional moves when it is
// done: what they foresaw no longer holds.
func clearsConditional(what string, human func(*handling, *liveGame, rules.Side) (string, error)) func(*handling, *liveGame, rules.Side) (string, error) {
	return func(h *handling, lg *liveGame, side rules.Side) (string, error) {
		text, err := human(h, lg, side)
		if err == nil {
			dropConditional(h, lg, side.Opponent(), "your opponent wrote \""+what+"\"")
		}
		return text, err
	}
}
