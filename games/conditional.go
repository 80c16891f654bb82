package games

import (
	"errors"
	"fmt"
	"strings"

	"github.com/windpost/windpost/notation"
	"github.com/windpost/windpost/rules"
)

// Conditional moves: "if they play X, I play Y", written by mail in the
// game's notation (conditional_read.go reads the text). A player's tree is
// kept in the game's record, per side, and is theirs alone: no mail to the
// opponent, no web page and no export shows it. When the opponent's move
// matches one of its first moves, the reply is played at once, at the time
// that move arrived (moveVerb calls conditionalReply), and the rest of the
// line stays; any other move, a draw offer or an undo request clears it.

// condTree is one player's conditional moves in a game: the lines that
// answer the opponent's next move, which is move Ply+1.
type condTree struct {
	Ply   int         `json:"ply"`
	Lines []*condNode `json:"lines"`
}

// condNode is one of the opponent's moves foreseen and the reply to it,
// both in the notation's full form, and the moves foreseen after them.
type condNode struct {
	Their string      `json:"their"`
	Reply string      `json:"reply"`
	Next  []*condNode `json:"next,omitempty"`
}

// leaves counts the tree's lines: its nodes without a next move.
func leaves(nodes []*condNode) int {
	n := 0
	for _, c := range nodes {
		if len(c.Next) == 0 {
			n++
		} else {
			n += leaves(c.Next)
		}
	}
	return n
}

// text writes the tree as the indented form reads it, with the moves'
// numbers: a line per reply, the replies that follow indented under it,
// every line indented (so that the mail's HTML keeps it as it is).
func (t *condTree) text() string {
	var b strings.Builder
	var write func(nodes []*condNode, depth int)
	write = func(nodes []*condNode, depth int) {
		for _, n := range nodes {
			ply := t.Ply + 1 + 2*depth
			fmt.Fprintf(&b, "  %sif %d.%s then %d.%s\n", strings.Repeat("   ", depth), ply, n.Their, ply+1, n.Reply)
			write(n.Next, depth+1)
		}
	}
	write(t.Lines, 0)
	return strings.TrimSuffix(b.String(), "\n")
}

// treeOf is side's tree in rec, nil if none.
func treeOf(rec *gameRecord, side rules.Side) *condTree {
	return rec.Conditional[side.String()]
}

// setTree keeps t as side's tree in rec; nil clears it.
func setTree(rec *gameRecord, side rules.Side, t *condTree) {
	if t == nil {
		delete(rec.Conditional, side.String())
		if len(rec.Conditional) == 0 {
			rec.Conditional = nil
		}
		return
	}
	if rec.Conditional == nil {
		rec.Conditional = map[string]*condTree{}
	}
	rec.Conditional[side.String()] = t
}

// condEnd is where a written row of conditional moves ended: the game
// after its moves, the node they end at (nil: none yet) and the moves of
// the tree up to there.
type condEnd struct {
	ok    bool
	g     *rules.Game
	node  *condNode
	plies int
}

// buildTree reads rows as owner's conditional moves in lg, every move in
// the position (and the history) it would arise in. Rows that cannot be
// taken are left out, each with a sentence in problems that says why; the
// others make the tree.
func buildTree(lg *liveGame, owner rules.Side, rows []condRow) (t *condTree, problems []string) {
	t = &condTree{Ply: len(lg.rec.Moves)}
	ends := make([]condEnd, len(rows))
	lines := 0
	for i, r := range rows {
		start := condEnd{g: lg.g}
		if r.Parent >= 0 {
			if start = ends[r.Parent]; !start.ok {
				problems = append(problems, fmt.Sprintf("%q: not read, because the line it follows was not taken.", r.Text))
				continue
			}
		}
		g := start.g.Clone()
		texts, err := playRow(lg.kit.Notation, g, owner, r.Groups, condMaxMoves-start.plies)
		if err == nil && len(texts)%2 == 1 {
			err = fmt.Errorf("%s has no reply: write \"if %s then <your move>\"", texts[len(texts)-1], texts[len(texts)-1])
		}
		var node *condNode
		if err == nil {
			node, err = graft(t, start.node, texts, &lines)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%q: %s.", r.Text, strings.TrimSuffix(err.Error(), ".")))
			continue
		}
		ends[i] = condEnd{ok: true, g: g, node: node, plies: start.plies + len(texts)}
	}
	return t, problems
}

// errTooLong refuses a line of more than condMaxMoves moves.
var errTooLong = fmt.Errorf("a line of conditional moves may have at most %d moves (yours and your opponent's)", condMaxMoves)

// playRow reads the moves of groups in turn and plays them on g, at most
// room of them; it returns their full notation. A move that is no legal
// move where it would be played stops the row, with why and the legal
// moves there.
func playRow(n notation.Notation, g *rules.Game, owner rules.Side, groups [][]string, room int) ([]string, error) {
	var texts []string
	for _, words := range groups {
		for i := 0; i < len(words); {
			if len(texts) == room {
				return nil, errTooLong
			}
			before := g.Position()
			j, m, err := readMove(n, before, words, i)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				whose := "your opponent's"
				if before.ToMove() == owner {
					whose = "your"
				}
				written := strings.Join(words[i:j], " ")
				return nil, fmt.Errorf("%q is not a legal move as %s move #%d: %s. The legal moves there are: %s",
					written, whose, g.Ply()+1, reason(err), movesOf(n, g))
			}
			texts = append(texts, n.FormatMove(before, m))
			i = j
		}
	}
	return texts, nil
}

// readMove reads the move that starts at words[i] in p: the fewest words
// (at most condMaxWords) that make a move of p, for notations whose moves
// may hold spaces ("S : > E"). It returns the end of the move's words; if
// none make a move, the words it tried and the error of the move as
// written (the whole group's rest when it is short enough to be one move).
func readMove(n notation.Notation, p rules.Position, words []string, i int) (int, rules.Move, error) {
	last := min(len(words), i+condMaxWords)
	for j := i + 1; j <= last; j++ {
		if m, err := n.ParseMove(p, strings.Join(words[i:j], " ")); err == nil {
			return j, m, nil
		}
	}
	j := i + 1
	if len(words) == last {
		j = last
	}
	_, err := n.ParseMove(p, strings.Join(words[i:j], " "))
	if err == nil {
		err = errors.New("not a move here")
	}
	return j, rules.NoMove, err
}

// movesOf lists the legal moves of g's position, or says there are none.
func movesOf(n notation.Notation, g *rules.Game) string {
	ms := g.LegalMoves()
	if len(ms) == 0 {
		return "none (the game would be over)"
	}
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = n.FormatMove(g.Position(), m)
	}
	return strings.Join(texts, ", ")
}

// graft adds the moves of texts (the opponent's and the replies, in turn)
// to t after node at (nil: at the first moves), sharing the nodes already
// there. It refuses a second reply to the same move of the opponent's and
// a line beyond condMaxLines (lines counts them); it returns the last node.
func graft(t *condTree, at *condNode, texts []string, lines *int) (*condNode, error) {
	list := &t.Lines
	if at != nil {
		list = &at.Next
	}
	k := 0
	for ; k < len(texts); k += 2 {
		var found *condNode
		for _, c := range *list {
			if c.Their == texts[k] {
				found = c
			}
		}
		if found == nil {
			break
		}
		if found.Reply != texts[k+1] {
			return nil, fmt.Errorf("you already answer %s with %s; a move of your opponent's may have one reply only", found.Their, found.Reply)
		}
		at, list = found, &found.Next
	}
	if k == len(texts) {
		return at, nil
	}
	if len(*list) > 0 || at == nil {
		if *lines == condMaxLines {
			return nil, fmt.Errorf("a tree may have at most %d lines of conditional moves; this one would be line %d", condMaxLines, condMaxLines+1)
		}
		*lines++
	}
	for ; k < len(texts); k += 2 {
		n := &condNode{Their: texts[k], Reply: texts[k+1]}
		*list = append(*list, n)
		at, list = n, &n.Next
	}
	return at, nil
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
	if rec.State != statePlaying {
		return condNews{}
	}
	if t.Ply != ply-1 {
		return condNews{owner: []string{"Your conditional moves were written for another position (moves were taken back), so I cleared them."}}
	}
	var n *condNode
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
		return condNews{owner: []string{fmt.Sprintf("Your conditional move %d.%s was not played: %s. I cleared your conditional moves.", ply+1, n.Reply, reason(err))}}
	}
	news := condNews{played: true, mover: []string{fmt.Sprintf("A conditional move was played at once: your opponent answers %s.", text)}}
	owner1 := fmt.Sprintf("Your conditional move %s was played in answer.", text)
	if len(n.Next) > 0 && rec.State == statePlaying {
		rest := &condTree{Ply: len(rec.Moves), Lines: n.Next}
		setTree(rec, owner, rest)
		owner1 += fmt.Sprintf(" Your conditional moves go on (%d %s; \"conditional\" lists them).", leaves(rest.Lines), plural(leaves(rest.Lines), "line", "lines"))
	} else if rec.State == statePlaying {
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
